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

  public init(typed: String, intended: String, context: String? = nil, source: String) {
    self.typed = typed
    self.intended = intended
    self.context = context
    self.source = source
  }

  /// Whether typing made no difference (corpora sometimes list the correct form too).
  public var isUnchanged: Bool { typed == intended }
}

/// The pair file: UTF-8 TSV with the header `typed intended context source`; tabs and line
/// breaks inside a field are written as spaces, so every record is one line.
public enum TypoPairFile {
  public static let header = "typed\tintended\tcontext\tsource"

  /// Writes `pairs` atomically to `path`.
  public static func write(_ pairs: [TypoPair], to path: String) throws {
    let writer = try AtomicFileWriter(path: path)
    var text = header + "\n"
    for pair in pairs {
      text += [pair.typed, pair.intended, pair.context ?? "", pair.source].map(clean).joined(separator: "\t")
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

  /// Reads a pair file.
  ///
  /// - Throws: ``InputFileError`` naming the line of a bad record (wrong header, wrong field
  ///   count, empty typed or intended field, invalid UTF-8, a line longer than
  ///   ``TextFile/maximumLineBytes``, more than ``maximumPairs`` records).
  public static func read(path: String) throws -> [TypoPair] {
    var pairs: [TypoPair] = []
    try TextFile.forEachLine(path: path) { line, number in
      if number == 1 {
        guard line == header else {
          throw InputFileError(
            path: path, line: 1, kind: .malformed,
            reason: "expected the header '\(header.replacingOccurrences(of: "\t", with: "<TAB>"))'")
        }
        return
      }
      if line.isEmpty { return }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 4 else {
        throw InputFileError(
          path: path, line: number, kind: .malformed, reason: "expected 4 tab-separated fields, found \(fields.count)")
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
          context: fields[2].isEmpty ? nil : String(fields[2]), source: String(fields[3])))
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
