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

  public var markdown: String {
    let metrics = Set(summaries.flatMap(\.metrics.keys)).sorted()
    func cell(_ metric: String, _ summary: SummaryFile) -> String {
      guard let stored = summary.metrics[metric] else { return "" }
      guard let value = stored else { return "null" }
      return Format.value(value, key: metric)
    }
    let benches = Set(summaries.map(\.bench)).sorted().joined(separator: ", ")
    var lines = [
      "# KeyBench summaries (\(benches))", "",
      "| metric | " + names.joined(separator: " | ") + " |",
      "|---|" + String(repeating: "---:|", count: names.count),
      "| configuration | " + summaries.map { "`\($0.label)`" }.joined(separator: " | ") + " |",
    ]
    lines += metrics.map { metric in "| \(metric) | " + summaries.map { cell(metric, $0) }.joined(separator: " | ") + " |" }
    return lines.joined(separator: "\n") + "\n"
  }
}
