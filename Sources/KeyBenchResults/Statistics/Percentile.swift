/// The one percentile definition KeyBench uses, so bootstrap intervals agree with R's default
/// (`quantile(type = 7)`) and NumPy's default (`method = "linear"`).
public enum Percentile {
  /// Linear interpolation between order statistics (Hyndman & Fan type 7): with the values
  /// sorted ascending as x[0…m−1], h = (m − 1)·q and the result is
  /// x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]). `q` is clamped to [0, 1]; nil for no values.
  public static func linear(sorted values: [Double], at q: Double) -> Double? {
    guard !values.isEmpty, !q.isNaN else { return nil }
    let position = Double(values.count - 1) * min(max(q, 0), 1)
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, values.count - 1)
    let fraction = position - Double(lower)
    if fraction == 0 || values[upper] == values[lower] { return values[lower] }
    return values[lower] + fraction * (values[upper] - values[lower])
  }

  /// The equal-tailed percentile interval of `values` (any order) at `level`.
  static func interval(of values: [Double], level: Double) -> Interval? {
    let sorted = values.sorted()
    let tail = (1 - level) / 2
    guard let low = linear(sorted: sorted, at: tail), let high = linear(sorted: sorted, at: 1 - tail) else {
      return nil
    }
    return Interval(low: low, high: high, level: level)
  }

  /// The sample standard deviation (n − 1 in the denominator); 0 for fewer than two values.
  /// Deviations are taken from the first value before averaging, so equal values give exactly 0.
  static func standardDeviation(of values: [Double]) -> Double {
    guard values.count > 1, let origin = values.first else { return 0 }
    let mean = values.reduce(0) { $0 + ($1 - origin) } / Double(values.count)
    let squares = values.reduce(0) { $0 + ($1 - origin - mean) * ($1 - origin - mean) }
    return (squares / Double(values.count - 1)).squareRoot()
  }
}
