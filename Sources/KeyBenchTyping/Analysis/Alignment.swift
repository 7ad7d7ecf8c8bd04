import KeyBenchCore
public import KeyBenchGeometry

/// The kinds of keystroke outcome seed 002 §4.1 counts, seen from the typist: `insert` is an
/// extra typed letter, `delete` an intended letter that was left out (the seed's corrector uses
/// the same direction: an insert is reverted, a delete skips a dictionary letter).
public enum TypingOperation: String, Sendable, CaseIterable, Codable {
  case copy, near, umlaut, `case`, edit, insert, delete
  /// Two neighbouring letters typed in swapped order (only when transpositions are aligned).
  case transpose

  /// The seed's error classes, in the order its Fig. 4.1 lists them.
  public static let errors: [TypingOperation] = [.near, .umlaut, .case, .edit, .insert, .delete]
}

/// One step of an alignment: which intended letter became which typed letter(s).
public struct AlignedStep: Sendable, Equatable {
  public var operation: TypingOperation
  /// The intended letter (nil for an insert); for a transpose, the first of the two.
  public var intended: Character?
  /// The typed letter (nil for a delete); for a transpose, the first typed of the two.
  public var typed: Character?
}

/// A full Levenshtein alignment of a typed word against the intended one, with every substituted
/// letter classified on a keyboard layout.
///
/// All edits cost 1 as in plain Levenshtein (transpositions too when enabled, which makes it
/// Damerau's distance); among equally short alignments the one explaining more errors as case,
/// umlaut or near-key slips wins, because those are the likelier explanations.
public struct Alignment: Sendable {
  public let steps: [AlignedStep]

  /// The edit distance (copies cost nothing, everything else 1).
  public var distance: Int { steps.filter { $0.operation != .copy }.count }

  public init(typed: String, intended: String, layout: KeyboardLayout, transpositions: Bool = false) {
    let t = Array(typed)
    let w = Array(intended)
    let classifier = LetterClassifier(layout: layout)
    let columns = t.count + 1
    // cost[i][j]: aligning the first i intended letters with the first j typed letters.
    var cost = [Double](repeating: .infinity, count: (w.count + 1) * columns)
    cost[0] = 0
    for i in 0...w.count {
      for j in 0...t.count where i + j > 0 {
        var best = Double.infinity
        if i > 0 { best = min(best, cost[(i - 1) * columns + j] + 1) }
        if j > 0 { best = min(best, cost[i * columns + j - 1] + 1) }
        if i > 0 && j > 0 {
          best = min(best, cost[(i - 1) * columns + j - 1] + Self.weight(classifier.classify(typed: t[j - 1], intended: w[i - 1])))
        }
        if transpositions && i > 1 && j > 1 && w[i - 1] == t[j - 2] && w[i - 2] == t[j - 1] && w[i - 1] != w[i - 2] {
          best = min(best, cost[(i - 2) * columns + j - 2] + 1)
        }
        cost[i * columns + j] = best
      }
    }
    var steps: [AlignedStep] = []
    var i = w.count
    var j = t.count
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
    while i > 0 || j > 0 {
      let here = cost[i * columns + j]
      if i > 0 && j > 0 {
        let operation = classifier.classify(typed: t[j - 1], intended: w[i - 1])
        if near(here, cost[(i - 1) * columns + j - 1] + Self.weight(operation)) {
          steps.append(AlignedStep(operation: operation, intended: w[i - 1], typed: t[j - 1]))
          i -= 1
          j -= 1
          continue
        }
      }
      if transpositions && i > 1 && j > 1 && w[i - 1] == t[j - 2] && w[i - 2] == t[j - 1] && w[i - 1] != w[i - 2]
        && near(here, cost[(i - 2) * columns + j - 2] + 1)
      {
        steps.append(AlignedStep(operation: .transpose, intended: w[i - 2], typed: t[j - 2]))
        i -= 2
        j -= 2
        continue
      }
      if i > 0 && near(here, cost[(i - 1) * columns + j] + 1) {
        steps.append(AlignedStep(operation: .delete, intended: w[i - 1], typed: nil))
        i -= 1
        continue
      }
      steps.append(AlignedStep(operation: .insert, intended: nil, typed: t[j - 1]))
      j -= 1
    }
    self.steps = steps.reversed()
  }

  /// Substitution weights: below 1 so ties prefer the likelier slip, summing to less than one
  /// whole edit over any realistic word so the distance stays Levenshtein's.
  private static func weight(_ operation: TypingOperation) -> Double {
    switch operation {
    case .copy: 0
    case .case: 0.97
    case .umlaut: 0.98
    case .near: 0.99
    default: 1
    }
  }
}

/// Classifies a typed letter against the intended one: copy, case, umlaut, near or edit.
public struct LetterClassifier: Sendable {
  public let layout: KeyboardLayout

  public init(layout: KeyboardLayout) { self.layout = layout }

  public func classify(typed: Character, intended: Character) -> TypingOperation {
    if typed == intended { return .copy }
    let lowerTyped = typed.lowercased()
    let lowerIntended = intended.lowercased()
    if lowerTyped == lowerIntended { return .case }
    if ComparableForm.of(lowerTyped) == ComparableForm.of(lowerIntended) { return .umlaut }
    if let a = layout.key(for: typed), let b = layout.key(for: intended), layout.areAdjacent(a, b) { return .near }
    return .edit
  }
}

/// Why an extra letter was typed: it repeats a neighbouring letter, sits next to one on the
/// layout, or neither.
public enum InsertContext: Sendable {
  case `repeat`, near, other

  public static func classify(
    _ typed: Character, previous: Character?, next: Character?, layout: KeyboardLayout
  ) -> InsertContext {
    if typed == previous || typed == next { return .repeat }
    guard let key = layout.key(for: typed) else { return .other }
    for neighbour in [previous, next] {
      if let neighbour, let other = layout.key(for: neighbour), layout.areAdjacent(key, other) { return .near }
    }
    return .other
  }
}
