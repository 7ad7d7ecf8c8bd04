import Foundation

/// A position in a layout's own units (pt for iOS profiles, px for Android, CSS px for How We
/// Swipe), x to the right and y **down**, as touch events report them.
public struct Point: Sendable, Hashable, Codable {
  public var x: Double
  public var y: Double

  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// Euclidean distance. Inlinable: decoders call it millions of times per second across modules.
  @inlinable public func distance(to other: Point) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }

  /// Squared distance, for comparisons without a square root.
  @inlinable public func squaredDistance(to other: Point) -> Double {
    (x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)
  }

  /// Direction from `self` to `other` in radians, `atan2(dy, dx)` with y down
  /// (0 = right, π/2 = down).
  public func angle(to other: Point) -> Double {
    atan2(other.y - y, other.x - x)
  }
}

// Inlinable, so each caller gets a version for its own collection type: across modules an
// unspecialised generic `zip` asked the runtime for type metadata at every step, about a tenth
// of the gesture benchmark's time.
extension Collection where Element == Point {
  /// Length of the polyline through the points (0 for fewer than two).
  @inlinable public var pathLength: Double {
    guard var previous = first else { return 0 }
    var length = 0.0
    for next in dropFirst() {
      length += previous.distance(to: next)
      previous = next
    }
    return length
  }

  /// Distance from `point` to the nearest point of the polyline through the points (to the
  /// point itself for one point, infinite for none): how close a trace came to a key.
  @inlinable public func polylineDistance(to point: Point) -> Double {
    guard var previous = first else { return .infinity }
    // The smallest squared distance, then one square root (the root is monotonic).
    var best = point.squaredDistance(to: previous)
    for next in dropFirst() {
      let (dx, dy) = (next.x - previous.x, next.y - previous.y)
      let length = next.squaredDistance(to: previous)
      let t = length > 0 ? Swift.min(1, Swift.max(0, ((point.x - previous.x) * dx + (point.y - previous.y) * dy) / length)) : 0
      best = Swift.min(best, point.squaredDistance(to: Point(x: previous.x + t * dx, y: previous.y + t * dy)))
      previous = next
    }
    return best.squareRoot()
  }
}

/// Smallest absolute difference between two angles in radians, in 0…π.
public func angularDifference(_ a: Double, _ b: Double) -> Double {
  let d = abs(a - b).truncatingRemainder(dividingBy: 2 * .pi)
  return d > .pi ? 2 * .pi - d : d
}
