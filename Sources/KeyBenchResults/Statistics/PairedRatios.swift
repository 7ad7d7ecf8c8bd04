/// Two ratio metrics measured on the same items, e.g. two algorithms (or two runs) scored on
/// the same gestures, kept together so a comparison resamples the same groups for both.
///
/// Per-group sums are formed once, in ascending group-name order, as in `ClusteredRatio`.
public struct PairedRatios: Sendable, Equatable {
  public let items: Int
  /// Group names in ascending `String` order; the per-group arrays follow it.
  public let groupNames: [String]
  public let groupNumeratorsA: [Double]
  public let groupDenominatorsA: [Double]
  public let groupNumeratorsB: [Double]
  public let groupDenominatorsB: [Double]

  /// Builds the pair from parallel per-item arrays; throws `StatisticsError` for arrays of
  /// different lengths, non-finite values or a negative denominator.
  public init(
    groups: [String], numeratorsA: [Double], denominatorsA: [Double], numeratorsB: [Double], denominatorsB: [Double]
  ) throws {
    try GroupIndex.validate(numeratorsA, field: "numerator A", items: groups.count, isDenominator: false)
    try GroupIndex.validate(denominatorsA, field: "denominator A", items: groups.count, isDenominator: true)
    try GroupIndex.validate(numeratorsB, field: "numerator B", items: groups.count, isDenominator: false)
    try GroupIndex.validate(denominatorsB, field: "denominator B", items: groups.count, isDenominator: true)
    let index = GroupIndex(groups)
    items = groups.count
    groupNames = index.names
    groupNumeratorsA = index.sums(numeratorsA)
    groupDenominatorsA = index.sums(denominatorsA)
    groupNumeratorsB = index.sums(numeratorsB)
    groupDenominatorsB = index.sums(denominatorsB)
  }

  /// Builds the pair from per-item rows.
  public init<Rows: Sequence>(_ rows: Rows) throws
  where Rows.Element == (group: String, numeratorA: Double, denominatorA: Double, numeratorB: Double, denominatorB: Double) {
    var groups: [String] = []
    var columns: [[Double]] = [[], [], [], []]
    for row in rows {
      groups.append(row.group)
      columns[0].append(row.numeratorA)
      columns[1].append(row.denominatorA)
      columns[2].append(row.numeratorB)
      columns[3].append(row.denominatorB)
    }
    try self.init(
      groups: groups, numeratorsA: columns[0], denominatorsA: columns[1], numeratorsB: columns[2], denominatorsB: columns[3])
  }

  /// Two hit rates on the same items (numerator 1 for a hit, denominator 1).
  public init(groups: [String], hitsA: [Bool], hitsB: [Bool]) throws {
    guard hitsA.count == groups.count else {
      throw StatisticsError.lengthMismatch(field: "hits A", expected: groups.count, actual: hitsA.count)
    }
    guard hitsB.count == groups.count else {
      throw StatisticsError.lengthMismatch(field: "hits B", expected: groups.count, actual: hitsB.count)
    }
    let ones = [Double](repeating: 1, count: groups.count)
    try self.init(
      groups: groups, numeratorsA: hitsA.map { $0 ? 1 : 0 }, denominatorsA: ones,
      numeratorsB: hitsB.map { $0 ? 1 : 0 }, denominatorsB: ones)
  }

  public var groups: Int { groupNames.count }

  /// The same pair with A and B exchanged.
  public var swapped: PairedRatios {
    PairedRatios(
      items: items, groupNames: groupNames, groupNumeratorsA: groupNumeratorsB, groupDenominatorsA: groupDenominatorsB,
      groupNumeratorsB: groupNumeratorsA, groupDenominatorsB: groupDenominatorsA)
  }

  /// Σ numerator A / Σ denominator A; nil when Σ denominator A is 0.
  public var valueA: Double? { Self.ratio(groupNumeratorsA, groupDenominatorsA) }

  /// Σ numerator B / Σ denominator B; nil when Σ denominator B is 0.
  public var valueB: Double? { Self.ratio(groupNumeratorsB, groupDenominatorsB) }

  /// value A − value B; nil when either is undefined.
  public var difference: Double? {
    guard let valueA, let valueB else { return nil }
    return valueA - valueB
  }

  private init(
    items: Int, groupNames: [String], groupNumeratorsA: [Double], groupDenominatorsA: [Double],
    groupNumeratorsB: [Double], groupDenominatorsB: [Double]
  ) {
    self.items = items
    self.groupNames = groupNames
    self.groupNumeratorsA = groupNumeratorsA
    self.groupDenominatorsA = groupDenominatorsA
    self.groupNumeratorsB = groupNumeratorsB
    self.groupDenominatorsB = groupDenominatorsB
  }

  private static func ratio(_ numerators: [Double], _ denominators: [Double]) -> Double? {
    let denominator = denominators.reduce(0, +)
    return denominator > 0 ? numerators.reduce(0, +) / denominator : nil
  }
}
