public import KeyBenchGeometry

/// Seed 004's dynamic hit targets: the boundary between neighbouring keys A (left) and B (right)
/// moves toward the less probable one by |w_B / (w_A + w_B) − 0.5| · unit · multiplier, with
/// w the language model's probabilities after the current context.
///
/// The seed writes the shift as `original + (w_B/(w_A+w_B) − 0.5)·gap·multiplier`, which would
/// move the boundary *into* B when B is likelier; its prose (and its "q" → "u" test) want the
/// opposite, so the boundary here moves toward the less probable key.
///
/// Minimum width: a boundary only ever eats into the key it moves toward. When both boundaries
/// of a key move inward by more than (1 − minWidthRatio) of its static width, both movements are
/// scaled down together, so no key shrinks below that share (edge keys: their outer side is the
/// screen edge and never moves). With `vertical` (the seed's future work) the boundary between
/// two rows also moves, by the same rule, between the keys above and below the touch, with the
/// row gap as unit, each side limited to half of (1 − minWidthRatio) of the row's band.
public struct DynamicBoundaryResolver: TouchResolver {
  public let keyboard: TouchKeyboard
  public let model: LetterModel
  public let config: TouchResolverConfig
  public let vertical: Bool
  public var name: String { vertical ? TouchResolverKind.dynamic2D.rawValue : TouchResolverKind.dynamic.rawValue }

  public init(keyboard: TouchKeyboard, model: LetterModel, config: TouchResolverConfig, vertical: Bool) {
    self.keyboard = keyboard
    self.model = model
    self.config = config
    self.vertical = vertical
  }

  public func resolve(_ touch: Point, after context: LetterContext) -> Int {
    let lm = model.row(for: context)
    var row = keyboard.staticRow(y: touch.y)
    if vertical { row = shiftedRow(touch, staticRow: row, lm: lm) }
    return resolveInRow(x: touch.x, row: row, lm: lm)
  }

  /// Signed shift of boundary `i` of `row` before the minimum-width rule (positive = right).
  @inline(__always)
  func rawShift(_ i: Int, in row: TouchKeyboard.Row, lm: Int) -> Double {
    let wa = model.probability(ofLetter: row.keys[i], row: lm)
    let wb = model.probability(ofLetter: row.keys[i + 1], row: lm)
    let total = wa + wb
    guard total > 0 else { return 0 }
    let unit: Double
    switch config.shiftUnit {
    case .gap: unit = row.gaps[i]
    case .pitch: unit = keyboard.centers[row.keys[i + 1]].x - keyboard.centers[row.keys[i]].x
    }
    return -(wb / total - 0.5) * unit * config.shiftMultiplier
  }

  /// Position of boundary `i` after shifting and the minimum-width rule.
  func boundary(_ i: Int, in row: TouchKeyboard.Row, lm: Int) -> Double {
    let s = rawShift(i, in: row, lm: lm)
    let last = row.keys.count - 2
    var inward = abs(s)
    let shrinking: Int
    if s > 0 {
      shrinking = i + 1
      if i + 1 <= last { inward += max(0, -rawShift(i + 1, in: row, lm: lm)) }
    } else {
      shrinking = i
      if i > 0 { inward += max(0, rawShift(i - 1, in: row, lm: lm)) }
    }
    let allowance = (1 - config.minWidthRatio) * row.regionWidths[shrinking]
    let scale = inward > allowance ? allowance / inward : 1
    return row.boundaries[i] + s * scale
  }

  /// The key of `row` whose shifted region holds `x`: the static column or one of its neighbours
  /// (a boundary never moves past the middle of a key's static region).
  func resolveInRow(x: Double, row index: Int, lm: Int) -> Int {
    let row = keyboard.rows[index]
    let column = keyboard.staticColumn(x: x, row: index)
    if column > 0 && x <= boundary(column - 1, in: row, lm: lm) { return row.keys[column - 1] }
    if column < row.keys.count - 1 && x > boundary(column, in: row, lm: lm) { return row.keys[column + 1] }
    return row.keys[column]
  }

  /// The row after shifting the horizontal boundaries above and below the static row.
  func shiftedRow(_ touch: Point, staticRow row: Int, lm: Int) -> Int {
    if row > 0 && touch.y <= rowBoundary(upper: row - 1, x: touch.x, lm: lm) { return row - 1 }
    if row < keyboard.rowBottoms.count - 1 && touch.y > rowBoundary(upper: row, x: touch.x, lm: lm) { return row + 1 }
    return row
  }

  /// The boundary between rows `upper` and `upper + 1` at `x`, moved toward the less probable
  /// of the key above and the key below.
  func rowBoundary(upper: Int, x: Double, lm: Int) -> Double {
    let keyA = keyboard.rows[upper].keys[keyboard.staticColumn(x: x, row: upper)]
    let keyB = keyboard.rows[upper + 1].keys[keyboard.staticColumn(x: x, row: upper + 1)]
    let wa = model.probability(ofLetter: keyA, row: lm)
    let wb = model.probability(ofLetter: keyB, row: lm)
    let original = keyboard.rowBottoms[upper]
    guard wa + wb > 0 else { return original }
    let gap = keyboard.rowGapsBelow[upper]
    let unit = config.shiftUnit == .gap ? gap : keyboard.rowCenterYs[upper + 1] - keyboard.rowCenterYs[upper]
    let s = -(wb / (wa + wb) - 0.5) * unit * config.shiftMultiplier
    // A row band is cap plus row gap; each of its two boundaries may take half the allowance.
    let band = (s > 0 ? keyboard.rowKeyHeights[upper + 1] : keyboard.rowKeyHeights[upper]) + gap
    let limit = (1 - config.minWidthRatio) / 2 * band
    return original + min(max(s, -limit), limit)
  }
}
