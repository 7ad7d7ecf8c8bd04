import Foundation
import KeyBenchTestSupport
import Testing

/// Runs the built `keybench-devices` as a user would.
@Suite struct DevicesCommandTests {
  @Test func listsEveryProfile() throws {
    let result = try Run.product("keybench-devices", ["list"])
    #expect(result.status == 0, "\(result.stderr)")
    let names = result.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }
    #expect(names == ["hws", "ipad4", "iphone5", "iphone6s", "pixel6pro-gboard"])
  }

  @Test func showPrintsKeysWithAdjacency() throws {
    let result = try Run.product("keybench-devices", ["show", "iphone5"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("q\tletter\t0\t16.00\t31.50\t26.00\t39.00\twa"))
    #expect(result.stdout.contains("pitch 32.00 across, 54.00 down"))
  }

  @Test func canvasResizesHowWeSwipe() throws {
    let result = try Run.product("keybench-devices", ["show", "hws", "--canvas", "400x370"])
    #expect(result.status == 0, "\(result.stderr)")
    // Key width 40, height 100: z is the third row's first key at (2w, 2.5h).
    #expect(result.stdout.contains("z\tletter\t2\t80.00\t250.00\t40.00\t100.00"))
  }

  @Test func mistakesGetOneClearMessage() throws {
    let unknown = try Run.product("keybench-devices", ["show", "nokia3310"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown device 'nokia3310'; known devices: hws, ipad4"))
    let badCanvas = try Run.product("keybench-devices", ["show", "hws", "--canvas", "wide"])
    #expect(badCanvas.status == 64)
    #expect(badCanvas.stderr.contains("The value 'wide' is invalid for '--canvas <WxH>'"))
  }
}

/// `keybench-devices` on broken and user profiles: a located error and exit 1, never a trap.
@Suite struct DevicesCommandHardeningTests {
  let dir = try! TemporaryDirectory()

  static func device(name: String, layouts: String) -> String {
    """
    {
      "name": "\(name)",
      "description": "user device",
      "source": "written by the test",
      "units": "px",
      "millimetersPerUnit": 0.05,
      "touchSamplingHz": 120,
      "keyboard": {"width": 1440, "height": 854},
      "layouts": \(layouts)
    }
    """
  }

  func devicesFolder(_ files: [String: String]) throws -> String {
    let folder = dir.url.appendingPathComponent("devices")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files { try dir.write("devices/\(name)", text: text) }
    return folder.path
  }

  /// `list` trapped (exit 132) on a layout whose keys are all space and punctuation.
  @Test func aProfileWithoutLetterKeysFailsWithFileAndLine() throws {
    let folder = try devicesFolder([
      "spaces.json": Self.device(
        name: "spaces",
        layouts: #"[{"variant": "none", "keys": [{"label": "space", "kind": "space", "x": 720, "y": 750, "width": 675, "height": 208, "row": 3}]}]"#)
    ])
    let result = try Run.product("keybench-devices", ["list", "--devices", folder])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(folder)/spaces.json:9: layouts[0].keys has no letter key"))
    #expect(!result.stderr.contains("Fatal error"))
  }

  @Test func userProfilesAreAddedAndShadowingNeedsReplaceBuiltin() throws {
    let keys = "qwertyuiop".enumerated().map { index, letter in
      #"{"label": "\#(letter)", "x": \#(112 + 135 * index), "y": 131, "width": 135, "height": 206, "row": 0}"#
    }.joined(separator: ", ")
    let folder = try devicesFolder(["tablet.json": Self.device(name: "mytablet", layouts: #"[{"variant": "top-row", "keys": [\#(keys)]}]"#)])
    let added = try Run.product("keybench-devices", ["list", "--devices", folder])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } == ["hws", "ipad4", "iphone5", "iphone6s", "mytablet", "pixel6pro-gboard"])
    #expect(added.stdout.contains("mytablet\t1440x854 px\ttop-row"))

    try dir.write("devices/tablet.json", text: Self.device(name: "iphone5", layouts: #"[{"variant": "top-row", "keys": [\#(keys)]}]"#))
    let shadow = try Run.product("keybench-devices", ["show", "iphone5", "--devices", folder])
    #expect(shadow.status == 2)
    #expect(shadow.stderr.contains("\(folder)/tablet.json:2: device 'iphone5' is already defined by"))
    #expect(shadow.stderr.contains("--replace-builtin"))
    let replaced = try Run.product("keybench-devices", ["show", "iphone5", "--devices", folder, "--replace-builtin"])
    #expect(replaced.status == 0, "\(replaced.stderr)")
    #expect(replaced.stderr.contains("note: 'iphone5' is replaced by \(folder)/tablet.json"))
    #expect(replaced.stdout.hasPrefix("iphone5/top-row: user device"))
    let alone = try Run.product("keybench-devices", ["list", "--replace-builtin"])
    #expect(alone.status == 64)
  }

  @Test func canvasNumbersAreRangeChecked() throws {
    for canvas in ["infx197", "1e308x197", "360x1e7"] {
      let result = try Run.product("keybench-devices", ["show", "hws", "--canvas", canvas])
      #expect(result.status == 64, "\(canvas): \(result.stderr)")
      #expect(result.stderr.contains("--canvas"), "\(canvas)")
    }
    // Within the generic bound but physically absurd for this device: a located refusal.
    let huge = try Run.product("keybench-devices", ["show", "hws", "--canvas", "100000x197"])
    #expect(huge.status == 2)
    #expect(huge.stderr.contains("device 'hws': canvas 100000x197 css px: each side must be finite and in 6.297…6297 (1–1000 mm)"))
  }
}
