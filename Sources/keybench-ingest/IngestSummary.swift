import KeyBenchCore
import KeyBenchCLI
import KeyBenchStore

/// The human summary printed after each ingest: the counts a user checks against the source.
struct IngestSummary {
  let outcome: LexiconIngestion.Outcome
  let database: String

  var text: String {
    let stats = outcome.statistics
    let report = outcome.report
    let rows: [(String, String)] = [
      ("word lines", NumberFormatting.grouped(report.wordLines)),
      ("real words", NumberFormatting.grouped(stats.realWords)),
      ("not_a_word", NumberFormatting.grouped(stats.notAWord)),
      ("profanity (f=0)", NumberFormatting.grouped(stats.profanity)),
      ("possibly offensive", NumberFormatting.grouped(stats.possiblyOffensive)),
      ("shortcuts", "\(NumberFormatting.grouped(stats.shortcuts)) (\(stats.whitelistShortcuts) whitelist)"),
      ("bigrams", NumberFormatting.grouped(stats.bigrams)),
      ("duplicate words", NumberFormatting.grouped(report.duplicateWords)),
      ("malformed lines", NumberFormatting.grouped(report.malformedLines)),
      ("seconds", NumberFormatting.fixed(outcome.seconds, decimals: 2)),
    ]
    let width = rows.map(\.0.count).max() ?? 0
    var lines = [
      "\(outcome.name) ← \(outcome.source.file) (\(outcome.compression.rawValue), \(NumberFormatting.grouped(outcome.source.bytes)) bytes, sha256 \(outcome.source.sha256.prefix(12))…)"
    ]
    for (label, value) in rows {
      lines.append("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
    }
    let replaced = outcome.replacedWords.map { " (replacing \(NumberFormatting.grouped($0)) words)" } ?? ""
    lines.append("stored as '\(outcome.name)' in \(database)\(replaced)")
    return lines.joined(separator: "\n")
  }
}
