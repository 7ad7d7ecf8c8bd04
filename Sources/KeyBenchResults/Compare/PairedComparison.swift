import KeyBenchCore

/// Compares two algorithms' rows item by item: the difference of each metric with a paired
/// cluster-bootstrap interval and p-value, and exact McNemar for 0/1 metrics.
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
      var hitsA: [Bool] = [], hitsB: [Bool] = []
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
        if metric.score.isBinary {
          hitsA.append(ca.numerator > 0)
          hitsB.append(cb.numerator > 0)
        }
      }
      var comparison = MetricComparison(
        metric: metric.name, a: a.label, b: b.label, items: groups.count, groups: Set(groups).count, unit: metric.unit,
        higherIsBetter: metric.higherIsBetter)
      if !groups.isEmpty {
        // The library's difference is first − second; KeyBench reports B − A, so B goes first.
        let paired = try PairedRatios(
          groups: groups, numeratorsA: numeratorsB, denominatorsA: denominatorsB, numeratorsB: numeratorsA, denominatorsB: denominatorsA)
        comparison.valueA = paired.valueB
        comparison.valueB = paired.valueA
        if paired.valueA != nil, paired.valueB != nil {
          let result = try PairedBootstrap.compare(paired, resamples: max(settings.resamples, 1), seed: settings.seed, level: settings.level)
          comparison.difference = result.difference
          comparison.low = result.interval.low
          comparison.high = result.interval.high
          comparison.pBootstrap = result.pValue
        }
        if metric.score.isBinary {
          let (onlyA, onlyB) = try McNemar.discordantCounts(hitsA, hitsB)
          comparison.onlyA = onlyA
          comparison.onlyB = onlyB
          comparison.pMcNemar = McNemar.exact(onlyA: onlyA, onlyB: onlyB)
        }
      }
      results.append(comparison)
    }
    // Holm's correction is applied across every part of a comparison (``ComparisonReport``).
    comparisons = results
  }
}
