import Foundation

/// A device a benchmark runs "on": its keyboard layouts, physical scale, touch spread and rate.
///
/// Profiles are data (`Corpora/devices/*.json`, loaded by ``DeviceCatalog``) so a researcher adds
/// a device without touching code. Layouts are built on demand per variant, so the same profile
/// serves English (QWERTY) and German (QWERTZ with ü ö ä) lexicons.
public struct DeviceProfile: Sendable {
  public let specification: DeviceSpecification
  private let variants: [String: LayoutVariant]

  /// Combines a device specification with the layout variants its grid entries name.
  ///
  /// - Throws: ``DeviceCatalogError`` when the specification is inconsistent.
  public init(specification: DeviceSpecification, variants: [String: LayoutVariant]) throws {
    // The same checks as a profile file gets (``DeviceSpecification/problems(variants:)``), so
    // a profile built in code or resized to a canvas is as safe as one loaded from disk.
    let problems = specification.problems(variants: variants)
    if !problems.isEmpty {
      throw DeviceCatalogError.invalid(device: specification.name, reason: problems.map(\.message).joined(separator: "; "))
    }
    self.specification = specification
    self.variants = variants
  }

  public var name: String { specification.name }
  public var millimetersPerUnit: Double { specification.millimetersPerUnit }
  public var touchSamplingHz: Double { specification.touchSamplingHz }
  public var keyboardWidth: Double { specification.keyboard.width }
  public var keyboardHeight: Double { specification.keyboard.height }

  /// Variant names in file order; the first is the default.
  public var layoutVariants: [String] { specification.layouts.map(\.variant) }

  /// The layout variant `name` (e.g. `qwerty-en`); nil when the device has no such variant.
  public func layout(variant name: String) -> KeyboardLayout? {
    guard let entry = specification.layouts.first(where: { $0.variant == name }) else {
      return nil
    }
    let keys: [Key]
    if let explicit = entry.keys {
      keys = explicit.map {
        Key(
          label: $0.label, kind: $0.kind ?? .letter, center: Point(x: $0.x, y: $0.y),
          width: $0.width, height: $0.height, row: $0.row)
      }
    } else if let grid = specification.grid, let variant = variants[name] {
      keys = Self.gridKeys(grid: grid, keyboard: specification.keyboard, rows: variant.rows)
    } else {
      return nil
    }
    return KeyboardLayout(
      name: "\(self.name)/\(name)", width: keyboardWidth, height: keyboardHeight, keys: keys)
  }

  /// The layout for a lexicon locale: the first variant whose language matches the locale's
  /// language (`de_CH` → `de`), else the device's default (first) variant.
  public func layout(forLocale locale: String) -> KeyboardLayout {
    let language = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map(String.init)
    let match = layoutVariants.first { variants[$0]?.language == language }
      ?? (language == "en" ? layoutVariants.first { $0.hasSuffix("-en") } : nil)
    // A profile always has at least one layout (checked at init).
    return layout(variant: match ?? layoutVariants[0])!
  }

  /// Touch spread in layout units: the file's override, else Bi & Zhai for the median
  /// letter key of the default layout.
  public var touchSpread: TouchSpread {
    if let spread = specification.touchSpread { return spread }
    let letters = layout(variant: layoutVariants[0])!.letterKeys
    let widths = letters.map(\.width).sorted()
    let heights = letters.map(\.height).sorted()
    return TouchSpread.biZhai(
      keyWidth: widths[widths.count / 2], keyHeight: heights[heights.count / 2],
      millimetersPerUnit: millimetersPerUnit)
  }

  /// The same device with a keyboard of another size: relative grids are rebuilt, absolute
  /// geometry is scaled. How We Swipe logs one canvas size per session, so each needs this.
  ///
  /// - Throws: ``DeviceCatalogError/invalid(device:reason:)`` for a canvas that is not finite
  ///   and positive or whose physical size is outside ``DeviceLimits/keyboardMillimeters``.
  public func resized(width: Double, height: Double) throws -> DeviceProfile {
    let limits = DeviceLimits.keyboardMillimeters
    let units = (limits.lowerBound / millimetersPerUnit)...(limits.upperBound / millimetersPerUnit)
    guard width.isFinite, height.isFinite, units.contains(width), units.contains(height) else {
      throw DeviceCatalogError.invalid(
        device: name,
        reason: "canvas \(Self.text(width))x\(Self.text(height)) \(specification.units): each side must be finite and in \(Self.text(units.lowerBound))…\(Self.text(units.upperBound)) (\(Self.text(limits.lowerBound))–\(Self.text(limits.upperBound)) mm)")
    }
    var spec = specification
    let sx = width / spec.keyboard.width
    let sy = height / spec.keyboard.height
    spec.keyboard = .init(width: width, height: height)
    if var grid = spec.grid, grid.relative != true {
      grid.keyWidth *= sx
      grid.keyGap *= sx
      grid.sideMargin *= sx
      grid.keyHeight *= sy
      grid.rowGap *= sy
      grid.topMargin *= sy
      spec.grid = grid
    }
    spec.layouts = spec.layouts.map { entry in
      var entry = entry
      entry.keys = entry.keys?.map { key in
        var key = key
        key.x *= sx
        key.width *= sx
        key.y *= sy
        key.height *= sy
        return key
      }
      return entry
    }
    return try DeviceProfile(specification: spec, variants: variants)
  }

  private static func text(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.4g", value)
  }

  static func gridKeys(
    grid: DeviceSpecification.Grid, keyboard: DeviceSpecification.Size,
    rows: [LayoutVariant.Row]
  ) -> [Key] {
    let sx = grid.relative == true ? keyboard.width : 1
    let sy = grid.relative == true ? keyboard.height : 1
    let gap = grid.keyGap * sx
    let referenceColumns = Double(grid.referenceColumns ?? 10)
    let span = referenceColumns * grid.keyWidth * sx + (referenceColumns - 1) * gap
    let columns = Double(rows.map(\.letters.count).max() ?? 0)
    let keyWidth = columns > referenceColumns ? (span - (columns - 1) * gap) / columns : grid.keyWidth * sx
    let pitch = keyWidth + gap
    let keyHeight = grid.keyHeight * sy
    var keys: [Key] = []
    for (rowIndex, row) in rows.enumerated() {
      let offset = row.offset ?? (columns - Double(row.letters.count)) / 2
      let y = grid.topMargin * sy + Double(rowIndex) * (keyHeight + grid.rowGap * sy) + keyHeight / 2
      for (column, letter) in row.letters.enumerated() {
        let x = grid.sideMargin * sx + (offset + Double(column)) * pitch + keyWidth / 2
        keys.append(
          Key(label: String(letter), center: Point(x: x, y: y), width: keyWidth, height: keyHeight, row: rowIndex))
      }
    }
    return keys
  }
}
