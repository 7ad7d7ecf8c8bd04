import KeyBenchResults
import Testing

@Suite struct PowerTests {
  /// z₀.₉₇₅ and z₀.₈ from the scipy fixture, not from our own quantile.
  static func z(_ p: Double) throws -> Double {
    try #require(try StatisticsReference.load().normalQuantile.first { $0.p == p }).x
  }

  @Test func minimumDetectableEffectIsZSumTimesSE() throws {
    let expected = (try Self.z(0.975) + Self.z(0.8)) * 0.02  // ≈ 2.8016·0.02 = 0.05603
    let effect = try Power.minimumDetectableEffect(standardError: 0.02, alpha: 0.05, power: 0.8)
    #expect(abs(effect - expected) < 1e-14)
  }

  @Test func groupsScaleWithTheSquareOfTheEffect() throws {
    let mde = try Power.minimumDetectableEffect(standardError: 0.02)
    // The effect detectable with the observed 50 groups needs those 50; half of it 4× as many.
    #expect(try Power.groupsNeeded(effect: mde, standardError: 0.02, groups: 50) == 50)
    #expect(try Power.groupsNeeded(effect: mde / 2, standardError: 0.02, groups: 50) == 200)
    #expect(try Power.groupsNeeded(effect: mde * 0.9, standardError: 0.02, groups: 50) == 62)  // 50/0.81 = 61.7
    #expect(try Power.groupsNeeded(effect: mde * 100, standardError: 0.02, groups: 50) == 2)
    #expect(try Power.groupsNeeded(effect: 1e-300, standardError: 0.02, groups: 50) == nil)
  }

  @Test func powerAtTheMinimumDetectableEffectIsTheAskedPower() throws {
    let mde = try Power.minimumDetectableEffect(standardError: 0.01, alpha: 0.01, power: 0.9)
    // The far tail Φ(−δ/SE − z) adds about 1e-9 here.
    #expect(abs(try Power.power(effect: mde, standardError: 0.01, alpha: 0.01) - 0.9) < 1e-8)
  }

  @Test func rejectsParametersOutOfRange() {
    #expect(throws: StatisticsError.probabilityOutOfRange(name: "alpha", value: 0)) {
      try Power.minimumDetectableEffect(standardError: 1, alpha: 0)
    }
    #expect(throws: StatisticsError.probabilityOutOfRange(name: "power", value: 1)) {
      try Power.minimumDetectableEffect(standardError: 1, power: 1)
    }
    #expect(throws: StatisticsError.notPositive(name: "standard error", value: 0)) {
      try Power.minimumDetectableEffect(standardError: 0)
    }
    #expect(throws: StatisticsError.notPositive(name: "effect", value: -0.1)) {
      try Power.groupsNeeded(effect: -0.1, standardError: 1, groups: 10)
    }
    #expect(throws: StatisticsError.countOutOfRange(name: "groups", value: 1, expected: 2...Int.max)) {
      try Power.groupsNeeded(effect: 0.1, standardError: 1, groups: 1)
    }
  }
}
