import Foundation

/// The standard normal distribution, for z-values of Wald intervals and power calculations.
public enum NormalDistribution {
  /// P(Z ≤ x), through Foundation's `erfc` so the lower tail keeps full relative accuracy.
  ///
  /// The rounding of −x/√2 would cost up to x²·10⁻¹⁶ of relative accuracy far in the tail
  /// (2·10⁻¹³ at x = −37), so its error δ is carried to first order: erfc(z + δ) ≈ erfc(z) − δ·2e^(−z²)/√π.
  public static func cdf(_ x: Double) -> Double {
    guard x.isFinite else { return x.isNaN ? .nan : (x > 0 ? 1 : 0) }
    let z = -x * inverseRootTwoHigh
    // (−x/√2) − z: the rounding error of the product (exact by fma) plus −x times the low part.
    let delta = (-z).addingProduct(-x, inverseRootTwoHigh) + (-x) * inverseRootTwoLow
    return 0.5 * (erfc(z) - delta * twoOverRootPi * exp(-z * z))
  }

  /// 1/√2 as the nearest double plus the remainder, and 2/√π.
  private static let inverseRootTwoHigh = 0.7071067811865476
  private static let inverseRootTwoLow = -4.833646656726457e-17
  private static let twoOverRootPi = 1.1283791670955126

  /// The x with P(Z ≤ x) = p: −∞ for 0, +∞ for 1, NaN outside [0, 1].
  ///
  /// Acklam's rational approximation (relative error below 1.2·10⁻⁹) refined by one Halley
  /// step on `cdf`, which brings it to about machine precision. Upper-tail p are handled as
  /// −quantile(1 − p), where 1 − p is exact, so both tails are computed where `erfc` is accurate.
  public static func quantile(_ p: Double) -> Double {
    guard p >= 0, p <= 1 else { return .nan }
    if p == 0 { return -.infinity }
    if p == 1 { return .infinity }
    if p > 0.5 { return -lowerQuantile(1 - p) }
    return lowerQuantile(p)
  }

  /// The quantile for 0 < p ≤ 1/2.
  private static func lowerQuantile(_ p: Double) -> Double {
    var x = acklam(p)
    let error = cdf(x) - p
    let step = error * (2 * Double.pi).squareRoot() * exp(x * x / 2)
    if step.isFinite { x -= step / (1 + x * step / 2) }
    return x
  }

  private static func acklam(_ p: Double) -> Double {
    let a = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
             1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00]
    let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
             6.680131188771972e+01, -1.328068155288572e+01]
    let c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
             -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00]
    let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
    if p < 0.02425 {
      let q = (-2 * log(p)).squareRoot()
      let numerator = ((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]
      let denominator = (((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1
      return numerator / denominator
    }
    let q = p - 0.5
    let r = q * q
    let numerator = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
    let denominator = ((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1
    return numerator / denominator
  }
}
