import Foundation
import KeyBenchCore
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
  public func scaled(toErrorRate target: Double) -> TypingErrorDistribution {
    let current = errorRate
    guard current > 0, target > 0, target < 1 else { return self }
    var copy = self
    let total = Double(keystrokes)
    let errors = TypingOperation.errors.reduce(0) { $0 + (operations[$1.rawValue] ?? 0) }
    // Keep the error counts and raise the copies so errors / total = target.
    let newTotal = Double(errors) / target
    copy.operations["copy"] = max(0, Int((newTotal - (total - Double(operations["copy"] ?? 0))).rounded()))
    let factor = newTotal / total
    for (letter, var counts) in copy.letters {
      counts.count = Int((Double(counts.count) * factor).rounded())
      copy.letters[letter] = counts
    }
    copy.source += " (scaled to error rate \(target))"
    return copy
  }

  /// Reads a distribution written by ``write(to:)``.
  public static func read(path: String) throws -> TypingErrorDistribution {
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot read")
    }
    do { return try JSONDecoder().decode(Self.self, from: data) } catch {
      throw InputFileError(path: path, kind: .malformed, reason: "not a typing-error distribution (\(error))")
    }
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
  /// Analyses `pairs` on `layout`. Pairs whose alignment keeps less than a third of the
  /// intended letters are rejected; unchanged pairs add only copies.
  public static func analyze(_ pairs: [TypoPair], layout: KeyboardLayout, source: String) -> TypingErrorDistribution {
    var result = TypingErrorDistribution(layout: layout.name, source: source)
    for pair in pairs {
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
      "\(distribution.pairs) pairs aligned, \(distribution.rejectedPairs) rejected (under a third kept), \(distribution.keystrokes) keystrokes")
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
