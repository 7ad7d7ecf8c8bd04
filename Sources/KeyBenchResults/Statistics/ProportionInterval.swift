import Foundation

/// Intervals for a plain binomial proportion, used to say how precisely a simulation measured
/// a coverage or a rejection rate.
public enum ProportionInterval {
  /// The Wilson score interval for `successes` out of `trials`, which unlike the Wald interval
  /// stays inside [0, 1] and behaves near 0 and 1. Throws for trials < 1, successes outside
  /// 0…trials, or level outside (0, 1).
  public static func wilson(successes: Int, trials: Int, level: Double = 0.95) throws -> Interval {
    try Check.count(trials, name: "trials", in: 1...Int.max)
    try Check.count(successes, name: "successes", in: 0...trials)
    try Check.probability(level, name: "level")
    let z = NormalDistribution.quantile(0.5 + level / 2)
    let n = Double(trials)
    let x = Double(successes)
    let centre = (x + z * z / 2) / (n + z * z)
    let half = z / (n + z * z) * (x * (n - x) / n + z * z / 4).squareRoot()
    return Interval(low: max(0, centre - half), high: min(1, centre + half), level: level)
  }
}
