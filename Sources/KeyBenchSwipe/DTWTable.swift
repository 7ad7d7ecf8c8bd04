public import KeyBenchGeometry

/// The basic DTW table between two point lists (seed 000 §2.2.1, Tables 2.1–2.3), computed with
/// the decoder's own column code (``WarpingColumns``, basic algorithm, no locality band): the
/// squared distance of every pair of points, and the best accumulated cost up to each cell,
/// whose last entry is the cost of matching the two. ``appending(_:)`` adds a point to the
/// first list as one new row of every column, as the decoder does while the finger moves
/// (§2.4), so the worked example can be followed step by step:
///
///     let table = DTWTable(trace: user, ideal: expected)   // the points of Table 2.1
///     table.cost                                           // 9
///     table.appending(Point(x: 2, y: 2)).cost              // 6
public struct DTWTable: Sendable {
  /// The second list (columns).
  public let ideal: [Point]
  /// The first list (rows), with any points appended.
  public var trace: [Point] { warping.points }
  private var warping: WarpingColumns
  private var columns: [WarpingColumns.Column] = []

  public init(trace: [Point], ideal: [Point]) {
    var config = DTWDecoderConfig.DTW()
    config.improved = false
    config.localityAbsolute = 0
    config.localityRelative = 0
    self.ideal = ideal
    warping = WarpingColumns(points: trace, config: config)
    var previous: WarpingColumns.Column?
    for part in parts {
      let column = warping.column(for: part, after: previous)
      columns.append(column)
      previous = column
    }
  }

  /// Each point of the second list as a part of its own (the basic DTW's samples).
  private var parts: [WarpingColumns.Part] { ideal.map { WarpingColumns.Part(from: $0, to: $0, startLength: 0, endLength: 0) } }

  /// Squared distance between every row point and column point (Table 2.1).
  public var pointCosts: [[Double]] {
    warping.points.map { p in ideal.map { q in (p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y) } }
  }

  /// Best accumulated cost up to each cell, rows × columns (Table 2.2).
  public var accumulated: [[Double]] {
    warping.points.indices.map { i in columns.map { $0.cost[i] } }
  }

  /// The cost of matching the two lists: the last cell.
  public var cost: Double { columns.last?.cost.last ?? .infinity }

  /// The table with `point` added to the rows: one new row per column, earlier rows untouched
  /// (Table 2.3).
  public func appending(_ point: Point) -> DTWTable {
    var next = self
    next.warping.append(point)
    var previous: WarpingColumns.Column?
    for (index, part) in parts.enumerated() {
      next.warping.extend(&next.columns[index], for: part, after: previous)
      previous = next.columns[index]
    }
    return next
  }
}
