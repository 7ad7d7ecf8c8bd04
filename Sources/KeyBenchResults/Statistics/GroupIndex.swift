/// Dense group numbers for per-item group names, in ascending name order.
///
/// Sorting by name (Swift's `String` order) rather than keeping first-seen order makes a
/// bootstrap depend only on which rows belong to which group, not on the order a benchmark
/// happened to write its groups in.
struct GroupIndex {
  /// Group names, ascending; group `g` is `names[g]`.
  let names: [String]
  /// The group number of each item, in item order.
  let groupOfItem: [Int]

  init(_ groups: [String]) {
    var firstSeen: [String: Int] = [:]
    var seenNames: [String] = []
    var firstSeenOfItem: [Int] = []
    firstSeenOfItem.reserveCapacity(groups.count)
    for name in groups {
      if let number = firstSeen[name] {
        firstSeenOfItem.append(number)
      } else {
        firstSeen[name] = seenNames.count
        firstSeenOfItem.append(seenNames.count)
        seenNames.append(name)
      }
    }
    let order = seenNames.indices.sorted { seenNames[$0] < seenNames[$1] }
    var rank = [Int](repeating: 0, count: order.count)
    for (sortedPosition, seenNumber) in order.enumerated() { rank[seenNumber] = sortedPosition }
    names = order.map { seenNames[$0] }
    groupOfItem = firstSeenOfItem.map { rank[$0] }
  }

  /// Per-group sums of `values`, each summed in item order.
  func sums(_ values: [Double]) -> [Double] {
    var sums = [Double](repeating: 0, count: names.count)
    for (item, value) in values.enumerated() { sums[groupOfItem[item]] += value }
    return sums
  }

  /// Throws unless `values` has one finite entry per item (and, for denominators, none below 0).
  static func validate(_ values: [Double], field: String, items: Int, isDenominator: Bool) throws {
    guard values.count == items else {
      throw StatisticsError.lengthMismatch(field: field, expected: items, actual: values.count)
    }
    for (item, value) in values.enumerated() {
      guard value.isFinite else { throw StatisticsError.nonFinite(field: field, item: item, value: value) }
      if isDenominator, value < 0 {
        throw StatisticsError.negativeDenominator(field: field, item: item, value: value)
      }
    }
  }
}
