import KeyBenchResults
import Testing

@Suite struct PairedBootstrapTests {
  /// u1: A hits 2 of 2, B 1 of 2; u2: A 2 of 3, B 1 of 3. A = 4/5, B = 2/5, A − B = 0.4.
  /// Resamples of two groups: {u1,u1} → 4/4 − 2/4 = 0.5; {u2,u2} → 4/6 − 2/6 = 1/3;
  /// {u1,u2} → 0.4. No replicate is as far as 0.4 from 0.4, so p = 1/(B + 1), and both 2.5 %
  /// tails hold a point mass: the 95 % interval is exactly [1/3, 1/2].
  static func worked() throws -> PairedRatios {
    try PairedRatios(
      groups: ["u1", "u1", "u2", "u2", "u2"],
      hitsA: [true, true, false, true, true],
      hitsB: [true, false, false, false, true])
  }

  @Test func twoGroupsWorkedByHand() throws {
    let result = try PairedBootstrap.compare(Self.worked(), resamples: 2_000, seed: 8)
    #expect(result.valueA == 0.8 && result.valueB == 0.4)
    #expect(abs(result.difference - 0.4) < 1e-15)
    #expect(result.pValue == 1.0 / 2_001)
    #expect(result.interval.low == 4.0 / 6.0 - 2.0 / 6.0)
    #expect(result.interval.high == 0.5)
    #expect(result.items == 5 && result.groups == 2 && result.resamples == 2_000)
  }

  @Test func identicalAlgorithmsGivePValueOne() throws {
    let data = SyntheticClusters.standard.hits(seed: 4)
    let pair = try PairedRatios(groups: data.groups, hitsA: data.hits, hitsB: data.hits)
    let result = try PairedBootstrap.compare(pair, resamples: 300, seed: 1)
    #expect(result.difference == 0 && result.pValue == 1)
    #expect(result.interval.low == 0 && result.interval.high == 0 && result.standardError == 0)
  }

  @Test func swappingAAndBNegatesTheDifference() throws {
    let data = try SyntheticClusters.standard.pairedHits(seed: 21, interaction: 0.1)
    let pair = try PairedRatios(groups: data.groups, hitsA: data.hitsA, hitsB: data.hitsB)
    let forward = try PairedBootstrap.compare(pair, resamples: 999, seed: 77)
    let backward = try PairedBootstrap.compare(pair.swapped, resamples: 999, seed: 77)
    #expect(backward.difference == -forward.difference)
    #expect(backward.pValue == forward.pValue)
    #expect(backward.standardError == forward.standardError)
    #expect(abs(backward.interval.low + forward.interval.high) < 1e-12)
    #expect(abs(backward.interval.high + forward.interval.low) < 1e-12)
  }

  @Test func sameSeedSameResultOtherSeedOtherInterval() throws {
    let data = try SyntheticClusters.standard.pairedHits(seed: 5, interaction: 0.05)
    let pair = try PairedRatios(groups: data.groups, hitsA: data.hitsA, hitsB: data.hitsB)
    let first = try PairedBootstrap.compare(pair, resamples: 400, seed: 1)
    #expect(first == (try PairedBootstrap.compare(pair, resamples: 400, seed: 1)))
    #expect(first.interval != (try PairedBootstrap.compare(pair, resamples: 400, seed: 2)).interval)
  }

  @Test func rowsAndArraysAgree() throws {
    let rows: [(group: String, numeratorA: Double, denominatorA: Double, numeratorB: Double, denominatorB: Double)] = [
      ("u1", 1, 1, 1, 1), ("u1", 1, 1, 0, 1), ("u2", 0, 1, 0, 1), ("u2", 1, 1, 0, 1), ("u2", 1, 1, 1, 1),
    ]
    #expect(try PairedRatios(rows) == Self.worked())
  }

  @Test func rejectsUndefinedRatiosAndBadParameters() throws {
    let noB = try PairedRatios(
      groups: ["a"], numeratorsA: [1], denominatorsA: [1], numeratorsB: [0], denominatorsB: [0])
    #expect(throws: StatisticsError.undefinedRatio("B")) { try PairedBootstrap.compare(noB, resamples: 10, seed: 1) }
    #expect(throws: StatisticsError.countOutOfRange(name: "resamples", value: 0, expected: 1...1_000_000)) {
      try PairedBootstrap.compare(Self.worked(), resamples: 0, seed: 1)
    }
    #expect(throws: StatisticsError.probabilityOutOfRange(name: "level", value: 0)) {
      try PairedBootstrap.compare(Self.worked(), resamples: 10, seed: 1, level: 0)
    }
    #expect(throws: StatisticsError.lengthMismatch(field: "hits B", expected: 2, actual: 1)) {
      try PairedRatios(groups: ["a", "b"], hitsA: [true, false], hitsB: [true])
    }
  }
}
