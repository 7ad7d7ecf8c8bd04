import KeyBenchResults
import Testing

@Suite struct McNemarTests {
  @Test func workedByHand() {
    // b = 0, c = 5: P(X ≤ 0) = (1/2)^5 = 1/32, two-sided 2/32 = 0.0625.
    #expect(McNemar.exact(onlyA: 0, onlyB: 5) == 0.0625)
    #expect(McNemar.exact(onlyA: 5, onlyB: 0) == 0.0625)
    // b = 1, c = 9: P(X ≤ 1) = (1 + 10)/1024, two-sided 22/1024.
    #expect(abs(McNemar.exact(onlyA: 1, onlyB: 9) - 22.0 / 1024) < 1e-15)
    // b = c: the observed split is the most likely one.
    #expect(McNemar.exact(onlyA: 7, onlyB: 7) == 1)
    #expect(McNemar.exact(onlyA: 0, onlyB: 0) == 1)
    // b + c odd and as even as possible: 2·P(X ≤ 3) = 2·½ for 7 trials.
    #expect(McNemar.exact(onlyA: 4, onlyB: 3) == 1)
  }

  @Test func matchesScipyBinomtest() throws {
    for reference in try StatisticsReference.load().mcnemar {
      let p = McNemar.exact(onlyA: reference.onlyA, onlyB: reference.onlyB)
      #expect(
        StatisticsReference.close(p, reference.pValue, relative: 1e-11),
        "b = \(reference.onlyA), c = \(reference.onlyB): \(p) vs scipy \(reference.pValue)")
    }
  }

  @Test func countsDiscordantItems() throws {
    let a = [true, true, false, false, true]
    let b = [true, false, true, false, false]
    let counts = try McNemar.discordantCounts(a, b)
    #expect(counts.onlyA == 2 && counts.onlyB == 1)
    // 2 vs 1 in 3 trials: 2·P(X ≤ 1) = 2·4/8 = 1.
    #expect(try McNemar.exact(a, b) == 1)
    #expect(throws: StatisticsError.lengthMismatch(field: "outcomes B", expected: 2, actual: 1)) {
      try McNemar.discordantCounts([true, false], [true])
    }
  }
}
