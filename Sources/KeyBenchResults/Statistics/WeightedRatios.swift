import KeyBenchCore

/// A weighted sum of ratio metrics over the same groups — kebbie's overall score, 0.15 ×
/// next-word top-3 + 0.2 × completion top-3 + 0.4 × correction F + 0.25 × swipe top-1 — with
/// a cluster-bootstrap interval.
///
/// A sum of ratios is not itself a ratio of per-item sums, so the row-metric machinery cannot
/// resample it; here each resample draws groups once and recomputes every component on the same
/// draw, which keeps the components' correlation (a typist who types badly hurts all tasks).
/// A group missing from a component adds nothing to it. A resample in which some component has
/// no denominator is skipped, as ``ClusterBootstrap`` does.
public struct WeightedRatios: Sendable {
  public let weights: [Double]
  public let components: [ClusteredRatio]
  /// Every group name of any component, ascending.
  public let groupNames: [String]
  /// Per component, its Σ numerator and Σ denominator per group of ``groupNames``.
  let numerators: [[Double]]
  let denominators: [[Double]]

  public init(_ parts: [(weight: Double, ratio: ClusteredRatio)]) {
    weights = parts.map(\.weight)
    components = parts.map(\.ratio)
    groupNames = Array(Set(parts.flatMap(\.ratio.groupNames))).sorted()
    let position = Dictionary(uniqueKeysWithValues: groupNames.enumerated().map { ($1, $0) })
    var numerators: [[Double]] = [], denominators: [[Double]] = []
    for part in parts {
      var n = [Double](repeating: 0, count: groupNames.count), d = n
      for (g, name) in part.ratio.groupNames.enumerated() {
        n[position[name]!] = part.ratio.groupNumerators[g]
        d[position[name]!] = part.ratio.groupDenominators[g]
      }
      numerators.append(n)
      denominators.append(d)
    }
    self.numerators = numerators
    self.denominators = denominators
  }

  /// Σ weight × ratio; nil when a component has no denominator.
  public var value: Double? { Self.combine(weights, numerators.map { $0.reduce(0, +) }, denominators.map { $0.reduce(0, +) }) }

  static func combine(_ weights: [Double], _ numerators: [Double], _ denominators: [Double]) -> Double? {
    var total = 0.0
    for c in weights.indices {
      guard denominators[c] > 0 else { return nil }
      total += weights[c] * numerators[c] / denominators[c]
    }
    return total
  }

  /// The percentile interval of `resamples` cluster-bootstrap replicates; nil below two groups
  /// or when the value is undefined.
  public func interval(resamples: Int, seed: UInt64, level: Double = 0.95) throws -> Interval? {
    try Check.resamples(resamples)
    try Check.probability(level, name: "level")
    let count = groupNames.count
    guard count >= 2, value != nil else { return nil }
    var generator = SeededGenerator(seed: seed)
    var replicates: [Double] = []
    replicates.reserveCapacity(resamples)
    var n = [Double](repeating: 0, count: weights.count), d = n
    for _ in 0..<resamples {
      for c in weights.indices { (n[c], d[c]) = (0, 0) }
      for _ in 0..<count {
        let g = generator.index(below: count)
        for c in weights.indices {
          n[c] += numerators[c][g]
          d[c] += denominators[c][g]
        }
      }
      if let value = Self.combine(weights, n, d) { replicates.append(value) }
    }
    return Percentile.interval(of: replicates, level: level)
  }
}
