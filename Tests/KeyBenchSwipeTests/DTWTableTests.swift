import KeyBenchGeometry
import KeyBenchSwipe
import Testing

/// Seed 000's worked DTW example (Tables 2.1–2.3), computed by the decoder's own column code.
@Suite struct DTWTableTests {
  static func points(_ pairs: [(Double, Double)]) -> [Point] { pairs.map { Point(x: $0.0, y: $0.1) } }
  static let user = points([(4, 4), (2, 7), (1, 4), (0, 3)])
  static let expected = points([(3, 4), (3, 5), (2, 6), (1, 4), (2, 2)])

  @Test func squaredDistancesAndAccumulatedCostsMatchTheSeedsTables() {
    let table = DTWTable(trace: Self.user, ideal: Self.expected)
    // Table 2.1: squared Euclidean distance of every pair.
    #expect(table.pointCosts == [[1, 2, 8, 9, 8], [10, 5, 1, 10, 25], [4, 5, 5, 0, 5], [10, 13, 13, 2, 5]])
    // Table 2.2: the best path's cost up to each cell, from the top left.
    #expect(table.accumulated == [[1, 3, 11, 20, 28], [11, 6, 4, 14, 39], [15, 11, 9, 4, 9], [25, 24, 22, 6, 9]])
    #expect(table.cost == 9)
  }

  @Test func aPointArrivingAddsOneRowAndLeavesTheOthers() {
    let before = DTWTable(trace: Self.user, ideal: Self.expected)
    let after = before.appending(Point(x: 2, y: 2))
    // Table 2.3: the new row's own costs, then its accumulated costs; the best mapping costs 6.
    #expect(after.pointCosts.last == [5, 10, 16, 5, 0])
    #expect(after.accumulated.last == [30, 34, 38, 11, 6])
    #expect(after.cost == 6)
    #expect(Array(after.accumulated.prefix(4)) == before.accumulated)
    // Appending is the same as building the table from all five points at once.
    let whole = DTWTable(trace: Self.user + [Point(x: 2, y: 2)], ideal: Self.expected)
    #expect(whole.accumulated == after.accumulated)
  }

  @Test func theWarpingPathMayRepeatPointsOfEitherList() {
    // One point against three: it is matched to each of them, the costs add up.
    let table = DTWTable(trace: Self.points([(0, 0)]), ideal: Self.points([(1, 0), (0, 2), (3, 0)]))
    #expect(table.cost == 1 + 4 + 9)
    // Identical lists cost nothing, whatever their length.
    #expect(DTWTable(trace: Self.expected, ideal: Self.expected).cost == 0)
  }
}
