public import KeyBenchGeometry

/// The key whose centre is nearest to the touch: what a keyboard without regions would do.
public struct NearestCenterResolver: TouchResolver {
  public let keyboard: TouchKeyboard
  public var name: String { TouchResolverKind.nearest.rawValue }

  public init(keyboard: TouchKeyboard) { self.keyboard = keyboard }

  public func resolve(_ touch: Point, after context: LetterContext) -> Int {
    var best = 0
    var bestDistance = Double.infinity
    for (index, center) in keyboard.centers.enumerated() {
      let d = center.squaredDistance(to: touch)
      if d < bestDistance {
        bestDistance = d
        best = index
      }
    }
    return best
  }
}

/// Fixed hit regions: each key owns its cap plus half of each gap (seed 004's starting point and
/// the baseline every other resolver is compared against).
public struct StaticRegionResolver: TouchResolver {
  public let keyboard: TouchKeyboard
  public var name: String { TouchResolverKind.static.rawValue }

  public init(keyboard: TouchKeyboard) { self.keyboard = keyboard }

  public func resolve(_ touch: Point, after context: LetterContext) -> Int {
    let row = keyboard.staticRow(y: touch.y)
    return keyboard.rows[row].keys[keyboard.staticColumn(x: touch.x, row: row)]
  }
}
