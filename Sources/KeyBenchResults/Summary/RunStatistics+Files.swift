public import Foundation
public import KeyBenchCore

extension RunStatistics {
  /// Statistics of a results.csv the benchmark is about to write, read back through the same
  /// parser every reader uses, so the intervals describe exactly the rows on disk.
  public init(
    resultsCSV text: String, metrics: [RowMetric], group: String, settings: BootstrapSettings, spreadMetric: String? = nil
  ) throws {
    let table = try ResultTable(table: CSVTable(text: text, path: "results.csv"))
    try self.init(
      table: table, metrics: metrics, group: group, resamples: settings.resamples, seed: settings.seed,
      level: settings.level, spreadMetric: spreadMetric)
  }

  /// The `statistics` block of the summary.json at `path`, or nil when the file has none or
  /// cannot be read (figures then simply draw no intervals; readers that need the block use
  /// ``RunResults``, which says why it is missing).
  public static func read(summaryAt path: String) -> RunStatistics? {
    FileManager.default.contents(atPath: path).flatMap(read(summaryData:))
  }

  /// The `statistics` block of a summary.json's bytes (machine-written, so `JSONDecoder`), or nil.
  public static func read(summaryData data: Data) -> RunStatistics? {
    struct Block: Decodable { var statistics: RunStatistics? }
    return (try? JSONDecoder().decode(Block.self, from: data))?.statistics
  }

  /// The block as the JSON value `summary.json` nests.
  public func json() throws -> JSONValue { try JSONValue(encoding: self) }

  /// The intervals as a Markdown section for a run's report.md.
  public var markdown: String {
    var lines = [
      "## How sure these numbers are", "",
      "95 % intervals over \(group)s, because items of one \(group) are not independent: a cluster-robust t (CR3 variance, \(group)s − 1 degrees of freedom),",
      "which holds with few \(group)s where resampling them does not. Two values whose intervals overlap may still differ; `keybench-report compare` tests the difference on paired items.",
      "",
      "| algorithm | metric | value | 95 % interval | items | \(group)s |", "|---|---|---:|---|---:|---:|",
    ]
    if let fewest = metrics.map(\.groups).filter({ $0 >= 2 }).min(), fewest < Self.fewGroups {
      lines.insert(
        "**Only \(fewest) \(group)s** behind some of these numbers: no comparison or gate gives a verdict from fewer than \(Self.fewGroups) \(group)s. Take items from more \(group)s (`--sample`) for numbers to compare.",
        at: 5)
      lines.insert("", at: 6)
    }
    for m in metrics {
      lines.append(
        "| \(m.algorithm) | \(m.name) | \(NumberFormatting.value(m.value, unit: m.unit)) | \(formatInterval(m)) | \(m.n) | \(m.groups) |")
    }
    if !spread.isEmpty {
      lines += [
        "", "Spread across \(group)s with at least \(spread[0].minimumItems) items each (per-\(group) \(spread[0].metric)):", "",
        "| algorithm | \(group)s | worst | 10th percentile | median | best |", "|---|---:|---:|---:|---:|---:|",
      ]
      for s in spread {
        lines.append(
          "| \(s.algorithm) | \(s.groups) | \(NumberFormatting.value(s.worst, unit: "fraction")) | \(NumberFormatting.value(s.p10, unit: "fraction")) | \(NumberFormatting.value(s.median, unit: "fraction")) | \(NumberFormatting.value(s.best, unit: "fraction")) |")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// No verdict (gate regression, compare "better", leaderboard rank) from fewer groups on
  /// either side: intervals from so few groups undercover and tests reject true nulls too often
  /// (`Reports/benchmarks/statistics.md`), and one user's habits are not a population.
  public static let fewGroups = 10

  /// The interval cell, or "n/a" with the reason there is none.
  func formatInterval(_ m: MetricEstimate) -> String {
    guard let low = m.low, let high = m.high else {
      if m.n == 0 { return "n/a (no item counts for it)" }
      if resamples == 0 { return "n/a (intervals off: --bootstrap 0)" }
      if m.groups < 2 { return "n/a (one group)" }
      return "n/a (not computable)"
    }
    if m.unit == "fraction" { return NumberFormatting.percentInterval(low, high) }
    return NumberFormatting.value(low, unit: "") + " – " + NumberFormatting.value(high, unit: m.unit)
  }

}
