/// Why a statistic could not be computed. Thrown instead of trapping, because bad input here
/// usually comes from a results file or a command-line flag, not from a programming error.
public enum StatisticsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Parallel per-item arrays of different lengths.
  case lengthMismatch(field: String, expected: Int, actual: Int)
  /// A numerator or denominator that is NaN or infinite (`item` is its 0-based position).
  case nonFinite(field: String, item: Int, value: Double)
  /// A denominator below 0 (`item` is its 0-based position).
  case negativeDenominator(field: String, item: Int, value: Double)
  /// A count (resamples, groups, trials, successes) outside the range it must lie in.
  case countOutOfRange(name: String, value: Int, expected: ClosedRange<Int>)
  /// A confidence level, alpha or power outside the open interval (0, 1).
  case probabilityOutOfRange(name: String, value: Double)
  /// A parameter that must be a positive finite number (an effect, a standard error).
  case notPositive(name: String, value: Double)
  /// A simulation whose parameters would make a probability leave [0, 1] or a group empty.
  case invalidSimulation(String)
  /// The denominators of a ratio sum to 0, so the ratio is undefined.
  case undefinedRatio(String)
  /// Every bootstrap resample drew only groups whose denominators are 0.
  case noValidResample

  public var description: String {
    switch self {
    case .lengthMismatch(let field, let expected, let actual):
      "\(field) has \(actual) values, expected one per item (\(expected))"
    case .nonFinite(let field, let item, let value):
      "\(field) of item \(item) is \(value), expected a finite number"
    case .negativeDenominator(let field, let item, let value):
      "\(field) of item \(item) is \(value), expected a denominator of 0 or more"
    case .countOutOfRange(let name, let value, let expected):
      expected.upperBound == Int.max
        ? "\(name) is \(value), expected at least \(expected.lowerBound)"
        : "\(name) is \(value), expected \(expected.lowerBound)…\(expected.upperBound)"
    case .probabilityOutOfRange(let name, let value):
      "\(name) is \(value), expected a number strictly between 0 and 1"
    case .notPositive(let name, let value):
      "\(name) is \(value), expected a finite number above 0"
    case .invalidSimulation(let reason):
      "invalid simulation: \(reason)"
    case .undefinedRatio(let which):
      "the denominators of \(which) sum to 0, so its ratio is undefined"
    case .noValidResample:
      "every bootstrap resample drew only groups whose denominators are 0"
    }
  }
}

/// Range checks shared by the bootstrap, power and interval functions.
enum Check {
  static func resamples(_ value: Int) throws {
    try count(value, name: "resamples", in: ClusterBootstrap.resampleRange)
  }

  static func count(_ value: Int, name: String, in range: ClosedRange<Int>) throws {
    guard range.contains(value) else { throw StatisticsError.countOutOfRange(name: name, value: value, expected: range) }
  }

  static func probability(_ value: Double, name: String) throws {
    guard value > 0, value < 1 else { throw StatisticsError.probabilityOutOfRange(name: name, value: value) }
  }

  static func positive(_ value: Double, name: String) throws {
    guard value > 0, value.isFinite else { throw StatisticsError.notPositive(name: name, value: value) }
  }
}
