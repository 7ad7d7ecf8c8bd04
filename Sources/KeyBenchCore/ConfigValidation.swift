/// A configuration that knows its allowed ranges, so a bad value is refused before any work
/// starts instead of trapping, hanging or quietly producing a wrong number.
///
/// ``JSONConfig/merged(_:with:)`` checks every conforming type after merging a file or a sweep
/// parameter over the defaults, so the ranges are enforced in one place per configuration type.
public protocol ValidatedConfig {
  /// One message per out-of-range field, each naming the dotted field and the allowed range.
  func validationErrors() -> [String]
}

/// Collects range problems by dotted field name (`filters.length.a must be in 0.1…10, got -1`).
public struct RangeCheck {
  public private(set) var errors: [String] = []
  public init() {}

  /// A finite number within `range` (inclusive).
  public mutating func number(_ field: String, _ value: Double, in range: ClosedRange<Double>) {
    guard value.isFinite, range.contains(value) else {
      errors.append("\(field) must be a finite number in \(Self.text(range.lowerBound))…\(Self.text(range.upperBound)), got \(Self.text(value))")
      return
    }
  }

  /// A finite number greater than `lowerBound` and at most `upperBound`.
  public mutating func positive(_ field: String, _ value: Double, atMost upperBound: Double) {
    guard value.isFinite, value > 0, value <= upperBound else {
      errors.append("\(field) must be a finite number above 0 and at most \(Self.text(upperBound)), got \(Self.text(value))")
      return
    }
  }

  /// An integer within `range`.
  public mutating func integer(_ field: String, _ value: Int, in range: ClosedRange<Int>) {
    guard range.contains(value) else {
      errors.append("\(field) must be an integer in \(range.lowerBound)…\(range.upperBound), got \(value)")
      return
    }
  }

  /// Adds a message of its own.
  public mutating func fail(_ message: String) {
    errors.append(message)
  }

  static func text(_ value: Double) -> String {
    if !value.isFinite { return String(value) }
    return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
