/// Repeated-sampling checks of the intervals and tests on `SyntheticClusters` data: the share of
/// data sets whose interval covers the known truth, and the share of true nulls rejected.
/// Shared by the unit tests (small runs) and `StatisticsBenchmark` (full runs).
public enum CoverageSimulation {
  /// How often the cluster-robust t, the cluster-bootstrap and the naive binomial interval
  /// covered the true rate.
  public struct Coverage: Sendable, Equatable {
    public var dataSets: Int
    public var clusterTCovered = 0
    public var bootstrapCovered = 0
    public var naiveCovered = 0
    public var meanClusterTWidth = 0.0
    public var meanBootstrapWidth = 0.0
    public var meanNaiveWidth = 0.0

    public var clusterTRate: Double { Double(clusterTCovered) / Double(dataSets) }
    public var bootstrapRate: Double { Double(bootstrapCovered) / Double(dataSets) }
    public var naiveRate: Double { Double(naiveCovered) / Double(dataSets) }
  }

  /// How often each paired test rejected a true null at `alpha`: the cluster-robust t, the
  /// paired bootstrap, McNemar, and the verdict compare and the gate use (both of the first and
  /// McNemar, ``PairedComparison``).
  public struct NullRejection: Sendable, Equatable {
    public var dataSets: Int
    public var alpha: Double
    public var clusterTRejected = 0
    public var bootstrapRejected = 0
    public var mcnemarRejected = 0
    public var verdictRejected = 0

    public var clusterTRate: Double { Double(clusterTRejected) / Double(dataSets) }
    public var verdictRate: Double { Double(verdictRejected) / Double(dataSets) }
    public var bootstrapRate: Double { Double(bootstrapRejected) / Double(dataSets) }
    public var mcnemarRate: Double { Double(mcnemarRejected) / Double(dataSets) }
  }

  /// Draws `dataSets` data sets from `model` and counts the intervals at `level` that contain
  /// `model.rate`. Data set i and its bootstrap use seeds derived from (seed, i).
  public static func coverage(
    of model: SyntheticClusters, dataSets: Int, resamples: Int, seed: UInt64, level: Double = 0.95
  ) throws -> Coverage {
    try Check.count(dataSets, name: "data sets", in: 1...Int.max)
    var result = Coverage(dataSets: dataSets)
    for index in 0..<dataSets {
      let data = model.hits(seed: DerivedSeed.make(seed, index: index, stream: 1))
      let sample = try ClusteredRatio(groups: data.groups, hits: data.hits)
      if let estimate = try ClusterRobustT.estimate(sample, level: level, binary: true) {
        if estimate.interval.contains(model.rate) { result.clusterTCovered += 1 }
        result.meanClusterTWidth += estimate.interval.width / Double(dataSets)
      }
      let bootstrapSeed = DerivedSeed.make(seed, index: index, stream: 2)
      if let interval = try ClusterBootstrap.interval(sample, resamples: resamples, seed: bootstrapSeed, level: level) {
        if interval.contains(model.rate) { result.bootstrapCovered += 1 }
        result.meanBootstrapWidth += interval.width / Double(dataSets)
      }
      if let interval = try sample.naiveInterval(level: level) {
        if interval.contains(model.rate) { result.naiveCovered += 1 }
        result.meanNaiveWidth += interval.width / Double(dataSets)
      }
    }
    return result
  }

  /// Draws `dataSets` paired data sets with no true difference (`SyntheticClusters.pairedHits`)
  /// and counts those where each test gives p ≤ alpha.
  public static func nullRejection(
    of model: SyntheticClusters, interaction: Double, dataSets: Int, resamples: Int, seed: UInt64, alpha: Double = 0.05
  ) throws -> NullRejection {
    try Check.count(dataSets, name: "data sets", in: 1...Int.max)
    try Check.probability(alpha, name: "alpha")
    var result = NullRejection(dataSets: dataSets, alpha: alpha)
    let metric = RowMetric(name: "top1", higherIsBetter: true, description: "", score: .rankAtMost(1))
    for index in 0..<dataSets {
      let data = try model.pairedHits(seed: DerivedSeed.make(seed, index: index, stream: 3), interaction: interaction)
      let pair = try PairedRatios(groups: data.groups, hitsA: data.hitsA, hitsB: data.hitsB)
      let comparison = try PairedBootstrap.compare(pair, resamples: resamples, seed: DerivedSeed.make(seed, index: index, stream: 4))
      if comparison.pValue <= alpha { result.bootstrapRejected += 1 }
      if try McNemar.exact(data.hitsA, data.hitsB) <= alpha { result.mcnemarRejected += 1 }
      let verdict = try PairedComparison.compare(
        metric, a: "A", b: "B", groups: data.groups, numeratorsA: data.hitsA.map { $0 ? 1 : 0 }, denominatorsA: ones(data.groups.count),
        numeratorsB: data.hitsB.map { $0 ? 1 : 0 }, denominatorsB: ones(data.groups.count))
      if let p = verdict.pClusterT, p <= alpha { result.clusterTRejected += 1 }
      if let p = verdict.p, p <= alpha { result.verdictRejected += 1 }
    }
    return result
  }

  private static func ones(_ count: Int) -> [Double] { [Double](repeating: 1, count: count) }
}
