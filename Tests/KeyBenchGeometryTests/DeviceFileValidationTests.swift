import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchTestSupport
import Testing

/// Device and layout files are validated at load in one place: every problem is an
/// `InputFileError` naming the file, the line and the dotted field, and nothing traps, hangs or
/// is silently ignored later.
private typealias V = DeviceFileValidationTests

@Suite struct DeviceFileValidationTests {
  let dir = try! TemporaryDirectory()
  static let shippedLayouts = TestPaths.repository.appendingPathComponent("Corpora/layouts")

  /// A grid device like the iPhone 5, one key per line so lines are known:
  /// line 2 name, 6 millimetersPerUnit, 7 touchSamplingHz, 8 keyboard, 9 grid, 10 layouts.
  static func gridDevice(
    name: String = "testphone", millimeters: String = "0.1558", hz: String = "60",
    keyboard: String = #"{"width": 320, "height": 216}"#,
    grid: String = #"{"keyWidth": 26, "keyHeight": 39, "keyGap": 6, "rowGap": 15, "sideMargin": 3, "topMargin": 12}"#,
    layouts: String = #"[{"variant": "qwerty-en"}]"#
  ) -> String {
    """
    {
      "name": "\(name)",
      "description": "a test device",
      "source": "written by the test",
      "units": "pt",
      "millimetersPerUnit": \(millimeters),
      "touchSamplingHz": \(hz),
      "keyboard": \(keyboard),
      "grid": \(grid),
      "layouts": \(layouts)
    }
    """
  }

  /// A device with explicit keys, key i on line 11 + i; the keys array opens on line 10.
  static func explicitDevice(keys: [String]) -> String {
    """
    {
      "name": "tablet",
      "description": "explicit keys",
      "source": "written by the test",
      "units": "px",
      "millimetersPerUnit": 0.05,
      "touchSamplingHz": 120,
      "keyboard": {"width": 1440, "height": 854},
      "estimated": true,
      "layouts": [{"variant": "qwerty-en", "keys": [
    \(keys.joined(separator: ",\n"))
      ]}]
    }
    """
  }

  static func key(_ label: String, kind: String = "letter", x: Double = 112, y: Double = 131, width: Double = 135, height: Double = 206, row: Int = 0)
    -> String
  {
    #"    {"label": "\#(label)", "kind": "\#(kind)", "x": \#(x), "y": \#(y), "width": \#(width), "height": \#(height), "row": \#(row)}"#
  }

  /// The letter keys of a QWERTY row, as explicit keys.
  static var qwertyKeys: [String] {
    Array("qwertyuiop").enumerated().map { key(String($1), x: 112 + 135 * Double($0)) }
  }

  /// Loads a catalog of the shipped layouts and one device file with `text`.
  func loadDevice(_ text: String, layouts: URL = shippedLayouts) throws -> DeviceCatalog {
    let devices = dir.url.appendingPathComponent("devices")
    try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
    try dir.write("devices/device.json", text: text)
    return try DeviceCatalog(devices: devices, layouts: layouts)
  }

  /// Loads a catalog of one layout variant file with `text` and a grid device using it.
  func loadVariant(_ text: String, device: String = gridDevice(layouts: #"[{"variant": "test-xx"}]"#)) throws -> DeviceCatalog {
    for folder in ["devices", "layouts"] {
      try FileManager.default.createDirectory(at: dir.url.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try dir.write("layouts/variant.json", text: text)
    try dir.write("devices/device.json", text: device)
    return try DeviceCatalog(devices: dir.url.appendingPathComponent("devices"), layouts: dir.url.appendingPathComponent("layouts"))
  }

  /// The error loading `body` throws, which must be an `InputFileError`.
  func failure(_ body: () throws -> Void) throws -> InputFileError {
    do {
      try body()
    } catch let error as InputFileError {
      return error
    }
    throw TestSupportError("no InputFileError")
  }

  @Test func shippedFilesPassEveryCheck() throws {
    let catalog = try DeviceCatalog.shipped()
    #expect(catalog.names == ["hws", "ipad4", "iphone5", "iphone6s", "pixel6pro-gboard"])
    #expect(Set(catalog.variants.keys) == ["qwerty-en", "qwertz-de"])
    #expect(catalog.profileFiles["iphone5"]?.hasSuffix("Corpora/devices/iphone5.json") == true)
    #expect(catalog.replaced.isEmpty)
    // The test's own templates are valid too, so each failure below is the one change made.
    #expect(try loadDevice(Self.gridDevice()).names == ["testphone"])
    #expect(try loadDevice(Self.explicitDevice(keys: Self.qwertyKeys)).profile(named: "tablet").touchSpread.sigmaX > 0)
  }

  /// `keybench-devices list` used to trap computing the touch spread of a layout without letters.
  @Test func aLayoutWithoutLetterKeysIsRefused() throws {
    let noLetters = try failure {
      _ = try loadDevice(Self.explicitDevice(keys: [Self.key("space", kind: "space", x: 719, y: 750, width: 675), Self.key(".", kind: "punctuation")]))
    }
    #expect(noLetters.path.hasSuffix("devices/device.json"))
    #expect(noLetters.line == 10)
    #expect(noLetters.reason == "layouts[0].keys has no letter key; a layout needs at least one")
    let noKeys = try failure { _ = try loadDevice(Self.explicitDevice(keys: [])) }
    #expect(noKeys.reason.hasPrefix("layouts[0].keys must list 1…1000 keys, got 0"))
    let emptyRow = try failure {
      _ = try loadVariant(#"{"name": "test-xx", "language": "xx", "rows": [{"letters": ""}]}"#)
    }
    #expect(emptyRow.path.hasSuffix("layouts/variant.json"))
    #expect(emptyRow.reason == "rows[0].letters must hold 1…64 letters, got 0")
    let noRows = try failure { _ = try loadVariant(#"{"name": "test-xx", "language": "xx", "rows": []}"#) }
    #expect(noRows.reason == "rows must list 1…16 letter rows, got 0")
    let noLayouts = try failure { _ = try loadDevice(Self.gridDevice(layouts: "[]")) }
    #expect(noLayouts.line == 10 && noLayouts.reason.hasPrefix("layouts must list 1…32 variants, got 0"))
  }

  @Test func unknownKeysAreErrorsWithTheirDottedPathAndLine() throws {
    let topLevel = try failure {
      _ = try loadDevice(Self.gridDevice().replacingOccurrences(of: "\"touchSamplingHz\"", with: "\"touchSamplingHZ\""))
    }
    #expect(topLevel.line == 7)
    #expect(topLevel.reason.hasPrefix("unknown key 'touchSamplingHZ'"))
    #expect(topLevel.reason.contains("missing key 'touchSamplingHz'"))
    let nested = try failure {
      _ = try loadDevice(Self.gridDevice(grid: #"{"keyWidth": 26, "keyHeight": 39, "keyGap": 6, "rowGap": 15, "sideMargin": 3, "topMargin": 12, "keyWidht": 30}"#))
    }
    #expect(nested.line == 9)
    #expect(nested.reason.hasPrefix("unknown key 'grid.keyWidht' (known keys here: keyGap, keyHeight, keyWidth"))
    var keys = Self.qwertyKeys
    keys[3] = keys[3].replacingOccurrences(of: "\"width\"", with: "\"widht\"")
    let inKey = try failure { _ = try loadDevice(Self.explicitDevice(keys: keys)) }
    #expect(inKey.line == 14)
    #expect(inKey.reason.hasPrefix("unknown key 'layouts[0].keys[3].widht'"))
    let inVariant = try failure {
      _ = try loadVariant("{\"name\": \"test-xx\", \"language\": \"xx\",\n \"rows\": [{\"letters\": \"qwertyuiop\", \"ofset\": 1}]}")
    }
    #expect(inVariant.line == 2 && inVariant.reason.hasPrefix("unknown key 'rows[0].ofset'"))
    let kind = try failure { _ = try loadDevice(Self.explicitDevice(keys: Self.qwertyKeys + [Self.key("⏎", kind: "enter", x: 1300, y: 750)])) }
    #expect(kind.line == 21 && kind.reason == "layouts[0].keys[10].kind must be one of letter, space, punctuation, not 'enter'")
  }

  /// Zero, negative, non-finite and absurd numbers are refused with the field and allowed range.
  @Test(arguments: [
    (V.gridDevice(keyboard: #"{"width": 0, "height": 216}"#), 8, "keyboard.width must be a finite number in 6.4"),
    (V.gridDevice(keyboard: #"{"width": -320, "height": 216}"#), 8, "keyboard.width must be a finite number in"),
    (V.gridDevice(keyboard: #"{"width": 1e300, "height": 216}"#), 8, "got 1e+300"),
    (V.gridDevice(keyboard: #"{"width": 320, "height": 1e400}"#), 8, "keyboard.height must be a finite number, got inf"),
    (V.gridDevice(millimeters: "0"), 6, "millimetersPerUnit must be a finite number in 0.001…10, got 0"),
    (V.gridDevice(millimeters: "-0.1558"), 6, "millimetersPerUnit must be a finite number in 0.001…10, got -0.1558"),
    (V.gridDevice(hz: "1e9"), 7, "touchSamplingHz must be a finite number in 1…2000, got 1000000000"),
    (V.gridDevice(hz: "\"60\""), 7, "touchSamplingHz must be a number, not a string"),
    (V.gridDevice(grid: #"{"keyWidth": 1e6, "keyHeight": 39, "keyGap": 6, "rowGap": 15, "sideMargin": 3, "topMargin": 12}"#), 9,
     "grid.keyWidth must be a finite number above 0 and at most 320, got 1000000"),
    (V.gridDevice(grid: #"{"keyWidth": 26, "keyHeight": 0, "keyGap": 6, "rowGap": 15, "sideMargin": 3, "topMargin": 12}"#), 9,
     "grid.keyHeight must be a finite number above 0 and at most 216, got 0"),
    (V.gridDevice(grid: #"{"keyWidth": 26, "keyHeight": 39, "keyGap": -6, "rowGap": 15, "sideMargin": 3, "topMargin": 12}"#), 9,
     "grid.keyGap must be a finite number in 0…320, got -6"),
    (V.gridDevice(grid: #"{"keyWidth": 26, "keyHeight": 39, "keyGap": 6, "rowGap": 15, "sideMargin": 3, "topMargin": 12, "referenceColumns": 0}"#), 9,
     "grid.referenceColumns must be an integer in 1…64, got 0"),
    (V.gridDevice(grid: #"{"keyWidth": 26, "keyHeight": 39, "keyGap": 6, "rowGap": 15, "sideMargin": 3, "topMargin": 12, "referenceColumns": 2.5}"#), 9,
     "grid.referenceColumns must be a whole number"),
    (V.gridDevice(grid: #"{"keyWidth": 0.5, "keyHeight": 0.27, "keyGap": 0, "rowGap": 0, "sideMargin": 0, "topMargin": 0, "relative": true}"#), 10,
     "variant 'qwerty-en' does not fit the grid"),
    (V.explicitDevice(keys: V.qwertyKeys + [V.key("a", x: -5, y: 337)]), 21, "layouts[0].keys[10].x must be a finite number in 0…1440, got -5"),
    (V.explicitDevice(keys: V.qwertyKeys + [V.key("a", x: 180, y: 337, width: 1e7)]), 21, "layouts[0].keys[10].width must be a finite number above 0 and at most 1440"),
    (V.explicitDevice(keys: V.qwertyKeys + [V.key("a", x: 180, y: 337, row: -1)]), 21, "layouts[0].keys[10].row must be an integer in 0…99, got -1"),
  ])
  func numbersAreRangeChecked(text: String, line: Int, message: String) throws {
    let error = try failure { _ = try loadDevice(text) }
    #expect(error.line == line, "\(error)")
    #expect(error.reason.contains(message), "\(error)")
  }

  @Test func variantNumbersAndNamesAreChecked() throws {
    let offset = try failure {
      _ = try loadVariant("{\"name\": \"test-xx\", \"language\": \"xx\", \"rows\": [\n{\"letters\": \"qwertyuiop\", \"offset\": -1}]}")
    }
    #expect(offset.line == 2 && offset.reason == "rows[0].offset must be a finite number in 0…64, got -1")
    let slash = try failure { _ = try loadVariant(#"{"name": "test/xx", "language": "xx", "rows": [{"letters": "abc"}]}"#) }
    #expect(slash.reason.hasPrefix("name 'test/xx' must be 1–64 ASCII letters"))
    let nan = try failure { _ = try loadVariant("{\"name\": \"test-xx\", \"language\": \"xx\",\n\"rows\": [{\"letters\": \"abc\", \"offset\": NaN}]}") }
    #expect(nan.line == 2 && nan.reason == "invalid JSON: NaN and Infinity are not JSON numbers; give a finite number")
  }

  @Test func repeatedLettersLabelsAndKeysAreRefused() throws {
    let letters = try failure {
      _ = try loadVariant("{\"name\": \"test-xx\", \"language\": \"xx\", \"rows\": [\n{\"letters\": \"qwertyuiop\"},\n{\"letters\": \"asdfghjklq\"}]}")
    }
    #expect(letters.line == 3)
    #expect(letters.reason == "rows[1].letters: letter 'q' is already in rows[0]; each letter has one key")
    let upper = try failure { _ = try loadVariant(#"{"name": "test-xx", "language": "xx", "rows": [{"letters": "qwErty"}]}"#) }
    #expect(upper.reason == "rows[0].letters: 'E' is not a lowercase letter")
    let twice = try failure { _ = try loadDevice(Self.explicitDevice(keys: Self.qwertyKeys + [Self.key("q", x: 180, y: 337, row: 1)])) }
    #expect(twice.line == 21)
    #expect(twice.reason == "layouts[0].keys[10].label 'q' is already layouts[0].keys[0]; each label has one key")
    let word = try failure { _ = try loadDevice(Self.explicitDevice(keys: Self.qwertyKeys + [Self.key("sh", x: 180, y: 337, row: 1)])) }
    #expect(word.reason == "layouts[0].keys[10].label 'sh' of a letter key must be one lowercase letter")
    let variant = try failure { _ = try loadDevice(Self.gridDevice(layouts: #"[{"variant": "qwerty-en"}, {"variant": "qwerty-en"}]"#)) }
    #expect(variant.line == 10 && variant.reason == "layouts[1].variant 'qwerty-en' is already layouts[0]")
    let jsonKey = try failure { _ = try loadDevice(Self.gridDevice().replacingOccurrences(of: "\"units\": \"pt\",", with: "\"units\": \"pt\",\n\"units\": \"mm\",")) }
    #expect(jsonKey.line == 6 && jsonKey.reason == "invalid JSON: key 'units' appears twice in one object (first on line 5)")
  }

  /// Device and layout files share the one strict JSON layer: a duplicate key or a trailing comma
  /// is refused as `FILE:LINE`, where Foundation would keep the last key and accept the comma.
  @Test func duplicateKeysAndTrailingCommasAreRefusedWithFileAndLine() throws {
    let device = dir.path("devices/device.json")
    let duplicate = try failure { _ = try loadDevice(Self.gridDevice(hz: "60,\n  \"touchSamplingHz\": 120")) }
    #expect(duplicate.description == "\(device):8: invalid JSON: key 'touchSamplingHz' appears twice in one object (first on line 7)")
    let comma = try failure { _ = try loadDevice(Self.gridDevice(layouts: "[{\"variant\": \"qwerty-en\"},\n]")) }
    #expect(comma.description == "\(device):11: invalid JSON: unexpected ']' where a value was expected")
    let variant = dir.path("layouts/variant.json")
    let twice = try failure { _ = try loadVariant("{\"name\": \"test-xx\",\n\"language\": \"xx\",\n\"name\": \"test-yy\", \"rows\": []}") }
    #expect(twice.description == "\(variant):3: invalid JSON: key 'name' appears twice in one object (first on line 1)")
    let trailing = try failure { _ = try loadVariant("{\"name\": \"test-xx\", \"language\": \"xx\",\n\"rows\": [{\"letters\": \"qwerty\"}],\n}") }
    #expect(trailing.description == "\(variant):3: invalid JSON: expected a key in quotes, found '}'")
  }

  /// UTF-8 is checked before the JSON parser sees the bytes, with the line of the first bad byte.
  @Test func invalidUTF8AndMalformedJSONAreLocated() throws {
    let text = Self.gridDevice()
    var bytes = Array(text.utf8)
    // The "a" of "a test device", on line 3.
    bytes[text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: "a test device")!.lowerBound.samePosition(in: text.utf8)!)] = 0xFF
    let devices = dir.url.appendingPathComponent("devices")
    try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
    try dir.write("devices/device.json", bytes: bytes)
    let utf8 = try failure { _ = try DeviceCatalog(devices: devices, layouts: Self.shippedLayouts) }
    #expect(utf8.kind == .invalidUTF8 && utf8.line == 3)
    let truncated = try failure { _ = try loadDevice(String(Self.gridDevice().dropLast(40))) }
    #expect(truncated.kind == .malformed && truncated.line == 10 && truncated.reason.hasPrefix("invalid JSON"))
    let deep = try failure { _ = try loadDevice(String(repeating: "[", count: 100_000)) }
    #expect(deep.reason == "invalid JSON: nested deeper than 32 levels")
    let empty = try failure { _ = try loadDevice("  \n") }
    #expect(empty.kind == .empty)
  }

  /// A FIFO in the devices folder is refused instead of blocking the load forever.
  @Test func aFIFOIsNotRead() throws {
    let devices = dir.url.appendingPathComponent("devices")
    try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
    #expect(try Run.tool("/usr/bin/mkfifo", [devices.appendingPathComponent("pipe.json").path]).status == 0)
    let error = try failure { _ = try DeviceCatalog(devices: devices, layouts: Self.shippedLayouts) }
    #expect(error.reason.contains("not a regular file"))
  }

  /// A user file reusing a built-in name would silently change what results labelled with that
  /// name mean: refused unless the caller replaces built-ins explicitly.
  @Test func shadowingABuiltInNameNeedsAnExplicitReplace() throws {
    let shipped = try DeviceCatalog.shipped()
    let devices = dir.url.appendingPathComponent("devices")
    try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
    try dir.write("devices/my-phone.json", text: Self.gridDevice(name: "iphone5", keyboard: #"{"width": 318, "height": 216}"#))
    let shadow = try failure { _ = try shipped.adding(devices: devices, layouts: nil) }
    #expect(shadow.path == devices.appendingPathComponent("my-phone.json").path)
    #expect(shadow.line == 2)
    #expect(shadow.reason.hasPrefix("device 'iphone5' is already defined by \(shipped.profileFiles["iphone5"]!) (built in)"))
    let replaced = try shipped.adding(devices: devices, layouts: nil, replacingExisting: true)
    #expect(replaced.replaced == ["iphone5"])
    #expect(try replaced.profile(named: "iphone5").keyboardWidth == 318)
    #expect(try replaced.profile(named: "ipad4").keyboardWidth == 768)
    // A new name is simply added.
    try dir.write("devices/my-phone.json", text: Self.gridDevice(name: "myphone"))
    let added = try shipped.adding(devices: devices, layouts: nil)
    #expect(added.names == ["hws", "ipad4", "iphone5", "iphone6s", "myphone", "pixel6pro-gboard"])
    #expect(added.replaced.isEmpty)
    // Two user files claiming one name: both named.
    try dir.write("devices/other.json", text: Self.gridDevice(name: "myphone"))
    let twice = try failure { _ = try shipped.adding(devices: devices, layouts: nil) }
    #expect(twice.path.hasSuffix("other.json") && twice.reason.contains("is also defined by \(devices.appendingPathComponent("my-phone.json").path)"))
    // Layout variants likewise.
    let layouts = dir.url.appendingPathComponent("layouts")
    try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
    try dir.write("layouts/mine.json", text: #"{"name": "qwerty-en", "language": "en", "rows": [{"letters": "abcdefghij"}]}"#)
    let variant = try failure { _ = try shipped.adding(devices: nil, layouts: layouts) }
    #expect(variant.reason.hasPrefix("layout variant 'qwerty-en' is already defined by"))
  }

  /// Resizing to a canvas (How We Swipe logs, `keybench-devices show --canvas`) is range-checked.
  @Test func resizingRefusesNonFiniteAndAbsurdCanvases() throws {
    let hws = try DeviceCatalog.shipped().profile(named: "hws")
    #expect(try hws.resized(width: 411, height: 234).keyboardWidth == 411)
    for (width, height) in [(Double.infinity, 197.0), (0, 197), (-360, 197), (.nan, 197), (360, 1e12), (1e308, 1e308)] {
      #expect(throws: DeviceCatalogError.self, "\(width)x\(height)") { try hws.resized(width: width, height: height) }
    }
    do {
      _ = try hws.resized(width: .infinity, height: 197)
    } catch let error as DeviceCatalogError {
      #expect(error.description == "device 'hws': canvas infx197 css px: each side must be finite and in 6.297…6297 (1–1000 mm)")
    }
  }

  /// A profile built in code gets the same checks as a file.
  @Test func profilesBuiltInCodeAreCheckedToo() throws {
    let specification = try DeviceCatalog.shipped().profile(named: "pixel6pro-gboard").specification
    var noLetters = specification
    noLetters.layouts[0].keys = noLetters.layouts[0].keys?.filter { $0.kind != .letter }
    #expect(throws: DeviceCatalogError.invalid(device: "pixel6pro-gboard", reason: "layouts[0].keys has no letter key; a layout needs at least one")) {
      try DeviceProfile(specification: noLetters, variants: [:])
    }
    var infinite = specification
    infinite.touchSamplingHz = .infinity
    #expect(throws: DeviceCatalogError.self) { try DeviceProfile(specification: infinite, variants: [:]) }
  }
}
