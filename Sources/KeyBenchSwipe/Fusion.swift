/// Frequency fusion after DTW (seed 000 §2.6), and the bound that lets scoring abandon prefixes.
///
/// Words rank by m(w) − λ · ln P(w), m(w) the DTW cost per trace point. With a fixed λ (the
/// seed's way) a lower bound on a prefix's cost bounds all its words directly. With the
/// noise-adaptive λ = weight × (m* + floor), m* the best cost per point over *all* words, λ
/// is only known at the end; while scoring, it lies between weight × floor and weight × (the
/// best cost so far + floor). A prefix is abandoned only when `top` distinct words beat its
/// bound at both ends of that interval: its bound minus the best of those words is concave
/// in λ, so beating them at both ends means beating them everywhere in between — pruning
/// stays exact.
struct Fusion {
  /// A DTW cost (summed over points) and a log-probability.
  struct Evidence {
    var cost: Double
    var logProbability: Double
  }

  private let config: DTWDecoderConfig.Frequency
  private let points: Double
  private let capacity: Int
  /// Up to `capacity` words with distinct match keys, the best seen (at the current λ).
  private var leaders: [(key: String, evidence: Evidence)] = []
  /// The smallest cost seen so far.
  private var bestCost = Double.infinity

  /// - Parameter leaders: how many distinct words must beat a prefix to abandon it; 0 turns
  ///   pruning off.
  init(config: DTWDecoderConfig.Frequency, pointCount: Int, leaders: Int) {
    self.config = config
    points = Double(max(pointCount, 1))
    capacity = leaders
  }

  private var weight: Double { config.enabled ? config.weight : 0 }

  /// λ for a best cost of `bestCost` (summed over points).
  private func lambda(bestCost: Double) -> Double {
    config.adaptive ? weight * (bestCost / points + config.noiseFloor) : weight
  }

  /// The ranking score, lower is better: m(w) − λ ln P(w), divided by (m* + floor) when
  /// adaptive so that scores stay comparable across traces.
  func score(_ evidence: Evidence, bestCost: Double) -> Double {
    guard config.adaptive else { return evidence.cost / points - weight * evidence.logProbability }
    return evidence.cost / points / (bestCost / points + config.noiseFloor) - weight * evidence.logProbability
  }

  /// Records a scored word.
  mutating func offer(_ key: String, _ evidence: Evidence) {
    guard capacity > 0 else { return }
    bestCost = min(bestCost, evidence.cost)
    let lambda = lambda(bestCost: bestCost)
    func fused(_ e: Evidence) -> Double { e.cost / points - lambda * e.logProbability }
    if let existing = leaders.firstIndex(where: { $0.key == key }) {
      if fused(evidence) < fused(leaders[existing].evidence) { leaders[existing].evidence = evidence }
      return
    }
    if leaders.count < capacity {
      leaders.append((key, evidence))
      return
    }
    let worst = leaders.indices.max { fused(leaders[$0].evidence) < fused(leaders[$1].evidence) }!
    if fused(evidence) < fused(leaders[worst].evidence) { leaders[worst] = (key, evidence) }
  }

  /// Whether `top` distinct words have been seen, so a bound can prune at all (checked before
  /// computing a bound, which costs a pass over a DTW column).
  var canPrune: Bool { capacity > 0 && leaders.count >= capacity }

  /// Whether a word with at least `bound`'s cost and at most its log-probability cannot reach
  /// the top list, whatever the final λ.
  func cannotBeat(_ bound: Evidence) -> Bool {
    guard canPrune else { return false }
    let ends = config.adaptive ? [lambda(bestCost: 0), lambda(bestCost: bestCost)] : [weight]
    return ends.allSatisfy { lambda in
      let worstLeader = leaders.map { $0.evidence.cost / points - lambda * $0.evidence.logProbability }.max()!
      return bound.cost / points - lambda * bound.logProbability > worstLeader
    }
  }
}
