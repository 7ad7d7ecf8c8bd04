import KeyBenchCore

/// The paired cluster bootstrap: every resample draws G groups with replacement and
/// recomputes both ratios on the same drawn groups, so the correlation between A and B on
/// shared items (the usual reason a paired test is sharper) is kept along with the
/// correlation within groups.
public enum PairedBootstrap {
  /// Compares A with B on the same items.
  ///
  /// - Interval: equal-tailed percentile interval (`Percentile.linear`, type 7) of the
  ///   resampled differences d*₁…d*_B.
  /// - p-value: two-sided test by centring the bootstrap distribution on the null,
  ///   p = (1 + #{b : |d*_b − d̂| ≥ |d̂|}) / (B + 1), where d̂ is the observed difference;
  ///   the +1 counts the observed data as one draw, so p is never 0. p = 1 when d̂ = 0.
  /// - Resamples whose drawn groups have Σ denominator 0 for A or for B have no difference
  ///   and are skipped; B counts only the others.
  ///
  /// Deterministic for the same pair and seed. Throws `StatisticsError` for `resamples`
  /// outside `ClusterBootstrap.resampleRange`, `level` outside (0, 1), an undefined ratio,
  /// or when every resample was skipped.
  public static func compare(
    _ pair: PairedRatios, resamples: Int, seed: UInt64, level: Double = 0.95
  ) throws -> PairedDifference {
    try Check.resamples(resamples)
    try Check.probability(level, name: "level")
    guard let valueA = pair.valueA else { throw StatisticsError.undefinedRatio("A") }
    guard let valueB = pair.valueB else { throw StatisticsError.undefinedRatio("B") }
    let observed = valueA - valueB
    let differences = replicates(pair, resamples: resamples, seed: seed)
    guard let interval = Percentile.interval(of: differences, level: level) else { throw StatisticsError.noValidResample }
    return PairedDifference(
      difference: observed, valueA: valueA, valueB: valueB, interval: interval,
      pValue: pValue(observed: observed, replicates: differences),
      standardError: Percentile.standardDeviation(of: differences),
      items: pair.items, groups: pair.groups, resamples: differences.count)
  }

  /// The centred two-sided bootstrap p-value described at `compare`.
  static func pValue(observed: Double, replicates: [Double]) -> Double {
    guard observed != 0, !replicates.isEmpty else { return 1 }
    let extreme = replicates.reduce(0) { count, replicate in abs(replicate - observed) >= abs(observed) ? count + 1 : count }
    return Double(1 + extreme) / Double(replicates.count + 1)
  }

  private static func replicates(_ pair: PairedRatios, resamples: Int, seed: UInt64) -> [Double] {
    let count = pair.groups
    var generator = SeededGenerator(seed: seed)
    var differences: [Double] = []
    differences.reserveCapacity(resamples)
    for _ in 0..<resamples {
      var numeratorA = 0.0
      var denominatorA = 0.0
      var numeratorB = 0.0
      var denominatorB = 0.0
      for _ in 0..<count {
        let group = generator.index(below: count)
        numeratorA += pair.groupNumeratorsA[group]
        denominatorA += pair.groupDenominatorsA[group]
        numeratorB += pair.groupNumeratorsB[group]
        denominatorB += pair.groupDenominatorsB[group]
      }
      if denominatorA > 0, denominatorB > 0 { differences.append(numeratorA / denominatorA - numeratorB / denominatorB) }
    }
    return differences
  }
}
