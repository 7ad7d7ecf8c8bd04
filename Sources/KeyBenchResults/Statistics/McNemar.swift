/// McNemar's exact test for two classifiers on the same items: only the items exactly one of
/// them gets right carry information, and under "equally good" each such item is a fair coin.
///
/// It treats items as independent, so on clustered items (several words per typist) it is
/// too eager to reject when the better algorithm differs from group to group; prefer
/// `PairedBootstrap` there and use this as the classic per-item check.
public enum McNemar {
  /// The exact two-sided p-value: the two-sided binomial test of min(b, c) successes in b + c
  /// trials with p = 1/2, that is min(1, 2·P(X ≤ min(b, c))). 1 when b + c = 0.
  /// Accurate for b + c in the millions. Counts must be 0 or more.
  public static func exact(onlyA: Int, onlyB: Int) -> Double {
    precondition(onlyA >= 0 && onlyB >= 0, "McNemar counts must be 0 or more")
    let (trials, overflow) = onlyA.addingReportingOverflow(onlyB)
    precondition(!overflow, "McNemar counts overflow")
    guard trials > 0 else { return 1 }
    let smaller = min(onlyA, onlyB)
    if 2 * smaller >= trials - 1 { return 1 }  // P(X ≤ min) ≥ 1/2
    return min(1, 2 * BinomialTail.lowerHalf(smaller, trials: trials))
  }

  /// The discordant counts of two per-item outcomes: items only A got right, items only B did.
  /// Throws `StatisticsError.lengthMismatch` unless both cover the same items.
  public static func discordantCounts(_ a: [Bool], _ b: [Bool]) throws -> (onlyA: Int, onlyB: Int) {
    guard a.count == b.count else { throw StatisticsError.lengthMismatch(field: "outcomes B", expected: a.count, actual: b.count) }
    var onlyA = 0
    var onlyB = 0
    for (hitA, hitB) in zip(a, b) where hitA != hitB {
      if hitA { onlyA += 1 } else { onlyB += 1 }
    }
    return (onlyA, onlyB)
  }

  /// `exact(onlyA:onlyB:)` on the discordant counts of two per-item outcomes.
  public static func exact(_ a: [Bool], _ b: [Bool]) throws -> Double {
    let counts = try discordantCounts(a, b)
    return exact(onlyA: counts.onlyA, onlyB: counts.onlyB)
  }
}
