/// Which of several contenders scored on the same items is more accurate, pair by pair: the
/// verdicts a leaderboard ranks by and a sweep's frontier and best are decided by.
///
/// Every pair's comparison is one test of one family, so Holm adjusts across all of them: with
/// twenty configurations a sweep makes 190 comparisons, and picking the one that happened to
/// clear α = 0.05 unadjusted would crown noise. A pair with too few groups, or with no
/// significant difference, has no winner.
public enum PairedVerdicts {
  /// The comparison of contenders `i` and `j` (A = i, B = j) of one metric.
  public struct Pair: Sendable {
    public var i: Int
    public var j: Int
    public var comparison: MetricComparison

    public init(i: Int, j: Int, comparison: MetricComparison) {
      self.i = i
      self.j = j
      self.comparison = comparison
    }
  }

  /// `matrix[i][j]`: true when contender i is more accurate than j after Holm across `pairs`,
  /// false when they were compared and i is not, nil when they were never compared (they share
  /// no items, so only their intervals can tell).
  public static func matrix(count: Int, pairs: [Pair], alpha: Double = 0.05) -> [[Bool?]] {
    var verdicts = [[Bool?]](repeating: [Bool?](repeating: nil, count: count), count: count)
    let report = ComparisonReport(comparisons: pairs.map(\.comparison), group: "group", settings: .init(), alpha: alpha)
    for (position, pair) in pairs.enumerated() {
      // B − A is j's value minus i's; +1 means j (B) is better, in the metric's own direction.
      let direction = report.comparisons[position].direction(alpha: report.alpha)
      verdicts[pair.i][pair.j] = direction == -1
      verdicts[pair.j][pair.i] = direction == 1
    }
    return verdicts
  }
}
