/// One metric compared between two algorithms (or two runs) on the same items.
public struct MetricComparison: Sendable, Codable, Equatable {
  public var metric: String
  /// `RUN:ALGORITHM` of each side.
  public var a: String
  public var b: String
  public var valueA: Double?
  public var valueB: Double?
  /// B − A (in the metric's unit; fractions as fractions).
  public var difference: Double?
  /// Paired cluster-bootstrap interval of the difference.
  public var low: Double?
  public var high: Double?
  /// Two-sided p-value of the paired cluster bootstrap (groups resampled, both sides recomputed on the same draw).
  public var pBootstrap: Double?
  /// Holm-adjusted `pBootstrap` across every metric of the comparison.
  public var pHolm: Double?
  /// For metrics scoring 0/1 per item: items only A got right, only B got right, and the exact McNemar p-value.
  public var onlyA: Int?
  public var onlyB: Int?
  public var pMcNemar: Double?
  public var items: Int
  public var groups: Int
  public var unit: String
  public var higherIsBetter: Bool

  enum CodingKeys: String, CodingKey {
    case metric, a, b, difference, low, high, items, groups, unit
    case valueA = "value_a", valueB = "value_b", pBootstrap = "p_bootstrap", pHolm = "p_holm"
    case onlyA = "only_a", onlyB = "only_b", pMcNemar = "p_mcnemar", higherIsBetter = "higher_is_better"
  }

  /// Whether B is better (+1), worse (−1) or not significantly different (0) at `alpha` after Holm.
  public func direction(alpha: Double) -> Int {
    guard let difference, let pHolm, pHolm < alpha, difference != 0 else { return 0 }
    return (difference > 0) == higherIsBetter ? 1 : -1
  }
}
