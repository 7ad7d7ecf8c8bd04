import Foundation

/// The one `LO:HI:STEP` range KeyBench reads — a suite's `"grid"` and `keybench-sweep --param`
/// both — so the same text gives the same values, and the same limit, wherever it is written.
public enum NumericRange {
  /// The most values one range may give: a grid axis longer than this is a typo (a step of
  /// 0.0001 meant as 0.01), not a plan.
  public static let maximumValues = 1_000

  /// Why a text is no usable range, for the caller to prefix with where it was written.
  public struct Problem: Error, CustomStringConvertible {
    public let description: String
  }

  /// LO, LO + STEP, … up to HI inclusive (each computed as LO + i·STEP and rounded to 12
  /// significant digits, so 0.1 steps give 0.3, not 0.30000000000000004).
  public static func values(_ text: some StringProtocol) throws(Problem) -> [Double] {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
    guard parts.count == 3, let low = parts[0], let high = parts[1], let step = parts[2],
      low.isFinite, high.isFinite, step.isFinite, step > 0, low <= high
    else { throw Problem(description: "'\(text)' is not LO:HI:STEP with LO ≤ HI, STEP > 0 and at most 1,000 values") }
    // Counted as a Double first: a huge span over a tiny step would overflow Int.
    let count = ((high - low) / step + 1e-9).rounded(.down) + 1
    guard count.isFinite, count <= Double(maximumValues) else {
      throw Problem(description: "'\(text)' gives \(count.isFinite ? String(format: "%.0f", count) : "infinitely many") values; a range gives at most 1,000 values")
    }
    return (0..<Int(count)).map { Double(String(format: "%.12g", low + Double($0) * step))! }
  }
}
