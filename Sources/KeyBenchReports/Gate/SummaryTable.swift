import Foundation
public import KeyBenchResults

/// Several runs' summaries as one Markdown table: a column per run, a row per metric.
public struct SummaryTable: Sendable {
  public var summaries: [SummaryFile]
  public var names: [String]

  public init(summaries: [SummaryFile], names: [String]) {
    self.summaries = summaries
    self.names = names
  }

  /// The table: a unit column, then one column per run, every value in the one format of its
  /// unit (the unit the run's `statistics` declares, else the one its name implies), and a first
  /// row with each run's configuration, whatever the benchmark.
  public var markdown: String {
    let metrics = Set(summaries.flatMap(\.metrics.keys)).sorted()
    let declared = summaries.reduce(into: [String: String]()) { units, summary in
      for m in summary.statistics?.metrics ?? [] where units[m.name] == nil { units[m.name] = m.unit }
    }
    func cell(_ metric: String, _ summary: SummaryFile) -> String {
      guard let stored = summary.metrics[metric] else { return "" }
      guard let value = stored else { return "null" }
      return Format.value(value, key: metric, declared: declared)
    }
    func escaped(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
    let benches = Set(summaries.map(\.bench)).sorted().joined(separator: ", ")
    var lines = [
      "# KeyBench summaries (\(benches))", "",
      "| metric | unit | " + names.map(escaped).joined(separator: " | ") + " |",
      "|---|---|" + String(repeating: "---:|", count: names.count),
      "| configuration | | " + summaries.map { escaped(Format.configuration($0.json)) }.joined(separator: " | ") + " |",
    ]
    lines += metrics.map { metric in
      "| \(metric) | \(Format.unitLabel(Format.unit(of: metric, declared: declared))) | " + summaries.map { cell(metric, $0) }.joined(separator: " | ") + " |"
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
