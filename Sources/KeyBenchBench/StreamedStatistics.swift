import KeyBenchCore
import KeyBenchResults

/// The statistics of a results.csv written row by row, for a benchmark whose rows are too many
/// to hold (prediction: one row per test word and predictor).
///
/// The cluster bootstrap needs only each group's sums, so the rows of one group are held until
/// the group ends and then reduced to a numerator and denominator per metric — through the same
/// table checks and ``RowMetric`` scoring as rows read back from disk, in the same order, so the
/// result equals ``RunStatistics/init(resultsCSV:metrics:group:settings:spreadMetric:)`` on the
/// finished file while memory stays at one group's rows (an algorithm's rows of one group are
/// reduced together as long as they arrive together: a group of consecutive items).
struct StreamedStatistics {
  let header: [String]
  let metrics: [RowMetric]
  let groupName: String
  private var algorithms: [String] = []
  /// Per algorithm, per metric: the groups in order of arrival with their sums, and the items.
  private var sums: [String: [Sums]] = [:]
  private var held: [[String]] = []
  private var heldKey: (algorithm: String, group: String)?

  private struct Sums {
    var groups: [String] = []
    var numerators: [Double] = []
    var denominators: [Double] = []
    var items = 0
  }

  /// - Throws: ``InputFileError`` when a metric reads a column `header` lacks.
  init(header: [String], metrics: [RowMetric], groupName: String) throws {
    self.header = header
    self.metrics = metrics
    self.groupName = groupName
    let empty = try ResultTable(table: CSVTable(header: header, rows: [], path: "results.csv"))
    for metric in metrics {
      if let problem = metric.validationError(in: empty) { throw InputFileError(path: "results.csv", kind: .malformed, reason: problem) }
    }
  }

  /// Adds one row (the fields of a results.csv line, in ``header`` order).
  mutating func add(_ fields: [String]) throws {
    let key = (algorithm: fields[0], group: fields[2])
    if let heldKey, heldKey != key { try reduce() }
    heldKey = key
    held.append(fields)
  }

  /// Reduces the held rows of one algorithm and group to their sums per metric.
  private mutating func reduce() throws {
    guard let key = heldKey else { return }
    let table = try ResultTable(table: CSVTable(header: header, rows: held, path: "results.csv"))
    if sums[key.algorithm] == nil {
      algorithms.append(key.algorithm)
      sums[key.algorithm] = Array(repeating: Sums(), count: metrics.count)
    }
    for (position, metric) in metrics.enumerated() {
      var numerator = 0.0
      var denominator = 0.0
      var items = 0
      for index in table.rows.indices where metric.includes(index, in: table) {
        let (n, d) = try metric.contribution(index, in: table)
        numerator += n
        denominator += d
        items += 1
      }
      guard items > 0 else { continue }
      sums[key.algorithm]![position].groups.append(key.group)
      sums[key.algorithm]![position].numerators.append(numerator)
      sums[key.algorithm]![position].denominators.append(denominator)
      sums[key.algorithm]![position].items += items
    }
    held.removeAll(keepingCapacity: true)
    heldKey = nil
  }

  /// The run's statistics over every row added: each metric of each algorithm with its
  /// interval as ``RunStatistics`` gives it (no per-group spread).
  mutating func finish(_ settings: BootstrapSettings) throws -> RunStatistics {
    try reduce()
    var samples: [(algorithm: String, metric: RowMetric, sample: ClusteredRatio, items: Int)] = []
    for algorithm in algorithms {
      for (metric, sum) in zip(metrics, sums[algorithm]!) {
        samples.append((algorithm, metric, try ClusteredRatio(groups: sum.groups, numerators: sum.numerators, denominators: sum.denominators), sum.items))
      }
    }
    var intervals = [Interval?](repeating: nil, count: samples.count)
    if settings.resamples > 0 {
      for i in samples.indices {
        intervals[i] = try RunStatistics.interval(samples[i].sample, metric: samples[i].metric, items: samples[i].items, level: settings.level)
      }
    }
    let empty = try ResultTable(table: CSVTable(header: header, rows: [], path: "results.csv"))
    var statistics = try RunStatistics(
      table: empty, metrics: metrics, group: groupName, resamples: settings.resamples, seed: settings.seed, level: settings.level)
    statistics.metrics = samples.indices.map { i in
      MetricEstimate(
        algorithm: samples[i].algorithm, definition: samples[i].metric, value: samples[i].sample.value, interval: intervals[i],
        n: samples[i].items, groups: samples[i].sample.groups)
    }
    return statistics
  }
}
