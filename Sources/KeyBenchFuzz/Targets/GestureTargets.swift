import Foundation
import KeyBenchBench
import KeyBenchGesture

/// Gesture-keyboard letter schemes (`LetterSchemeXML.load`), then a short gesture benchmark
/// with the scheme, as `keybench-run gesture --scheme FILE` runs it.
enum GestureTargets {
  static let all: [FuzzTarget] = [
    FuzzTarget(
      name: "gesture-scheme",
      summary: "gesture letter-scheme XML: LetterSchemeXML.load, then GestureBenchmark words/run/summary with the scheme",
      run: { data in
        let scheme = try LetterSchemeXML.load(path: FuzzScratch.file("scheme.xml", data))
        try benchmark(schemes: [(scheme, "fuzz.xml")], config: .init())
      }),
  ]

  /// Enters a few words of the fixture text with every scheme and summarises the runs.
  static func benchmark(
    schemes: [(scheme: LetterScheme, source: String)], config: GestureBenchmark.Config
  ) throws {
    let benchmark = GestureBenchmark(schemes: schemes, profile: FuzzFixtures.iphone5, config: config)
    let words = benchmark.words(of: FuzzFixtures.text, limit: 6)
    _ = GestureSummary(runs: benchmark.run(words: words, seed: 1))
  }
}
