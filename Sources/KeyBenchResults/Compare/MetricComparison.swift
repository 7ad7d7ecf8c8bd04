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
  /// Cluster-robust t interval of the difference (``ClusterRobustT``).
  public var low: Double?
  public var high: Double?
  /// Standard error of the difference (CR3, over groups).
  public var standardError: Double?
  /// Two-sided p-value of the paired cluster-robust t on groups − 1 degrees of freedom.
  public var pClusterT: Double?
  /// For metrics scoring 0/1 per item: items only A got right, only B got right, and the exact McNemar p-value.
  public var onlyA: Int?
  public var onlyB: Int?
  public var pMcNemar: Double?
  /// The test's p-value: the cluster-robust t's, and for a 0/1 metric the larger of it and
  /// McNemar's (a verdict needs both the groups and the items to show the difference).
  public var p: Double?
  /// Holm-adjusted `p` across the family (nil for a metric outside it or without a verdict).
  public var pHolm: Double?
  /// The standard error ``PairedPower`` states the detectable effect from (the paired one; for
  /// a metric that is not 0/1 at least the metric's own).
  public var powerStandardError: Double?
  /// The smallest change detected with 80 % power in this family (``PairedPower``); nil below
  /// ``RunStatistics/fewGroups`` groups or outside the family.
  public var detectable: Double?
  /// Whether the metric is in the Holm family (a headline metric, or one the user named).
  public var inFamily: Bool
  public var items: Int
  public var groups: Int
  public var unit: String
  public var higherIsBetter: Bool

  enum CodingKeys: String, CodingKey {
    case metric, a, b, difference, low, high, items, groups, unit, p
    case valueA = "value_a", valueB = "value_b", standardError = "standard_error", pClusterT = "p_cluster_t", pHolm = "p_holm"
    case onlyA = "only_a", onlyB = "only_b", pMcNemar = "p_mcnemar", higherIsBetter = "higher_is_better", inFamily = "in_family"
    case powerStandardError = "power_standard_error", detectable = "detectable_80"
  }

  public init(metric: String, a: String, b: String, items: Int, groups: Int, unit: String, higherIsBetter: Bool, inFamily: Bool) {
    self.metric = metric
    self.a = a
    self.b = b
    self.items = items
    self.groups = groups
    self.unit = unit
    self.higherIsBetter = higherIsBetter
    self.inFamily = inFamily
  }

  /// Whether the groups are enough for any verdict (``RunStatistics/fewGroups``).
  public var hasEnoughGroups: Bool { groups >= RunStatistics.fewGroups }

  /// "3 users (needs ≥ 10)" when the items fall in too few groups for any verdict; nil when they
  /// are enough (or there are none). Every "cannot judge" line is made from this.
  public func tooFewGroups(group: String) -> String? {
    guard items > 0, !hasEnoughGroups else { return nil }
    return "\(groups) \(group)s (needs ≥ \(RunStatistics.fewGroups))"
  }

  /// Whether B is better (+1), worse (−1) or not significantly different (0) at `alpha` after
  /// Holm; always 0 outside the family or below ``RunStatistics/fewGroups`` groups.
  public func direction(alpha: Double) -> Int {
    guard inFamily, hasEnoughGroups, let difference, let pHolm, pHolm < alpha, difference != 0 else { return 0 }
    return (difference > 0) == higherIsBetter ? 1 : -1
  }

  /// The gate's rule: B is worse than A by at least `minEffect` (points for fractions, compared
  /// unrounded) and the drop is significant at `alpha` after Holm, in the family, with enough groups.
  public func isRegression(minEffect: Double, alpha: Double) -> Bool {
    guard direction(alpha: alpha) == -1, let difference else { return false }
    let worse = abs(difference) * (unit == "fraction" ? 100 : 1)
    return worse >= minEffect
  }

  /// The verdict in words, as compare prints it.
  public func verdict(alpha: Double, group: String) -> String {
    if let reason = tooFewGroups(group: group) { return "cannot judge: \(reason)" }
    guard items > 0 else { return "n/a: no item counts for it" }
    guard p != nil else { return "n/a: no test (no difference in any group to test)" }
    switch direction(alpha: alpha) {
    case 1: return "B better"
    case -1: return "A better"
    default: return inFamily ? "no significant difference" : "slice: not judged"
    }
  }
}
