public import KeyBenchGeometry
import Foundation

/// The touch view of the gesture keyboard on a device: a square centred on the keyboard area
/// with the centre circle in the middle and eight fields around it.
///
/// Seed 001 gives no sizes, so they are parameters: the view takes `viewShare` of the shorter
/// side of the device's keyboard area and the circle's radius is `circleShare` of the view's
/// side. Fields are the eight 45° sectors outside the circle (a point beyond the view still
/// belongs to the sector it lies in, as a finger that overshoots still means that direction).
public struct GestureGeometry: Sendable {
  /// View and circle proportions.
  public struct Config: Sendable, Codable, Equatable {
    public var viewShare = 0.9
    public var circleShare = 0.16
    /// Where between the circle's edge (0) and the aim radius (1) a field counts as entered:
    /// the decoder ignores wobbles just outside the circle (see ``GestureDecoder``).
    public var commitShare = 0.5
    public init() {}
  }

  public let center: Point
  public let side: Double
  public let circleRadius: Double
  /// Where strokes aim inside a field: halfway between the circle and the view's edge.
  public let aimRadius: Double
  /// Distance from the centre beyond which the decoder reads a point's field.
  public let commitRadius: Double
  public let millimetersPerUnit: Double

  public init(profile: DeviceProfile, config: Config = Config()) {
    center = Point(x: profile.keyboardWidth / 2, y: profile.keyboardHeight / 2)
    side = min(profile.keyboardWidth, profile.keyboardHeight) * config.viewShare
    circleRadius = side * config.circleShare
    aimRadius = (circleRadius + side / 2) / 2
    commitRadius = circleRadius + (aimRadius - circleRadius) * config.commitShare
    millimetersPerUnit = profile.millimetersPerUnit
  }

  /// Where a point is: the circle, or a field.
  public enum Region: Sendable, Hashable {
    case circle
    case field(LetterScheme.Direction)
  }

  public func region(of point: Point) -> Region {
    let dx = point.x - center.x
    let dy = point.y - center.y
    if dx * dx + dy * dy < circleRadius * circleRadius { return .circle }
    return .field(direction(of: point))
  }

  /// The field sector `point` lies in, whatever its distance.
  public func direction(of point: Point) -> LetterScheme.Direction {
    let dx = point.x - center.x
    let dy = point.y - center.y
    let angle = atan2(dy, dx)
    // A point that is not finite has no direction; north keeps decoding total instead of trapping.
    guard angle.isFinite else { return .n }
    let sector = Int(((angle + Double.pi / 2) / (Double.pi / 4)).rounded())
    return LetterScheme.Direction(rawValue: ((sector % 8) + 8) % 8)!
  }

  /// The point a stroke aims at in `field`.
  public func aim(at field: LetterScheme.Direction) -> Point {
    Point(x: center.x + aimRadius * cos(field.angle), y: center.y + aimRadius * sin(field.angle))
  }
}
