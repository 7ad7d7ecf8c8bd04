import Foundation
import KeyBenchCore

/// The `statistics` block of a run's summary: every declared metric of every algorithm with a
/// 95 % interval over its groups, and how it was computed (method, group, level; resamples and
/// seed for composite scores that are still bootstrapped).
///
/// Items cluster (gestures of one user, words of one typist), so intervals that treat items as
/// independent are too narrow; the cluster-robust t works from group sums and holds with few
/// groups where resampling them does not. Groups are summed in a fixed order, so the same rows
/// give the same bytes.
public struct RunStatistics: Sendable, Codable, Equatable {
  public var method: String
  /// What one group is in this benchmark (`user`, `typist`, `text chunk`).
  public var group: String
  public var resamples: Int
  public var seed: UInt64
  public var level: Double
  public var metrics: [MetricEstimate]
  public var spread: [GroupSpread]

  public static let defaultResamples = 10_000
  public static let defaultSeed: UInt64 = 20_261_126
  public static let methodName = ClusterRobustT.methodName

  /// Computes every metric of `metrics` for every algorithm of `table`.
  ///
  /// - Parameters:
  ///   - spreadMetric: the metric whose per-group distribution is reported (e.g. `top1`); nil for none.
  /// - Throws: ``InputFileError`` for a row whose numbers do not parse, ``StatisticsError`` for bad settings.
  public init(
    table: ResultTable, metrics: [RowMetric], group: String, resamples: Int = defaultResamples,
    seed: UInt64 = defaultSeed, level: Double = 0.95, spreadMetric: String? = nil, spreadMinimumItems: Int = 10
  ) throws {
    method = Self.methodName
    self.group = group
    self.resamples = resamples
    self.seed = seed
    self.level = level
    var samples: [(algorithm: String, metric: RowMetric, sample: ClusteredRatio)] = []
    var spread: [GroupSpread] = []
    for algorithm in table.algorithms {
      let indices = table.indices(of: algorithm)
      for metric in metrics {
        if let problem = metric.validationError(in: table) {
          throw InputFileError(path: table.path, kind: .malformed, reason: problem)
        }
        samples.append((algorithm, metric, try Self.sample(metric, indices: indices, table: table)))
        if metric.name == spreadMetric, let row = Self.spread(metric, algorithm: algorithm, indices: indices, table: table, minimumItems: spreadMinimumItems) {
          spread.append(row)
        }
      }
    }
    // Intervals by the cluster-robust t, which holds with few groups (see ``ClusterRobustT``);
    // `resamples` 0 turns them off for speed.
    var intervals = [Interval?](repeating: nil, count: samples.count)
    if resamples > 0 {
      for i in samples.indices { intervals[i] = try Self.interval(samples[i].sample, metric: samples[i].metric, level: level) }
    }
    let estimates = samples.indices.map { i in
      MetricEstimate(
        algorithm: samples[i].algorithm, definition: samples[i].metric, value: samples[i].sample.value, interval: intervals[i],
        n: samples[i].sample.items, groups: samples[i].sample.groups)
    }
    self.metrics = estimates
    self.spread = spread
  }

  /// The interval every summary gives `metric` on `sample` (``ClusterRobustT``); `items` when the
  /// sample was built from group sums rather than items.
  public static func interval(_ sample: ClusteredRatio, metric: RowMetric, items: Int? = nil, level: Double) throws -> Interval? {
    try ClusterRobustT.estimate(sample, level: level, binary: metric.score.isBinary, items: items)?.interval
  }

  /// The rows of `indices` that count for `metric`, as a clustered ratio.
  public static func sample(_ metric: RowMetric, indices: [Int], table: ResultTable) throws -> ClusteredRatio {
    var groups: [String] = [], numerators: [Double] = [], denominators: [Double] = []
    for index in indices where metric.includes(index, in: table) {
      let (numerator, denominator) = try metric.contribution(index, in: table)
      groups.append(table.rows[index].group)
      numerators.append(numerator)
      denominators.append(denominator)
    }
    return try ClusteredRatio(groups: groups, numerators: numerators, denominators: denominators)
  }

  static func spread(_ metric: RowMetric, algorithm: String, indices: [Int], table: ResultTable, minimumItems: Int) -> GroupSpread? {
    var sums: [String: GroupSums] = [:]
    for index in indices where metric.includes(index, in: table) {
      guard let (numerator, denominator) = try? metric.contribution(index, in: table) else { return nil }
      sums[table.rows[index].group, default: GroupSums()].add(numerator, denominator)
    }
    return spread(metric, algorithm: algorithm, groups: sums.values, minimumItems: minimumItems)
  }

  /// One group's sums of a metric's numerators and denominators over the items that count.
  public struct GroupSums: Sendable {
    public var numerator = 0.0
    public var denominator = 0.0
    public var items = 0

    public init() {}

    /// Adds one item's contribution (in row order, so the sums are the same bits however the
    /// rows are read).
    public mutating func add(_ numerator: Double, _ denominator: Double) {
      self.numerator += numerator
      self.denominator += denominator
      items += 1
    }
  }

  /// The spread of `metric`'s per-group values over the groups with at least `minimumItems`
  /// items, from each group's sums (the same whether the rows were read back or scored as they
  /// were written); nil with fewer than two such groups.
  public static func spread(
    _ metric: RowMetric, algorithm: String, groups: some Sequence<GroupSums>, minimumItems: Int
  ) -> GroupSpread? {
    let values = groups.filter { $0.items >= minimumItems && $0.denominator > 0 }.map { $0.numerator / $0.denominator }.sorted()
    guard values.count >= 2, let first = values.first, let last = values.last else { return nil }
    // Worst is the lowest value where higher is better, the highest for an error rate; the 10th
    // percentile is counted from the worst end.
    let better = metric.higherIsBetter
    func at(_ q: Double) -> Double { Percentile.linear(sorted: values, at: better ? q : 1 - q) ?? first }
    return GroupSpread(
      algorithm: algorithm, metric: metric.name, groups: values.count, minimumItems: minimumItems,
      worst: better ? first : last, p10: at(0.1), median: at(0.5), best: better ? last : first)
  }

  /// The warning a run prints when `--limit` took the first `limit` items in file order and they
  /// cover fewer than ``fewGroups`` groups, or nil: no verdict can come from them, and
  /// `--sample` spreads the same number over groups.
  public static func limitWarning(limit: Int, items: String, groups: Int, group: String) -> String? {
    guard groups < fewGroups else { return nil }
    return "warning: --limit \(limit) takes the first \(items) in file order: \(groups) \(group)\(groups == 1 ? "" : "s"); "
      + "no comparison or gate gives a verdict from fewer than \(fewGroups) (--sample \(limit) spreads them over \(group)s)"
  }

  /// The estimate of `metric` for `algorithm`, if computed.
  public func estimate(_ metric: String, of algorithm: String) -> MetricEstimate? {
    metrics.first { $0.algorithm == algorithm && $0.name == metric }
  }
}
