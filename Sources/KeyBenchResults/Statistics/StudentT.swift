import Foundation

/// Student's t distribution, for the small-sample intervals and tests of ``ClusterRobustT``.
///
/// With G groups a cluster-robust variance has about G − 1 degrees of freedom; treating it as
/// known (a z-interval) or resampling few groups (the percentile bootstrap) is too narrow when G
/// is small, which is exactly where a verdict is most tempting and least deserved.
public enum StudentT {
  /// P(T ≤ t) for `degreesOfFreedom` > 0 (not necessarily whole).
  ///
  /// Through the regularized incomplete beta function: the two-sided tail P(|T| ≥ |t|) is
  /// I_{ν/(ν+t²)}(ν/2, 1/2). NaN for ν ≤ 0 or NaN input.
  public static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double {
    guard nu > 0, !t.isNaN, !nu.isNaN else { return .nan }
    if t.isInfinite { return t > 0 ? 1 : 0 }
    let tail = 0.5 * twoSidedTail(abs(t), nu)
    return t >= 0 ? 1 - tail : tail
  }

  /// P(|T| ≥ |t|), computed directly so small p-values keep their relative accuracy.
  public static func twoSidedP(_ t: Double, degreesOfFreedom nu: Double) -> Double {
    guard nu > 0, !t.isNaN, !nu.isNaN else { return .nan }
    if t.isInfinite { return 0 }
    return twoSidedTail(abs(t), nu)
  }

  /// The t with P(T ≤ t) = p: −∞ for 0, +∞ for 1, NaN outside [0, 1] or for ν ≤ 0.
  ///
  /// Bisection on ``cdf`` between bounds that are widened until they bracket p, to a relative
  /// width of 10⁻¹⁴ (monotone and robust; the cost is irrelevant next to reading a results file).
  public static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
    guard p >= 0, p <= 1, nu > 0, !nu.isNaN else { return .nan }
    if p == 0 { return -.infinity }
    if p == 1 { return .infinity }
    if p == 0.5 { return 0 }
    if p < 0.5 { return -quantile(1 - p, degreesOfFreedom: nu) }
    // Upper half: the tail q = 1 − p is exact for p > 0.5 and what the search matches.
    let q = 1 - p
    var low = 0.0, high = 1.0
    while 0.5 * twoSidedTail(high, nu) > q, high < 1e300 { high *= 2 }
    for _ in 0..<2_000 {
      let middle = 0.5 * (low + high)
      if 0.5 * twoSidedTail(middle, nu) > q { low = middle } else { high = middle }
      if high - low <= 1e-14 * high { break }
    }
    return 0.5 * (low + high)
  }

  private static func twoSidedTail(_ t: Double, _ nu: Double) -> Double {
    let x = nu / (nu + t * t)
    return regularizedBeta(x, a: nu / 2, b: 0.5)
  }

  /// I_x(a, b) by the continued fraction of the incomplete beta function (modified Lentz),
  /// using the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction converges slowly.
  static func regularizedBeta(_ x: Double, a: Double, b: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
    if x < (a + 1) / (a + b + 2) {
      return exp(logFront) * continuedFraction(x, a: a, b: b) / a
    }
    let logFrontSwapped = lgamma(a + b) - lgamma(a) - lgamma(b) + b * log1p(-x) + a * log(x)
    return 1 - exp(logFrontSwapped) * continuedFraction(1 - x, a: b, b: a) / b
  }

  private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
    let tiny = 1e-300
    var c = 1.0
    var d = 1 - (a + b) * x / (a + 1)
    if abs(d) < tiny { d = tiny }
    d = 1 / d
    var result = d
    for m in 1...10_000 {
      let m = Double(m)
      // Even step.
      var numerator = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
      d = 1 + numerator * d
      if abs(d) < tiny { d = tiny }
      c = 1 + numerator / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      result *= d * c
      // Odd step.
      numerator = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
      d = 1 + numerator * d
      if abs(d) < tiny { d = tiny }
      c = 1 + numerator / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      let step = d * c
      result *= step
      if abs(step - 1) < 1e-16 { break }
    }
    return result
  }
}
