import Foundation

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
    defer { certificate = makeCertificate() }
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

  /// What `top` distinct scored words prove about any other word: at both ends of the interval
  /// the final λ lies in, the fused score the worst of them reaches. A word whose bound is worse
  /// at both ends cannot reach the top list. The final λ lies within every chunk's interval
  /// (each chunk's best cost is at least the decode's), so one chunk's certificate holds for
  /// the words of every other chunk — that is what lets threads share pruning exactly.
  ///
  /// A word pruned by it has a cost of at least `bestCost`, a cost some word really scored, so
  /// pruning never changes the best cost the final λ is computed from, whichever chunk pruned.
  struct Certificate: Sendable, Equatable {
    var bestCost: Double
    var lambdaLow: Double
    var worstLow: Double
    var lambdaHigh: Double
    var worstHigh: Double
  }

  /// The current leaders' certificate (nil until `top` distinct words were seen), kept up to
  /// date by ``offer(_:_:)`` so that checking a bound allocates nothing.
  private(set) var certificate: Certificate?

  private func makeCertificate() -> Certificate? {
    guard canPrune else { return nil }
    let (low, high) = config.adaptive ? (lambda(bestCost: 0), lambda(bestCost: bestCost)) : (weight, weight)
    var worstLow = -Double.infinity
    var worstHigh = -Double.infinity
    for leader in leaders {
      let (cost, logProbability) = (leader.evidence.cost / points, leader.evidence.logProbability)
      worstLow = max(worstLow, cost - low * logProbability)
      worstHigh = max(worstHigh, cost - high * logProbability)
    }
    return Certificate(bestCost: bestCost, lambdaLow: low, worstLow: worstLow, lambdaHigh: high, worstHigh: worstHigh)
  }

  /// Whether a word with at least `bound`'s cost and at most its log-probability cannot reach
  /// the top list, whatever the final λ: by this chunk's leaders or by any of `others`
  /// (certificates of the other chunks of the same decode).
  func cannotBeat(_ bound: Evidence, given others: [Certificate] = []) -> Bool {
    if let certificate, proves(certificate, bound) { return true }
    return others.contains { proves($0, bound) }
  }

  private func proves(_ certificate: Certificate, _ bound: Evidence) -> Bool {
    let cost = bound.cost / points
    return bound.cost >= certificate.bestCost
      && cost - certificate.lambdaLow * bound.logProbability > certificate.worstLow
      && cost - certificate.lambdaHigh * bound.logProbability > certificate.worstHigh
  }
}

/// The chunks of one decode's DTW, publishing their ``Fusion/Certificate`` for each other.
final class PruningBoard: @unchecked Sendable {
  private let lock = NSLock()
  private var certificates: [Fusion.Certificate?]

  init(chunks: Int) { certificates = Array(repeating: nil, count: chunks) }

  func publish(_ certificate: Fusion.Certificate, chunk: Int) { lock.withLock { certificates[chunk] = certificate } }

  /// The other chunks' certificates into `others`, reusing its storage.
  func read(except chunk: Int, into others: inout [Fusion.Certificate]) {
    others.removeAll(keepingCapacity: true)
    lock.withLock {
      for (index, certificate) in certificates.enumerated() where index != chunk {
        if let certificate { others.append(certificate) }
      }
    }
  }
}
