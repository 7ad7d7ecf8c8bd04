import Foundation

/// The one power model of the gate, `compare` and `power`: the paired design they test with
/// (the same items on both sides, ``ClusterRobustT`` over groups, Holm over the family, and for
/// 0/1 metrics McNemar too), so all three state the same detectable effect for the same run.
///
/// For a 0/1 metric a drop δ is taken as spread over the items — each item lost independently,
/// as a change to scoring or pruning does — on top of the items that already change both ways
/// between the runs (tie order, noise), whose share shows in the paired standard error SE₀.
/// The difference then has variance about SE₀² + δ(1 − δ)/n, and the test reaches `power` once
/// δ = K·√(SE₀² + δ(1 − δ)/n), K = t₁₋α/(2m)(G − 1) + t_power(G − 1) with m the Holm family (the
/// drop must beat the family's first step), i.e. with a = K²/n,
/// δ = (a + √(a² + 4(1 + a)K²SE₀²)) / (2(1 + a)). (McNemar's need of ⌈log₂(2m/α)⌉ items lost
/// and none gained is always below the K² items this asks for.) Other metrics use
/// K × their own cluster-robust standard error (a change that varies between groups like the
/// metric itself; on the safe side). `Reports/benchmarks/statistics.md` checks the statement
/// against simulated detection rates.
public struct PairedPower: Sendable, Equatable {
  public var alpha: Double
  public var power: Double
  /// Size of the Holm family the metric is judged in.
  public var family: Int

  /// Throws unless alpha is in (0, 0.5], power in [0.5, 1) and the family has 1…10000 members.
  public init(alpha: Double = 0.05, power: Double = 0.8, family: Int = 1) throws {
    guard alpha > 0, alpha <= 0.5 else { throw StatisticsError.probabilityOutOfRange(name: "alpha (0 … 0.5)", value: alpha) }
    guard power >= 0.5, power < 1 else { throw StatisticsError.probabilityOutOfRange(name: "power (0.5 … 1)", value: power) }
    try Check.count(family, name: "family", in: 1...10_000)
    self.alpha = alpha
    self.power = power
    self.family = family
  }

  /// K for `groups` groups: the t quantiles on groups − 1 degrees of freedom; nil below 2 groups.
  public func multiplier(groups: Int) -> Double? {
    guard groups >= 2 else { return nil }
    let df = Double(groups - 1)
    return StudentT.quantile(1 - alpha / (2 * Double(family)), degreesOfFreedom: df) + StudentT.quantile(power, degreesOfFreedom: df)
  }

  /// The smallest drop (as a fraction for fraction metrics) detected with probability `power`;
  /// nil below ``RunStatistics/fewGroups`` groups, where no verdict is given at all.
  ///
  /// - Parameters:
  ///   - pairedStandardError: SE₀ of the difference between the runs as observed (0 for two
  ///     identical runs); for a metric that is not 0/1, the metric's own standard error.
  public func detectable(items: Int, groups: Int, pairedStandardError: Double, binary: Bool) -> Double? {
    guard items > 0, groups >= RunStatistics.fewGroups, pairedStandardError.isFinite, pairedStandardError >= 0,
      let k = multiplier(groups: groups)
    else { return nil }
    guard binary else { return k * pairedStandardError }
    let n = Double(items)
    let a = k * k / n
    return (a + (a * a + 4 * (1 + a) * k * k * pairedStandardError * pairedStandardError).squareRoot()) / (2 * (1 + a))
  }

  /// Items (and groups, at `itemsPerGroup`) a paired comparison of a 0/1 metric needs to detect
  /// `effect` with probability `power` when a share `discordant` of the items changes both ways
  /// between the runs anyway: n = K²·(discordant + effect)/effect², with K on the groups that n
  /// items fill (the δ² term left out: a few percent more items, on the safe side), and never
  /// fewer than ``RunStatistics/fewGroups`` groups. nil when the answer
  /// exceeds ten million items.
  public func needed(effect: Double, discordant: Double, itemsPerGroup: Double) -> (items: Int, groups: Int)? {
    guard effect > 0, effect <= 1, discordant >= 0, discordant <= 1, itemsPerGroup >= 1, itemsPerGroup.isFinite else { return nil }
    func items(_ k: Double) -> Double { k * k * (discordant + effect) / (effect * effect) }
    guard let groups = fixedPointGroups(limit: 10_000_000 / itemsPerGroup, { items($0) / itemsPerGroup }),
      let k = multiplier(groups: groups)
    else { return nil }
    return (max(Int(items(k).rounded(.up)), Int((Double(groups) * itemsPerGroup).rounded(.up))), groups)
  }

  /// Groups a comparison of a metric that is not 0/1 needs to detect `effect`, from its standard
  /// error `standardError` over `observedGroups` groups (it scales as 1/√groups): the groups G with
  /// K(G)·SE·√(observed/G) ≤ effect, never fewer than ``RunStatistics/fewGroups``. nil beyond ten
  /// million groups.
  public func groupsNeeded(effect: Double, standardError: Double, observedGroups: Int) -> Int? {
    guard effect > 0, standardError > 0, observedGroups > 0 else { return nil }
    return fixedPointGroups(limit: 10_000_000) { k in
      let scale = k * standardError / effect
      return Double(observedGroups) * scale * scale
    }
  }

  /// The fewest groups, at least ``RunStatistics/fewGroups``, that `groupsFor(K)` (the groups a
  /// multiplier K calls for) does not exceed: K falls as the groups' degrees of freedom grow, so
  /// the answer is a fixed point, reached from below. nil when it passes `limit`.
  private func fixedPointGroups(limit: Double, _ groupsFor: (Double) -> Double) -> Int? {
    var groups = RunStatistics.fewGroups
    for _ in 0..<100 {
      guard let k = multiplier(groups: groups) else { return nil }
      let wanted = groupsFor(k)
      guard wanted <= limit else { return nil }
      let next = max(RunStatistics.fewGroups, Int(wanted.rounded(.up)))
      if next <= groups { return groups }
      groups = next
    }
    return nil
  }
}
