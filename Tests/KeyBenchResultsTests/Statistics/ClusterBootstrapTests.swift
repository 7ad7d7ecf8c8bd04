import KeyBenchCore
import KeyBenchResults
import Testing

@Suite struct ClusterBootstrapTests {
  @Test func oneGroupCollapsesToTheValue() throws {
    // Every resample draws the only group, so every replicate is 3/7 and so is the interval.
    let sample = try ClusteredRatio(groups: ["solo", "solo", "solo"], numerators: [1, 2, 0], denominators: [2, 4, 1])
    let estimate = try #require(try ClusterBootstrap.estimate(sample, resamples: 200, seed: 1))
    #expect(estimate.value == 3.0 / 7.0)
    #expect(estimate.interval == Interval(low: 3.0 / 7.0, high: 3.0 / 7.0, level: 0.95))
    #expect(estimate.standardError == 0)
    #expect(estimate.resamples == 200 && estimate.skipped == 0)
  }

  /// Two groups with ratios 1 (1/1) and 0 (0/1). A resample of 2 draws is {1,1} (ratio 1),
  /// {0,0} (ratio 0), each with probability 1/4, or mixed (ratio 1/2) with probability 1/2.
  /// Both tails beyond 2.5 % hold a point mass, so the 95 % interval is exactly [0, 1], and the
  /// replicates' standard deviation is √(¼·¼ + ¼·¼) = √0.125 ≈ 0.354.
  @Test func twoGroupsWorkedByHand() throws {
    let sample = try ClusteredRatio(groups: ["hit", "miss"], hits: [true, false])
    let estimate = try #require(try ClusterBootstrap.estimate(sample, resamples: 20_000, seed: 3))
    #expect(estimate.value == 0.5)
    #expect(estimate.interval.low == 0 && estimate.interval.high == 1)
    #expect(abs(estimate.standardError - 0.125.squareRoot()) < 0.01)
  }

  /// Group "empty" has denominator 0, "half" has 1/2. Drawing "empty" twice (probability 1/4)
  /// leaves no ratio and is skipped; every other resample has ratio 1/2 exactly.
  @Test func skipsResamplesWithoutDenominator() throws {
    let sample = try ClusteredRatio(groups: ["empty", "half"], numerators: [0, 1], denominators: [0, 2])
    let estimate = try #require(try ClusterBootstrap.estimate(sample, resamples: 4_000, seed: 5))
    #expect(estimate.interval.low == 0.5 && estimate.interval.high == 0.5)
    #expect(estimate.resamples + estimate.skipped == 4_000)
    // 1,000 skips expected; binomial SD √(4000·¼·¾) ≈ 27.
    #expect((880...1_120).contains(estimate.skipped))
  }

  @Test func sameSeedSameDoublesOtherSeedOtherInterval() throws {
    let data = SyntheticClusters.standard.hits(seed: 11)
    let sample = try ClusteredRatio(groups: data.groups, hits: data.hits)
    let first = try ClusterBootstrap.estimate(sample, resamples: 500, seed: 42)
    let again = try ClusterBootstrap.estimate(sample, resamples: 500, seed: 42)
    let other = try ClusterBootstrap.estimate(sample, resamples: 500, seed: 43)
    #expect(first == again)
    #expect(first?.interval != other?.interval)
    #expect(try ClusterBootstrap.replicates(sample, resamples: 50, seed: 9) == ClusterBootstrap.replicates(sample, resamples: 50, seed: 9))
  }

  @Test func undefinedRatioHasNoInterval() throws {
    let zero = try ClusteredRatio(groups: ["a"], numerators: [0], denominators: [0])
    #expect(try ClusterBootstrap.interval(zero, resamples: 10, seed: 1) == nil)
    let empty = try ClusteredRatio(groups: [], numerators: [], denominators: [])
    #expect(try ClusterBootstrap.standardError(empty, resamples: 10, seed: 1) == nil)
  }

  @Test(arguments: [0, -3, 1_000_001])
  func rejectsResampleCounts(_ resamples: Int) throws {
    let sample = try ClusteredRatio(groups: ["a", "b"], hits: [true, false])
    #expect(throws: StatisticsError.countOutOfRange(name: "resamples", value: resamples, expected: 1...1_000_000)) {
      try ClusterBootstrap.interval(sample, resamples: resamples, seed: 1)
    }
  }

  @Test(arguments: [0.0, 1.0, -0.5, 1.5, Double.nan])
  func rejectsLevels(_ level: Double) throws {
    let sample = try ClusteredRatio(groups: ["a", "b"], hits: [true, false])
    #expect(throws: StatisticsError.self) {
      try ClusterBootstrap.interval(sample, resamples: 10, seed: 1, level: level)
    }
  }

  @Test func errorsSayWhatIsExpected() {
    #expect(StatisticsError.countOutOfRange(name: "resamples", value: 0, expected: 1...1_000_000).description
      == "resamples is 0, expected 1…1000000")
    #expect(StatisticsError.probabilityOutOfRange(name: "level", value: 1.5).description
      == "level is 1.5, expected a number strictly between 0 and 1")
  }

  /// Samples bootstrapped together (a run's algorithms and metrics) get exactly the replicates
  /// each gets alone, whatever their values, zero denominators included; samples of other
  /// group counts are drawn apart.
  @Test func samplesDrawnTogetherGetTheirOwnReplicates() throws {
    var generator = SeededGenerator(seed: 3)
    var samples: [ClusteredRatio] = []
    for groupCount in [7, 7, 12, 7, 12] {
      let items = groupCount * 3
      let groups = (0..<items).map { "g\($0 % groupCount)" }
      let denominators = (0..<items).map { _ in Double(Int.random(in: 0...2, using: &generator)) }
      let numerators = denominators.map { $0 == 0 ? 0 : Double(Int.random(in: 0...Int($0), using: &generator)) }
      samples.append(try ClusteredRatio(groups: groups, numerators: numerators, denominators: denominators))
    }
    let together = try ClusterBootstrap.replicates(of: samples.filter { $0.groups == 7 }, resamples: 500, seed: 11)
    let alone = try samples.filter { $0.groups == 7 }.map { try ClusterBootstrap.replicates($0, resamples: 500, seed: 11) }
    #expect(together == alone)
    let estimates = try ClusterBootstrap.estimates(samples, resamples: 500, seed: 11)
    #expect(estimates == (try samples.map { try ClusterBootstrap.estimate($0, resamples: 500, seed: 11) }))
  }
}
