/// Which configurations are really better: ranks and Pareto frontiers that trust a difference
/// only when intervals say so.
///
/// A frontier picked from point estimates stars 0.5163 over 0.5154 and rests on 0.01 ms; here a
/// point leaves the frontier only for one that is clearly more accurate (intervals apart) without
/// being clearly costlier, or clearly cheaper without being clearly less accurate. Costs from a
/// single run have no interval, so "clearly cheaper" means by more than ``costTolerance``.
public enum IntervalDominance {
  /// A single run's time is only called lower beyond this factor: the same swipe decoder's
  /// median was 0.8 ms in one of this machine's phases and 1.1 ms in another (1.4×).
  public static let costTolerance = 1.5

  /// One row: its accuracy (higher is better) with an interval, and its cost (lower is better).
  public struct Point: Sendable, Equatable {
    public var value: Double
    public var low: Double
    public var high: Double
    public var cost: Double?
    /// The cost measured in each round of interleaved repeats (round → cost), when there were some.
    public var costsByRound: [Int: Double] = [:]
    /// Groups behind the value, when known: below ``RunStatistics/fewGroups`` it is never
    /// clearly more or less accurate than anything.
    public var groups: Int?

    /// A point without an interval is its own interval.
    public init(value: Double, low: Double? = nil, high: Double? = nil, cost: Double?, costsByRound: [Int: Double] = [:], groups: Int? = nil) {
      self.value = value
      self.low = low ?? value
      self.high = high ?? value
      self.cost = cost
      self.costsByRound = costsByRound
      self.groups = groups
    }
  }

  /// Whether point i is clearly more accurate than point j by a paired test on shared items
  /// (true or false), or nil when they share no items and only their intervals can tell.
  public typealias PairedVerdict = (_ i: Int, _ j: Int) -> Bool?

  /// Intervals apart, both from enough groups.
  public static func clearlyMoreAccurate(_ a: Point, than b: Point) -> Bool {
    guard (a.groups ?? .max) >= RunStatistics.fewGroups, (b.groups ?? .max) >= RunStatistics.fewGroups else { return false }
    return a.low > b.high
  }

  /// Clearly cheaper: from interleaved rounds both were measured in (at least 5), when the whole
  /// interval of the per-round ratio a ÷ b lies below 1; from single runs, by more than
  /// ``costTolerance``.
  public static func clearlyCheaper(_ a: Point, than b: Point) -> Bool {
    let rounds = Set(a.costsByRound.keys).intersection(b.costsByRound.keys).sorted()
    if rounds.count >= minimumRounds,
      let ratio = try? InterleavedRatio(ratios: rounds.map { a.costsByRound[$0]! / b.costsByRound[$0]! })
    {
      return ratio.high < 1
    }
    guard let mine = a.cost, let theirs = b.cost else { return false }
    return mine * costTolerance < theirs
  }

  /// Interleaved rounds needed before a ratio's interval replaces the tolerance (5 rounds: the
  /// min…max interval covers the median with 93.75 %).
  public static let minimumRounds = 5

  /// Whether point `b` dominates point `a` (indices into `points`).
  static func dominates(_ b: Int, _ a: Int, _ points: [Point], paired: PairedVerdict?) -> Bool {
    let bBetter = paired?(b, a) ?? clearlyMoreAccurate(points[b], than: points[a])
    let aBetter = paired?(a, b) ?? clearlyMoreAccurate(points[a], than: points[b])
    return (bBetter && !clearlyCheaper(points[a], than: points[b])) || (clearlyCheaper(points[b], than: points[a]) && !aBetter)
  }

  /// Per point, whether no other point dominates it. `paired` decides accuracy where points
  /// share items (a paired test sees what overlapping intervals hide).
  public static func frontier(_ points: [Point], paired: PairedVerdict? = nil) -> [Bool] {
    points.indices.map { i in !points.indices.contains { j in j != i && dominates(j, i, points, paired: paired) } }
  }

  /// Per point, the best and worst rank its accuracy allows among `points`: by `paired` where
  /// it decides, by intervals elsewhere.
  public static func ranks(_ points: [Point], paired: PairedVerdict? = nil) -> [ClosedRange<Int>] {
    points.indices.map { a in
      func better(_ i: Int, _ j: Int) -> Bool { paired?(i, j) ?? clearlyMoreAccurate(points[i], than: points[j]) }
      let above = points.indices.filter { $0 != a && better($0, a) }.count
      let below = points.indices.filter { $0 != a && better(a, $0) }.count
      return (1 + above)...(points.count - below)
    }
  }
}
