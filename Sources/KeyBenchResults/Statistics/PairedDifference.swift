/// The outcome of comparing two ratios on the same items: A − B with its cluster-bootstrap
/// interval, standard error and p-value, in the form a report stores.
public struct PairedDifference: Sendable, Codable, Equatable {
  /// value A − value B on the observed data.
  public var difference: Double
  public var valueA: Double
  public var valueB: Double
  /// Percentile interval of the resampled differences.
  public var interval: Interval
  /// Two-sided bootstrap p-value for "no difference" (see `PairedBootstrap`).
  public var pValue: Double
  /// Standard deviation of the resampled differences.
  public var standardError: Double
  public var items: Int
  public var groups: Int
  /// Resamples used (asked for minus those skipped for a zero denominator).
  public var resamples: Int
}
