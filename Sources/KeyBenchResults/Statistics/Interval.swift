/// A confidence interval for one number, with the level it was made for, so a report can
/// print it without knowing which method produced it.
public struct Interval: Sendable, Codable, Equatable {
  public var low: Double
  public var high: Double
  /// The nominal coverage, e.g. 0.95.
  public var level: Double

  public init(low: Double, high: Double, level: Double) {
    self.low = low
    self.high = high
    self.level = level
  }

  public var width: Double { high - low }

  /// Whether `value` lies in the closed interval.
  public func contains(_ value: Double) -> Bool { low <= value && value <= high }
}
