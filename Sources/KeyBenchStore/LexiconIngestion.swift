import Foundation
public import KeyBenchCore
public import KeyBenchLexicon

/// Parses a LatinIME wordlist and stores it as a named lexicon: the whole `keybench-ingest` job.
///
/// The file is parsed completely before the database is opened, so bad input never creates or
/// touches a database; the store then replaces the lexicon in one transaction.
///
/// An ingest never shrinks a lexicon silently. Refused, with the database unchanged:
/// - a list with no words (header only, or every entry malformed);
/// - a list whose malformed lines are more than ``defaultMaximumMalformedShare`` of its entry
///   lines (dicttool writes none; that many means the wrong file or a damaged one);
/// - a list with fewer words than the stored lexicon of that name, unless `replaceSmaller`;
/// - a plain list that ends inside a line (``LatinIMEParser``).
public enum LexiconIngestion {
  /// The largest share of malformed entry lines an ingest accepts by default (5 %): a few hand
  /// edits gone wrong are skipped and reported; more is refused.
  public static let defaultMaximumMalformedShare = 0.05

  /// What one ingest did.
  public struct Outcome: Sendable {
    public var name: String
    public var source: LexiconDatabase.Source
    public var compression: FileCompression
    public var statistics: LatinIMEWordlist.Statistics
    public var report: LatinIMEParser.Report
    /// Words the replaced lexicon of this name held; nil when the name was new.
    public var replacedWords: Int?
    /// Wall-clock seconds for parse + hash + store.
    public var seconds: Double
  }

  /// Ingests `path` into the database at `databasePath`.
  ///
  /// - Parameters:
  ///   - name: the lexicon's name; defaults to the header's `locale`.
  ///   - replaceSmaller: replace a stored lexicon of that name even with fewer words.
  ///   - maximumMalformedShare: the largest share (0…1) of malformed entry lines accepted.
  /// - Throws: ``InputFileError`` for unusable input (database untouched) or an unusable
  ///   database, ``LexiconDatabaseError/smallerReplacement`` for a refused smaller replacement.
  public static func ingest(
    path: String, databasePath: String, name: String? = nil, strict: Bool = false,
    replaceSmaller: Bool = false, maximumMalformedShare: Double = defaultMaximumMalformedShare
  ) throws -> Outcome {
    let clock = ContinuousClock()
    let start = clock.now
    let (wordlist, report) = try LatinIMEParser(strict: strict).parse(path: path)
    guard let lexiconName = name ?? wordlist.locale, !lexiconName.isEmpty else {
      throw InputFileError(
        path: path, line: nil, kind: .malformed,
        reason: "the header has no locale to name the lexicon; pass --name")
    }
    let firstProblem = report.malformedExamples.first.map { " (the first, line \($0.line ?? 0): \($0.reason))" } ?? ""
    guard !wordlist.words.isEmpty else {
      let lines = report.entryLines == 0
        ? "it has a header but no word lines"
        : "all \(NumberFormatting.grouped(report.entryLines)) of its entry lines are malformed\(firstProblem)"
      throw InputFileError(
        path: path, kind: .empty, reason: "no words to store: \(lines); nothing was stored")
    }
    if report.malformedShare > maximumMalformedShare {
      throw InputFileError(
        path: path, kind: .malformed,
        reason: "\(NumberFormatting.grouped(report.malformedLines)) of its \(NumberFormatting.grouped(report.entryLines)) entry lines (\(percent(report.malformedShare))) are malformed\(firstProblem), more than the \(percent(maximumMalformedShare)) accepted: the wrong file or a damaged one? Nothing was stored (--max-malformed raises the limit)")
    }
    let source = LexiconDatabase.Source(
      file: path, sha256: try FileDigest.sha256Hex(ofFileAt: path), bytes: report.fileBytes)
    let database = try LexiconDatabase(path: databasePath)
    let replaced = try database.replace(
      name: lexiconName, wordlist: wordlist, source: source, replaceSmaller: replaceSmaller)
    let elapsed = clock.now - start
    return Outcome(
      name: lexiconName, source: source, compression: report.compression,
      statistics: wordlist.statistics, report: report, replacedWords: replaced,
      seconds: elapsed.inSeconds)
  }

  /// `0.05` → `5 %`, `0.0345` → `3.5 %`.
  static func percent(_ share: Double) -> String {
    let value = share * 100
    return (value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)) + " %"
  }
}
