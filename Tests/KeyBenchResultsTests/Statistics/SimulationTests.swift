import KeyBenchResults
import Testing

/// Repeated-sampling properties on synthetic clustered data with a known truth (see
/// `SyntheticClusters`: 60 users of 5–80 items, group rates uniform on 0.65 ± 0.2, truth 0.65).
/// Smaller than the benchmark (Reports/benchmarks/statistics.md) so they run in seconds in debug.
@Suite struct SimulationTests {
  /// 200 data sets × 400 resamples: a 95 % interval should cover 0.65 in about 95 % of them
  /// (percentile bootstraps with 60 groups run a little under, as their spread shrinks by
  /// √(59/60)). 0.88–0.99 is about ±3.5 binomial SDs around 0.94. The naive interval ignores
  /// the design effect of about 4, so it should cover only about 2Φ(1.96/2) − 1 ≈ 0.67.
  @Test func clusterBootstrapCoversTheTruth() throws {
    let coverage = try CoverageSimulation.coverage(of: .standard, dataSets: 200, resamples: 400, seed: 2024)
    #expect((0.88...0.99).contains(coverage.bootstrapRate), "bootstrap coverage \(coverage.bootstrapRate)")
    #expect(coverage.naiveRate < 0.85, "naive coverage \(coverage.naiveRate)")
  }

  @Test func clusteredIntervalIsWiderThanTheNaiveOne() throws {
    for seed in UInt64(100)..<120 {
      let data = SyntheticClusters.standard.hits(seed: seed)
      let sample = try ClusteredRatio(groups: data.groups, hits: data.hits)
      let clustered = try #require(try ClusterBootstrap.interval(sample, resamples: 400, seed: seed))
      let naive = try #require(try sample.naiveInterval())
      #expect(clustered.width >= naive.width, "seed \(seed): \(clustered.width) vs naive \(naive.width)")
    }
  }

  /// With no spread between groups items are independent, and the cluster bootstrap should
  /// agree with the binomial interval (same expected variance); 200 groups, averaged over 10.
  @Test func unclusteredIntervalMatchesTheNaiveOne() throws {
    let model = try SyntheticClusters(groups: 200, groupSizes: 5...80, rate: 0.65, spread: 0)
    var ratio = 0.0
    for seed in UInt64(0)..<10 {
      let data = model.hits(seed: seed)
      let sample = try ClusteredRatio(groups: data.groups, hits: data.hits)
      let clustered = try #require(try ClusterBootstrap.interval(sample, resamples: 1_000, seed: seed))
      ratio += clustered.width / (try #require(try sample.naiveInterval())).width / 10
    }
    #expect(ratio > 0.9 && ratio < 1.1, "mean width ratio \(ratio)")
  }

  /// A and B equally good overall, but each user prefers one (gap uniform on ±0.2). The paired
  /// cluster bootstrap should reject at about 5 % (200 data sets: SD 1.5 points); McNemar,
  /// which counts items as independent, sees the per-user gaps as evidence: the variance of
  /// onlyA − onlyB grows by Σ size²·Var(gap) ≈ 137,000·0.0133 ≈ 1,800 over the ≈ 1,100 it
  /// assumes, so it rejects about P(|Z| > 1.96/1.6) ≈ 22 % of the time.
  @Test func pairedBootstrapHoldsItsLevelUnderTheNull() throws {
    let result = try CoverageSimulation.nullRejection(of: .standard, interaction: 0.1, dataSets: 200, resamples: 400, seed: 99)
    #expect((0.01...0.12).contains(result.bootstrapRate), "bootstrap rejection \(result.bootstrapRate)")
    #expect(result.mcnemarRate > 0.12, "McNemar rejection \(result.mcnemarRate)")
  }

  /// With the same rate in every group for A and B, McNemar's coin-flip model holds exactly.
  @Test func mcnemarHoldsItsLevelWithoutInteraction() throws {
    let result = try CoverageSimulation.nullRejection(of: .standard, interaction: 0, dataSets: 200, resamples: 200, seed: 7)
    #expect(result.mcnemarRate <= 0.1, "McNemar rejection \(result.mcnemarRate)")
    #expect((0.01...0.12).contains(result.bootstrapRate), "bootstrap rejection \(result.bootstrapRate)")
  }

  @Test func simulationRejectsImpossibleModels() {
    #expect(throws: StatisticsError.self) { try SyntheticClusters(groups: 10, groupSizes: 1...5, rate: 0.9, spread: 0.2) }
    #expect(throws: StatisticsError.self) { try SyntheticClusters(groups: 0, groupSizes: 1...5, rate: 0.5, spread: 0.1) }
    #expect(throws: StatisticsError.self) { try SyntheticClusters.standard.pairedHits(seed: 1, interaction: 0.2) }
  }
}
