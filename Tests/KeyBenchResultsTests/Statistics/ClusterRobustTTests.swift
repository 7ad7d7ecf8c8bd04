import Foundation
import KeyBenchResults
import Testing

/// Reference values from scipy 1.10 (`scipy.stats.t`) and numpy, computed independently of
/// KeyBench: `stats.t.cdf`, `2 * stats.t.sf(|t|)`, `stats.t.ppf`; CR3 by hand in numpy,
/// (G − 1)/G · Σ e²/(1 − h)².
@Suite struct ClusterRobustTTests {
  @Test(arguments: [
    (2.0, 5.0, 0.9490302605850708, 0.10193947882985835),
    (-1.5, 9.0, 0.08392532802853753, 0.16785065605707505),
    (0.3, 1.0, 0.5927735790777423, 0.8144528418445154),
    (4.0, 30.0, 0.9998090771819581, 0.0003818456360837564),
    (10.0, 3.0, 0.9989358004707929, 0.0021283990584141503),
  ])
  func studentTMatchesSciPy(t: Double, df: Double, cdf: Double, twoSided: Double) {
    #expect(abs(StudentT.cdf(t, degreesOfFreedom: df) - cdf) < 1e-12)
    #expect(abs(StudentT.twoSidedP(t, degreesOfFreedom: df) - twoSided) / twoSided < 1e-10)
  }

  @Test(arguments: [
    (0.975, 9.0, 2.262157162798205), (0.975, 1.0, 12.706204736174694), (0.8, 19.0, 0.8609505502689286),
    (0.99875, 12.0, 3.8065182904487025), (0.025, 4.0, -2.7764451051977943),
  ])
  func studentTQuantileMatchesSciPy(p: Double, df: Double, expected: Double) {
    #expect(abs(StudentT.quantile(p, degreesOfFreedom: df) - expected) < 1e-9 * abs(expected))
  }

  @Test func studentTEdgesAreDefined() {
    #expect(StudentT.quantile(0, degreesOfFreedom: 3) == -.infinity)
    #expect(StudentT.quantile(1, degreesOfFreedom: 3) == .infinity)
    #expect(StudentT.quantile(0.5, degreesOfFreedom: 3) == 0)
    #expect(StudentT.cdf(1, degreesOfFreedom: 0).isNaN)
    #expect(StudentT.twoSidedP(.infinity, degreesOfFreedom: 2) == 0)
  }

  /// Groups (Y, X) = (3,4) (5,6) (2,5) (8,10) (6,7): r = 24/32 = 0.75, CR3 SE and the t(4)
  /// interval as numpy gives them.
  @Test func ratioIntervalIsCR3WithGroupsMinusOneDegreesOfFreedom() throws {
    let sample = try ClusteredRatio(groups: ["a", "b", "c", "d", "e"], numerators: [3, 5, 2, 8, 6], denominators: [4, 6, 5, 10, 7])
    let estimate = try #require(try ClusterRobustT.estimate(sample))
    #expect(estimate.value == 0.75)
    #expect(abs(estimate.standardError - 0.06920873719585222) < 1e-14)
    #expect(abs(estimate.interval.low - 0.5578457403756556) < 1e-9)
    #expect(abs(estimate.interval.high - 0.9421542596243444) < 1e-9)
    #expect(estimate.degreesOfFreedom == 4)
  }

  @Test func pairedDifferenceMatchesNumPy() throws {
    let pair = try PairedRatios(
      groups: ["a", "b", "c", "d", "e"], numeratorsA: [3, 5, 2, 8, 6], denominatorsA: [4, 6, 5, 10, 7],
      numeratorsB: [2, 5, 1, 6, 6], denominatorsB: [4, 6, 5, 10, 7])
    let result = try #require(try ClusterRobustT.compare(pair))
    #expect(abs(result.difference - 0.125) < 1e-15)
    #expect(abs(result.standardError - 0.05463383171588033) < 1e-14)
    #expect(abs(result.pValue - 0.08404579856716861) < 1e-9)
    #expect(abs(result.interval.low - -0.026687834645755887) < 1e-9)
    #expect(result.degreesOfFreedom == 4)
  }

  @Test func oneGroupOrOneGroupHoldingEverythingHasNoInterval() throws {
    #expect(try ClusterRobustT.estimate(ClusteredRatio(groups: ["a", "a"], hits: [true, false])) == nil)
    let lopsided = try ClusteredRatio(groups: ["a", "b"], numerators: [3, 0], denominators: [4, 0])
    #expect(try ClusterRobustT.estimate(lopsided) == nil)
  }

  /// All hits in 12 groups: the scores have no spread, so the interval is Wilson's on the items
  /// (with the t quantile), not a zero width; it never leaves [0, 1].
  @Test func allHitsGiveAWilsonIntervalInsteadOfZeroWidth() throws {
    let groups = (0..<60).map { "g\($0 % 12)" }
    let sample = try ClusteredRatio(groups: groups, hits: Array(repeating: true, count: 60))
    let estimate = try #require(try ClusterRobustT.estimate(sample, binary: true))
    #expect(estimate.interval.high == 1)
    #expect(estimate.interval.low < 0.95)
    #expect(estimate.interval.low > 0.85)
    let mixed = try ClusteredRatio(groups: groups, hits: (0..<60).map { $0 % 20 != 0 })
    let bounded = try #require(try ClusterRobustT.estimate(mixed, binary: true))
    #expect(bounded.interval.high <= 1)
  }
}
