import Foundation
import KeyBenchBench
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchPhotos
import KeyBenchSwipe
import KeyBenchTouch
import KeyBenchTyping

/// Every plug-in configuration file (`--config FILE.json`, loaded with `ConfigFiles.load`, which
/// reads the file and calls `JSONConfig.merged` over the defaults), then one small run of the
/// object the configuration drives — a config that passes validation must not trap or hang it.
enum ConfigTargets {
  static let all: [FuzzTarget] = [
    FuzzTarget(
      name: "config-decoder",
      summary: "DTWDecoderConfig (keybench-run swipe / keybench-sweep --config): JSONConfig.merged, then a DTW decode",
      run: { data in decode(try JSONConfig.merged(DTWDecoderConfig(), with: data, path: "config.json")) }),
    FuzzTarget(
      name: "config-generator",
      summary: "SwipeSynthesisConfig (keybench-swipes generate --config): JSONConfig.merged, then synthetic swipes",
      run: { data in
        let config = try JSONConfig.merged(SwipeSynthesisConfig(), with: data, path: "config.json")
        let synthesizer = SwipeSynthesizer(config: config, layout: FuzzFixtures.qwerty, profile: FuzzFixtures.iphone5)
        var random = SeededGenerator(seed: 1)
        for word in ["hello", "a", "keyboard", "über"] { _ = synthesizer.points(for: word, using: &random) }
      }),
    FuzzTarget(
      name: "config-touch",
      summary: "TouchConfig (keybench-run touch --config): JSONConfig.merged, then simulated taps through every resolver",
      run: { data in
        let config = try JSONConfig.merged(TouchConfig(), with: data, path: "config.json")
        let keyboard = TouchKeyboard(layout: FuzzFixtures.qwerty)
        let spread = FuzzFixtures.iphone5.touchSpread
        let taps = TapSimulator(keyboard: keyboard, spread: spread, config: config.simulation)
          .taps(text: FuzzFixtures.text, seed: 1, limit: 40)
        let benchmark = TouchBenchmark(
          kinds: TouchResolverKind.allCases, config: config,
          model: {
            LetterModel(
              texts: [FuzzFixtures.text], alphabet: $0, order: config.model.order, smoothing: config.model.smoothing)
          })
        let set = TapSet(name: "iphone5", source: "simulated", keyboard: keyboard, spread: spread, taps: taps)
        _ = TouchSummary(run: benchmark.run(sets: [set]))
      }),
    FuzzTarget(
      name: "config-gesture",
      summary: "GestureBenchmark.Config (keybench-run gesture --config): JSONConfig.merged, then a gesture run",
      run: { data in
        let config = try JSONConfig.merged(GestureBenchmark.Config(), with: data, path: "config.json")
        try GestureTargets.benchmark(schemes: [(FuzzFixtures.englishScheme, "english.xml")], config: config)
      }),
    FuzzTarget(
      name: "config-keyboard-corrector",
      summary: "KeyboardCorrector.Config (keybench-run correct --keyboard-config): JSONConfig.merged, then corrections",
      run: { data in
        let config = try JSONConfig.merged(KeyboardCorrector.Config(), with: data, path: "config.json")
        let corrector = try KeyboardCorrector(
          lexicon: FuzzFixtures.correctionLexicon, distribution: FuzzFixtures.distribution,
          layout: FuzzFixtures.qwerty, config: config)
        correct(corrector)
      }),
    FuzzTarget(
      name: "config-kannsch-corrector",
      summary: "KannschCorrector.Config (keybench-run correct --kannsch-config): JSONConfig.merged, then corrections with adaptation",
      run: { data in
        let config = try JSONConfig.merged(KannschCorrector.Config(), with: data, path: "config.json")
        let corrector = KannschCorrector(
          lexicon: FuzzFixtures.correctionLexicon, layout: FuzzFixtures.qwerty, config: config)
        correct(corrector)
      }),
    FuzzTarget(
      name: "config-photo-ranker",
      summary: "WeightedRanker.Config (keybench-run photos --config): JSONConfig.merged, then photo scores",
      run: { data in
        let config = try JSONConfig.merged(WeightedRanker.Config(), with: data, path: "config.json")
        let ranker = WeightedRanker(database: FuzzFixtures.labelDatabase, wordNet: FuzzFixtures.wordNet, config: config)
        _ = ranker.scores(nouns: FuzzFixtures.messageNouns, library: FuzzFixtures.photos)
      }),
  ]

  /// One decode of the fixture trace with `config`.
  static func decode(_ config: DTWDecoderConfig) {
    let decoder = DTWDecoder(lexicon: FuzzFixtures.decoderLexicon, config: config)
    _ = decoder.decode(FuzzFixtures.helloTrace, top: 4, probe: "hello")
  }

  /// A few corrections, each word learned afterwards as a user accepting it would.
  static func correct(_ corrector: some Corrector) {
    for typed in ["teh", "wrold", "helo", "recieve", "thr", "x", "hellooooooooooo"] {
      // Built-in correctors never throw (only plug-ins do): a throw here is a finding, not a rejection.
      let suggestions = try! corrector.suggestions(for: typed, limit: 4)
      if let first = suggestions.first { corrector.learn(first) }
    }
    corrector.reset()
  }
}
