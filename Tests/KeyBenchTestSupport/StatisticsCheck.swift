import Foundation
public import KeyBenchResults

/// Checks a run's `statistics` block (Reports/FORMATS.md, schema 2) against the summary metrics
/// it restates and the rows it came from, so each benchmark's test asserts the same contract.
public enum StatisticsCheck {
  /// One record of `statistics.metrics`.
  public struct Estimate: Sendable {
    public var algorithm: String
    public var name: String
    public var value: Double?
    public var low: Double?
    public var high: Double?
    public var n: Int
    public var groups: Int
  }

  /// The `statistics` block of `<folder>/summary.json`: what a group is, and every estimate.
  public static func read(inRun folder: String) throws -> (group: String, estimates: [Estimate], spread: [[String: Any]]) {
    let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("summary.json"))
    let summary = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let statistics = summary["statistics"] as? [String: Any] ?? [:]
    let estimates = (statistics["metrics"] as? [[String: Any]] ?? []).map { m in
      Estimate(
        algorithm: m["algorithm"] as? String ?? "", name: m["name"] as? String ?? "", value: m["value"] as? Double,
        low: m["low"] as? Double, high: m["high"] as? Double, n: m["n"] as? Int ?? -1, groups: m["groups"] as? Int ?? -1)
    }
    return (statistics["group"] as? String ?? "", estimates, statistics["spread"] as? [[String: Any]] ?? [])
  }

  /// The problems of `<folder>`'s statistics (empty when none): an algorithm of `algorithms`
  /// without every metric of `metrics`, a value differing from `expected(algorithm, metric)` by
  /// more than `tolerance` (0: bit for bit; nil on both sides counts as equal), or an interval
  /// that does not hold its value.
  public static func problems(
    inRun folder: String, algorithms: [String], metrics: [String], tolerance: Double = 0,
    expected: (_ algorithm: String, _ metric: String) -> Double?
  ) throws -> [String] {
    let (_, estimates, _) = try read(inRun: folder)
    var problems: [String] = []
    for algorithm in algorithms {
      for metric in metrics {
        let found = estimates.filter { $0.algorithm == algorithm && $0.name == metric }
        guard found.count == 1, let estimate = found.first else {
          problems.append("\(algorithm).\(metric): \(found.count) estimates")
          continue
        }
        let want = expected(algorithm, metric)
        switch (estimate.value, want) {
        case (nil, nil): break
        case (let value?, let want?) where abs(value - want) <= tolerance: break
        default: problems.append("\(algorithm).\(metric): statistics \(String(describing: estimate.value)), summary \(String(describing: want))")
        }
        if let value = estimate.value, let low = estimate.low, let high = estimate.high, !(low <= value && value <= high) {
          problems.append("\(algorithm).\(metric): \(value) outside its interval \(low)…\(high)")
        }
      }
    }
    let extra = Set(estimates.map(\.algorithm)).subtracting(algorithms)
    if !extra.isEmpty { problems.append("statistics of unexpected algorithms \(extra.sorted())") }
    return problems
  }

  /// Problems of long-form rows (empty when none): every algorithm must hold the same items,
  /// and an item must have the same group in every algorithm (what pairs items across them).
  public static func pairingProblems(_ rows: [(algorithm: String, item: String, group: String)]) -> [String] {
    var items: [String: Set<String>] = [:]
    var groups: [String: String] = [:]
    var problems: [String] = []
    for row in rows {
      items[row.algorithm, default: []].insert(row.item)
      if let group = groups[row.item], group != row.group {
        problems.append("item \(row.item): group \(group) and \(row.group)")
      }
      groups[row.item] = row.group
    }
    if Set(items.values).count > 1 {
      problems.append("algorithms hold different items: " + items.keys.sorted().map { "\($0) \(items[$0]!.count)" }.joined(separator: ", "))
    }
    return Array(problems.prefix(10))
  }

  /// `<folder>/summary.json` as a JSON object.
  public static func summary(inRun folder: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("summary.json"))
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }

  /// The number at `path` in a JSON object (`value(summary, ["metrics", "kannsch", "ksr"])`); nil when absent or null.
  public static func value(_ object: [String: Any], _ path: [String]) -> Double? {
    var node: Any? = object
    for key in path { node = (node as? [String: Any])?[key] }
    return node as? Double
  }

  /// The run's `statistics` as written, and as recomputed from its results.csv read back by
  /// every reader's parser with the definitions the summary declares — with the per-group
  /// spread of `spread` (which a summary names but does not define). A benchmark that scores
  /// its rows as it writes them must give exactly the second.
  public static func readBack(inRun folder: String, spread: RowMetric? = nil) throws -> (written: RunStatistics, fromRows: RunStatistics) {
    let run = try RunResults(path: folder)
    let written = run.statistics
    var fromRows = try RunStatistics(
      table: run.table, metrics: run.definitions, group: written.group, resamples: written.resamples, seed: written.seed, level: written.level)
    if let spread {
      fromRows.spread = try RunStatistics(table: run.table, metrics: [spread], group: written.group, resamples: 0, spreadMetric: spread.name).spread
    }
    return (written, fromRows)
  }
}
