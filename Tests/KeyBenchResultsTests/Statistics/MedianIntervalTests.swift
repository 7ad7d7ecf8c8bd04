import Foundation
import KeyBenchCore
import KeyBenchResults
import Testing

@Suite struct MedianIntervalTests {
  @Test func sixRoundsGiveMinToMaxWithCoverageWorkedByHand() throws {
    // n = 6: k = 1 covers 1 − 2·P(X ≤ 0) = 1 − 2/64 = 0.96875; k = 2 would cover 1 − 2·7/64 = 0.78.
    let interval = try MedianInterval([4.1, 3.9, 5.0, 4.0, 4.4, 3.7])
    #expect(interval.median == (4.0 + 4.1) / 2)
    #expect(interval.low == 3.7 && interval.high == 5.0)
    #expect(abs(interval.coverage - 0.96875) < 1e-15)
    #expect(interval.count == 6)
  }

  @Test func nineRoundsDropTheExtremes() throws {
    // n = 9: P(X ≤ 1) = 10/512, so k = 2 covers 1 − 20/512 = 0.9609…; k = 3: 1 − 2·46/512 = 0.82.
    let values = (1...9).map(Double.init)
    let interval = try MedianInterval(values.reversed())
    #expect(interval.low == 2 && interval.high == 8 && interval.median == 5)
    #expect(abs(interval.coverage - (1 - 20.0 / 512)) < 1e-15)
  }

  /// Differences (points) may be negative or zero: unlike a ratio, a median of them is defined.
  @Test func acceptsNegativeValuesAndRefusesTooFewOrNonFinite() throws {
    let interval = try MedianInterval([-0.5, 0, 0.25])
    #expect(interval.median == 0 && interval.low == -0.5 && interval.high == 0.25)
    #expect(throws: StatisticsError.self) { try MedianInterval([1.0]) }
    #expect(throws: StatisticsError.self) { try MedianInterval([1.0, .nan]) }
    #expect(throws: StatisticsError.self) { try MedianInterval([1.0, 2.0], level: 1) }
  }

  /// The stated coverage holds on skewed data (log-normal timings, true median 1): 20,000 sets
  /// of 6 rounds should cover in 96.9 % of them (binomial SD 0.12 points, so ±0.5 points is ±4 SD),
  /// and sets of 12 rounds (k = 3) in 96.1 %.
  @Test func coverageMatchesItsStatementBySimulation() throws {
    var generator = SeededGenerator(seed: 45)
    for rounds in [6, 12] {
      var covered = 0
      var stated = 0.0
      let sets = 20_000
      for _ in 0..<sets {
        let values = (0..<rounds).map { _ -> Double in
          // Box–Muller normal, exponentiated: a right-skewed timing with median exactly 1.
          let u = Double.random(in: Double.ulpOfOne..<1, using: &generator)
          let v = Double.random(in: 0..<1, using: &generator)
          return exp(0.3 * sqrt(-2 * log(u)) * cos(2 * .pi * v))
        }
        let interval = try MedianInterval(values)
        stated = interval.coverage
        if interval.low <= 1 && 1 <= interval.high { covered += 1 }
      }
      let observed = Double(covered) / Double(sets)
      #expect(abs(observed - stated) < 0.005, "\(rounds) rounds: covered \(observed), stated \(stated)")
    }
  }
}
