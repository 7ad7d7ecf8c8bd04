import Foundation
import KeyBenchCorpora
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLexicon
import KeyBenchSwipe
import KeyBenchTestSupport
import Testing

/// The filter options that select seed 000's filters as the document describes them (issue 45
/// item 3): the length measured on the reduced point list, the start point's four-letter cap,
/// and the as-written configuration file.
@Suite struct SeedFilterOptionsTests {
  let layout: KeyboardLayout

  init() throws {
    layout = try DeviceCatalog.shipped().profile(named: "iphone5").layout(forLocale: "en")
  }

  private func lexicon(_ words: [String]) -> DecoderLexicon {
    DecoderLexicon(
      lexicon: Lexicon(name: "t", locale: "en", entries: words.map { Lexicon.Entry(word: $0, frequency: 200) }),
      layout: layout)
  }

  /// Only the filter stages under test: the others off, no slack, no time limit.
  private func filtersOnly() -> DTWDecoderConfig {
    var config = DTWDecoderConfig.seed000
    config.filters.startDirection.enabled = false
    config.filters.endPoint.enabled = false
    config.filters.length.c = 0
    config.timeLimitMs = 0
    return config
  }

  /// A trace from `from`'s key centre to `to`'s that zigzags `amplitude` pitches up and down
  /// every quarter pitch, 16 ms apart: about 2.2 times as long as the straight line.
  private func zigzag(from: Character, to: Character, amplitude: Double) -> [TimedPoint] {
    let (a, b) = (layout.key(for: from)!.center, layout.key(for: to)!.center)
    let pitch = layout.horizontalPitch
    let steps = Int(a.distance(to: b) / (0.25 * pitch))
    return (0...steps).map { i in
      let f = Double(i) / Double(steps)
      let wobble = (i == 0 || i == steps) ? 0 : (i % 2 == 0 ? 1.0 : -1.0) * amplitude * pitch
      return TimedPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f + wobble, t: Double(i) * 16)
    }
  }

  @Test func lengthOnTheReducedTraceKeepsAWordTheWobblyRawTraceLoses() throws {
    // "all" runs a→l, 8 pitches. The zigzag trace is about 15 pitches raw, so 0.75 × ℓ is
    // above 8 and the raw measure drops "all"; the reduction (here: keep only the ends and the
    // second point, as a fast swipe would report them) leaves a list about 8 pitches long,
    // which keeps it. "aural" (a→u→r→a→l, about 20 pitches) goes the other way: within the
    // bounds of the raw length, beyond 1.5 × the reduced one.
    let words = lexicon(["all", "aural"])
    var config = filtersOnly()
    config.reduction.maxAngle = 0
    config.reduction.minArea = 100
    config.reduction.maxGapMs = 60_000
    let trace = zigzag(from: "a", to: "l", amplitude: 0.2)
    let points = trace.map { Point(x: $0.x / layout.horizontalPitch, y: $0.y / layout.horizontalPitch) }
    let raw = points.pathLength
    let reduced = InputReduction.keptIndices(points: points, times: trace.map(\.t), config: config.reduction)
      .map { points[$0] }.pathLength
    #expect(raw > 13 && raw < 17, "raw length \(raw)")
    #expect(reduced > 8 && reduced < 8.5, "reduced length \(reduced)")
    let aural = try #require(words.sequences.first { $0.words.contains { $0.word == "aural" } }).length
    #expect(aural > 1.5 * reduced && aural >= 0.75 * raw && aural <= 1.5 * raw, "aural \(aural)")

    func lengthStage(_ probe: String, _ measure: DTWDecoderConfig.Length.Trace) -> Bool? {
      config.filters.length.trace = measure
      let stages = DTWDecoder(lexicon: words, config: config).decode(trace, top: 4, probe: probe).diagnostics.stages
      #expect(stages[3].name == "length")
      return stages[3].probeKept
    }
    #expect(lengthStage("all", .raw) == false)
    #expect(lengthStage("all", .reduced) == true)
    #expect(lengthStage("aural", .raw) == true)
    #expect(lengthStage("aural", .reduced) == false)
    // Without reduction the reduced list is the raw trace, and both measures agree.
    config.reduction.enabled = false
    #expect(lengthStage("all", .reduced) == false)
    #expect(lengthStage("aural", .reduced) == true)
  }

  @Test func startPointCapKeepsTheFourNearestFirstLetters() {
    // The seed's example: a swipe starting between w, e, s and d considers only those four
    // first letters. A 2-pitch radius around that point also takes in a, r, q and f.
    let wesd = "wesd".map { layout.key(for: $0)!.center }
    let first = Point(x: wesd.map(\.x).reduce(0, +) / 4, y: wesd.map(\.y).reduce(0, +) / 4)
    let starts = ["we", "eat", "sad", "do", "air", "red", "quit", "zoo", "xray", "fun", "cat", "go"]
    let words = lexicon(starts)
    let trace = [TimedPoint(x: first.x, y: first.y, t: 0), TimedPoint(x: first.x + 1, y: first.y, t: 16)]
    var config = filtersOnly()
    config.filters.length.enabled = false
    config.filters.startPoint.radius = 2
    func kept(_ maxKeys: Int) -> Set<String> {
      config.filters.startPoint.maxKeys = maxKeys
      let decoder = DTWDecoder(lexicon: words, config: config)
      return Set(starts.filter { decoder.decode(trace, top: 20, probe: $0).diagnostics.stages[0].probeKept == true })
    }
    let uncapped = kept(0)
    #expect(uncapped.isSuperset(of: ["we", "eat", "sad", "do", "air", "red", "quit", "fun"]), "\(uncapped.sorted())")
    #expect(kept(4) == ["we", "eat", "sad", "do"])
    #expect(kept(2) == ["eat", "sad"], "e and s are the nearest two")
    #expect(kept(100) == uncapped, "a cap above the keys in the radius changes nothing")
  }

  @Test func theReducedLengthChangesWhatTheLengthFilterKeeps() throws {
    // Incremental and batch decoding with these filters agree: IncrementalSwipeTests. point-by-point
    // test runs this config too.
    var config = DTWDecoderConfig.seed000AsWritten
    config.timeLimitMs = 0
    var raw = config
    raw.filters.length.trace = .raw
    let (lexicon, swipes) = try IncrementalSwipeTests.syntheticGermanSwipes()
    let reduced = DTWDecoder(lexicon: lexicon, config: config), measuredRaw = DTWDecoder(lexicon: lexicon, config: raw)
    var differsFromRaw = false
    for (word, points) in swipes {
      let kept = reduced.decode(points, top: 4, probe: word).diagnostics.stages[3].kept
      differsFromRaw = differsFromRaw || measuredRaw.decode(points, top: 4, probe: word).diagnostics.stages[3].kept != kept
    }
    #expect(differsFromRaw, "the reduced length must change what the length filter keeps on noisy swipes")
  }

  @Test func asWrittenConfigFileIsTheSeedsFilters() throws {
    let path = TestPaths.repository.appendingPathComponent("Corpora/configs/seed000-as-written.json").path
    let loaded = try JSONConfig.merged(DTWDecoderConfig(), with: Data(contentsOf: URL(fileURLWithPath: path)), path: path)
    #expect(loaded == DTWDecoderConfig.seed000AsWritten)
    #expect(loaded.validationErrors().isEmpty)
    // KeyBench's variant differs in exactly the two filter choices.
    var variant = loaded
    variant.filters.length.trace = .raw
    variant.filters.startPoint.maxKeys = 0
    #expect(variant == DTWDecoderConfig.seed000)
    #expect(DTWDecoder.describe(loaded).contains("start=1.5/4keys") && DTWDecoder.describe(loaded).contains("±2.0@reduced"))
    #expect(!DTWDecoder.describe(.seed000).contains("keys") && !DTWDecoder.describe(.seed000).contains("@"))
  }

  @Test func newFieldsAreRangeChecked() throws {
    var config = DTWDecoderConfig.seed000AsWritten
    config.filters.startPoint.maxKeys = -1
    config.filters.endPoint.maxKeys = 101
    let errors = config.validationErrors()
    #expect(errors.contains { $0.hasPrefix("filters.startPoint.maxKeys must be an integer in 0…100, got -1") }, "\(errors)")
    #expect(errors.contains { $0.hasPrefix("filters.endPoint.maxKeys") }, "\(errors)")
    let bad = Data(#"{"filters": {"length": {"trace": "smoothed"}}}"#.utf8)
    #expect(throws: (any Error).self) { try JSONConfig.merged(DTWDecoderConfig(), with: bad, path: "bad.json") }
  }
}
