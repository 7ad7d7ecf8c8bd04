import KeyBenchCore
import KeyBenchResults

/// The statistics of a results.csv scored row by row as it is written, for a benchmark whose
/// rows are too many to hold or to read back (prediction: one row per test word and predictor;
/// touch: one per tap and resolver).
///
/// The intervals need only each group's sums, so every row is reduced at once to its
/// numerator and denominator per metric — through the same ``RowMetric`` definitions as rows
/// read back from disk (``RowMetric/includes(_:)``, ``RowMetric/contribution(rank:path:line:extra:)``)
/// — and added to its group's running sums in row order. The sums are therefore the same bits
/// as those ``RunStatistics/init(table:metrics:group:resamples:seed:level:spreadMetric:spreadMinimumItems:)``
/// forms from the finished file, and so are the values, intervals and spread, while memory
/// stays at one sum per algorithm, metric and group instead of the rows' text.
struct StreamedStatistics {
  let header: [String]
  let metrics: [RowMetric]
  let groupName: String
  /// The metric whose per-group spread the statistics report (scored beside ``metrics``,
  /// without an interval), if any.
  let spreadMetric: RowMetric?
  private var algorithms: [String] = []
  private var tallies: [Tally] = []
  /// The algorithm of the last row (rows of one algorithm usually come together).
  private var current = 0
  /// Rows scored so far (a row's line in results.csv is this + 1 once it is counted).
  private var rows = 0
  /// Rows given as text, held until their algorithm or group changes and then checked together.
  private var held: [[String]] = []
  private var heldKey: (algorithm: String, group: String)?

  /// One algorithm's groups, in order of arrival, with their sums per scored metric (the
  /// declared metrics, then the spread metric).
  private struct Tally {
    var groups: [String] = []
    var numbers: [String: Int] = [:]
    var lastGroup: String?
    var lastNumber = 0
    var sums: [[RunStatistics.GroupSums]]
    /// The spread metric's contribution could not be computed for some row: no spread, as
    /// for rows read back.
    var spreadFailed = false

    init(metrics: Int) { sums = Array(repeating: [], count: metrics) }

    mutating func number(of group: String) -> Int {
      if let lastGroup, lastGroup == group { return lastNumber }
      let number: Int
      if let known = numbers[group] {
        number = known
      } else {
        number = groups.count
        numbers[group] = number
        groups.append(group)
        for metric in sums.indices { sums[metric].append(RunStatistics.GroupSums()) }
      }
      lastGroup = group
      lastNumber = number
      return number
    }
  }

  /// - Throws: ``InputFileError`` when a metric reads a column `header` lacks.
  init(header: [String], metrics: [RowMetric], groupName: String, spreadMetric: RowMetric? = nil) throws {
    self.header = header
    self.metrics = metrics
    self.groupName = groupName
    self.spreadMetric = spreadMetric
    let empty = try ResultTable(table: CSVTable(header: header, rows: [], path: "results.csv"))
    for metric in metrics + (spreadMetric.map { [$0] } ?? []) {
      if let problem = metric.validationError(in: empty) { throw InputFileError(path: "results.csv", kind: .malformed, reason: problem) }
    }
  }

  /// Adds one row given as the fields of a results.csv line, in ``header`` order, checked as a
  /// reader checks the file (``ResultTable``) a group at a time.
  mutating func add(_ fields: [String]) throws {
    let key = (algorithm: fields[0], group: fields[2])
    if let heldKey, heldKey != key { try reduce() }
    heldKey = key
    held.append(fields)
  }

  /// Scores the held rows of one algorithm and group.
  private mutating func reduce() throws {
    guard heldKey != nil else { return }
    let table = try ResultTable(table: CSVTable(header: header, rows: held, path: "results.csv"))
    for index in table.rows.indices {
      let row = table.rows[index]
      try add(algorithm: row.algorithm, group: row.group, rank: row.rank) { table.extra($0, at: index) }
    }
    held.removeAll(keepingCapacity: true)
    heldKey = nil
  }

  /// Adds one row from the values a benchmark writes into it: its algorithm, group and rank,
  /// and its benchmark columns read through `extra` (by name; nil for a column it lacks). The
  /// benchmark vouches for the row as ``ResultTable`` would check it read back (non-empty
  /// names, a rank of at least 1, each item once per algorithm).
  mutating func add(algorithm: String, group: String, rank: Int?, extra: (String) -> String?) throws {
    rows += 1
    if tallies.isEmpty || algorithms[current] != algorithm {
      if let known = algorithms.firstIndex(of: algorithm) {
        current = known
      } else {
        current = algorithms.count
        algorithms.append(algorithm)
        tallies.append(Tally(metrics: metrics.count + (spreadMetric == nil ? 0 : 1)))
      }
    }
    let number = tallies[current].number(of: group)
    // By position, not `for metric in metrics`, which copies each definition per row.
    for position in metrics.indices where metrics[position].includes(extra) {
      let (numerator, denominator) = try metrics[position].contribution(rank: rank, path: "results.csv", line: rows + 1, extra: extra)
      tallies[current].sums[position][number].add(numerator, denominator)
    }
    if spreadMetric?.includes(extra) == true {
      if let (numerator, denominator) = try? spreadMetric?.contribution(rank: rank, path: "results.csv", line: rows + 1, extra: extra) {
        tallies[current].sums[metrics.count][number].add(numerator, denominator)
      } else {
        tallies[current].spreadFailed = true
      }
    }
  }

  /// The run's statistics over every row added: each metric of each algorithm with its
  /// interval as ``RunStatistics`` gives it, and the spread of ``spreadMetric``.
  mutating func finish(_ settings: BootstrapSettings, spreadMinimumItems: Int = 10) throws -> RunStatistics {
    try reduce()
    var samples: [(algorithm: String, metric: RowMetric, sample: ClusteredRatio, items: Int)] = []
    var spread: [GroupSpread] = []
    for (algorithm, tally) in zip(algorithms, tallies) {
      for (position, metric) in metrics.enumerated() {
        let counted = tally.sums[position].indices.filter { tally.sums[position][$0].items > 0 }
        let sample = try ClusteredRatio(
          groups: counted.map { tally.groups[$0] }, numerators: counted.map { tally.sums[position][$0].numerator },
          denominators: counted.map { tally.sums[position][$0].denominator })
        samples.append((algorithm, metric, sample, counted.reduce(0) { $0 + tally.sums[position][$1].items }))
      }
      if let spreadMetric, !tally.spreadFailed,
        let row = RunStatistics.spread(spreadMetric, algorithm: algorithm, groups: tally.sums[metrics.count], minimumItems: spreadMinimumItems)
      {
        spread.append(row)
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
    statistics.spread = spread
    return statistics
  }
}
