import KeyBenchResults
import Testing

@Suite struct ProportionIntervalTests {
  /// 8 of 10, z = 1.95996: centre (8 + z²/2)/(10 + z²) = 9.9207/13.8415 = 0.71673,
  /// half-width z/(10 + z²)·√(8·2/10 + z²/4) = 0.14160·1.60012 = 0.22658 → [0.4902, 0.9433].
  @Test func wilsonWorkedByHand() throws {
    let interval = try ProportionInterval.wilson(successes: 8, trials: 10)
    #expect(abs(interval.low - 0.4902) < 2e-4 && abs(interval.high - 0.9433) < 2e-4)
    let none = try ProportionInterval.wilson(successes: 0, trials: 10)
    #expect(none.low == 0 && none.high > 0.2 && none.high < 0.35)
    #expect(throws: StatisticsError.self) { try ProportionInterval.wilson(successes: 11, trials: 10) }
    #expect(throws: StatisticsError.self) { try ProportionInterval.wilson(successes: 0, trials: 0) }
  }
}
