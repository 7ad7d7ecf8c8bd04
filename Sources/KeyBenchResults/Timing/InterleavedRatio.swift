import Foundation

/// The speed of B relative to A from interleaved repeats: the median of the per-round ratios
/// B ÷ A, with a distribution-free interval for that median.
///
/// A single pair of runs cannot say whether B is slower: this machine alone moves the same
/// binary's times by a third between phases. Running A and B alternately, round after round,
/// exposes both to the same phases; each round's ratio cancels what they share. The interval is
/// the order-statistic interval for a median ([r₍ₖ₎, r₍ₙ₋ₖ₊₁₎] covers it with probability
/// 1 − 2·P(Binomial(n, ½) < k)), exact whatever the ratios' distribution, so it needs no
/// assumption a handful of timings could not support.
public struct InterleavedRatio: Sendable, Codable, Equatable {
  /// B ÷ A per round, in round order.
  public var ratios: [Double]
  public var median: Double
  public var low: Double
  public var high: Double
  /// The interval's exact coverage (at least `level` when the rounds allow it).
  public var coverage: Double

  /// - Throws: ``StatisticsError`` unless there are at least 2 finite, positive ratios.
  public init(ratios: [Double], level: Double = 0.95) throws {
    guard ratios.count >= 2 else { throw StatisticsError.countOutOfRange(name: "rounds", value: ratios.count, expected: 2...1_000_000) }
    for (index, ratio) in ratios.enumerated() where !(ratio.isFinite && ratio > 0) {
      throw StatisticsError.notPositive(name: "ratio of round \(index + 1)", value: ratio)
    }
    guard level > 0, level < 1 else { throw StatisticsError.probabilityOutOfRange(name: "level", value: level) }
    self.ratios = ratios
    let sorted = ratios.sorted()
    let n = sorted.count
    median = Percentile.linear(sorted: sorted, at: 0.5) ?? sorted[0]
    // The largest k whose interval still reaches `level`; k = 1 (min…max) when none does.
    var k = 1
    var chosen = Self.coverage(n: n, k: 1)
    var candidate = 2
    while candidate <= n / 2 {
      let c = Self.coverage(n: n, k: candidate)
      guard c >= level else { break }
      k = candidate
      chosen = c
      candidate += 1
    }
    low = sorted[k - 1]
    high = sorted[n - k]
    coverage = chosen
  }

  /// P(r₍ₖ₎ ≤ median ≤ r₍ₙ₋ₖ₊₁₎) = 1 − 2·P(X ≤ k − 1), X ~ Binomial(n, ½).
  public static func coverage(n: Int, k: Int) -> Double {
    max(0, 1 - 2 * BinomialTail.lowerHalf(k - 1, trials: n))
  }
}
