public import KeyBenchGeometry

/// The geometry of SHARK2's channels, as pure functions over fixed-size point buffers.
///
/// A path of N points is stored as two arrays, `xs` and `ys`, so that scoring thousands of
/// templates per trace reuses the same storage instead of allocating per word.
public enum Shark2Geometry {
  /// Writes `count` points spaced equally along the polyline `points` into `xs`/`ys`
  /// (resized to `count`). The first and last points are the polyline's own; a polyline of
  /// length zero (one point, or a tap) yields `count` copies of its first point.
  ///
  /// Equal spacing is what makes point i of a trace comparable with point i of a template:
  /// SHARK2 matches by position along the path, not by time, so a slow corner and a fast
  /// straight weigh the same.
  ///
  /// - Complexity: O(points + count).
  public static func resample(_ points: [Point], count: Int, xs: inout [Double], ys: inout [Double]) {
    precondition(count >= 2 && !points.isEmpty)
    xs.removeAll(keepingCapacity: true)
    ys.removeAll(keepingCapacity: true)
    let total = length(points)
    guard total > 0 else {
      xs.append(contentsOf: repeatElement(points[0].x, count: count))
      ys.append(contentsOf: repeatElement(points[0].y, count: count))
      return
    }
    let step = total / Double(count - 1)
    xs.append(points[0].x)
    ys.append(points[0].y)
    var segment = 0
    // Path length up to the start of `segment`, and that segment's length.
    var before = 0.0
    var length = distance(points[0], points[1])
    for index in 1..<(count - 1) {
      let target = Double(index) * step
      while before + length < target && segment < points.count - 2 {
        before += length
        segment += 1
        length = distance(points[segment], points[segment + 1])
      }
      let a = points[segment]
      let b = points[segment + 1]
      let f = length > 0 ? min(max((target - before) / length, 0), 1) : 0
      xs.append(a.x + (b.x - a.x) * f)
      ys.append(a.y + (b.y - a.y) * f)
    }
    xs.append(points[points.count - 1].x)
    ys.append(points[points.count - 1].y)
  }

  /// The length of the polyline `points`.
  ///
  /// A plain loop rather than `Sequence.pathLength`: that generic extension is not specialised
  /// across modules, and called once per template it took most of the decode time.
  public static func length(_ points: [Point]) -> Double {
    var total = 0.0
    for index in points.indices.dropFirst() { total += distance(points[index - 1], points[index]) }
    return total
  }

  @inline(__always)
  static func distance(_ a: Point, _ b: Point) -> Double {
    let dx = a.x - b.x
    let dy = a.y - b.y
    return (dx * dx + dy * dy).squareRoot()
  }

  /// Writes the shape of `xs`/`ys` into `shapeXs`/`shapeYs`: the centroid moved to the origin and
  /// the larger side of the bounding box scaled to 1.
  ///
  /// This removes position and size, so the shape channel recognises a word drawn small or off
  /// to one side; scaling by the larger side (not each axis) keeps a straight word straight. A
  /// path without extent (a tap) collapses onto the origin rather than blowing up jitter.
  public static func normalise(
    _ xs: [Double], _ ys: [Double], into shapeXs: inout [Double], _ shapeYs: inout [Double]
  ) {
    shapeXs.removeAll(keepingCapacity: true)
    shapeYs.removeAll(keepingCapacity: true)
    var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
    var sumX = 0.0, sumY = 0.0
    for i in xs.indices {
      minX = min(minX, xs[i])
      maxX = max(maxX, xs[i])
      minY = min(minY, ys[i])
      maxY = max(maxY, ys[i])
      sumX += xs[i]
      sumY += ys[i]
    }
    let side = max(maxX - minX, maxY - minY)
    let scale = side > 1e-9 ? 1 / side : 0
    let centreX = sumX / Double(xs.count)
    let centreY = sumY / Double(ys.count)
    for i in xs.indices {
      shapeXs.append((xs[i] - centreX) * scale)
      shapeYs.append((ys[i] - centreY) * scale)
    }
  }

  /// The mean of `weights[i]` × the distance between point i of the two paths (`weights` sums
  /// to 1; all paths have the same count).
  public static func weightedMeanDistance(
    _ ax: [Double], _ ay: [Double], _ bx: [Double], _ by: [Double], weights: [Double]
  ) -> Double {
    var sum = 0.0
    for i in ax.indices {
      let dx = ax[i] - bx[i]
      let dy = ay[i] - by[i]
      sum += weights[i] * (dx * dx + dy * dy).squareRoot()
    }
    return sum
  }

  /// Location weights for `count` points: `endWeight` at both ends, 1 in the middle, linear in
  /// between, scaled to sum to 1.
  public static func locationWeights(count: Int, endWeight: Double) -> [Double] {
    let raw = (0..<count).map { i -> Double in
      let fromMiddle = abs(2 * Double(i) / Double(count - 1) - 1)
      return 1 + (endWeight - 1) * fromMiddle
    }
    let total = raw.reduce(0, +)
    return raw.map { $0 / total }
  }
}
