import Foundation

/// Intervals and tests for ratio metrics over clustered items that hold with few groups: the
/// jackknife cluster-robust variance (CR3) of the linearised ratio, with Student's t on G − 1
/// degrees of freedom (and, for a 0/1 rate, on the logit scale).
///
/// The percentile cluster bootstrap this replaces covered 83 % at 5 groups and 89 % at 13 and
/// rejected a true null 19 % of the time at 5 groups (`Reports/benchmarks/statistics.md`): with
/// few groups the resampled groups cannot show how much the next group could differ. CR3 with
/// t(G − 1) stays near its nominal level from 20 groups up in the same simulations and on real
/// users, needs no resampling (so no setting can make a test unable to reach α), and is
/// deterministic.
///
/// For a ratio r = ΣY/ΣX with group sums (Y_g, X_g): the linearised group scores are
/// e_g = (Y_g − r·X_g)/ΣX, the group's leverage h_g = X_g/ΣX (its weight in the ratio), and
/// Var(r) ≈ (G − 1)/G · Σ e_g²/(1 − h_g)² — the jackknife form MacKinnon, Nielsen and Webb
/// recommend with few or unequal clusters; with equal groups it is the usual G/(G − 1)
/// correction, and it inflates large groups more, as they deserve (real users are very
/// unequal: CR2, Σ e_g²/(1 − h_g), covered 0.4–0.5 points less on How We Swipe users). A paired
/// difference uses the difference of both sides' scores on the same groups, so what the groups
/// share cancels.
public enum ClusterRobustT {
  /// The method's name as summaries and comparisons record it.
  public static let methodName = "cluster-robust t: jackknife (CR3) variance of the linearised ratio, Student's t with groups − 1 degrees of freedom (0/1 rates on the logit scale)"

  /// What an interval of one ratio found.
  public struct Estimate: Sendable, Equatable {
    public var value: Double
    public var interval: Interval
    public var standardError: Double
    public var degreesOfFreedom: Int
  }

  /// The interval of `sample`'s ratio at `level`; nil with fewer than two groups, an undefined
  /// ratio, or one group holding every denominator (nothing to compare it with).
  ///
  /// - Parameter binary: items score 0 or 1 over 1 (top-k, error rates). When every group sits
  ///   at the same boundary (all hits, or none) the scores have no spread, and the interval is
  ///   Wilson's score interval on the items with the t quantile instead of a zero width. Other
  ///   0/1 rates get their interval on the logit scale (r ± t·SE, with SE/(r(1 − r)) there),
  ///   which follows the skew of a rate near 0 or 1 that a symmetric interval misses.
  /// - Parameter items: the items behind the sample when it was built from group sums (Wilson's n);
  ///   default the sample's own item count.
  public static func estimate(_ sample: ClusteredRatio, level: Double = 0.95, binary: Bool = false, items: Int? = nil) throws -> Estimate? {
    try Check.probability(level, name: "level")
    let total = sample.denominatorTotal
    guard let value = sample.value, total > 0, sample.groups >= 2 else { return nil }
    guard let standardError = jackknifeStandardError(groups: sample.groups, { g in
      (score: (sample.groupNumerators[g] - value * sample.groupDenominators[g]) / total, leverage: sample.groupDenominators[g] / total)
    }) else { return nil }
    let df = sample.groups - 1
    let t = StudentT.quantile(0.5 + level / 2, degreesOfFreedom: Double(df))
    // A ratio whose every item scores at most its denominator lies in [0, 1]; so does its interval.
    let bounded = zip(sample.groupNumerators, sample.groupDenominators).allSatisfy { $0 <= $1 }
    var low = value - t * standardError, high = value + t * standardError
    if binary, standardError > 0, value > 0, value < 1 {
      let centre = log(value / (1 - value)), half = t * standardError / (value * (1 - value))
      low = 1 / (1 + exp(-(centre - half)))
      high = 1 / (1 + exp(-(centre + half)))
    } else if binary, standardError == 0 {
      let n = Double(items ?? sample.items), t2 = t * t
      let centre = (value + t2 / (2 * n)) / (1 + t2 / n)
      let half = t / (1 + t2 / n) * (value * (1 - value) / n + t2 / (4 * n * n)).squareRoot()
      low = centre - half
      high = centre + half
    }
    low = max(low, 0)
    if bounded { high = min(high, 1) }
    return Estimate(value: value, interval: Interval(low: low, high: high, level: level), standardError: standardError, degreesOfFreedom: df)
  }

  /// A − B on the same items with its interval and two-sided p-value; nil with fewer than two
  /// groups, an undefined side, or one group holding every denominator.
  ///
  /// t = (A − B)/SE on G − 1 degrees of freedom; SE = 0 gives p = 1 for no difference and p = 0
  /// for a difference every group shows exactly (a 0/1 metric's verdict also needs McNemar,
  /// see ``PairedComparison``).
  public static func compare(_ pair: PairedRatios, level: Double = 0.95) throws -> PairedDifference? {
    try Check.probability(level, name: "level")
    let totalA = pair.groupDenominatorsA.reduce(0, +), totalB = pair.groupDenominatorsB.reduce(0, +)
    guard let valueA = pair.valueA, let valueB = pair.valueB, totalA > 0, totalB > 0, pair.groups >= 2 else { return nil }
    guard let standardError = jackknifeStandardError(groups: pair.groups, { g in
      (
        score: (pair.groupNumeratorsA[g] - valueA * pair.groupDenominatorsA[g]) / totalA
          - (pair.groupNumeratorsB[g] - valueB * pair.groupDenominatorsB[g]) / totalB,
        leverage: (pair.groupDenominatorsA[g] / totalA + pair.groupDenominatorsB[g] / totalB) / 2
      )
    }) else { return nil }
    let difference = valueA - valueB
    let df = Double(pair.groups - 1)
    let t = StudentT.quantile(0.5 + level / 2, degreesOfFreedom: df)
    let p: Double
    if standardError > 0 {
      p = StudentT.twoSidedP(difference / standardError, degreesOfFreedom: df)
    } else {
      p = difference == 0 ? 1 : 0
    }
    // Two ratios in [0, 1] differ by at most 1 either way; so does their interval.
    let bounded = (0..<pair.groups).allSatisfy {
      pair.groupNumeratorsA[$0] <= pair.groupDenominatorsA[$0] && pair.groupNumeratorsB[$0] <= pair.groupDenominatorsB[$0]
    }
    var low = difference - t * standardError, high = difference + t * standardError
    if bounded {
      low = max(low, -1)
      high = min(high, 1)
    }
    return PairedDifference(
      difference: difference, valueA: valueA, valueB: valueB,
      interval: Interval(low: low, high: high, level: level),
      pValue: p, standardError: standardError, items: pair.items, groups: pair.groups, degreesOfFreedom: pair.groups - 1)
  }

  /// √((G − 1)/G · Σ e_g²/(1 − h_g)²) from each group's linearised score e_g and leverage h_g;
  /// nil when one group has all the weight (h_g = 1: nothing to compare it with).
  private static func jackknifeStandardError(groups: Int, _ group: (Int) -> (score: Double, leverage: Double)) -> Double? {
    var variance = 0.0
    for g in 0..<groups {
      let (score, leverage) = group(g)
      guard leverage < 1 else { return nil }
      variance += score * score / ((1 - leverage) * (1 - leverage))
    }
    return (variance * (Double(groups - 1) / Double(groups))).squareRoot()
  }
}
