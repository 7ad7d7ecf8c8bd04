import KeyBenchCore

/// The cluster (group) bootstrap of a `ClusteredRatio`: each resample draws G groups with
/// replacement from the G observed ones and recomputes Σ numerator / Σ denominator.
///
/// Resampling groups rather than items keeps the within-group correlation, which is what
/// makes these intervals honest where a binomial interval over items is too narrow.
/// A resample whose drawn groups all have denominator 0 has no ratio; it is skipped (not
/// redrawn), so `BootstrapEstimate.resamples` may be below the number asked for.
public enum ClusterBootstrap {
  /// The accepted numbers of resamples: at least one, at most a million.
  public static let resampleRange: ClosedRange<Int> = 1...1_000_000

  /// The bootstrap replicates of the ratio, in draw order (skipped resamples left out).
  ///
  /// Deterministic: the same sample and seed give the same doubles on every platform.
  /// Throws for `resamples` outside `resampleRange`.
  public static func replicates(_ sample: ClusteredRatio, resamples: Int, seed: UInt64) throws -> [Double] {
    try replicates(of: [sample], resamples: resamples, seed: seed)[0]
  }

  /// The replicates of several samples with the same number of groups, from one stream of draws:
  /// for each sample exactly what ``replicates(_:resamples:seed:)`` gives it alone (the groups
  /// drawn depend only on the seed and their count, and each sum is taken in the same order),
  /// for the cost of drawing once. A run's algorithms and metrics share their groups, so this is
  /// how a summary's dozens of intervals are computed.
  ///
  /// - Precondition: every sample has the same number of groups.
  public static func replicates(of samples: [ClusteredRatio], resamples: Int, seed: UInt64) throws -> [[Double]] {
    try Check.resamples(resamples)
    guard let count = samples.first?.groups, count > 0 else { return samples.map { _ in [] } }
    precondition(samples.allSatisfy { $0.groups == count }, "samples of one draw stream have the same number of groups")
    let width = samples.count
    // Group-major, so one drawn group's values for every sample lie together.
    var numerators = [Double](repeating: 0, count: count * width)
    var denominators = [Double](repeating: 0, count: count * width)
    for (s, sample) in samples.enumerated() {
      for group in 0..<count {
        numerators[group * width + s] = sample.groupNumerators[group]
        denominators[group * width + s] = sample.groupDenominators[group]
      }
    }
    var generator = SeededGenerator(seed: seed)
    var replicates = [[Double]](repeating: [], count: width)
    for s in 0..<width { replicates[s].reserveCapacity(resamples) }
    var numerator = [Double](repeating: 0, count: width)
    var denominator = [Double](repeating: 0, count: width)
    numerators.withUnsafeBufferPointer { numerators in
      denominators.withUnsafeBufferPointer { denominators in
        numerator.withUnsafeMutableBufferPointer { numerator in
          denominator.withUnsafeMutableBufferPointer { denominator in
            for _ in 0..<resamples {
              for s in 0..<width {
                numerator[s] = 0
                denominator[s] = 0
              }
              for _ in 0..<count {
                let base = generator.index(below: count) * width
                for s in 0..<width {
                  numerator[s] += numerators[base + s]
                  denominator[s] += denominators[base + s]
                }
              }
              for s in 0..<width where denominator[s] > 0 { replicates[s].append(numerator[s] / denominator[s]) }
            }
          }
        }
      }
    }
    return replicates
  }

  /// ``estimate(_:resamples:seed:level:)`` of several samples, those with the same number of
  /// groups bootstrapped together (``replicates(of:resamples:seed:)``): the same estimates.
  public static func estimates(
    _ samples: [ClusteredRatio], resamples: Int, seed: UInt64, level: Double = 0.95
  ) throws -> [BootstrapEstimate?] {
    try Check.probability(level, name: "level")
    try Check.resamples(resamples)
    var results = [BootstrapEstimate?](repeating: nil, count: samples.count)
    for positions in Dictionary(grouping: samples.indices, by: { samples[$0].groups }).values {
      let batch = try replicates(of: positions.map { samples[$0] }, resamples: resamples, seed: seed)
      for (position, replicates) in zip(positions, batch) {
        results[position] = estimate(samples[position], from: replicates, resamples: resamples, level: level)
      }
    }
    return results
  }

  /// Value, percentile interval and bootstrap standard error from one set of replicates.
  ///
  /// The interval is the equal-tailed percentile interval of the replicates (`Percentile.linear`,
  /// type 7); the standard error is their standard deviation. Throws for `resamples` outside
  /// `resampleRange` or `level` outside (0, 1); nil when the ratio is undefined or every
  /// resample was skipped.
  public static func estimate(
    _ sample: ClusteredRatio, resamples: Int, seed: UInt64, level: Double = 0.95
  ) throws -> BootstrapEstimate? {
    try Check.probability(level, name: "level")
    return estimate(sample, from: try replicates(sample, resamples: resamples, seed: seed), resamples: resamples, level: level)
  }

  /// The estimate `replicates` (of `resamples` asked for) give `sample`; nil when the ratio is
  /// undefined or every resample was skipped.
  private static func estimate(_ sample: ClusteredRatio, from replicates: [Double], resamples: Int, level: Double) -> BootstrapEstimate? {
    guard let value = sample.value, let interval = Percentile.interval(of: replicates, level: level) else { return nil }
    return BootstrapEstimate(
      value: value, interval: interval, standardError: Percentile.standardDeviation(of: replicates),
      resamples: replicates.count, skipped: resamples - replicates.count, items: sample.items, groups: sample.groups)
  }

  /// The percentile interval alone (see `estimate`).
  public static func interval(
    _ sample: ClusteredRatio, resamples: Int, seed: UInt64, level: Double = 0.95
  ) throws -> Interval? {
    try estimate(sample, resamples: resamples, seed: seed, level: level)?.interval
  }

  /// The bootstrap standard error alone (see `estimate`).
  public static func standardError(_ sample: ClusteredRatio, resamples: Int, seed: UInt64) throws -> Double? {
    try estimate(sample, resamples: resamples, seed: seed)?.standardError
  }
}

/// What a cluster bootstrap of one ratio found, in the form a report stores.
public struct BootstrapEstimate: Sendable, Codable, Equatable {
  /// The ratio on the observed data.
  public var value: Double
  public var interval: Interval
  /// Standard deviation of the bootstrap replicates.
  public var standardError: Double
  /// Resamples that had a ratio (asked for minus skipped).
  public var resamples: Int
  /// Resamples skipped because their denominators summed to 0.
  public var skipped: Int
  public var items: Int
  public var groups: Int
}
