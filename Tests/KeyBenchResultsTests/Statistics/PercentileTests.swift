import KeyBenchResults
import Testing

@Suite struct PercentileTests {
  /// Type 7 on [1, 2, 3, 4]: h = 3q. q = 0.25 → h = 0.75 → 1 + 0.75·1 = 1.75;
  /// q = 0.5 → 2.5; q = 0.9 → h = 2.7 → 3.7; q = 0 → 1; q = 1 → 4.
  @Test func linearInterpolationWorkedByHand() {
    let values: [Double] = [1, 2, 3, 4]
    #expect(Percentile.linear(sorted: values, at: 0.25) == 1.75)
    #expect(Percentile.linear(sorted: values, at: 0.5) == 2.5)
    #expect(abs(Percentile.linear(sorted: values, at: 0.9)! - 3.7) < 1e-15)
    #expect(Percentile.linear(sorted: values, at: 0) == 1)
    #expect(Percentile.linear(sorted: values, at: 1) == 4)
  }

  @Test func edgeCases() {
    #expect(Percentile.linear(sorted: [], at: 0.5) == nil)
    #expect(Percentile.linear(sorted: [7], at: 0.3) == 7)
    #expect(Percentile.linear(sorted: [1, 2], at: .nan) == nil)
    #expect(Percentile.linear(sorted: [1, 2], at: 2) == 2)
  }
}
