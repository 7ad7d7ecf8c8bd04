import KeyBenchCore

/// Compares two algorithms' rows item by item: the difference of each metric with a paired
/// cluster-robust t interval and p-value (``ClusterRobustT``), and exact McNemar for 0/1 metrics.
/// A metric's ``RowMetric/headline`` flag puts it in the Holm family (``ComparisonReport``).
///
/// Pairing is what makes small differences visible: both sides answered the same items, so the
/// items' own difficulty cancels. Rows that do not pair (an item only one side has, or the same
/// item in two groups) mean the runs did not read the same inputs, and are refused.
public struct PairedComparison: Sendable {
  /// One side: a table and the algorithm in it.
  public struct Side: Sendable {
    public var table: ResultTable
    public var algorithm: String
    /// How the side is named in output (`RUN:ALGORITHM`).
    public var label: String

    public init(table: ResultTable, algorithm: String, label: String) {
      self.table = table
      self.algorithm = algorithm
      self.label = label
    }
  }

  public var comparisons: [MetricComparison]

  /// - Throws: ``InputFileError`` when the sides do not hold the same items in the same groups,
  ///   or a metric does not apply to a side's columns.
  public init(a: Side, b: Side, metrics: [RowMetric], settings: BootstrapSettings) throws {
    let rowsA = a.table.indices(of: a.algorithm), rowsB = b.table.indices(of: b.algorithm)
    guard !rowsA.isEmpty else { throw InputFileError(path: a.table.path, kind: .malformed, reason: "no rows of algorithm '\(a.algorithm)' (it has: \(a.table.algorithms.joined(separator: ", ")))") }
    guard !rowsB.isEmpty else { throw InputFileError(path: b.table.path, kind: .malformed, reason: "no rows of algorithm '\(b.algorithm)' (it has: \(b.table.algorithms.joined(separator: ", ")))") }
    var indexB: [String: Int] = [:]
    for index in rowsB { indexB[b.table.rows[index].item] = index }
    var pairs: [(Int, Int)] = []
    pairs.reserveCapacity(rowsA.count)
    for index in rowsA {
      let row = a.table.rows[index]
      guard let other = indexB.removeValue(forKey: row.item) else {
        throw InputFileError(
          path: b.table.path, kind: .malformed,
          reason: "\(b.label) has no item '\(row.item.prefix(80))' that \(a.label) has: the runs did not score the same items")
      }
      guard b.table.rows[other].group == row.group else {
        throw InputFileError(
          path: b.table.path, line: other + 2, kind: .malformed,
          reason: "item '\(row.item.prefix(80))' is in group '\(b.table.rows[other].group.prefix(60))' here but '\(row.group.prefix(60))' in \(a.label)")
      }
      pairs.append((index, other))
    }
    if let extra = indexB.keys.min() {
      throw InputFileError(
        path: b.table.path, kind: .malformed,
        reason: "\(b.label) has \(indexB.count) item(s) \(a.label) lacks (e.g. '\(extra.prefix(80))'): the runs did not score the same items")
    }
    var results: [MetricComparison] = []
    for metric in metrics {
      for (side, table) in [(a, a.table), (b, b.table)] {
        if let problem = metric.validationError(in: table) {
          throw InputFileError(path: table.path, kind: .malformed, reason: "\(side.label): \(problem)")
        }
      }
      var groups: [String] = []
      var numeratorsA: [Double] = [], denominatorsA: [Double] = [], numeratorsB: [Double] = [], denominatorsB: [Double] = []
      for (ia, ib) in pairs {
        let inA = metric.includes(ia, in: a.table), inB = metric.includes(ib, in: b.table)
        guard inA || inB else { continue }
        // A filter column (the error kind) belongs to the item, so both sides must agree on it.
        guard inA == inB else {
          throw InputFileError(
            path: b.table.path, line: ib + 2, kind: .malformed,
            reason: "item '\(a.table.rows[ia].item.prefix(80))' counts for \(metric.name) in one run only (its \(metric.filter?.column ?? "") differs)")
        }
        let ca = try metric.contribution(ia, in: a.table), cb = try metric.contribution(ib, in: b.table)
        groups.append(a.table.rows[ia].group)
        numeratorsA.append(ca.numerator)
        denominatorsA.append(ca.denominator)
        numeratorsB.append(cb.numerator)
        denominatorsB.append(cb.denominator)
      }
      let comparison = try Self.compare(
        metric, a: a.label, b: b.label, groups: groups, numeratorsA: numeratorsA, denominatorsA: denominatorsA,
        numeratorsB: numeratorsB, denominatorsB: denominatorsB, level: settings.level)
      results.append(comparison)
    }
    // Holm's correction is applied across every part of a comparison (``ComparisonReport``).
    comparisons = results
  }

  /// One metric compared on paired per-item values (A's and B's numerator and denominator of
  /// each item, and its group): the test every reader of a comparison — compare, the gate, the
  /// gate's simulation in `Reports/benchmarks/statistics.md` — makes.
  public static func compare(
    _ metric: RowMetric, a: String, b: String, groups: [String], numeratorsA: [Double], denominatorsA: [Double],
    numeratorsB: [Double], denominatorsB: [Double], level: Double = 0.95
  ) throws -> MetricComparison {
    var comparison = MetricComparison(
      metric: metric.name, a: a, b: b, items: groups.count, groups: Set(groups).count, unit: metric.unit,
      higherIsBetter: metric.higherIsBetter, inFamily: metric.headline)
    guard !groups.isEmpty else { return comparison }
    // The library's difference is first − second; KeyBench reports B − A, so B goes first.
    let paired = try PairedRatios(
      groups: groups, numeratorsA: numeratorsB, denominatorsA: denominatorsB, numeratorsB: numeratorsA, denominatorsB: denominatorsA)
    comparison.valueA = paired.valueB
    comparison.valueB = paired.valueA
    if let result = try ClusterRobustT.compare(paired, level: level) {
      comparison.difference = result.difference
      comparison.low = result.interval.low
      comparison.high = result.interval.high
      comparison.standardError = result.standardError
      comparison.pClusterT = result.pValue
      comparison.p = result.pValue
      comparison.powerStandardError = result.standardError
      if !metric.score.isBinary {
        // Two identical runs have no paired spread; a change is taken to vary between groups
        // like the metric itself (``PairedPower``).
        let own = try ClusterRobustT.estimate(ClusteredRatio(groups: groups, numerators: numeratorsA, denominators: denominatorsA))
        comparison.powerStandardError = max(result.standardError, own?.standardError ?? 0)
      }
    }
    if metric.score.isBinary {
      let (onlyA, onlyB) = try McNemar.discordantCounts(numeratorsA.map { $0 > 0 }, numeratorsB.map { $0 > 0 })
      comparison.onlyA = onlyA
      comparison.onlyB = onlyB
      let pMcNemar = McNemar.exact(onlyA: onlyA, onlyB: onlyB)
      comparison.pMcNemar = pMcNemar
      comparison.p = comparison.p.map { max($0, pMcNemar) }
    }
    return comparison
  }
}
