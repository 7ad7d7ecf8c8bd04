import KeyBenchResults
import Testing

@Suite struct InterleavedRatioTests {
  @Test func fiveRoundsGiveMinToMaxWithCoverageWorkedByHand() throws {
    // n = 5: k = 1 covers 1 − 2/32 = 0.9375 (< 0.95, but nothing wider exists); k = 2 would cover 1 − 2·6/32 = 0.625.
    let r = try InterleavedRatio(ratios: [1.10, 0.98, 1.30, 1.05, 1.02])
    #expect(r.median == 1.05)
    #expect(r.low == 0.98 && r.high == 1.30)
    #expect(abs(r.coverage - 0.9375) < 1e-15)
  }

  @Test func moreRoundsNarrowTheIntervalAndKeepItsLevel() throws {
    // n = 12: P(X ≤ 2) = (1 + 12 + 66)/4096 = 79/4096, so k = 3 covers 1 − 158/4096 = 0.96143…;
    // k = 4 would cover 1 − 2·299/4096 = 0.854.
    let ratios = (1...12).map { 1 + Double($0) / 100 }
    let r = try InterleavedRatio(ratios: ratios.shuffled())
    #expect(r.low == ratios[2] && r.high == ratios[9])
    #expect(abs(r.coverage - (1 - 158.0 / 4096)) < 1e-15)
    #expect(abs(r.median - (ratios[5] + ratios[6]) / 2) < 1e-15)
  }

  @Test func refusesTooFewOrImpossibleRatios() {
    #expect(throws: StatisticsError.self) { try InterleavedRatio(ratios: [1.0]) }
    #expect(throws: StatisticsError.self) { try InterleavedRatio(ratios: [1.0, 0]) }
    #expect(throws: StatisticsError.self) { try InterleavedRatio(ratios: [1.0, .nan]) }
  }
}
