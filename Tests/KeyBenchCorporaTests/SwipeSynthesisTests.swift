import Foundation
import KeyBenchCorpora
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLexicon
import KeyBenchTestSupport
import Testing

@Suite struct SwipeSynthesisTests {
  let catalog: DeviceCatalog

  init() throws {
    catalog = try DeviceCatalog.shipped()
  }

  private func generate(seed: UInt64, to path: String, words: SwipeGeneration.Words) throws {
    _ = try SwipeGeneration(config: SwipeSynthesisConfig(), catalog: catalog, seed: seed).run(
      words: words, layout: LayoutReference(device: "iphone5", variant: "qwertz-de"), output: path,
      provenance: [:])
  }

  @Test func theSameSeedGivesByteIdenticalCorpora() throws {
    let dir = try TemporaryDirectory()
    let lexicon = Lexicon(wordlist: try LatinIMEParser().parse(path: TestPaths.fixture("mini.combined")).wordlist)
    try generate(seed: 42, to: dir.path("a.jsonl"), words: .drawn(lexicon, count: 200))
    try generate(seed: 42, to: dir.path("b.jsonl"), words: .drawn(lexicon, count: 200))
    try generate(seed: 43, to: dir.path("c.jsonl"), words: .drawn(lexicon, count: 200))
    let a = try Data(contentsOf: dir.url.appendingPathComponent("a.jsonl"))
    #expect(a == (try Data(contentsOf: dir.url.appendingPathComponent("b.jsonl"))))
    #expect(a != (try Data(contentsOf: dir.url.appendingPathComponent("c.jsonl"))))
    #expect(try SwipeCorpus.readAll(path: dir.path("a.jsonl")).gestures.count == 200)
  }

  @Test func tracesStartAndEndNearTheirKeysAtTheDeviceRate() throws {
    let profile = try catalog.profile(named: "iphone5")
    let layout = profile.layout(forLocale: "en")
    let synthesizer = SwipeSynthesizer(config: SwipeSynthesisConfig(), layout: layout, profile: profile)
    var random = SeededGenerator(seed: 9)
    var intervals: [Double] = []
    for word in ["hello", "keyboard", "swipe", "quiz", "it's", "all"] {
      let points = try #require(synthesizer.points(for: word, using: &random))
      let path = try #require(layout.path(for: word))
      let first = Point(x: points[0].x, y: points[0].y)
      let last = Point(x: points[points.count - 1].x, y: points[points.count - 1].y)
      // Aiming error is a few touch-spread σ at most (σ ≈ 8.6 pt on the iPhone 5).
      #expect(first.distance(to: path.start) < 45, "\(word)")
      #expect(last.distance(to: path.end) < 45, "\(word)")
      #expect(layout.nearestKey(to: first)?.label != nil)
      #expect(points.map(\.t) == points.map(\.t).sorted(), "\(word): time goes forward")
      intervals += zip(points, points.dropFirst()).map { $1.t - $0.t }
    }
    let median = Distribution(intervals).median
    #expect(abs(median - 1000 / profile.touchSamplingHz) <= 2)
  }

  @Test func wordsWithoutKeysAreSkipped() throws {
    let profile = try catalog.profile(named: "iphone5")
    let synthesizer = SwipeSynthesizer(config: SwipeSynthesisConfig(), layout: profile.layout(forLocale: "en"), profile: profile)
    var random = SeededGenerator(seed: 1)
    #expect(synthesizer.points(for: "1234", using: &random) == nil)
  }

  @Test func cornersAreCutTracesAreNotPolylines() throws {
    // With corner cutting, the trace passes inside the corner at 'w' in "qwa" (q → w → a).
    let profile = try catalog.profile(named: "ipad4")
    let layout = profile.layout(forLocale: "en")
    var config = SwipeSynthesisConfig()
    config.startAimSpread = 0
    config.interiorAimSpread = 0
    config.endAimSpread = 0
    config.sensorNoise = 0
    config.curvature = 0
    let synthesizer = SwipeSynthesizer(config: config, layout: layout, profile: profile)
    var random = SeededGenerator(seed: 5)
    let points = try #require(synthesizer.points(for: "qwa", using: &random))
    let w = layout.key(labelled: "w")!.center
    let closest = points.map { Point(x: $0.x, y: $0.y).distance(to: w) }.min()!
    #expect(closest > 1, "the trace must not stop exactly on the corner key")
    #expect(closest < layout.key(labelled: "w")!.width, "but it passes over the key")
  }

  @Test func samplerFollowsLatinIMEProbabilities() {
    // f = 255 is five steps above f = 250: 1.15^5 ≈ 2.01 times as likely.
    let lexicon = Lexicon(
      name: "t", locale: "en",
      entries: [
        .init(word: "often", frequency: 255), .init(word: "rare", frequency: 250),
        .init(word: "rude", frequency: 0), .init(word: "notaword", frequency: 255, isWord: false),
      ])
    let sampler = WordSampler(lexicon: lexicon)
    var random = SeededGenerator(seed: 3)
    var counts: [String: Int] = [:]
    for _ in 0..<30_000 { counts[sampler.draw(using: &random), default: 0] += 1 }
    #expect(Set(counts.keys) == ["often", "rare"])
    let ratio = Double(counts["often"]!) / Double(counts["rare"]!)
    #expect(abs(ratio - 2.011) < 0.1)
  }

  @Test func configFilesKeepDefaultsAndRejectUnknownKeys() throws {
    let partial = try JSONConfig.merged(SwipeSynthesisConfig(), with: Data(#"{"overlap": 0.5}"#.utf8), path: "g.json")
    var expected = SwipeSynthesisConfig()
    expected.overlap = 0.5
    #expect(partial == expected)
    #expect(throws: InputFileError(path: "g.json", line: 1, kind: .malformed, reason: #"unknown keys: overlapp (did you mean "overlap"?)"#)) {
      try JSONConfig.merged(SwipeSynthesisConfig(), with: Data(#"{"overlapp": 0.5}"#.utf8), path: "g.json")
    }
    let rate = try JSONConfig.merged(SwipeSynthesisConfig(), with: Data(#"{"samplingRate": 50}"#.utf8), path: "g.json")
    #expect(rate.samplingRate == 50)
    var bad = SwipeSynthesisConfig()
    bad.overlap = 1.2
    bad.endDwell = -1
    #expect(bad.validationErrors() == [
      "overlap must be a finite number in 0…1 (1 excluded), got 1.2",
      "endDwell must be a finite number in 0…10000, got -1",
    ])
    // The same check runs when a file is merged, so a bad file never reaches the generator.
    #expect(throws: InputFileError(path: "g.json", kind: .malformed, reason: "tempoVariation must be a finite number in 0…2, got 1000000000")) {
      try JSONConfig.merged(SwipeSynthesisConfig(), with: Data(#"{"tempoVariation": 1e9}"#.utf8), path: "g.json")
    }
  }

}
