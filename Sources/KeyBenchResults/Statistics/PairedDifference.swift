/// The outcome of comparing two ratios on the same items: A − B with its interval, standard
/// error and p-value, in the form a report stores.
public struct PairedDifference: Sendable, Codable, Equatable {
  /// value A − value B on the observed data.
  public var difference: Double
  public var valueA: Double
  public var valueB: Double
  public var interval: Interval
  /// Two-sided p-value for "no difference".
  public var pValue: Double
  public var standardError: Double
  public var items: Int
  public var groups: Int
  /// Resamples used by ``PairedBootstrap`` (asked for minus those skipped for a zero
  /// denominator); nil for ``ClusterRobustT``.
  public var resamples: Int?
  /// Degrees of freedom of ``ClusterRobustT``'s t; nil for the bootstrap.
  public var degreesOfFreedom: Int?

  public init(
    difference: Double, valueA: Double, valueB: Double, interval: Interval, pValue: Double, standardError: Double,
    items: Int, groups: Int, resamples: Int? = nil, degreesOfFreedom: Int? = nil
  ) {
    self.difference = difference
    self.valueA = valueA
    self.valueB = valueB
    self.interval = interval
    self.pValue = pValue
    self.standardError = standardError
    self.items = items
    self.groups = groups
    self.resamples = resamples
    self.degreesOfFreedom = degreesOfFreedom
  }
}
