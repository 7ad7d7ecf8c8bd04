import Foundation

/// Maps data values onto a pixel range, linearly or by log10, and proposes readable ticks.
public struct Scale: Sendable {
  public enum Kind: Sendable { case linear, log }

  public let kind: Kind
  public let domain: ClosedRange<Double>
  public let range: ClosedRange<Double>
  /// Pixel range reversed (the y axis grows upwards on screen).
  public let flipped: Bool

  /// A linear scale whose domain is widened to "nice" tick values (multiples of 1, 2 or 5 × 10ᵏ).
  public static func linear(covering values: [Double], to range: ClosedRange<Double>, flipped: Bool = false,
    includeZero: Bool = false) -> Scale {
    var finite = values.filter(\.isFinite)
    if includeZero { finite.append(0) }
    var low = finite.min() ?? 0
    var high = finite.max() ?? 1
    // Equal values (every configuration at the same accuracy): a narrow band around them, not ±1,
    // which would squash 0.8 into the middle of −0.2…1.8.
    if low == high {
      let pad = max(abs(low) * 0.05, 0.001)
      (low, high) = (low - pad, high + pad)
    }
    let step = Self.niceStep(for: high - low)
    return Scale(kind: .linear, domain: (low / step).rounded(.down) * step ... (high / step).rounded(.up) * step,
      range: range, flipped: flipped)
  }

  /// A log10 scale from the 1-2-5 value at or below the smallest positive value to the one at or
  /// above the largest (others are ignored), so the axis ends where the data ends; `wholeDecades`
  /// widens it to decades (bars grow from the axis's lowest decade).
  public static func log(covering values: [Double], to range: ClosedRange<Double>, flipped: Bool = false,
    wholeDecades: Bool = false) -> Scale {
    let positive = values.filter { $0.isFinite && $0 > 0 }
    guard let smallest = positive.min(), let largest = positive.max() else {
      return Scale(kind: .log, domain: 1...10, range: range, flipped: flipped)
    }
    if wholeDecades {
      let low = Foundation.log10(smallest).rounded(.down)
      var high = Foundation.log10(largest).rounded(.up)
      if low == high { high += 1 }
      return Scale(kind: .log, domain: pow(10, low)...pow(10, high), range: range, flipped: flipped)
    }
    var low = niceLog(smallest, up: false)
    var high = niceLog(largest, up: true)
    if low == high { (low, high) = (niceLog(low * 0.99, up: false), niceLog(high * 1.01, up: true)) }
    return Scale(kind: .log, domain: low...high, range: range, flipped: flipped)
  }

  /// The 1-2-5 × 10ᵏ value nearest `value` from below (`up` false) or above.
  static func niceLog(_ value: Double, up: Bool) -> Double {
    let decade = pow(10, Foundation.log10(value).rounded(.down))
    let steps = [1.0, 2, 5, 10].map { $0 * decade }
    let tolerance = 1e-9 * value
    return up ? steps.first { $0 >= value - tolerance }! : steps.last { $0 <= value + tolerance }!
  }

  public init(kind: Kind, domain: ClosedRange<Double>, range: ClosedRange<Double>, flipped: Bool = false) {
    self.kind = kind
    self.domain = domain
    self.range = range
    self.flipped = flipped
  }

  /// The pixel for `value`; values outside the domain are clamped to its edge (a log scale's zero
  /// lands on the lower edge).
  public func callAsFunction(_ value: Double) -> Double {
    let t: Double
    switch kind {
    case .linear:
      t = (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
    case .log:
      let v = max(value, domain.lowerBound)
      t = (Foundation.log10(v) - Foundation.log10(domain.lowerBound))
        / (Foundation.log10(domain.upperBound) - Foundation.log10(domain.lowerBound))
    }
    let clamped = min(max(t, 0), 1)
    let u = flipped ? 1 - clamped : clamped
    return range.lowerBound + u * (range.upperBound - range.lowerBound)
  }

  /// Tick values: about five nice steps (linear) or each decade, with 2 and 5 when there are few
  /// decades, and the log axis's two ends.
  public var ticks: [Double] {
    switch kind {
    case .linear:
      let step = Self.niceStep(for: domain.upperBound - domain.lowerBound)
      let first = (domain.lowerBound / step).rounded(.up)
      let last = (domain.upperBound / step).rounded(.down)
      guard first <= last else { return [] }
      return stride(from: first, through: last, by: 1).map { $0 * step }
    case .log:
      let low = Int(Foundation.log10(domain.lowerBound).rounded(.down))
      let high = Int(Foundation.log10(domain.upperBound).rounded(.down))
      let multiples: [Double] = high - low <= 2 ? [1, 2, 5] : [1]
      var ticks: [Double] = []
      for exponent in low...high {
        for m in multiples {
          let v = m * pow(10, Double(exponent))
          if v >= domain.lowerBound * (1 - 1e-9) && v <= domain.upperBound * (1 + 1e-9) { ticks.append(v) }
        }
      }
      // Wide axes tick at decades; their ends are labelled too, so the axis says where data stops.
      for end in [domain.lowerBound, domain.upperBound] where !ticks.contains(where: { abs($0 - end) <= 1e-9 * end }) { ticks.append(end) }
      return ticks.sorted()
    }
  }

  /// A tick's label, with as many decimals as the step needs.
  public func label(_ value: Double) -> String {
    switch kind {
    case .log:
      return Self.compact(value)
    case .linear:
      let step = Self.niceStep(for: domain.upperBound - domain.lowerBound)
      let decimals = max(0, Int((-Foundation.log10(step) - 1e-9).rounded(.up)))
      return String(format: "%.\(decimals)f", value == 0 ? 0 : value)
    }
  }

  /// 0.001 → "0.001", 2000 → "2000", 1e-5 → "1e-05".
  static func compact(_ value: Double) -> String {
    if value >= 1e-4 && value < 1e6 {
      var text = String(format: "%.4f", value)
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
      return text
    }
    return String(format: "%.0e", value)
  }

  /// The 1-2-5 step giving about five intervals over `span`.
  static func niceStep(for span: Double) -> Double {
    let rough = span / 5
    let magnitude = pow(10, Foundation.log10(rough).rounded(.down))
    let residual = rough / magnitude
    let nice: Double = residual < 1.5 ? 1 : residual < 3.5 ? 2 : residual < 7.5 ? 5 : 10
    return nice * magnitude
  }
}
