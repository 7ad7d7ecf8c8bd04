import Foundation
public import KeyBenchCore

/// The ranges every device profile and layout variant must keep, in one place.
///
/// A profile's numbers drive every benchmark's work (stroke lengths, sample counts, touch noise),
/// so a zero, negative, infinite or absurd value is refused when the file is loaded instead of
/// trapping or running for hours later. The bounds are far outside any real keyboard.
public enum DeviceLimits {
  /// Physical size of one layout unit: 0.001 mm (µm units) to 10 mm (cm units).
  public static let millimetersPerUnit: ClosedRange<Double> = 0.001...10
  /// Touch reporting rate in Hz (real screens: 60–240).
  public static let touchSamplingHz: ClosedRange<Double> = 1...2000
  /// Each side of the keyboard, in mm: from 1 mm to a 1 m touch table.
  public static let keyboardMillimeters: ClosedRange<Double> = 1...1000
  /// Layout variants per profile.
  public static let layoutsPerDevice = 32
  /// Explicit keys per layout.
  public static let keysPerLayout = 1000
  /// Letter rows per layout variant, letters per row.
  public static let rowsPerVariant = 16
  public static let lettersPerRow = 64
  /// Grid `referenceColumns`.
  public static let referenceColumns: ClosedRange<Int> = 1...64
  /// Key rows (`row` of an explicit key).
  public static let rows: ClosedRange<Int> = 0...99
  /// Characters in a name, variant, language, unit or key label.
  public static let nameLength = 64

  /// Whether `name` can name a profile or variant on the command line and in `device/variant`:
  /// ASCII letters, digits, `-`, `_` and `.` (not first), at most ``nameLength`` characters.
  public static func isValidName(_ name: String) -> Bool {
    guard !name.isEmpty, name.count <= nameLength, name.first != "." else { return false }
    return name.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
    }
  }

  /// Whether `character` can be a letter key: one lowercase letter (`a`, `ü`, `ß`), because
  /// layouts look letters up by their lowercase form.
  public static func isLetterKey(_ character: Character) -> Bool {
    character.isLetter && String(character).lowercased() == String(character)
  }
}

extension LayoutVariant {
  /// The keys a layout variant file may have.
  public static let shape: CheckedJSON.Shape = .object(
    required: ["name": .string, "language": .string, "rows": .array(.object(required: ["letters": .string], optional: ["offset": .number]))],
    optional: ["description": .string])

  /// Every problem of the variant, each naming its dotted field.
  public func problems() -> [FieldProblem] {
    var checks = FieldChecks()
    if !DeviceLimits.isValidName(name) {
      checks.fail("name", "name '\(name)' must be 1–\(DeviceLimits.nameLength) ASCII letters, digits, '-', '_' or '.'")
    }
    if !DeviceLimits.isValidName(language) {
      checks.fail("language", "language '\(language)' must be a language code such as en or de_CH")
    }
    if rows.isEmpty || rows.count > DeviceLimits.rowsPerVariant {
      checks.fail("rows", "rows must list 1…\(DeviceLimits.rowsPerVariant) letter rows, got \(rows.count)")
    }
    var firstSeen: [Character: Int] = [:]
    for (index, row) in rows.enumerated() {
      let field = "rows[\(index)]"
      if row.letters.isEmpty || row.letters.count > DeviceLimits.lettersPerRow {
        checks.fail("\(field).letters", "\(field).letters must hold 1…\(DeviceLimits.lettersPerRow) letters, got \(row.letters.count)")
      }
      for letter in row.letters {
        if !DeviceLimits.isLetterKey(letter) {
          checks.fail("\(field).letters", "\(field).letters: '\(letter)' is not a lowercase letter")
        } else if let earlier = firstSeen[letter] {
          checks.fail("\(field).letters", "\(field).letters: letter '\(letter)' is already in rows[\(earlier)]; each letter has one key")
        } else {
          firstSeen[letter] = index
        }
      }
      if let offset = row.offset {
        checks.number("\(field).offset", offset, in: 0...Double(DeviceLimits.lettersPerRow))
      }
    }
    return checks.problems
  }
}

extension DeviceSpecification {
  private static let explicitKeyShape: CheckedJSON.Shape = .object(
    required: ["label": .string, "x": .number, "y": .number, "width": .number, "height": .number, "row": .integer],
    optional: ["kind": .oneOf(["letter", "space", "punctuation"])])

  /// The keys a device profile file may have.
  public static let shape: CheckedJSON.Shape = .object(
    required: [
      "name": .string, "description": .string, "source": .string, "units": .string,
      "millimetersPerUnit": .number, "touchSamplingHz": .number,
      "keyboard": .object(required: ["width": .number, "height": .number], optional: [:]),
      "layouts": .array(.object(required: ["variant": .string], optional: ["keys": .array(explicitKeyShape)])),
    ],
    optional: [
      "estimated": .bool,
      "grid": .object(
        required: [
          "keyWidth": .number, "keyHeight": .number, "keyGap": .number, "rowGap": .number,
          "sideMargin": .number, "topMargin": .number,
        ],
        optional: ["referenceColumns": .integer, "relative": .bool]),
      "touchSpread": .object(required: ["sigmaX": .number, "sigmaY": .number], optional: [:]),
    ])

  /// Every problem of the profile with the layout variants it can use, each naming its dotted
  /// field: ranges of every number, names, at least one letter key per layout, no repeated
  /// labels, every key inside the keyboard.
  public func problems(variants: [String: LayoutVariant]) -> [FieldProblem] {
    problems(variants: variants, resolvingVariants: true)
  }

  /// The same without looking up grid variants (`resolvingVariants` false): what a profile file
  /// can be checked for on its own, before the catalog's variants are known.
  func problems(variants: [String: LayoutVariant], resolvingVariants: Bool) -> [FieldProblem] {
    var checks = FieldChecks()
    if !DeviceLimits.isValidName(name) {
      checks.fail("name", "name '\(name)' must be 1–\(DeviceLimits.nameLength) ASCII letters, digits, '-', '_' or '.'")
    }
    if units.isEmpty || units.count > DeviceLimits.nameLength {
      checks.fail("units", "units must name the layout unit (pt, px, css px)")
    }
    checks.number("millimetersPerUnit", millimetersPerUnit, in: DeviceLimits.millimetersPerUnit)
    checks.number("touchSamplingHz", touchSamplingHz, in: DeviceLimits.touchSamplingHz)
    let limits = DeviceLimits.keyboardMillimeters
    let scale = millimetersPerUnit.isFinite && millimetersPerUnit > 0 ? millimetersPerUnit : 1
    let unitRange = (limits.lowerBound / scale)...(limits.upperBound / scale)
    checks.number("keyboard.width", keyboard.width, in: unitRange)
    checks.number("keyboard.height", keyboard.height, in: unitRange)
    let sizeOK = unitRange.contains(keyboard.width) && unitRange.contains(keyboard.height)
    // Grid lengths and keys are bounded by the keyboard, so only checked once it is sound.
    if let grid, sizeOK { checks.append(contentsOf: gridProblems(grid)) }
    if let spread = touchSpread, sizeOK {
      checks.positive("touchSpread.sigmaX", spread.sigmaX, atMost: keyboard.width)
      checks.positive("touchSpread.sigmaY", spread.sigmaY, atMost: keyboard.height)
    }
    if layouts.isEmpty || layouts.count > DeviceLimits.layoutsPerDevice {
      checks.fail("layouts", "layouts must list 1…\(DeviceLimits.layoutsPerDevice) variants, got \(layouts.count)")
    }
    var variantIndex: [String: Int] = [:]
    for (index, entry) in layouts.enumerated() {
      let field = "layouts[\(index)]"
      if !DeviceLimits.isValidName(entry.variant) {
        checks.fail("\(field).variant", "\(field).variant '\(entry.variant)' must be 1–\(DeviceLimits.nameLength) ASCII letters, digits, '-', '_' or '.'")
      }
      if let earlier = variantIndex[entry.variant] {
        checks.fail("\(field).variant", "\(field).variant '\(entry.variant)' is already layouts[\(earlier)]")
      }
      variantIndex[entry.variant] = variantIndex[entry.variant] ?? index
      guard sizeOK else { continue }
      if let keys = entry.keys {
        checks.append(contentsOf: explicitKeyProblems(keys, field: "\(field).keys"))
      } else if grid == nil {
        checks.fail("\(field).variant", "\(field) has no keys and the device has no grid to place variant '\(entry.variant)'")
      } else if !resolvingVariants {
        continue
      } else if let variant = variants[entry.variant] {
        if let grid, gridProblems(grid).isEmpty, variant.problems().isEmpty {
          checks.append(contentsOf: gridKeyProblems(grid, variant: variant, field: "\(field).variant"))
        }
      } else {
        let known = variants.keys.sorted().joined(separator: ", ")
        checks.fail("\(field).variant", "unknown layout variant '\(entry.variant)' (known: \(known.isEmpty ? "none" : known))")
      }
    }
    return checks.problems
  }

  private func gridProblems(_ grid: Grid) -> [FieldProblem] {
    var checks = FieldChecks()
    let relative = grid.relative == true
    let across = relative ? 1 : keyboard.width
    let down = relative ? 1 : keyboard.height
    checks.positive("grid.keyWidth", grid.keyWidth, atMost: across)
    checks.positive("grid.keyHeight", grid.keyHeight, atMost: down)
    checks.number("grid.keyGap", grid.keyGap, in: 0...across)
    checks.number("grid.sideMargin", grid.sideMargin, in: 0...across)
    checks.number("grid.rowGap", grid.rowGap, in: 0...down)
    checks.number("grid.topMargin", grid.topMargin, in: 0...down)
    if let columns = grid.referenceColumns {
      checks.integer("grid.referenceColumns", columns, in: DeviceLimits.referenceColumns)
    }
    return checks.problems
  }

  private func explicitKeyProblems(_ keys: [ExplicitKey], field: String) -> [FieldProblem] {
    var checks = FieldChecks()
    if keys.isEmpty || keys.count > DeviceLimits.keysPerLayout {
      checks.fail(field, "\(field) must list 1…\(DeviceLimits.keysPerLayout) keys, got \(keys.count)")
    }
    var labels: [String: Int] = [:]
    for (index, key) in keys.enumerated() {
      let keyField = "\(field)[\(index)]"
      if key.label.isEmpty || key.label.count > DeviceLimits.nameLength
        || key.label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
      {
        checks.fail("\(keyField).label", "\(keyField).label must be 1–\(DeviceLimits.nameLength) printable characters")
      }
      if (key.kind ?? .letter) == .letter, !(key.label.count == 1 && key.label.first.map(DeviceLimits.isLetterKey) == true) {
        checks.fail("\(keyField).label", "\(keyField).label '\(key.label)' of a letter key must be one lowercase letter")
      }
      if let earlier = labels[key.label] {
        checks.fail("\(keyField).label", "\(keyField).label '\(key.label)' is already \(field)[\(earlier)]; each label has one key")
      }
      labels[key.label] = labels[key.label] ?? index
      checks.number("\(keyField).x", key.x, in: 0...keyboard.width)
      checks.number("\(keyField).y", key.y, in: 0...keyboard.height)
      checks.positive("\(keyField).width", key.width, atMost: keyboard.width)
      checks.positive("\(keyField).height", key.height, atMost: keyboard.height)
      checks.integer("\(keyField).row", key.row, in: DeviceLimits.rows)
    }
    if !keys.isEmpty && !keys.contains(where: { ($0.kind ?? .letter) == .letter }) {
      checks.fail(field, "\(field) has no letter key; a layout needs at least one")
    }
    return checks.problems
  }

  private func gridKeyProblems(_ grid: Grid, variant: LayoutVariant, field: String) -> [FieldProblem] {
    let keys = DeviceProfile.gridKeys(grid: grid, keyboard: keyboard, rows: variant.rows)
    let slack = 1e-9 * max(keyboard.width, keyboard.height)
    for key in keys {
      guard key.width > 0, key.height > 0, key.center.x.isFinite, key.center.y.isFinite,
        key.center.x - key.width / 2 >= -slack, key.center.x + key.width / 2 <= keyboard.width + slack,
        key.center.y - key.height / 2 >= -slack, key.center.y + key.height / 2 <= keyboard.height + slack
      else {
        return [
          FieldProblem(
            field,
            "variant '\(variant.name)' does not fit the grid: key '\(key.label)' (centre \(key.center.x), \(key.center.y), \(key.width)×\(key.height)) lies outside the \(keyboard.width)×\(keyboard.height) keyboard"
          )
        ]
      }
    }
    return []
  }
}
