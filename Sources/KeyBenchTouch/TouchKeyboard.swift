public import KeyBenchGeometry

/// The letter keys of a layout as touch resolution sees them: rows of keys, each key owning a
/// static region (its cap plus half the gap to each neighbour, edge keys reaching to infinity).
///
/// Static regions tile the plane, so every touch resolves to some letter key. Only letter keys
/// take part: seed 004 keeps space, shift and backspace out of the probabilistic layer, so a
/// touch beside Z or M resolves to Z or M. Everything is precomputed for the touch path.
public struct TouchKeyboard: Sendable {
  public let name: String
  public let alphabet: LetterAlphabet
  public let centers: [Point]
  public let widths: [Double]
  public let heights: [Double]
  /// Rows top to bottom.
  public let rows: [Row]
  /// Index into ``rows`` of each key.
  public let rowOfKey: [Int]
  /// Position of each key inside its row.
  public let columnOfKey: [Int]
  /// Per row, flat copies of the row's static band and key height and the gap to the next row,
  /// so the touch path reads numbers without copying ``Row`` values (and their arrays).
  public let rowTops: [Double]
  public let rowBottoms: [Double]
  public let rowCenterYs: [Double]
  public let rowKeyHeights: [Double]
  /// Vertical gap between the caps of row `r` and row `r + 1` (0 for the last row).
  public let rowGapsBelow: [Double]

  /// One row of letter keys, left to right.
  public struct Row: Sendable {
    /// Key indices left to right.
    public let keys: [Int]
    /// Static boundary between `keys[i]` and `keys[i+1]`: the middle of the gap between them.
    public let boundaries: [Double]
    /// Gap between `keys[i]` and `keys[i+1]` (the seed's shift unit).
    public let gaps: [Double]
    /// Width of each key's static region (edge keys: cap plus one gap, as if they had a
    /// neighbour outside), the reference for the minimum-width rule.
    public let regionWidths: [Double]
    /// Static band: from `top` to `bottom` (−∞ / +∞ for the outer rows).
    public let top: Double
    public let bottom: Double
    /// Mean key centre y and key height.
    public let centerY: Double
    public let keyHeight: Double
  }

  /// Builds the touch geometry of `layout`'s letter keys.
  public init(layout: KeyboardLayout) {
    name = layout.name
    let letters = layout.letterKeys.filter { $0.letter != nil }
    alphabet = LetterAlphabet(letters: letters.map { $0.letter! })
    centers = letters.map(\.center)
    widths = letters.map(\.width)
    heights = letters.map(\.height)
    let grouped = Dictionary(grouping: letters.indices, by: { letters[$0].row })
    let rowIndices = grouped.keys.sorted { a, b in
      grouped[a]!.map { letters[$0].center.y }.reduce(0, +) / Double(grouped[a]!.count)
        < grouped[b]!.map { letters[$0].center.y }.reduce(0, +) / Double(grouped[b]!.count)
    }
    var bands: [(keys: [Int], centerY: Double, height: Double)] = []
    for row in rowIndices {
      let keys = grouped[row]!.sorted { letters[$0].center.x < letters[$1].center.x }
      let centerY = keys.map { letters[$0].center.y }.reduce(0, +) / Double(keys.count)
      let height = keys.map { letters[$0].height }.reduce(0, +) / Double(keys.count)
      bands.append((keys, centerY, height))
    }
    var rows: [Row] = []
    var rowOfKey = [Int](repeating: 0, count: letters.count)
    var columnOfKey = [Int](repeating: 0, count: letters.count)
    for (index, band) in bands.enumerated() {
      let top = index == 0 ? -Double.infinity : Self.middle(upper: bands[index - 1], lower: band)
      let bottom = index == bands.count - 1 ? Double.infinity : Self.middle(upper: band, lower: bands[index + 1])
      var boundaries: [Double] = []
      var gaps: [Double] = []
      for (a, b) in zip(band.keys, band.keys.dropFirst()) {
        let right = letters[a].center.x + letters[a].width / 2
        let left = letters[b].center.x - letters[b].width / 2
        boundaries.append((right + left) / 2)
        gaps.append(max(left - right, 0))
      }
      let regionWidths = band.keys.indices.map { column in
        let key = letters[band.keys[column]]
        let leftGap = column > 0 ? gaps[column - 1] : (gaps.first ?? 0)
        let rightGap = column < gaps.count ? gaps[column] : (gaps.last ?? 0)
        return key.width + (leftGap + rightGap) / 2
      }
      for (column, key) in band.keys.enumerated() {
        rowOfKey[key] = index
        columnOfKey[key] = column
      }
      rows.append(
        Row(keys: band.keys, boundaries: boundaries, gaps: gaps, regionWidths: regionWidths, top: top,
          bottom: bottom, centerY: band.centerY, keyHeight: band.height))
    }
    self.rows = rows
    self.rowOfKey = rowOfKey
    self.columnOfKey = columnOfKey
    rowTops = rows.map(\.top)
    rowBottoms = rows.map(\.bottom)
    rowCenterYs = rows.map(\.centerY)
    rowKeyHeights = rows.map(\.keyHeight)
    rowGapsBelow = rows.indices.map { r in
      r == rows.count - 1
        ? 0 : max((rows[r + 1].centerY - rows[r + 1].keyHeight / 2) - (rows[r].centerY + rows[r].keyHeight / 2), 0)
    }
  }

  private static func middle(
    upper: (keys: [Int], centerY: Double, height: Double), lower: (keys: [Int], centerY: Double, height: Double)
  ) -> Double {
    ((upper.centerY + upper.height / 2) + (lower.centerY - lower.height / 2)) / 2
  }

  public var keyCount: Int { centers.count }

  /// The key index typing `letter`, if the layout has one.
  public func key(for letter: Character) -> Int? {
    let symbol = alphabet.symbols(of: String(letter)).first ?? alphabet.boundary
    return symbol < keyCount ? symbol : nil
  }

  /// The row whose static band holds `y`.
  @inline(__always)
  public func staticRow(y: Double) -> Int {
    var row = 0
    while row < rowBottoms.count - 1 && y > rowBottoms[row] { row += 1 }
    return row
  }

  /// Column (position in the row) whose static region holds `x`.
  @inline(__always)
  public func staticColumn(x: Double, row: Int) -> Int {
    rows[row].boundaries.withUnsafeBufferPointer { boundaries in
      var column = 0
      while column < boundaries.count && x > boundaries[column] { column += 1 }
      return column
    }
  }
}
