/// Power planning for a two-sided z-test on a difference whose standard error is known from
/// an earlier run, e.g. the `PairedDifference.standardError` of a pilot comparison.
public enum Power {
  /// The smallest true difference a two-sided test at `alpha` detects with probability
  /// `power`: (z₁₋α/₂ + z_power)·SE. Throws unless SE > 0 and alpha, power lie in (0, 1).
  public static func minimumDetectableEffect(standardError: Double, alpha: Double = 0.05, power: Double = 0.8) throws -> Double {
    try Check.positive(standardError, name: "standard error")
    try Check.probability(alpha, name: "alpha")
    try Check.probability(power, name: "power")
    return multiplier(alpha: alpha, power: power) * standardError
  }

  /// The probability that a two-sided test at `alpha` rejects when the true difference is
  /// `effect`: Φ(δ/SE − z₁₋α/₂) + Φ(−δ/SE − z₁₋α/₂). Throws unless effect, SE > 0 and alpha in (0, 1).
  public static func power(effect: Double, standardError: Double, alpha: Double = 0.05) throws -> Double {
    try Check.positive(effect, name: "effect")
    try Check.positive(standardError, name: "standard error")
    try Check.probability(alpha, name: "alpha")
    let z = NormalDistribution.quantile(1 - alpha / 2)
    let shift = effect / standardError
    return NormalDistribution.cdf(shift - z) + NormalDistribution.cdf(-shift - z)
  }

  /// How many groups (users, typists) a study needs to detect `effect` with probability `power`,
  /// from a standard error observed with `groups` groups.
  ///
  /// Assumes the new groups are like the observed ones (same spread between groups, same number
  /// of items per group), so the standard error scales as 1/√groups:
  /// needed = ⌈groups·((z₁₋α/₂ + z_power)·SE / effect)²⌉, at least 2 (one group shows no spread).
  /// Throws unless effect, SE > 0, groups ≥ 2 and alpha, power in (0, 1); nil when the answer
  /// does not fit in an `Int`.
  public static func groupsNeeded(
    effect: Double, standardError: Double, groups: Int, alpha: Double = 0.05, power: Double = 0.8
  ) throws -> Int? {
    try Check.positive(effect, name: "effect")
    try Check.positive(standardError, name: "standard error")
    try Check.count(groups, name: "groups", in: 2...Int.max)
    try Check.probability(alpha, name: "alpha")
    try Check.probability(power, name: "power")
    let scale = multiplier(alpha: alpha, power: power) * standardError / effect
    let needed = Double(groups) * scale * scale
    guard needed < 0x1p62 else { return nil }
    // An exact integer answer must not become the next one through rounding error.
    let nearest = needed.rounded()
    let whole = abs(needed - nearest) <= 1e-9 * nearest ? nearest : needed.rounded(.up)
    return max(2, Int(whole))
  }

  /// z₁₋α/₂ + z_power: the standard errors between "no effect" and an effect detected with
  /// probability `power` by a two-sided test at `alpha` (2.80 at 0.05 and 0.8).
  public static func multiplier(alpha: Double, power: Double) -> Double {
    NormalDistribution.quantile(1 - alpha / 2) + NormalDistribution.quantile(power)
  }
}
