import Foundation
import KeyBenchBench
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchGeometry
import KeyBenchGesture
import KeyBenchSwipe
import KeyBenchTouch

/// Device profiles and layout variants as `DeviceCatalog` loads them from their folders, then
/// what `keybench-devices list/show` and the benchmarks derive from a profile.
enum DeviceTargets {
  static let all: [FuzzTarget] = [
    FuzzTarget(
      name: "device",
      summary: "device profile JSON in a devices folder beside the shipped layouts: DeviceCatalog, then every layout, touch spread, adjacency, resizing, taps, a synthetic swipe, decoding and gesture geometry",
      run: { data in
        let devices = FuzzScratch.directory("catalog/devices", clean: true)
        try FuzzScratch.write(data, to: devices + "/fuzz.json")
        let catalog = try DeviceCatalog(
          devices: URL(fileURLWithPath: devices), layouts: URL(fileURLWithPath: FuzzFixtures.layoutsFolder))
        try exercise(catalog)
      }),
    FuzzTarget(
      name: "layout",
      summary: "layout variant JSON in a layouts folder, used by a grid device: DeviceCatalog, then as the device target",
      run: { data in
        let layouts = FuzzScratch.directory("catalog/layouts", clean: true)
        let devices = FuzzScratch.directory("catalog/devices", clean: true)
        try FuzzScratch.write(data, to: layouts + "/fuzz.json")
        // A grid device that uses the variant, so its rows become keys.
        let name = (try? CheckedJSON(data: data, path: "fuzz.json"))?.root["name"]?.string ?? "fuzz"
        let variant = String(decoding: try JSONEncoder().encode([name]), as: UTF8.self).dropFirst().dropLast()
        try FuzzScratch.write(
          Data(
            """
            {"name": "grid", "description": "", "source": "", "units": "pt", "millimetersPerUnit": 0.16,
             "touchSamplingHz": 60, "keyboard": {"width": 320, "height": 216},
             "grid": {"keyWidth": 26, "keyHeight": 39, "keyGap": 6, "rowGap": 15, "sideMargin": 3, "topMargin": 12},
             "layouts": [{"variant": \(variant)}]}
            """.utf8), to: devices + "/grid.json")
        let catalog = try DeviceCatalog(devices: URL(fileURLWithPath: devices), layouts: URL(fileURLWithPath: layouts))
        try exercise(catalog)
      }),
  ]

  /// Everything the tools derive from each profile of `catalog`.
  static func exercise(_ catalog: DeviceCatalog) throws {
    for name in catalog.names {
      let profile = try catalog.profile(named: name)
      // keybench-devices list / show
      let spread = profile.touchSpread
      for variant in profile.layoutVariants {
        guard let layout = profile.layout(variant: variant) else { continue }
        _ = (layout.horizontalPitch, layout.verticalPitch)
        for key in layout.keys.prefix(64) where key.kind == .letter { _ = layout.adjacentKeys(of: key) }
        _ = layout.path(for: "hello")
      }
      _ = profile.layout(forLocale: "de_CH")
      let layout = profile.layout(forLocale: "en")
      if let resized = try? profile.resized(width: 360, height: 197) {
        _ = resized.layout(forLocale: "en").letterKeys.count
      }
      // keybench-run touch
      let keyboard = TouchKeyboard(layout: layout)
      _ = TapSimulator(keyboard: keyboard, spread: spread).taps(text: FuzzFixtures.text, seed: 1, limit: 24)
      // keybench-swipes generate
      var random = SeededGenerator(seed: 1)
      _ = SwipeSynthesizer(config: SwipeSynthesisConfig(), layout: layout, profile: profile).points(
        for: "hello", using: &random)
      // keybench-run swipe
      let decoder = DTWDecoder(
        lexicon: DecoderLexicon(lexicon: FuzzFixtures.lexicon, layout: layout), config: DTWDecoderConfig())
      _ = decoder.decode(FuzzFixtures.helloTrace, top: 4, probe: "hello")
      // keybench-run gesture
      let gesture = GestureBenchmark(
        schemes: [(FuzzFixtures.englishScheme, "english.xml")], profile: profile, config: .init())
      _ = gesture.run(words: ["the", "fox"], seed: 1)
    }
  }
}
