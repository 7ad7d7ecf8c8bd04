import KeyBenchResults
import Testing

@Suite struct ClusteredRatioTests {
  /// Three typists, keystrokes saved / keystrokes per word:
  ///   carol: 1/1, 0/1      → 1 / 2
  ///   alice: 2/4, 1/2      → 3 / 6
  ///   bob:   0/3           → 0 / 3
  /// Ratio = (1 + 3 + 0) / (2 + 6 + 3) = 4/11. Groups sorted: alice, bob, carol.
  /// Naive SE: residuals y − (4/11)·x are 7/11, −4/11, 6/11, 3/11, −12/11; their squares sum to
  /// (49 + 16 + 36 + 9 + 144)/121 = 254/121, so SE = √254 / 11 / 11 = √254 / 121.
  @Test func threeGroupsWorkedByHand() throws {
    let rows: [(group: String, numerator: Double, denominator: Double)] = [
      ("carol", 1, 1), ("alice", 2, 4), ("bob", 0, 3), ("carol", 0, 1), ("alice", 1, 2),
    ]
    let ratio = try ClusteredRatio(rows)
    #expect(ratio.items == 5)
    #expect(ratio.groups == 3)
    #expect(ratio.groupNames == ["alice", "bob", "carol"])
    #expect(ratio.groupNumerators == [3, 0, 1])
    #expect(ratio.groupDenominators == [6, 3, 2])
    #expect(ratio.value == 4.0 / 11.0)
    let naive = try #require(ratio.naiveStandardError)
    #expect(abs(naive - 254.0.squareRoot() / 121) < 1e-15)
  }

  @Test func hitsGiveTheBinomialStandardError() throws {
    // 7 hits in 10 items: p = 0.7, naive SE = √(0.7·0.3/10) = √0.021.
    let hits = [true, true, false, true, true, false, true, true, false, true]
    let ratio = try ClusteredRatio(groups: ["a", "a", "b", "b", "b", "c", "c", "c", "c", "d"], hits: hits)
    #expect(ratio.value == 0.7)
    #expect(abs(try #require(ratio.naiveStandardError) - 0.021.squareRoot()) < 1e-15)
    let interval = try #require(try ratio.naiveInterval(level: 0.95))
    // Wald: 0.7 ± 1.959963984540054·√0.021 (z from scipy.stats.norm.ppf(0.975)).
    #expect(abs(interval.low - (0.7 - 1.959963984540054 * 0.021.squareRoot())) < 1e-12)
    #expect(abs(interval.high - (0.7 + 1.959963984540054 * 0.021.squareRoot())) < 1e-12)
  }

  @Test func groupOrderDoesNotDependOnRowOrder() throws {
    let forward = try ClusteredRatio(groups: ["b", "a", "c", "a"], numerators: [0.5, 2, 1, 3], denominators: [1, 4, 2, 5])
    let shuffled = try ClusteredRatio(groups: ["c", "a", "b", "a"], numerators: [1, 2, 0.5, 3], denominators: [2, 4, 1, 5])
    #expect(forward == shuffled)
    #expect(forward.groupNames == ["a", "b", "c"])
  }

  @Test func undefinedWhenDenominatorsSumToZero() throws {
    let empty = try ClusteredRatio(groups: [], numerators: [], denominators: [])
    #expect(empty.items == 0 && empty.groups == 0)
    #expect(empty.value == nil && empty.naiveStandardError == nil)
    let zero = try ClusteredRatio(groups: ["a", "b"], numerators: [0, 0], denominators: [0, 0])
    #expect(zero.value == nil)
    #expect(try zero.naiveInterval() == nil)
  }

  @Test func rejectsInvalidItems() {
    #expect(throws: StatisticsError.nonFinite(field: "numerator", item: 1, value: .infinity)) {
      try ClusteredRatio(groups: ["a", "b"], numerators: [1, .infinity], denominators: [1, 1])
    }
    #expect(throws: StatisticsError.negativeDenominator(field: "denominator", item: 0, value: -1)) {
      try ClusteredRatio(groups: ["a"], numerators: [1], denominators: [-1])
    }
    #expect(throws: StatisticsError.lengthMismatch(field: "denominator", expected: 2, actual: 1)) {
      try ClusteredRatio(groups: ["a", "b"], numerators: [1, 1], denominators: [1])
    }
    #expect(throws: StatisticsError.self) {
      try ClusteredRatio(groups: ["a"], numerators: [.nan], denominators: [1])
    }
    #expect(throws: StatisticsError.probabilityOutOfRange(name: "level", value: 1)) {
      try ClusteredRatio(groups: ["a"], hits: [true]).naiveInterval(level: 1)
    }
  }
}
