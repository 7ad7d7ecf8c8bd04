import Foundation
import KeyBenchCore

/// The typo corpus formats KeyBench reads (see the `typos/` section of the corpora README).
public enum TypoFormat: String, Sendable, CaseIterable {
  /// Roger Mitton's `$correct` lines followed by misspellings (`_` for a space; Holbrook adds a count).
  case mitton
  /// Peter Norvig's `right: wrong wrong` test sets and `right: w1, w2*N` spell-errors list.
  case norvig
  /// codespell's `wrong->right[, alternative]` dictionary (the first right form is kept).
  case codespell
  /// The 136M Keystrokes backspaced-word TSV (`typed intended word_complete participant section`).
  case keystrokes
  /// The same file's *unfinished* words (`word_complete=0`), each paired with the prefix of the
  /// intended word it aligns with best: keyboard slips on pairs disjoint from `keystrokes`.
  case keystrokesUnfinished = "keystrokes-unfinished"
  /// The sentence-level set from the 136M Keystrokes raw key-event file: every word of every typed
  /// sentence, correctly typed words included, each with its previous words (``SentenceImport``).
  case keystrokesSentences = "keystrokes-sentences"
  /// The same raw key-event file read as seed 002 §4.1 read its logs: every erased run paired
  /// with as many characters typed next (``ErasurePairing``).
  case keystrokeErasures = "keystroke-erasures"
  /// hroest's German Wikipedia typo fixes, `wrong;right`.
  case hroest
  /// UKP real-word error records: id, revision, wrong, right, offset, sentence, blank line.
  case ukp
  /// The same records as a sentence-level set: every word of each sentence, the real-word error as
  /// a typo pair and the other words as identity pairs, each with its previous words.
  case ukpSentences = "ukp-sentences"
}

/// What an import kept and skipped, so the user sees how much of a corpus became pairs.
public struct TypoImportResult: Sendable {
  public var pairs: [TypoPair] = []
  /// Records that name the intended word itself (no error), dropped.
  public var unchanged = 0
  /// Keystroke rows dropped: unfinished words (`word_complete=0`) for `keystrokes`, whose typed
  /// prefix is not a misspelling of the whole word; finished ones for `keystrokes-unfinished`.
  public var incomplete = 0
}

/// Reads any ``TypoFormat`` into ``TypoPair``s. Counted entries (`fore*5`, Holbrook's `word 3`)
/// become that many pairs, so rates computed from the pairs weigh them as the corpus does.
///
/// Work and memory are bounded by the input's own claims being checked: a count above
/// ``maximumCount``, more than ``TypoPairFile/maximumPairs`` pairs in all, a line longer than
/// ``TextFile/maximumLineBytes`` and (for `keystrokes-unfinished`, which aligns words) a word
/// longer than ``maximumWordLength`` each stop the import with `FILE:LINE: reason`.
public enum TypoImport {
  /// The largest count one entry may carry (`teh 21`, `fore*5`). The shipped corpora's largest
  /// is 21; a count in the millions is a corrupt file, and would be that many pairs in memory.
  public static let maximumCount = 10_000
  /// The longest typed or intended word `keystrokes-unfinished` aligns (alignment is quadratic).
  public static let maximumWordLength = 100

  /// Imports `path` in `format`; `source` defaults to the file name.
  ///
  /// - Throws: ``InputFileError`` with `FILE:LINE: reason` for the first bad record.
  public static func read(_ format: TypoFormat, path: String, source: String? = nil) throws -> TypoImportResult {
    try read(format, path: path, source: source, maximumPairs: TypoPairFile.maximumPairs)
  }

  /// The same with another bound on the pairs (tests check the bound without 10 million pairs).
  static func read(_ format: TypoFormat, path: String, source: String?, maximumPairs: Int) throws -> TypoImportResult {
    let source = source ?? URL(fileURLWithPath: path).lastPathComponent
    var result = TypoImportResult()
    func bad(_ line: Int, _ reason: String) -> InputFileError {
      InputFileError(path: path, line: line, kind: .malformed, reason: reason)
    }
    func add(_ typed: String, _ intended: String, count: Int = 1, context: String? = nil, line: Int) throws {
      guard (1...maximumCount).contains(count) else {
        throw bad(line, "count \(count) is outside 1…\(maximumCount), the most one entry may carry")
      }
      if typed == intended {
        result.unchanged += count
        return
      }
      guard result.pairs.count + count <= maximumPairs else {
        throw bad(line, "more than \(maximumPairs) pairs in one file; split the file")
      }
      for _ in 0..<count {
        result.pairs.append(TypoPair(typed: typed, intended: intended, context: context, source: source))
      }
    }
    /// A count field: digits only (no sign, no fraction), parsed without overflow.
    func count(_ text: Substring, line: Int, record: String) throws -> Int {
      guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
        throw bad(line, "bad count '\(text.prefix(40))' in '\(record.prefix(80))' (a whole number 1…\(maximumCount))")
      }
      guard text.count <= 9, let value = Int(text), (1...maximumCount).contains(value) else {
        throw bad(line, "count \(text.prefix(40)) is outside 1…\(maximumCount), the most one entry may carry")
      }
      return value
    }
    switch format {
    case .mitton:
      var intended: String?
      try TextFile.forEachLine(path: path) { line, number in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return }
        if trimmed.hasPrefix("$") {
          let word = String(trimmed.dropFirst())
          guard !word.isEmpty else { throw bad(number, "'$' without a correct word") }
          intended = word.replacingOccurrences(of: "_", with: " ")
          return
        }
        guard let intended else { throw bad(number, "misspelling before the first '$correct' line") }
        let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var n = 1
        if fields.count == 2 {
          n = try count(fields[1], line: number, record: trimmed)
        } else if fields.count != 1 {
          throw bad(number, "expected 'misspelling [count]', got '\(trimmed.prefix(80))'")
        }
        try add(fields[0].replacingOccurrences(of: "_", with: " "), intended, count: n, line: number)
      }
    case .norvig:
      try TextFile.forEachLine(path: path) { line, number in
        if line.trimmingCharacters(in: .whitespaces).isEmpty { return }
        guard let colon = line.range(of: ":") else { throw bad(number, "expected 'right: wrong ...'") }
        let intended = line[..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
        let rest = line[colon.upperBound...]
        guard !intended.isEmpty else { throw bad(number, "empty correct word before ':'") }
        let items = rest.contains(",")
          ? rest.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
          : rest.split(separator: " ").map(String.init)
        guard !items.isEmpty, !items.contains(where: \.isEmpty) else { throw bad(number, "no misspellings after ':'") }
        for item in items {
          if let star = item.lastIndex(of: "*") {
            guard star != item.startIndex else { throw bad(number, "bad count in '\(item.prefix(80))' (expected word*N)") }
            let n = try count(item[item.index(after: star)...], line: number, record: item)
            try add(String(item[..<star]), intended, count: n, line: number)
          } else {
            try add(item, intended, line: number)
          }
        }
      }
    case .codespell:
      try TextFile.forEachLine(path: path) { line, number in
        if line.isEmpty { return }
        guard let arrow = line.range(of: "->") else { throw bad(number, "expected 'wrong->right'") }
        let typed = String(line[..<arrow.lowerBound])
        let right = line[arrow.upperBound...].split(separator: ",").first.map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard !typed.isEmpty, let right, !right.isEmpty else { throw bad(number, "empty side in '\(line.prefix(80))'") }
        try add(typed, right, line: number)
      }
    case .keystrokes, .keystrokesUnfinished:
      let unfinished = format == .keystrokesUnfinished
      try TextFile.forEachLine(path: path) { line, number in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        if number == 1 {
          guard fields.first == "typed_before_backspace" else {
            throw bad(1, "expected the header 'typed_before_backspace<TAB>intended_word<TAB>word_complete...'")
          }
          return
        }
        if line.isEmpty { return }
        guard fields.count >= 3 else { throw bad(number, "expected 5 tab-separated fields, found \(fields.count)") }
        guard !fields[0].isEmpty, !fields[1].isEmpty else { throw bad(number, "empty typed or intended word") }
        switch fields[2] {
        case "1":
          if unfinished { result.incomplete += 1 } else { try add(fields[0], fields[1], line: number) }
        case "0":
          guard unfinished else {
            result.incomplete += 1
            return
          }
          for (name, word) in [("typed", fields[0]), ("intended", fields[1])] where !word.dropFirst(maximumWordLength).isEmpty {
            throw bad(number, "the \(name) word is \(word.count) characters long; at most \(maximumWordLength) are aligned")
          }
          try add(fields[0], Self.alignedPrefix(of: fields[1], for: fields[0]), line: number)
        default: throw bad(number, "word_complete must be 0 or 1, got '\(fields[2])'")
        }
      }
    case .keystrokesSentences:
      let sentences = try SentenceImport.keystrokes(path: path, source: source)
      guard sentences.pairs.count <= maximumPairs else {
        throw bad(1, "more than \(maximumPairs) pairs in one file; split the file")
      }
      result.pairs = sentences.pairs
    case .keystrokeErasures:
      let erasures = try ErasurePairing.keystrokes(path: path, source: source)
      guard erasures.pairs.count <= maximumPairs else {
        throw bad(1, "more than \(maximumPairs) pairs in one file; split the file")
      }
      result.pairs = erasures.pairs
    case .hroest:
      try TextFile.forEachLine(path: path) { line, number in
        if line.isEmpty { return }
        // Split at the last ';': a few wrong forms keep HTML entities such as '&shy;'.
        guard let semicolon = line.lastIndex(of: ";") else { throw bad(number, "expected 'wrong;right'") }
        let typed = String(line[..<semicolon])
        let right = String(line[line.index(after: semicolon)...])
        guard !typed.isEmpty, !right.isEmpty else { throw bad(number, "empty side in '\(line.prefix(80))'") }
        try add(typed, right, line: number)
      }
    case .ukp:
      try forEachUKPRecord(path: path) { record in
        try add(record.wrong, record.right, context: record.sentence, line: record.line)
      }
    case .ukpSentences:
      let sentences = try SentenceImport.ukp(path: path, source: source)
      guard sentences.pairs.count <= maximumPairs else {
        throw bad(1, "more than \(maximumPairs) pairs in one file; split the file")
      }
      result.pairs = sentences.pairs
    }
    return result
  }

  /// One UKP real-word error record: the wrong word at `offset` (characters) in `sentence`.
  struct UKPRecord {
    var wrong: String
    var right: String
    var offset: Int
    var sentence: String
    /// The line of the wrong word.
    var line: Int
  }

  /// Calls `body` with each 6-line UKP record (id, revision, wrong, right, offset, sentence; a
  /// blank line after each).
  ///
  /// - Throws: ``InputFileError`` naming the line of a record with another number of lines, a
  ///   non-numeric offset or an empty word.
  static func forEachUKPRecord(path: String, _ body: (UKPRecord) throws -> Void) throws {
    func bad(_ line: Int, _ reason: String) -> InputFileError {
      InputFileError(path: path, line: line, kind: .malformed, reason: reason)
    }
    var record: [(String, Int)] = []
    func flush() throws {
      defer { record = [] }
      guard !record.isEmpty else { return }
      let first = record[0].1
      guard record.count == 6 else {
        throw bad(first, "a record has 6 lines (id, revision, wrong, right, offset, sentence), this one has \(record.count)")
      }
      guard let offset = Int(record[4].0), offset >= 0 else { throw bad(record[4].1, "offset '\(record[4].0)' is not a number") }
      guard !record[2].0.isEmpty, !record[3].0.isEmpty else { throw bad(record[2].1, "empty wrong or right word") }
      try body(UKPRecord(wrong: record[2].0, right: record[3].0, offset: offset, sentence: record[5].0, line: record[2].1))
    }
    try TextFile.forEachLine(path: path) { line, number in
      if line.trimmingCharacters(in: .whitespaces).isEmpty {
        try flush()
      } else {
        // A missing blank line would make one record of the rest of the file.
        guard record.count < 6 else {
          throw bad(record[0].1, "a record has 6 lines (id, revision, wrong, right, offset, sentence) and a blank line; line \(number) continues this one")
        }
        record.append((line, number))
      }
    }
    try flush()
  }

  /// The prefix of `intended` (one letter shorter to one longer than `typed`) closest to `typed`
  /// in Levenshtein distance; among equals, the one whose length is nearest.
  static func alignedPrefix(of intended: String, for typed: String) -> String {
    let w = Array(intended)
    let t = Array(typed)
    guard w.count > 1 else { return intended }
    // Row of distances from `typed` to every prefix of `intended`.
    var previous = Array(0...t.count)
    var best = (distance: Int.max, length: w.count)
    for i in 1...w.count {
      var row = [i] + [Int](repeating: 0, count: t.count)
      for j in 1...max(t.count, 1) where j <= t.count {
        row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (w[i - 1] == t[j - 1] ? 0 : 1))
      }
      previous = row
      if abs(i - t.count) <= 1 {
        let distance = row[t.count]
        if distance < best.distance || (distance == best.distance && abs(i - t.count) < abs(best.length - t.count)) {
          best = (distance, i)
        }
      }
    }
    return String(w.prefix(best.length))
  }
}
