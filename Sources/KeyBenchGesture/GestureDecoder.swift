/// Reads strokes on the gesture keyboard back into text.
///
/// A stroke becomes the sequence of regions it passes (circle or field, repeats merged). Every
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
    for point in stroke.points {
      let region = geometry.region(of: point)
      if out.last != region { out.append(region) }
    }
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
