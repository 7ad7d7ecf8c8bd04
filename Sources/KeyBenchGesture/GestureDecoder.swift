import KeyBenchGeometry

/// Reads strokes on the gesture keyboard back into text.
///
/// A stroke becomes the sequence of regions it passes (circle or field, repeats merged). Fields
/// are read only from points beyond the geometry's commit radius, so a finger that wobbles
/// across a border just outside the circle (where a few points of aiming error span a whole
/// sector) does not cross it; an excursion that never gets that far takes the field of its
/// farthest point. Every
/// excursion out of the circle is one letter: the first field entered picks the field and the
/// signed number of borders crossed before the next return (clockwise +1, counter-clockwise −1)
/// picks middle, border or second-border letter. A stroke that never leaves the circle is a
/// space; a stroke that starts in a field and ends in the circle is seed 001's single swipe,
/// which adds a space after its letter. An excursion whose letter the scheme lacks decodes as
/// `?`, so it counts as an error.
public struct GestureDecoder: Sendable {
  public let scheme: LetterScheme
  public let geometry: GestureGeometry

  public init(scheme: LetterScheme, geometry: GestureGeometry) {
    self.scheme = scheme
    self.geometry = geometry
  }

  /// Regions the stroke passes through, consecutive repeats merged.
  public func regions(of stroke: Stroke) -> [GestureGeometry.Region] {
    var out: [GestureGeometry.Region] = []
    func append(_ region: GestureGeometry.Region) { if out.last != region { out.append(region) } }
    var excursion: [Point] = []
    func closeExcursion() {
      guard !excursion.isEmpty else { return }
      let committed = excursion.filter { $0.distance(to: geometry.center) >= geometry.commitRadius }
      if committed.isEmpty {
        let farthest = excursion.max { $0.distance(to: geometry.center) < $1.distance(to: geometry.center) }!
        append(.field(geometry.direction(of: farthest)))
      } else {
        for point in committed { append(.field(geometry.direction(of: point))) }
      }
      excursion.removeAll()
    }
    for point in stroke.points {
      if geometry.region(of: point) == .circle {
        closeExcursion()
        append(.circle)
      } else {
        excursion.append(point)
      }
    }
    closeExcursion()
    return out
  }

  /// The text one stroke types.
  public func decode(_ stroke: Stroke) -> String {
    let path = regions(of: stroke)
    guard let first = path.first else { return "" }
    if path.allSatisfy({ $0 == .circle }) { return " " }
    var text = ""
    var field: LetterScheme.Direction?
    var current: LetterScheme.Direction?
    var steps = 0
    func finish() {
      if let field { text.append(scheme.letter(field: field, steps: steps) ?? "?") }
      field = nil
      current = nil
      steps = 0
    }
    for region in path {
      switch region {
      case .circle:
        finish()
      case .field(let direction):
        if let previous = current {
          // Signed shortest turn between sectors (a jump across the circle's edge counts as its
          // shortest way round).
          let turn = ((direction.rawValue - previous.rawValue + 12) % 8) - 4
          steps += turn == -4 ? 4 : turn
        } else {
          field = direction
        }
        current = direction
      }
    }
    finish()
    if first != .circle && path.last == .circle { text.append(" ") }
    return text
  }

  /// The text a sequence of strokes types.
  public func decode(_ strokes: [Stroke]) -> String {
    strokes.map(decode).joined()
  }
}
