import Foundation
import KeyBenchCore

/// One misspelling: what was typed and what was meant, the one record every typo corpus is
/// normalised to so analysis, generation and correction read a single format.
public struct TypoPair: Sendable, Hashable {
  /// The characters as typed (may be several words when a corpus records a split word).
  public var typed: String
  /// The word the writer intended.
  public var intended: String
  /// The sentence around the error, when the corpus has one (real-word corpora).
  public var context: String?
  /// Where the pair came from, e.g. `en_birkbeck_missp.dat` or `generate:seed=1`.
  public var source: String
  /// The sentence's words before this one, as the writer meant them (empty: the word starts its
  /// sentence; nil: the corpus does not say). Sentence-level sets carry them so a corrector can
  /// use the context a keyboard has when the word is typed — and nothing after it.
  public var previous: [String]?

  public init(typed: String, intended: String, context: String? = nil, source: String, previous: [String]? = nil) {
    self.typed = typed
    self.intended = intended
    self.context = context
    self.source = source
    self.previous = previous
  }

  /// Whether typing made no difference (corpora sometimes list the correct form too).
  public var isUnchanged: Bool { typed == intended }
}

/// The pair file: UTF-8 TSV with the header `typed intended context source`; tabs and line
/// breaks inside a field are written as spaces, so every record is one line.
///
/// Sentence-level sets add a fifth column, `previous` (header `typed intended context source
/// previous`): the sentence's earlier words separated by single spaces, empty for a sentence's first
/// word. In such a file every pair carries its previous words. Files without any previous words are
/// written in the four-column form, byte for byte as before.
public enum TypoPairFile {
  public static let header = "typed\tintended\tcontext\tsource"
  /// The header of a file whose pairs carry their previous words.
  public static let sentenceHeader = header + "\tprevious"

  /// Writes `pairs` atomically to `path` (five columns when any pair has previous words).
  public static func write(_ pairs: [TypoPair], to path: String) throws {
    let writer = try AtomicFileWriter(path: path)
    let withPrevious = pairs.contains { $0.previous != nil }
    var text = (withPrevious ? sentenceHeader : header) + "\n"
    for pair in pairs {
      var fields = [pair.typed, pair.intended, pair.context ?? "", pair.source]
      if withPrevious { fields.append((pair.previous ?? []).joined(separator: " ")) }
      text += fields.map(clean).joined(separator: "\t")
      text += "\n"
      if text.utf8.count > 1 << 20 {
        try writer.write(text)
        text = ""
      }
    }
    try writer.write(text)
    try writer.commit()
  }

  /// Pair files with more records than this are refused (10 million pairs take about 1.5 GB in
  /// memory; real typo corpora have under 200,000).
  public static let maximumPairs = 10_000_000

  /// Reads a pair file (four columns, or five with previous words).
  ///
  /// - Throws: ``InputFileError`` naming the line of a bad record (wrong header, wrong field
  ///   count, empty typed or intended field, a previous-words field with empty words, invalid
  ///   UTF-8, a line longer than ``TextFile/maximumLineBytes``, more than ``maximumPairs`` records).
  public static func read(path: String) throws -> [TypoPair] {
    var pairs: [TypoPair] = []
    var columns = 4
    try TextFile.forEachLine(path: path) { line, number in
      if number == 1 {
        guard line == header || line == sentenceHeader else {
          throw InputFileError(
            path: path, line: 1, kind: .malformed,
            reason: "expected the header '\(header.replacingOccurrences(of: "\t", with: "<TAB>"))' (or with '<TAB>previous' for a sentence-level set)")
        }
        columns = line == header ? 4 : 5
        return
      }
      if line.isEmpty { return }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == columns else {
        throw InputFileError(
          path: path, line: number, kind: .malformed, reason: "expected \(columns) tab-separated fields, found \(fields.count)")
      }
      var previous: [String]?
      if columns == 5 {
        let words = fields[4].split(separator: " ", omittingEmptySubsequences: false)
        guard fields[4].isEmpty || !words.contains(where: \.isEmpty) else {
          throw InputFileError(
            path: path, line: number, kind: .malformed, reason: "previous words must be separated by single spaces")
        }
        previous = fields[4].isEmpty ? [] : words.map(String.init)
      }
      guard !fields[0].isEmpty, !fields[1].isEmpty else {
        throw InputFileError(path: path, line: number, kind: .malformed, reason: "typed and intended must not be empty")
      }
      guard pairs.count < maximumPairs else {
        throw InputFileError(
          path: path, line: number, kind: .malformed, reason: "more than \(maximumPairs) pairs; split the file")
      }
      pairs.append(
        TypoPair(
          typed: String(fields[0]), intended: String(fields[1]),
          context: fields[2].isEmpty ? nil : String(fields[2]), source: String(fields[3]), previous: previous))
    }
    return pairs
  }

  private static func clean(_ field: String) -> String {
    guard field.contains(where: { $0 == "\t" || $0.isNewline }) else { return field }
    return String(field.map { $0 == "\t" || $0.isNewline ? " " : $0 })
  }
}

/// Line-by-line UTF-8 text over ``LineReader`` (plain or gzip), with the line number.
public enum TextFile {
  /// Lines longer than this are refused (the longest line of the shipped typo corpora is about
  /// 3,000 bytes; a file without line breaks is not a line-based corpus).
  public static let maximumLineBytes = 1 << 16

  /// Calls `body` with each line and its 1-based number.
  ///
  /// - Throws: ``InputFileError`` for unreadable files (a FIFO or device is refused, not read),
  ///   lines that are not UTF-8 and lines longer than `maximumLineBytes`.
  public static func forEachLine(
    path: String, maximumLineBytes: Int = maximumLineBytes, _ body: (String, Int) throws -> Void
  ) throws {
    let reader = try LineReader(path: path)
    try reader.forEachLine { bytes, number in
      guard bytes.count <= maximumLineBytes else {
        throw InputFileError(
          path: path, line: number, kind: .malformed,
          reason: "line is \(bytes.count) bytes long; at most \(maximumLineBytes) are allowed")
      }
      guard UTF8Text.isValid(bytes) else {
        throw InputFileError(path: path, line: number, kind: .invalidUTF8, reason: "line is not valid UTF-8")
      }
      try body(String(decoding: bytes, as: UTF8.self), number)
    }
  }
}
