import KeyBenchResults
import Testing

@Suite struct NormalDistributionTests {
  @Test func quantileMatchesScipyAndMpmath() throws {
    for reference in try StatisticsReference.load().normalQuantile {
      let x = NormalDistribution.quantile(reference.p)
      #expect(StatisticsReference.close(x, reference.x, relative: 1e-13) || abs(x - reference.x) < 1e-15,
              "p = \(reference.p): \(x) vs scipy \(reference.x)")
      #expect(StatisticsReference.close(x, reference.exact, relative: 1e-14) || abs(x - reference.exact) < 1e-15,
              "p = \(reference.p): \(x) vs mpmath \(reference.exact)")
    }
  }

  /// scipy's norm.cdf is itself off by 1.1e-13 (relative) at x = −37, hence the looser bound there.
  @Test func cdfMatchesScipyAndMpmath() throws {
    for reference in try StatisticsReference.load().normalCDF {
      let p = NormalDistribution.cdf(reference.x)
      #expect(StatisticsReference.close(p, reference.p, relative: 1e-12), "x = \(reference.x): \(p) vs scipy \(reference.p)")
      #expect(StatisticsReference.close(p, reference.exact, relative: 1e-14), "x = \(reference.x): \(p) vs mpmath \(reference.exact)")
    }
  }

  @Test func quantileInvertsCdf() {
    for p in stride(from: 0.0005, to: 1, by: 0.0137) {
      #expect(abs(NormalDistribution.cdf(NormalDistribution.quantile(p)) - p) < 1e-15)
    }
    #expect(abs(NormalDistribution.quantile(0.025) + NormalDistribution.quantile(0.975)) < 1e-14)
  }

  @Test func edges() {
    #expect(NormalDistribution.quantile(0) == -.infinity)
    #expect(NormalDistribution.quantile(1) == .infinity)
    #expect(NormalDistribution.quantile(0.5) == 0)
    #expect(NormalDistribution.quantile(-0.1).isNaN)
    #expect(NormalDistribution.quantile(.nan).isNaN)
    #expect(NormalDistribution.cdf(0) == 0.5)
  }
}
