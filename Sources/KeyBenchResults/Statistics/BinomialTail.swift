import Foundation

/// Lower tail of the binomial(n, 1/2) distribution, accurate for n in the millions.
///
/// The largest term P(X = k) comes from Loader's saddle-point form (Loader 2000, "Fast and
/// accurate computation of binomial probabilities"), which avoids the cancellation of
/// lgamma(n+1) − lgamma(k+1) − lgamma(n−k+1) for large n; the smaller terms follow by the
/// ratio P(X = i−1) / P(X = i) = i / (n − i + 1), summed relative to the largest term until
/// they no longer change the sum.
enum BinomialTail {
  /// P(X ≤ k) for X ~ binomial(n, 1/2), 0 ≤ k ≤ n.
  static func lowerHalf(_ k: Int, trials n: Int) -> Double {
    if k >= n { return 1 }
    if k == 0 { return Double(sign: .plus, exponent: -n, significand: 1) }
    var sum = 1.0
    var term = 1.0
    var i = k
    while i > 0 {
      term *= Double(i) / Double(n - i + 1)
      sum += term
      if term < sum * 0x1p-60 { break }
      i -= 1
    }
    return min(1, exp(logHalfProbability(k, trials: n) + log(sum)))
  }

  /// log P(X = x) for X ~ binomial(n, 1/2), 0 < x < n.
  static func logHalfProbability(_ x: Int, trials n: Int) -> Double {
    let half = Double(n) / 2
    let xs = Double(x)
    let rest = Double(n - x)
    return stirlingError(n) - stirlingError(x) - stirlingError(n - x)
      - deviance(xs, mean: half) - deviance(rest, mean: half)
      + 0.5 * log(Double(n) / (2 * Double.pi * xs * rest))
  }

  /// log(n!) − log(√(2πn)·(n/e)ⁿ), the error of Stirling's formula, for n ≥ 1.
  static func stirlingError(_ n: Int) -> Double {
    let x = Double(n)
    if n <= 15 {
      var factorial = 1.0
      for i in stride(from: 2, through: n, by: 1) { factorial *= Double(i) }
      return log(factorial) - (x + 0.5) * log(x) + x - 0.5 * log(2 * Double.pi)
    }
    // Stirling's series 1/(12n) − 1/(360n³) + 1/(1260n⁵) − 1/(1680n⁷) + 1/(1188n⁹).
    let square = x * x
    return (1.0 / 12 - (1.0 / 360 - (1.0 / 1260 - (1.0 / 1680 - 1.0 / 1188 / square) / square) / square) / square) / x
  }

  /// x·log(x/m) + m − x without cancellation when x is close to m.
  static func deviance(_ x: Double, mean m: Double) -> Double {
    guard abs(x - m) < 0.1 * (x + m) else { return x * log(x / m) + m - x }
    // With v = (x − m)/(x + m): (x − m)·v + Σ_{j≥1} 2x·v^(2j+1)/(2j+1).
    let v = (x - m) / (x + m)
    var sum = (x - m) * v
    var power = 2 * x * v
    var j = 1.0
    while true {
      power *= v * v
      let next = sum + power / (2 * j + 1)
      if next == sum { return sum }
      sum = next
      j += 1
    }
  }
}
