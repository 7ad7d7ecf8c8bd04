import Foundation

/// The median of a few repeated measurements with a distribution-free interval for it.
///
/// Timings on a shared machine are skewed and few (a handful of interleaved rounds), so no
/// normal or bootstrap interval is trustworthy; the order-statistic interval
/// [x₍ₖ₎, x₍ₙ₋ₖ₊₁₎] covers the median with probability 1 − 2·P(Binomial(n, ½) < k) whatever the
/// distribution. One definition serves time ratios (``InterleavedRatio``) and the seed pages'
/// timing rows.
public struct MedianInterval: Sendable, Codable, Equatable {
  public var median: Double
  public var low: Double
  public var high: Double
  /// The interval's exact coverage: at least `level` when the rounds allow it, else that of the
  /// widest interval there is (minimum to maximum).
  public var coverage: Double
  /// How many values it was computed from.
  public var count: Int

  /// - Throws: ``StatisticsError`` unless there are at least 2 values, all finite, and `level` is
  ///   strictly between 0 and 1.
  public init(_ values: [Double], level: Double = 0.95) throws {
    guard values.count >= 2 else { throw StatisticsError.countOutOfRange(name: "rounds", value: values.count, expected: 2...1_000_000) }
    for (index, value) in values.enumerated() where !value.isFinite {
      throw StatisticsError.nonFinite(field: "rounds", item: index, value: value)
    }
    guard level > 0, level < 1 else { throw StatisticsError.probabilityOutOfRange(name: "level", value: level) }
    let sorted = values.sorted()
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
    count = n
  }

  /// P(x₍ₖ₎ ≤ median ≤ x₍ₙ₋ₖ₊₁₎) = 1 − 2·P(X ≤ k − 1), X ~ Binomial(n, ½).
  public static func coverage(n: Int, k: Int) -> Double {
    max(0, 1 - 2 * BinomialTail.lowerHalf(k - 1, trials: n))
  }
}
