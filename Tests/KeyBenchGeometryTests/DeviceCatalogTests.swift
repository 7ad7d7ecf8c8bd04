import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchTestSupport
import Testing

@Suite struct DeviceCatalogTests {
  let catalog: DeviceCatalog

  init() throws {
    catalog = try DeviceCatalog.shipped()
  }

  private func expectClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(a - b) <= tolerance, "\(a) is not \(b) ± \(tolerance)", sourceLocation: sourceLocation)
  }

  @Test func shipsTheFiveProfiles() {
    #expect(catalog.names == ["hws", "ipad4", "iphone5", "iphone6s", "pixel6pro-gboard"])
  }

  @Test func iphone5QwertyMatchesTheMeasuredGeometry() throws {
    let layout = try #require(try catalog.profile(named: "iphone5").layout(variant: "qwerty-en"))
    #expect(layout.letterKeys.count == 26)
    // side margin 3 + half a 26 pt key; top margin 12 + half a 39 pt key; pitch 32 × 54.
    #expect(layout.key(labelled: "q")?.center == Point(x: 16, y: 31.5))
    #expect(layout.key(labelled: "p")?.center == Point(x: 304, y: 31.5))
    #expect(layout.key(labelled: "a")?.center == Point(x: 32, y: 85.5))
    #expect(layout.key(labelled: "z")?.center == Point(x: 64, y: 139.5))
    #expect(layout.horizontalPitch == 32)
    #expect(layout.verticalPitch == 54)
    #expect(layout.key(labelled: "m")!.center.x + 13 <= 320)
  }

  @Test func iphone6sQwerty() throws {
    let layout = try #require(try catalog.profile(named: "iphone6s").layout(variant: "qwerty-en"))
    #expect(layout.key(labelled: "q")?.center == Point(x: 18.75, y: 31.5))
    #expect(layout.key(labelled: "p")?.center == Point(x: 356.25, y: 31.5))
    #expect(layout.verticalPitch == 54)
  }

  @Test func germanRowsFitElevenKeysInTheSameSpan() throws {
    let layout = try #require(try catalog.profile(named: "iphone5").layout(variant: "qwertz-de"))
    #expect(layout.letterKeys.map(\.label).sorted().joined() == "abcdefghijklmnopqrstuvwxyzäöü")
    let width = (314.0 - 10 * 6) / 11
    expectClose(layout.key(labelled: "q")!.width, width)
    expectClose(layout.key(labelled: "ü")!.center.x + width / 2, 317)
    expectClose(layout.key(labelled: "ä")!.center.x, layout.key(labelled: "ü")!.center.x)
    // y…m are centred under the eleven columns: y sits below d.
    expectClose(layout.key(labelled: "y")!.center.x, layout.key(labelled: "d")!.center.x)
  }

  @Test func adjacencyIsTheNearRelationOfSeed002() throws {
    for device in ["iphone5", "ipad4", "hws", "pixel6pro-gboard"] {
      let layout = try catalog.profile(named: device).layout(forLocale: "en_US")
      let near = { (letter: String) in
        Set(layout.adjacentKeys(of: layout.key(labelled: letter)!).map(\.label))
      }
      #expect(near("s") == ["a", "d", "w", "e", "z", "x"], "\(device)")
      #expect(near("q") == ["w", "a"], "\(device)")
      #expect(near("p") == ["o", "l"], "\(device)")
      #expect(near("m") == ["n", "j", "k", "l"], "\(device)")  // m sits below k
    }
  }

  @Test func howWeSwipeCanvasFollowsTheStudyFormula() throws {
    let hws = try catalog.profile(named: "hws")
    for (width, height) in [(360.0, 197.0), (411.0, 234.0), (320.0, 183.0)] {
      let layout = try #require(try hws.resized(width: width, height: height).layout(variant: "qwerty-en"))
      let w = width / 10
      let h = height / 3.7
      for (row, letters) in ["qwertyuiop", "asdfghjkl", "zxcvbnm"].enumerated() {
        for (i, letter) in letters.enumerated() {
          let key = try #require(layout.key(labelled: String(letter)))
          expectClose(key.center.x, (Double(i) + 0.5 + [0, 0.5, 1.5][row]) * w, 1e-9)
          expectClose(key.center.y, (Double(row) + 0.5) * h, 1e-9)
          expectClose(key.width, w, 1e-9)
        }
      }
    }
  }

  @Test func pixel6ProUsesTheMeasuredGboardKeys() throws {
    let profile = try catalog.profile(named: "pixel6pro-gboard")
    let layout = profile.layout(forLocale: "en")
    #expect(layout.key(labelled: "q")?.center == Point(x: 112, y: 131))
    #expect(layout.key(labelled: "a")?.width == 134)
    #expect(layout.key(labelled: "space")?.kind == .space)
    #expect(layout.key(labelled: ".")?.kind == .punctuation)
    #expect(layout.letterKeys.count == 26)
    // A German lexicon on a device without QWERTZ falls back to the default layout.
    #expect(profile.layout(forLocale: "de").name == "pixel6pro-gboard/qwerty-en")
  }

  @Test func touchSpreadFollowsBiAndZhai() throws {
    let spread = try catalog.profile(named: "iphone5").touchSpread
    // d = 26 pt × 0.1558 = 4.05 mm → σx = √(0.0075·d² + 1.68) = 1.343 mm = 8.62 pt;
    // d = 39 pt × 0.1558 = 6.08 mm → σy = √(0.0108·d² + 1.33) = 1.315 mm = 8.44 pt.
    expectClose(spread.sigmaX, 8.62, 0.01)
    expectClose(spread.sigmaY, 8.44, 0.01)
    let ipad = try catalog.profile(named: "ipad4").touchSpread
    #expect(ipad.sigmaX < spread.sigmaX)  // bigger pt → fewer pt per mm of finger error
  }

  @Test func localeChoosesTheLayoutVariant() throws {
    let profile = try catalog.profile(named: "iphone6s")
    #expect(profile.layout(forLocale: "de").name == "iphone6s/qwertz-de")
    #expect(profile.layout(forLocale: "de_CH").name == "iphone6s/qwertz-de")
    #expect(profile.layout(forLocale: "en_US").name == "iphone6s/qwerty-en")
  }

  @Test func unknownDeviceListsTheKnownOnes() {
    #expect(throws: DeviceCatalogError.unknownDevice(name: "nokia", known: catalog.names)) {
      try catalog.profile(named: "nokia")
    }
  }

  @Test func invalidProfileFilesNameTheFileAndField() throws {
    let dir = try TemporaryDirectory()
    let devices = dir.url.appendingPathComponent("devices")
    try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
    let layouts = TestPaths.repository.appendingPathComponent("Corpora/layouts")
    let missing = devices.appendingPathComponent("broken.json")
    try Data(#"{"name": "broken", "description": "", "source": "", "units": "pt"}"#.utf8).write(to: missing)
    #expect {
      try DeviceCatalog(devices: devices, layouts: layouts)
    } throws: { error in
      guard let error = error as? InputFileError else { return false }
      return error.path == missing.path && error.reason.contains("millimetersPerUnit")
    }
    let original = try Data(contentsOf: TestPaths.repository.appendingPathComponent("Corpora/devices/iphone5.json"))
    let unknownVariant = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "qwertz-de", with: "dvorak-xx")
    try Data(unknownVariant.utf8).write(to: missing)
    #expect {
      try DeviceCatalog(devices: devices, layouts: layouts)
    } throws: { error in
      // The file, the line of the entry and the variants there are.
      (error as? InputFileError)?.description == "\(missing.path):11: unknown layout variant 'dvorak-xx' (known: qwerty-en, qwertz-de)"
    }
  }
}
