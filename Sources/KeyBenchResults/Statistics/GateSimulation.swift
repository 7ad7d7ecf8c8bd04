import KeyBenchCore

/// The gate's verdicts on simulated runs whose truth is known, through the gate's own code
/// (``PairedComparison``, ``ComparisonReport``, ``MetricComparison/isRegression(minEffect:alpha:)``,
/// ``PairedPower``): how often pure noise fails it, how often a real drop does, and whether
/// the detectable effect it states is detected about 80 % of the time.
///
/// The model is a swipe top-1 benchmark: each user has a top-1 rate uniform on 0.6–0.9, a miss
/// is at rank 2 half the time; every run independently swaps ranks 1 and 2 of a share `noise`
/// of the items (tie order, the noise two runs of one version show), and a drop makes exactly
/// round(δ·n) of B's hits misses. Items are spread evenly over the users.
public enum GateSimulation {
  public struct Cell: Sendable, Equatable {
    public var items: Int
    public var groups: Int
    public var dataSets: Int
    /// Runs with no true difference that failed the gate.
    public var falseFails: Int
    /// Runs with a true drop of `drop` that failed the gate.
    public var dropFails: Int
    /// The median detectable effect the gate stated on the noise-only runs (a fraction), nil
    /// when it gives no verdict at this size.
    public var stated: Double?
    /// Runs with a true drop of `stated` the test found significant (drop direction).
    public var detectedAtStated: Int
  }

  public static func cell(
    items: Int, groups: Int, dataSets: Int, noise: Double = 0.02, drop: Double = 0.016, minEffect: Double = 1,
    alpha: Double = 0.05, seed: UInt64
  ) throws -> Cell {
    try Check.count(items, name: "items", in: 1...10_000_000)
    try Check.count(groups, name: "groups", in: 1...items)
    try Check.count(dataSets, name: "data sets", in: 1...1_000_000)
    try Check.probability(noise, name: "noise")
    let metric = RowMetric(name: "top1", higherIsBetter: true, description: "", score: .rankAtMost(1))
    let names = (0..<items).map { "user-\($0 % groups)" }
    let ones = [Double](repeating: 1, count: items)
    func judge(dropping lost: Double, index: Int, stream: UInt64) throws -> MetricComparison {
      var generator = SeededGenerator(seed: DerivedSeed.make(seed, index: index, stream: stream))
      let rates = (0..<groups).map { _ in 0.6 + 0.3 * generator.nextUnit() }
      var a = [Double](), b = [Double]()
      for item in 0..<items {
        let u = generator.nextUnit()
        let rank = u < rates[item % groups] ? 1 : (generator.nextUnit() < 0.5 ? 2 : 3)
        a.append(topOne(rank: rank, noise: noise, generator: &generator))
        b.append(topOne(rank: rank, noise: noise, generator: &generator))
      }
      var hits = b.indices.filter { b[$0] == 1 }
      for _ in 0..<min(hits.count, Int((lost * Double(items)).rounded())) {
        b[hits.remove(at: generator.index(below: hits.count))] = 0
      }
      let comparison = try PairedComparison.compare(
        metric, a: "A", b: "B", groups: names, numeratorsA: a, denominatorsA: ones, numeratorsB: b, denominatorsB: ones)
      return ComparisonReport(comparisons: [comparison], group: "user", settings: .init(), alpha: alpha).comparisons[0]
    }
    var cell = Cell(items: items, groups: groups, dataSets: dataSets, falseFails: 0, dropFails: 0, stated: nil, detectedAtStated: 0)
    var stated: [Double] = []
    for index in 0..<dataSets {
      let null = try judge(dropping: 0, index: index, stream: 11)
      if null.isRegression(minEffect: minEffect, alpha: alpha) { cell.falseFails += 1 }
      if let d = null.detectable { stated.append(d) }
      if try judge(dropping: drop, index: index, stream: 12).isRegression(minEffect: minEffect, alpha: alpha) { cell.dropFails += 1 }
    }
    guard !stated.isEmpty, let median = Percentile.linear(sorted: stated.sorted(), at: 0.5) else { return cell }
    cell.stated = median
    for index in 0..<dataSets where try judge(dropping: median, index: index, stream: 13).direction(alpha: alpha) == -1 {
      cell.detectedAtStated += 1
    }
    return cell
  }

  /// One run's top-1 hit (1 or 0) for an item whose target sits at `rank` (nil: not found), when
  /// a share `noise` of the items have ranks 1 and 2 swapped, as tie order does between two runs
  /// of one version: the noise model of this simulation and of ``RealUserSimulation``.
  static func topOne(rank: Int?, noise: Double, generator: inout SeededGenerator) -> Double {
    guard let rank, rank <= 2, generator.nextUnit() < noise else { return rank == 1 ? 1 : 0 }
    return rank == 1 ? 0 : 1
  }
}
