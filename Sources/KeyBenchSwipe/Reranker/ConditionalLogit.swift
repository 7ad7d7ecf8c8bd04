import Foundation

/// Fits a linear ranking score by conditional (multinomial) logit: for each gesture, the
/// probability of the right candidate among its pool is softmax(w · x), and w maximises the
/// summed log-probability minus `l2`/2 · |w|².
///
/// The objective is concave, so Newton's method with a backtracking step finds its one maximum
/// in a few iterations, deterministically (fixed order of sums, no random start) — the same data
/// gives the same bytes. The dimension is a few dozen, so the Hessian is solved directly.
public enum ConditionalLogit {
  /// One gesture: its candidates' standardised features and the position of the target.
  public struct Group: Sendable {
    public var rows: [[Double]]
    public var target: Int
    public init(rows: [[Double]], target: Int) {
      self.rows = rows
      self.target = target
    }
  }

  /// The weights maximising the penalised log-likelihood of `groups` (each row `dimension` long).
  public static func fit(_ groups: [Group], dimension: Int, l2: Double, iterations: Int = 100) -> [Double] {
    var w = Array(repeating: 0.0, count: dimension)
    var current = objective(groups, w, l2: l2)
    for _ in 0..<iterations {
      let (gradient, hessian) = derivatives(groups, w, l2: l2)
      guard let step = solve(hessian, gradient) else { break }
      // Backtracking: the full Newton step unless it lowers the objective.
      var t = 1.0
      var next = w
      var value = current
      while t > 1e-8 {
        next = zip(w, step).map { $0 + t * $1 }
        value = objective(groups, next, l2: l2)
        if value >= current { break }
        t /= 2
      }
      guard value >= current else { break }
      let change = zip(w, next).map { abs($0 - $1) }.max() ?? 0
      (w, current) = (next, value)
      if change < 1e-10 { break }
    }
    return w
  }

  /// The penalised log-likelihood.
  static func objective(_ groups: [Group], _ w: [Double], l2: Double) -> Double {
    var total = -0.5 * l2 * w.reduce(0) { $0 + $1 * $1 }
    for group in groups {
      let logits = group.rows.map { dot($0, w) }
      let top = logits.max()!
      let normaliser = top + log(logits.reduce(0) { $0 + exp($1 - top) })
      total += logits[group.target] - normaliser
    }
    return total
  }

  /// The gradient and the negated Hessian (positive definite) of ``objective(_:_:l2:)``.
  static func derivatives(_ groups: [Group], _ w: [Double], l2: Double) -> ([Double], [[Double]]) {
    let d = w.count
    var gradient = w.map { -l2 * $0 }
    var hessian = (0..<d).map { i in (0..<d).map { j in i == j ? l2 : 0 } }
    for group in groups {
      let logits = group.rows.map { dot($0, w) }
      let top = logits.max()!
      var p = logits.map { exp($0 - top) }
      let sum = p.reduce(0, +)
      p = p.map { $0 / sum }
      var mean = Array(repeating: 0.0, count: d)
      for (row, pi) in zip(group.rows, p) { for j in 0..<d { mean[j] += pi * row[j] } }
      for j in 0..<d { gradient[j] += group.rows[group.target][j] - mean[j] }
      for (row, pi) in zip(group.rows, p) where pi > 0 {
        for i in 0..<d {
          let a = pi * (row[i] - mean[i])
          for j in i..<d { hessian[i][j] += a * (row[j] - mean[j]) }
        }
      }
    }
    for i in 0..<d { for j in 0..<i { hessian[i][j] = hessian[j][i] } }
    return (gradient, hessian)
  }

  /// x with `matrix` · x = `vector` for a symmetric positive definite matrix (Cholesky), nil
  /// when it is not.
  static func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
    let n = vector.count
    var l = Array(repeating: Array(repeating: 0.0, count: n), count: n)
    for i in 0..<n {
      for j in 0...i {
        var sum = matrix[i][j]
        for k in 0..<j { sum -= l[i][k] * l[j][k] }
        if i == j {
          guard sum > 0 else { return nil }
          l[i][i] = sum.squareRoot()
        } else {
          l[i][j] = sum / l[j][j]
        }
      }
    }
    var y = Array(repeating: 0.0, count: n)
    for i in 0..<n { y[i] = (vector[i] - (0..<i).reduce(0) { $0 + l[i][$1] * y[$1] }) / l[i][i] }
    var x = Array(repeating: 0.0, count: n)
    for i in (0..<n).reversed() { x[i] = (y[i] - ((i + 1)..<n).reduce(0) { $0 + l[$1][i] * x[$1] }) / l[i][i] }
    return x
  }

  static func dot(_ a: [Double], _ b: [Double]) -> Double {
    var total = 0.0
    for i in a.indices { total += a[i] * b[i] }
    return total
  }
}
