import Foundation

/// The speed of B relative to A from interleaved repeats: the median of the per-round ratios
/// B ÷ A, with a distribution-free interval for that median.
///
/// A single pair of runs cannot say whether B is slower: this machine alone moves the same
/// binary's times by a third between phases. Running A and B alternately, round after round,
/// exposes both to the same phases; each round's ratio cancels what they share. The interval is
/// the order-statistic interval for a median (``MedianInterval``), exact whatever the ratios'
/// distribution, so it needs no assumption a handful of timings could not support.
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
    let interval = try MedianInterval(ratios, level: level)
    self.ratios = ratios
    median = interval.median
    low = interval.low
    high = interval.high
    coverage = interval.coverage
  }

  /// P(r₍ₖ₎ ≤ median ≤ r₍ₙ₋ₖ₊₁₎): ``MedianInterval/coverage(n:k:)``.
  public static func coverage(n: Int, k: Int) -> Double { MedianInterval.coverage(n: n, k: k) }
}
