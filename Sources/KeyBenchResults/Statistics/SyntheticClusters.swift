import KeyBenchCore

/// Synthetic clustered hit/miss data whose true rate is known, to check that intervals cover
/// it and that tests reject a true null at the rate they claim.
///
/// Each group (a simulated user) gets a size drawn uniformly from `groupSizes` and its own hit
/// probability drawn uniformly from [rate − spread, rate + spread], independently of its size;
/// its items are independent hits with that probability. Because the group probabilities are
/// symmetric around `rate` and independent of size, E[Σ hits] = rate·Σ sizes for any sizes, so
/// the ratio estimand Σ size·p / Σ size has expectation exactly `rate`: that is the truth.
public struct SyntheticClusters: Sendable, Equatable {
  public let groups: Int
  public let groupSizes: ClosedRange<Int>
  /// The true rate.
  public let rate: Double
  /// Half-width of the spread of group probabilities; 0 makes items independent.
  public let spread: Double

  /// Throws `StatisticsError.invalidSimulation` for fewer than 1 group, a group size below 1,
  /// a negative spread, or rate ± spread outside [0, 1].
  public init(groups: Int, groupSizes: ClosedRange<Int>, rate: Double, spread: Double) throws {
    guard groups >= 1 else { throw StatisticsError.invalidSimulation("groups is \(groups), expected at least 1") }
    guard groupSizes.lowerBound >= 1 else {
      throw StatisticsError.invalidSimulation("group sizes start at \(groupSizes.lowerBound), expected at least 1")
    }
    guard spread >= 0, rate - spread >= 0, rate + spread <= 1 else {
      throw StatisticsError.invalidSimulation("rate \(rate) ± spread \(spread) must lie in [0, 1]")
    }
    self.init(unchecked: groups, groupSizes: groupSizes, rate: rate, spread: spread)
  }

  /// The benchmark's model: 60 users of 5–80 items, true rate 0.65, group rates uniform on
  /// 0.45–0.85 (intra-group correlation 0.06, design effect about 4), leaving room for
  /// `pairedHits` interactions up to 0.15.
  public static let standard = SyntheticClusters(unchecked: 60, groupSizes: 5...80, rate: 0.65, spread: 0.2)

  private init(unchecked groups: Int, groupSizes: ClosedRange<Int>, rate: Double, spread: Double) {
    self.groups = groups
    self.groupSizes = groupSizes
    self.rate = rate
    self.spread = spread
  }

  /// One data set: a group name and a hit per item, items of a group together.
  public func hits(seed: UInt64) -> (groups: [String], hits: [Bool]) {
    var generator = SeededGenerator(seed: seed)
    var names: [String] = []
    var hits: [Bool] = []
    for group in 0..<groups {
      let size = groupSizes.lowerBound + generator.index(below: groupSizes.count)
      let probability = rate + spread * (2 * generator.nextUnit() - 1)
      for _ in 0..<size {
        names.append("user-\(group)")
        hits.append(generator.nextUnit() < probability)
      }
    }
    return (names, hits)
  }

  /// One paired data set where A and B are equally good overall (true difference 0).
  ///
  /// Each group also draws δ uniformly from [−interaction, interaction], and its items are hits
  /// of A with probability p + δ and, independently, of B with p − δ: with interaction > 0 one
  /// algorithm suits some users better and the other suits others, as happens with real users.
  /// Throws `StatisticsError.invalidSimulation` for a negative interaction or probabilities
  /// leaving [0, 1].
  public func pairedHits(seed: UInt64, interaction: Double) throws -> (groups: [String], hitsA: [Bool], hitsB: [Bool]) {
    guard interaction >= 0, rate - spread - interaction >= 0, rate + spread + interaction <= 1 else {
      throw StatisticsError.invalidSimulation("rate \(rate) ± spread \(spread) ± interaction \(interaction) must lie in [0, 1]")
    }
    var generator = SeededGenerator(seed: seed)
    var names: [String] = []
    var hitsA: [Bool] = []
    var hitsB: [Bool] = []
    for group in 0..<groups {
      let size = groupSizes.lowerBound + generator.index(below: groupSizes.count)
      let probability = rate + spread * (2 * generator.nextUnit() - 1)
      let shift = interaction * (2 * generator.nextUnit() - 1)
      for _ in 0..<size {
        names.append("user-\(group)")
        hitsA.append(generator.nextUnit() < probability + shift)
        hitsB.append(generator.nextUnit() < probability - shift)
      }
    }
    return (names, hitsA, hitsB)
  }
}
