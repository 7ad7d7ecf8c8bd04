/// A ratio metric, Σ numerator / Σ denominator over items, whose items cluster in groups
/// (the gestures of one user, the words of one typist).
///
/// Items of one group are correlated, so uncertainty comes from resampling whole groups. The
/// per-group sums are formed once here, which makes each bootstrap resample cost O(groups)
/// instead of O(items). Groups are kept in ascending name order (see `groupNames`), so the
/// same rows in the same order give bit-identical sums and, with the same seed, intervals.
public struct ClusteredRatio: Sendable, Equatable {
  /// Number of items the ratio was built from.
  public let items: Int
  /// Group names in ascending `String` order; the other per-group arrays follow it.
  public let groupNames: [String]
  /// Σ numerator of each group's items.
  public let groupNumerators: [Double]
  /// Σ denominator of each group's items.
  public let groupDenominators: [Double]
  /// The standard error if items were independent, for comparison with the clustered one.
  ///
  /// The linearised (delta-method) standard error of a ratio over independent items,
  /// √Σ(yᵢ − r·xᵢ)² / Σxᵢ, which for 0/1 items with denominator 1 is the binomial √(p(1−p)/n).
  /// nil when the ratio is undefined.
  public let naiveStandardError: Double?

  /// Builds the ratio from parallel per-item arrays; throws `StatisticsError` for arrays of
  /// different lengths, non-finite values or a negative denominator.
  public init(groups: [String], numerators: [Double], denominators: [Double]) throws {
    try GroupIndex.validate(numerators, field: "numerator", items: groups.count, isDenominator: false)
    try GroupIndex.validate(denominators, field: "denominator", items: groups.count, isDenominator: true)
    let index = GroupIndex(groups)
    items = groups.count
    groupNames = index.names
    groupNumerators = index.sums(numerators)
    groupDenominators = index.sums(denominators)
    let numeratorTotal = groupNumerators.reduce(0, +)
    let denominatorTotal = groupDenominators.reduce(0, +)
    if denominatorTotal > 0 {
      let ratio = numeratorTotal / denominatorTotal
      var squares = 0.0
      for item in 0..<groups.count {
        let residual = numerators[item] - ratio * denominators[item]
        squares += residual * residual
      }
      naiveStandardError = squares.squareRoot() / denominatorTotal
    } else {
      naiveStandardError = nil
    }
  }

  /// Builds the ratio from per-item rows (see `init(groups:numerators:denominators:)`).
  public init<Rows: Sequence>(_ rows: Rows) throws
  where Rows.Element == (group: String, numerator: Double, denominator: Double) {
    var groups: [String] = []
    var numerators: [Double] = []
    var denominators: [Double] = []
    for row in rows {
      groups.append(row.group)
      numerators.append(row.numerator)
      denominators.append(row.denominator)
    }
    try self.init(groups: groups, numerators: numerators, denominators: denominators)
  }

  /// A hit rate such as top-1 accuracy: numerator 1 for a hit, 0 for a miss, denominator 1.
  public init(groups: [String], hits: [Bool]) throws {
    guard hits.count == groups.count else {
      throw StatisticsError.lengthMismatch(field: "hits", expected: groups.count, actual: hits.count)
    }
    try self.init(groups: groups, numerators: hits.map { $0 ? 1 : 0 }, denominators: Array(repeating: 1, count: hits.count))
  }

  /// Number of distinct groups.
  public var groups: Int { groupNames.count }

  /// Σ numerator over all items (summed group by group, in group order).
  public var numeratorTotal: Double { groupNumerators.reduce(0, +) }

  /// Σ denominator over all items (summed group by group, in group order).
  public var denominatorTotal: Double { groupDenominators.reduce(0, +) }

  /// Σ numerator / Σ denominator; nil when Σ denominator is 0.
  public var value: Double? {
    let denominator = denominatorTotal
    return denominator > 0 ? numeratorTotal / denominator : nil
  }

  /// The Wald interval value ± z·`naiveStandardError`, which assumes independent items and so
  /// is too narrow on clustered data; reported next to the cluster bootstrap to show by how much.
  /// Throws for a level outside (0, 1); nil when the ratio is undefined.
  public func naiveInterval(level: Double = 0.95) throws -> Interval? {
    try Check.probability(level, name: "level")
    guard let value, let naiveStandardError else { return nil }
    let z = NormalDistribution.quantile(0.5 + level / 2)
    return Interval(low: value - z * naiveStandardError, high: value + z * naiveStandardError, level: level)
  }
}
