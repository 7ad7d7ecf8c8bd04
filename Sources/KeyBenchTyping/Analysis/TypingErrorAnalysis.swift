import Foundation
public import KeyBenchCore
public import KeyBenchGeometry

/// How often each kind of typing error happens per typed letter, and which letters are confused:
/// the result of seed 002 §4.1's analysis, stored as JSON. It drives both the typo generator
/// (which errors to put into text) and the `keyboard` corrector's error model.
public struct TypingErrorDistribution: Sendable, Codable, Equatable {
  /// The layout adjacency was judged on.
  public var layout: String
  /// Where the counts came from (pair files, or a description for hand-made shapes).
  public var source: String
  /// Pairs aligned, and pairs rejected because less than a third of the letters was kept
  /// (seed §4.1: such replacements are unrelated words, not typos).
  public var pairs: Int
  public var rejectedPairs: Int
  /// Operation counts over all accepted pairs (`copy`, `near`, …, `delete`).
  public var operations: [String: Int]
  /// Per intended letter (lowercased): how often it was typed at all, and what became of it.
  public var letters: [String: LetterCounts]
  /// Extra letters typed (inserts), by the letter that was typed.
  public var inserted: [String: Int]
  /// Counts for a noisy-channel error model (Damerau alignment, see ``ChannelCounts``).
  public var channel: ChannelCounts?

  /// What became of one intended letter.
  public struct LetterCounts: Sendable, Codable, Equatable {
    public var count = 0
    public var near = 0
    public var umlaut = 0
    public var `case` = 0
    public var edit = 0
    public var delete = 0
    /// Typed letter → times it replaced this one (near and edit).
    public var confusions: [String: Int] = [:]

    public init() {}
  }

  public init(
    layout: String, source: String, pairs: Int = 0, rejectedPairs: Int = 0, operations: [String: Int] = [:],
    letters: [String: LetterCounts] = [:], inserted: [String: Int] = [:]
  ) {
    self.layout = layout
    self.source = source
    self.pairs = pairs
    self.rejectedPairs = rejectedPairs
    self.operations = operations
    self.letters = letters
    self.inserted = inserted
  }

  /// What a noisy-channel corrector needs beyond the seed's classes, from a Damerau alignment
  /// of the same pairs (lowercased): swapped neighbours count as one transposition, and inserts
  /// and deletes are split by context, because doubling and dropping a doubled letter are far
  /// likelier than other extra or missing letters.
  public struct ChannelCounts: Sendable, Codable, Equatable {
    /// Intended letters aligned (every outcome but an insert consumes one).
    public var letters = 0
    public var copies = 0
    public var transpositions = 0
    /// Intended letters equal to a neighbouring intended letter (chances for `deleteDouble`).
    public var doubledLetters = 0
    /// Missing letters that were one of a doubled pair, and all other missing letters.
    public var deleteDouble = 0
    public var deleteOther = 0
    /// Extra letters repeating the letter typed before or the intended letter after,
    /// neighbouring one of those on the layout, or anything else.
    public var insertRepeat = 0
    public var insertNear = 0
    public var insertOther = 0
    /// Intended letter → how often it was intended.
    public var letterCounts: [String: Int] = [:]
    /// Intended letter → typed letter → count.
    public var substitutions: [String: [String: Int]] = [:]
    /// Intended letter → times it was left out.
    public var deletions: [String: Int] = [:]

    public init() {}
  }

  /// All keystroke outcomes counted: every intended letter once, plus every extra typed letter.
  public var keystrokes: Int { TypingOperation.allCases.reduce(0) { $0 + (operations[$1.rawValue] ?? 0) } }

  /// The share of keystrokes ending in `operation`.
  public func rate(_ operation: TypingOperation) -> Double {
    let total = keystrokes
    return total == 0 ? 0 : Double(operations[operation.rawValue] ?? 0) / Double(total)
  }

  /// The share of keystrokes that were wrong in any way.
  public var errorRate: Double { TypingOperation.errors.reduce(0) { $0 + rate($1) } }

  /// A copy with every error rate multiplied so the total error rate becomes `target`, keeping
  /// the split between error kinds and letters (a corpus of typos alone overstates the rate).
  ///
  /// Only correct keystrokes are added, so the rate can only be lowered: for a `target` outside
  /// 0 < target < ``errorRate``, or one that would need more than ``maximumCount`` keystrokes,
  /// the distribution is returned unchanged (check ``canScale(toErrorRate:)`` first to say why).
  /// The added copies are spread over the letters in proportion to their copies, rounded so the
  /// letters' counts still add up to the intended keystrokes.
  public func scaled(toErrorRate target: Double) -> TypingErrorDistribution {
    guard canScale(toErrorRate: target) else { return self }
    var copy = self
    let errors = TypingOperation.errors.reduce(0) { $0 + (operations[$1.rawValue] ?? 0) }
    let others = keystrokes - (operations["copy"] ?? 0)
    // Keep the error counts and raise the copies so errors / total = target.
    let newTotal = Double(errors) / target
    let oldCopies = operations["copy"] ?? 0
    let newCopies = max(oldCopies, Int((newTotal - Double(others)).rounded()))
    copy.operations["copy"] = newCopies
    // Each letter's correct keystrokes grow by the same factor; largest remainders get the
    // units rounding left over, so the letters' copies add up to the new copy count exactly
    // when they added up to the old one.
    let letterCopies = letters.mapValues { $0.count - ($0.near + $0.umlaut + $0.case + $0.edit + $0.delete) }
    let copiesInLetters = letterCopies.values.reduce(0, +)
    if copiesInLetters > 0 {
      let wanted = Double(copiesInLetters) * Double(newCopies) / Double(max(oldCopies, 1))
      let target = oldCopies == copiesInLetters ? newCopies : Int(min(wanted.rounded(), Double(Self.maximumCount)))
      let shares = letterCopies.map { letter, copies in
        (letter: letter, exact: Double(copies) * Double(target) / Double(copiesInLetters))
      }.sorted { $0.letter < $1.letter }
      var scaledCopies = Dictionary(uniqueKeysWithValues: shares.map { ($0.letter, Int($0.exact.rounded(.down))) })
      var left = target - scaledCopies.values.reduce(0, +)
      for share in shares.sorted(by: { ($0.exact - $0.exact.rounded(.down), $1.letter) > ($1.exact - $1.exact.rounded(.down), $0.letter) }) where left > 0 {
        scaledCopies[share.letter, default: 0] += 1
        left -= 1
      }
      for (letter, var counts) in copy.letters {
        counts.count += (scaledCopies[letter] ?? 0) - (letterCopies[letter] ?? 0)
        copy.letters[letter] = counts
      }
    }
    copy.source += " (scaled to error rate \(target))"
    return copy
  }

  /// Whether ``scaled(toErrorRate:)`` can reach `target`: it must be below the current error
  /// rate and above 0, and the keystrokes it needs must stay within ``maximumCount``.
  public func canScale(toErrorRate target: Double) -> Bool {
    let current = errorRate
    guard current > 0, target.isFinite, target > 0, target < current else { return false }
    let errors = TypingOperation.errors.reduce(0) { $0 + (operations[$1.rawValue] ?? 0) }
    return Double(errors) / target <= Double(Self.maximumCount)
  }

  /// Every count in a distribution file, and every total of counts, is at most this (10¹²):
  /// far above any corpus, and small enough that no sum overflows.
  public static let maximumCount = 1_000_000_000_000
  /// Distribution files above this size are refused before parsing.
  public static let maximumBytes = 64 << 20

  static let shape: CheckedJSON.Shape = {
    let letterCounts = CheckedJSON.Shape.object(
      required: [
        "count": .integer, "near": .integer, "umlaut": .integer, "case": .integer, "edit": .integer, "delete": .integer,
        "confusions": .map(.integer),
      ], optional: [:])
    let channel = CheckedJSON.Shape.object(
      required: [
        "letters": .integer, "copies": .integer, "transpositions": .integer, "doubledLetters": .integer,
        "deleteDouble": .integer, "deleteOther": .integer, "insertRepeat": .integer, "insertNear": .integer,
        "insertOther": .integer, "letterCounts": .map(.integer), "substitutions": .map(.map(.integer)),
        "deletions": .map(.integer),
      ], optional: [:])
    return .object(
      required: [
        "layout": .string, "source": .string, "pairs": .integer, "rejectedPairs": .integer,
        "operations": .object(required: [:], optional: Dictionary(uniqueKeysWithValues: TypingOperation.allCases.map { ($0.rawValue, CheckedJSON.Shape.integer) })),
        "letters": .map(letterCounts), "inserted": .map(.integer),
      ],
      optional: ["channel": channel])
  }()

  /// Reads a distribution written by ``write(to:)``, checked before any number is used.
  ///
  /// - Throws: ``InputFileError`` naming the file, line and dotted field: invalid UTF-8 or JSON,
  ///   unknown or missing keys, and the problems ``problems()`` lists.
  public static func read(path: String) throws -> TypingErrorDistribution {
    let json = try CheckedJSON.load(path: path, maximumBytes: maximumBytes)
    try json.check(against: shape)
    let distribution = try json.decode(Self.self)
    try json.throwIfAny(distribution.problems())
    return distribution
  }

  /// Every problem of the distribution, each naming its dotted field: counts must be whole,
  /// non-negative and at most ``maximumCount``; there must be keystrokes; and the totals must
  /// agree as ``TypingErrorAnalysis/analyze(_:layout:source:)`` writes them (per-letter errors
  /// within the letter's count and adding up to the operation counts, confusions adding up to
  /// the letter's near and edit slips, inserted letters to the inserts, channel outcomes to
  /// its letters). With every share a count over a larger count, all rates lie in 0…1.
  public func problems() -> [FieldProblem] {
    var checks = FieldChecks()
    let limit = Self.maximumCount
    func count(_ field: String, _ value: Int) { checks.integer(field, value, in: 0...limit) }
    func keyed(_ field: String, _ values: [String: Int]) {
      for key in values.keys.sorted() {
        if key.isEmpty { checks.fail(field, "\(field) has an empty key") }
        count("\(field).\(key)", values[key]!)
      }
    }
    /// A total that is exact and within the limit, or nil (then a problem is recorded).
    func total(_ field: String, _ values: [Int]) -> Int? {
      var sum = 0
      for value in values {
        let (next, overflow) = sum.addingReportingOverflow(value)
        guard !overflow, next <= limit else {
          checks.fail(field, "\(field) add up to more than \(limit)")
          return nil
        }
        sum = next
      }
      return sum
    }
    count("pairs", pairs)
    count("rejectedPairs", rejectedPairs)
    keyed("operations", operations)
    keyed("inserted", inserted)
    for letter in letters.keys.sorted() {
      let counts = letters[letter]!
      let field = "letters.\(letter)"
      if letter.isEmpty { checks.fail("letters", "letters has an empty key") }
      for (name, value) in [("count", counts.count), ("near", counts.near), ("umlaut", counts.umlaut), ("case", counts.case), ("edit", counts.edit), ("delete", counts.delete)] {
        count("\(field).\(name)", value)
      }
      keyed("\(field).confusions", counts.confusions)
    }
    if let channel {
      for (name, value) in [
        ("letters", channel.letters), ("copies", channel.copies), ("transpositions", channel.transpositions),
        ("doubledLetters", channel.doubledLetters), ("deleteDouble", channel.deleteDouble), ("deleteOther", channel.deleteOther),
        ("insertRepeat", channel.insertRepeat), ("insertNear", channel.insertNear), ("insertOther", channel.insertOther),
      ] {
        count("channel.\(name)", value)
      }
      keyed("channel.letterCounts", channel.letterCounts)
      keyed("channel.deletions", channel.deletions)
      for letter in channel.substitutions.keys.sorted() { keyed("channel.substitutions.\(letter)", channel.substitutions[letter]!) }
    }
    // Totals only once every single count is sound.
    guard checks.problems.isEmpty else { return checks.problems }
    let operation = { (name: String) in operations[name] ?? 0 }
    guard let keystrokes = total("operations", Array(operations.values)) else { return checks.problems }
    if keystrokes == 0 {
      checks.fail("operations", "operations count no keystrokes; a distribution needs some to draw errors from")
    }
    if !letters.isEmpty {
      for kind in ["near", "umlaut", "case", "edit", "delete"] {
        let values = letters.values.map { counts -> Int in
          switch kind {
          case "near": counts.near
          case "umlaut": counts.umlaut
          case "case": counts.case
          case "edit": counts.edit
          default: counts.delete
          }
        }
        if let sum = total("letters", values), sum != operation(kind) {
          checks.fail("operations.\(kind)", "operations.\(kind) is \(operation(kind)) but the letters' \(kind) counts add up to \(sum)")
        }
      }
      for letter in letters.keys.sorted() {
        let counts = letters[letter]!
        let errors = counts.near + counts.umlaut + counts.case + counts.edit + counts.delete
        if errors > counts.count {
          checks.fail("letters.\(letter).count", "letters.\(letter).count is \(counts.count), fewer than its \(errors) errors")
        }
        if let confused = total("letters.\(letter).confusions", Array(counts.confusions.values)), confused != counts.near + counts.edit {
          checks.fail(
            "letters.\(letter).confusions",
            "letters.\(letter).confusions add up to \(confused), not to its near + edit slips (\(counts.near + counts.edit))")
        }
      }
      let intendedLetters = keystrokes - operation("insert") + operation("transpose")
      if let sum = total("letters", letters.values.map(\.count)), sum > intendedLetters {
        checks.fail("letters", "the letters' counts add up to \(sum), more than the \(intendedLetters) intended letters the operations count")
      }
    }
    if !inserted.isEmpty, let sum = total("inserted", Array(inserted.values)), sum != operation("insert") {
      checks.fail("inserted", "inserted adds up to \(sum) but operations.insert is \(operation("insert"))")
    }
    if let channel {
      let deletions = total("channel.deletions", Array(channel.deletions.values))
      let substitutions = total("channel.substitutions", channel.substitutions.values.flatMap(\.values))
      let letterCounts = total("channel.letterCounts", Array(channel.letterCounts.values))
      if let deletions, deletions != channel.deleteDouble + channel.deleteOther {
        checks.fail("channel.deletions", "channel.deletions add up to \(deletions), not deleteDouble + deleteOther (\(channel.deleteDouble + channel.deleteOther))")
      }
      if let letterCounts, letterCounts - channel.transpositions != channel.letters {
        checks.fail("channel.letters", "channel.letters is \(channel.letters), not letterCounts (\(letterCounts)) minus transpositions (\(channel.transpositions))")
      }
      if let deletions, let substitutions {
        let outcomes = channel.copies + substitutions + deletions + channel.transpositions
        if outcomes != channel.letters {
          checks.fail("channel.letters", "channel.letters is \(channel.letters), but copies, substitutions, deletions and transpositions add up to \(outcomes)")
        }
      }
      if let letterCounts, channel.doubledLetters > letterCounts {
        checks.fail("channel.doubledLetters", "channel.doubledLetters (\(channel.doubledLetters)) is more than the letters counted (\(letterCounts))")
      }
      if channel.deleteDouble > channel.doubledLetters {
        checks.fail("channel.deleteDouble", "channel.deleteDouble (\(channel.deleteDouble)) is more than channel.doubledLetters (\(channel.doubledLetters))")
      }
    }
    return checks.problems
  }

  /// Writes the distribution as sorted, indented JSON (atomically).
  public func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let writer = try AtomicFileWriter(path: path)
    try writer.write(try encoder.encode(self) + Data("\n".utf8))
    try writer.commit()
  }
}

/// Seed 002 §4.1: align every pair with full Levenshtein and count the operations.
public enum TypingErrorAnalysis {
  /// The longest typed or intended word aligned, in characters. Alignment takes time and memory
  /// proportional to the product of the two lengths, so longer pairs (not words: a pasted line,
  /// a corrupt record) are skipped; ``isTooLong(_:)`` lets a tool count and report them.
  public static let maximumWordLength = 100

  /// Whether `pair` has a typed or intended word longer than ``maximumWordLength``.
  public static func isTooLong(_ pair: TypoPair) -> Bool {
    !pair.typed.dropFirst(maximumWordLength).isEmpty || !pair.intended.dropFirst(maximumWordLength).isEmpty
  }

  /// Analyses `pairs` on `layout`. Pairs whose alignment keeps less than a third of the
  /// intended letters are rejected; unchanged pairs add only copies; pairs for which
  /// ``isTooLong(_:)`` holds are left out (filter them first to report how many).
  public static func analyze(_ pairs: [TypoPair], layout: KeyboardLayout, source: String) -> TypingErrorDistribution {
    var result = TypingErrorDistribution(layout: layout.name, source: source)
    // Every class of the seed's figure is written, zeros too, so a reader of the JSON never has
    // to guess whether a missing class was counted.
    for operation in [TypingOperation.copy] + TypingOperation.errors { result.operations[operation.rawValue] = 0 }
    for pair in pairs where !isTooLong(pair) {
      let alignment = Alignment(typed: pair.typed, intended: pair.intended, layout: layout)
      let copies = alignment.steps.filter { $0.operation == .copy }.count
      guard 3 * copies >= pair.intended.count else {
        result.rejectedPairs += 1
        continue
      }
      result.pairs += 1
      for step in alignment.steps {
        result.operations[step.operation.rawValue, default: 0] += 1
        guard let intended = step.intended.map({ $0.lowercased() }) else {
          if let typed = step.typed { result.inserted[typed.lowercased(), default: 0] += 1 }
          continue
        }
        var counts = result.letters[intended] ?? .init()
        counts.count += 1
        switch step.operation {
        case .near, .edit:
          if step.operation == .near { counts.near += 1 } else { counts.edit += 1 }
          if let typed = step.typed { counts.confusions[typed.lowercased(), default: 0] += 1 }
        case .umlaut: counts.umlaut += 1
        case .case: counts.case += 1
        case .delete: counts.delete += 1
        case .copy, .insert, .transpose: break
        }
        result.letters[intended] = counts
      }
      result.channel = channelCounts(pair, layout: layout, adding: result.channel ?? .init())
    }
    return result
  }

  static func channelCounts(
    _ pair: TypoPair, layout: KeyboardLayout, adding counts: TypingErrorDistribution.ChannelCounts
  ) -> TypingErrorDistribution.ChannelCounts {
    var counts = counts
    let intended = Array(pair.intended.lowercased())
    let alignment = Alignment(typed: pair.typed.lowercased(), intended: pair.intended.lowercased(), layout: layout, transpositions: true)
    for (index, letter) in intended.enumerated() {
      counts.letters += 1
      counts.letterCounts[String(letter), default: 0] += 1
      if (index > 0 && intended[index - 1] == letter) || (index + 1 < intended.count && intended[index + 1] == letter) {
        counts.doubledLetters += 1
      }
    }
    var position = 0  // index of the next intended letter
    var previousTyped: Character?
    for step in alignment.steps {
      switch step.operation {
      case .copy, .case, .umlaut, .near, .edit:
        if let typed = step.typed, let meant = step.intended {
          if step.operation == .copy {
            counts.copies += 1
          } else {
            counts.substitutions[String(meant), default: [:]][String(typed), default: 0] += 1
          }
        }
        position += 1
        previousTyped = step.typed
      case .transpose:
        counts.transpositions += 1
        counts.letters -= 1  // two intended letters, one outcome
        position += 2
        previousTyped = position - 2 < intended.count ? intended[position - 2] : nil
      case .delete:
        let letter = intended[position]
        let doubled = (position > 0 && intended[position - 1] == letter)
          || (position + 1 < intended.count && intended[position + 1] == letter)
        if doubled { counts.deleteDouble += 1 } else { counts.deleteOther += 1 }
        counts.deletions[String(letter), default: 0] += 1
        position += 1
      case .insert:
        guard let typed = step.typed else { continue }
        let next = position < intended.count ? intended[position] : nil
        switch InsertContext.classify(typed, previous: previousTyped, next: next, layout: layout) {
        case .repeat: counts.insertRepeat += 1
        case .near: counts.insertNear += 1
        case .other: counts.insertOther += 1
        }
        previousTyped = typed
      }
    }
    return counts
  }

  /// The distribution as seed 002's Fig. 4.1 shows it: (a) correct vs wrong keystrokes, (b) the
  /// wrong ones split by kind, as percentages with a bar each; then the most confused letters.
  public static func figure(_ distribution: TypingErrorDistribution, topLetters: Int = 10) -> String {
    func percent(_ value: Double) -> String { String(format: "%6.2f %%", value * 100) }
    func bar(_ value: Double, scale: Double) -> String { String(repeating: "#", count: Int((value * scale).rounded())) }
    var lines: [String] = []
    lines.append("Typing errors on \(distribution.layout) from \(distribution.source)")
    lines.append(
      "\(NumberFormatting.count(distribution.pairs, "pair")) aligned, \(NumberFormatting.grouped(distribution.rejectedPairs)) rejected (under a third kept), \(NumberFormatting.count(distribution.keystrokes, "keystroke"))")
    lines.append("")
    lines.append("(a) all keystrokes")
    let wrong = distribution.errorRate
    lines.append("  correct  \(percent(1 - wrong))  \(bar(1 - wrong, scale: 50))")
    lines.append("  wrong    \(percent(wrong))  \(bar(wrong, scale: 50))")
    lines.append("")
    lines.append("(b) wrong keystrokes by kind (share of all keystrokes; share of errors)")
    for operation in TypingOperation.errors {
      let rate = distribution.rate(operation)
      let share = wrong > 0 ? rate / wrong : 0
      lines.append("  \(operation.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(percent(rate))  \(percent(share))  \(bar(share, scale: 40))")
    }
    let confused = distribution.letters.map { letter, counts -> (String, Int, LetterCountsSummary) in
      (letter, counts.count, LetterCountsSummary(counts))
    }.filter { $0.1 > 0 }.sorted { $0.2.errorShare != $1.2.errorShare ? $0.2.errorShare > $1.2.errorShare : $0.0 < $1.0 }
    if !confused.isEmpty {
      lines.append("")
      lines.append("Letters most often wrong (share of their keystrokes; typed instead)")
      for (letter, count, summary) in confused.prefix(topLetters) where count >= 20 {
        lines.append("  \(letter)  \(percent(summary.errorShare))  of \(count)  \(summary.topConfusions)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private struct LetterCountsSummary {
    let errorShare: Double
    let topConfusions: String
    init(_ counts: TypingErrorDistribution.LetterCounts) {
      let errors = counts.near + counts.umlaut + counts.case + counts.edit + counts.delete
      errorShare = counts.count == 0 ? 0 : Double(errors) / Double(counts.count)
      topConfusions = counts.confusions.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        .prefix(4).map { "\($0.key)×\($0.value)" }.joined(separator: " ")
    }
  }
}
