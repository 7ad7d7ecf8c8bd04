import Foundation
import KeyBenchCorpora
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLexicon
import KeyBenchSwipe
import KeyBenchTestSupport
import Testing

/// Each concept of seed 000's decoder, tested so that removing or breaking it fails a test.
@Suite struct DTWDecoderTests {
  let layout: KeyboardLayout

  init() throws {
    layout = try DeviceCatalog.shipped().profile(named: "iphone5").layout(forLocale: "en")
  }

  private func lexicon(_ words: [(String, UInt8)]) -> DecoderLexicon {
    DecoderLexicon(
      lexicon: Lexicon(name: "t", locale: "en", entries: words.map { Lexicon.Entry(word: $0.0, frequency: $0.1) }),
      layout: layout)
  }

  /// A trace through the centres of `letters`' keys, sampled every `step` pt, 16 ms apart.
  private func trace(_ letters: String, step: Double = 4) -> [TimedPoint] {
    let centres = letters.map { layout.key(for: $0)!.center }
    var points = [centres[0]]
    for (a, b) in zip(centres, centres.dropFirst()) {
      let n = max(Int(a.distance(to: b) / step), 1)
      for i in 1...n {
        let f = Double(i) / Double(n)
        points.append(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
      }
    }
    return points.enumerated().map { TimedPoint(x: $1.x, y: $1.y, t: Double($0) * 16) }
  }

  private func pitchPoints(_ trace: [TimedPoint]) -> [Point] {
    trace.map { Point(x: $0.x / layout.horizontalPitch, y: $0.y / layout.horizontalPitch) }
  }

  private func keyCentres(_ letters: String) -> [Point] {
    layout.path(for: letters)!.points.map { Point(x: $0.x / layout.horizontalPitch, y: $0.y / layout.horizontalPitch) }
  }

  @Test func savedSegmentPositionMakesBackAndForthCostly() {
    // Seed 000 §2.2.2: swiping t–i–t–i for "still" must cost more than swiping it once.
    var config = DTWDecoderConfig.DTW()
    config.localityAbsolute = 0
    config.localityRelative = 0
    let clean = WarpingColumns(points: pitchPoints(trace("stil")), config: config)
    let wobbly = WarpingColumns(points: pitchPoints(trace("stititil")), config: config)
    let still = keyCentres("still")
    #expect(clean.cost(keys: still) < 1e-9)
    #expect(wobbly.cost(keys: still) > 1)
    config.savedPosition = false
    let free = WarpingColumns(points: pitchPoints(trace("stititil")), config: config)
    #expect(free.cost(keys: still) < 1e-9, "without the saved position the detour is free")
  }

  @Test func basicAndImprovedDTWAgreeOnACleanTrace() {
    var config = DTWDecoderConfig.DTW()
    let points = pitchPoints(trace("hello"))
    let improved = WarpingColumns(points: points, config: config)
    config.improved = false
    let basic = WarpingColumns(points: points, config: config)
    for columns in [improved, basic] {
      let right = columns.cost(keys: keyCentres("helo"))
      let wrong = columns.cost(keys: keyCentres("hull"))
      #expect(right < wrong)
    }
    #expect(improved.cost(keys: keyCentres("helo")) < 1e-9)
  }

  @Test func localityConstraintRulesOutFarProgress() {
    // A trace nine pitches long cannot be matched to a word one pitch long within a tight band.
    var config = DTWDecoderConfig.DTW()
    config.localityAbsolute = 0.5
    config.localityRelative = 0
    let tight = WarpingColumns(points: pitchPoints(trace("qwertyuiop")), config: config)
    #expect(tight.cost(keys: keyCentres("qw")) == .infinity)
    #expect(tight.cost(keys: keyCentres("qp")) < 1e-9)
    config.localityAbsolute = 0
    let free = WarpingColumns(points: pitchPoints(trace("qwertyuiop")), config: config)
    #expect(free.cost(keys: keyCentres("qw")) < .infinity)
  }

  @Test func startPointFilterKeepsOnlyWordsStartingNearTheFirstPoint() {
    let decoder = DTWDecoder(lexicon: lexicon([("good", 200), ("food", 200), ("mood", 200)]), config: .init())
    let result = decoder.decode(trace("god"), top: 4, probe: "mood")
    #expect(result.diagnostics.stages[0].name == "start point")
    #expect(result.diagnostics.stages[0].kept == 2)  // g and f are within 1.2 pitches of g
    #expect(result.diagnostics.stages[0].probeKept == false)
    #expect(!result.candidates.map(\.word).contains("mood"))
  }

  @Test func directionFilterExemptsWordsStartingWithNeighbouringKeys() {
    // The trace leaves s to the right. "sky" goes right; "squid" starts up-left (s and q are
    // not neighbours) and is dropped; "salt" starts left but s–a are neighbours, so it stays.
    let words = lexicon([("sky", 200), ("squid", 200), ("salt", 200)])
    var config = DTWDecoderConfig()
    config.filters.startPoint.enabled = false
    config.filters.endPoint.enabled = false
    config.filters.length.enabled = false
    let decoder = DTWDecoder(lexicon: words, config: config)
    let result = decoder.decode(trace("sky"), top: 4, probe: "salt")
    let direction = result.diagnostics.stages[1]
    #expect(direction.name == "start direction")
    #expect(direction.kept == 2)
    #expect(direction.probeKept == true)
    #expect(decoder.decode(trace("sky"), top: 4, probe: "squid").diagnostics.stages[1].probeKept == false)
  }

  @Test func endPointAndLengthFilters() {
    // All three start at t; "test" and "typeset" end at t, "testimonial" at l; "typeset" is far
    // longer than the trace.
    let words = lexicon([("test", 200), ("typeset", 200), ("testimonial", 200)])
    let decoder = DTWDecoder(lexicon: words, config: .init())
    let stages = decoder.decode(trace("test"), top: 4, probe: "testimonial").diagnostics.stages
    #expect(stages[2].name == "end point" && stages[2].kept == 2)
    #expect(stages[2].probeKept == false)
    #expect(stages[3].name == "length" && stages[3].kept == 1)
  }

  @Test func prefixCacheSavesColumnsWithoutChangingScores() {
    let words = lexicon([("grand", 200), ("grandfather", 180), ("grandmother", 180), ("grant", 170), ("graph", 160)])
    var config = DTWDecoderConfig()
    config.filters.length.enabled = false
    config.filters.endPoint.enabled = false
    let cached = DTWDecoder(lexicon: words, config: config).decode(trace("grandmother"), top: 5, probe: nil)
    config.dtw.prefixCache = false
    let uncached = DTWDecoder(lexicon: words, config: config).decode(trace("grandmother"), top: 5, probe: nil)
    #expect(cached.candidates == uncached.candidates)
    #expect(cached.diagnostics.columnsComputed < uncached.diagnostics.columnsComputed)
    #expect(cached.candidates.first?.word == "grandmother")
  }

  @Test func pruningAbandonsHopelessPrefixesWithoutChangingTheRanking() throws {
    // Synthetic swipes over made-up consonant-vowel words, filters off so many prefixes compete.
    let profile = try DeviceCatalog.shipped().profile(named: "iphone6s")
    let layout = profile.layout(forLocale: "en")
    let lexicon = ConsonantVowelLexicon.laidOut(on: layout)
    var config = DTWDecoderConfig()
    config.filters.endPoint.enabled = false
    config.filters.length.enabled = false
    var exhaustiveConfig = config
    exhaustiveConfig.dtw.pruning = false
    let pruning = DTWDecoder(lexicon: lexicon, config: config)
    let exhaustive = DTWDecoder(lexicon: lexicon, config: exhaustiveConfig)
    let synthesizer = SwipeSynthesizer(config: .init(), layout: layout, profile: profile)
    var random = SeededGenerator(seed: 5)
    var pruned = 0
    for word in ["bat", "sole", "ramo", "kid", "hut", "meme", "pots", "fig"] {
      let points = try #require(synthesizer.points(for: word, using: &random))
      let fast = pruning.decode(points, top: 4, probe: nil)
      let full = exhaustive.decode(points, top: 4, probe: nil)
      #expect(fast.candidates == full.candidates, "\(word)")
      #expect(fast.diagnostics.columnsComputed <= full.diagnostics.columnsComputed)
      #expect(full.diagnostics.sequencesPruned == 0)
      pruned += fast.diagnostics.sequencesPruned
    }
    #expect(pruned > 0)
  }

  @Test func frequenciesBreakTiesBetweenIdenticalSwipes() {
    // "of" and "off" share a swipe (seed 000 §1.1); the more frequent word ranks first.
    let decoder = DTWDecoder(lexicon: lexicon([("off", 150), ("of", 214)]), config: .init())
    #expect(decoder.decode(trace("of"), top: 2, probe: nil).candidates.map(\.word) == ["of", "off"])
    var config = DTWDecoderConfig()
    config.frequency.enabled = false
    let flat = DTWDecoder(lexicon: lexicon([("off", 150), ("of", 214)]), config: config)
    let scores = flat.decode(trace("of"), top: 2, probe: nil).candidates.map(\.score)
    #expect(scores[0] == scores[1])
  }

  @Test func sloppyTracesLeanMoreOnFrequency() {
    // "rest" traced exactly, and traced 0.8 pitches too low. The exact trace picks the word it
    // traces; the sloppy one, whose best match is poor, says less about the word, so the
    // adaptive prior lets the far more frequent "test" win. A fixed λ equal to the adaptive
    // one on the exact trace keeps "rest" for both.
    let words = lexicon([("rest", 100), ("test", 220)])
    let exact = trace("rest")
    let low = exact.map { TimedPoint(x: $0.x, y: $0.y + 0.8 * layout.horizontalPitch, t: $0.t) }
    var config = DTWDecoderConfig()
    config.touchOffset = .init()
    config.filters = .init()
    config.filters.startPoint.enabled = false
    config.filters.startDirection.enabled = false
    config.filters.endPoint.enabled = false
    config.filters.length.enabled = false
    let adaptive = DTWDecoder(lexicon: words, config: config)
    #expect(adaptive.decode(exact, top: 1, probe: nil).candidates.first?.word == "rest")
    #expect(adaptive.decode(low, top: 1, probe: nil).candidates.first?.word == "test")
    config.frequency.adaptive = false
    config.frequency.weight = DTWDecoderConfig().frequency.weight * DTWDecoderConfig().frequency.noiseFloor
    let fixed = DTWDecoder(lexicon: words, config: config)
    #expect(fixed.decode(exact, top: 1, probe: nil).candidates.first?.word == "rest")
    #expect(fixed.decode(low, top: 1, probe: nil).candidates.first?.word == "rest")
  }

  @Test func touchOffsetIsRemovedBeforeDecoding() {
    // A trace 0.15 pitches below the keys scores as well as one on the keys with the default
    // offset, and worse without it.
    let words = lexicon([("hello", 200), ("jello", 100)])
    let shifted = trace("helo").map { TimedPoint(x: $0.x, y: $0.y + 0.15 * layout.horizontalPitch, t: $0.t) }
    var none = DTWDecoderConfig()
    none.touchOffset = .init()
    let exact = DTWDecoder(lexicon: words, config: none).decode(trace("helo"), top: 1, probe: nil)
    let corrected = DTWDecoder(lexicon: words, config: .init()).decode(shifted, top: 1, probe: nil)
    let uncorrected = DTWDecoder(lexicon: words, config: none).decode(shifted, top: 1, probe: nil)
    #expect(abs(corrected.candidates[0].score - exact.candidates[0].score) < 1e-9)
    #expect(uncorrected.candidates[0].score > corrected.candidates[0].score + 0.01)
  }

  @Test func candidatesAreOnePerMatchKey() {
    let decoder = DTWDecoder(lexicon: lexicon([("Simon", 150), ("simon", 100), ("dont", 90), ("don't", 160)]), config: .init())
    #expect(decoder.decode(trace("simon"), top: 4, probe: nil).candidates.map(\.word) == ["Simon"])
    #expect(decoder.decode(trace("dont"), top: 4, probe: nil).candidates.map(\.word) == ["don't"])
  }

  @Test func inputReductionThinsStraightRunsAndKeepsCorners() {
    let points = pitchPoints(trace("qpm", step: 1))
    let times = points.indices.map { Double($0) * 16 }
    let kept = InputReduction.keptIndices(points: points, times: times, config: .init())
    #expect(kept.count < points.count / 3)
    #expect(kept.first == 0 && kept.last == points.count - 1)
    // The corner at p (the farthest point to the right) survives.
    let corner = points.indices.max { points[$0].x < points[$1].x }!
    #expect(kept.contains { abs($0 - corner) <= 1 })
    var off = DTWDecoderConfig.Reduction()
    off.enabled = false
    #expect(InputReduction.keptIndices(points: points, times: times, config: off).count == points.count)
  }

  @Test func timeLimitStopsScoringAndIsReported() {
    let words = lexicon((0..<400).map { ("t" + String(repeating: "e", count: $0 % 7) + "st\($0 % 10 == 0 ? "" : "s")" + String($0), 100) })
    var config = DTWDecoderConfig()
    config.filters.length.enabled = false
    config.filters.endPoint.enabled = false
    config.timeLimitMs = 1e-6
    let result = DTWDecoder(lexicon: words, config: config).decode(trace("test"), top: 4, probe: nil)
    #expect(result.diagnostics.timeLimitHit)
    config.timeLimitMs = 0
    #expect(!DTWDecoder(lexicon: words, config: config).decode(trace("test"), top: 4, probe: nil).diagnostics.timeLimitHit)
  }

  @Test func threadsGiveTheSameAnswer() {
    let entries = ["the", "then", "there", "these", "they", "this", "that", "than", "thin", "tree", "three", "throw"]
    let words = lexicon(entries.enumerated().map { ($1, UInt8(200 - $0)) })
    var config = DTWDecoderConfig()
    config.filters.length.enabled = false
    let one = DTWDecoder(lexicon: words, config: config).decode(trace("there"), top: 5, probe: nil)
    config.threads = 4
    let four = DTWDecoder(lexicon: words, config: config).decode(trace("there"), top: 5, probe: nil)
    #expect(one.candidates == four.candidates)
    #expect(one.candidates.first?.word == "there")
  }
}

/// Seed 000 §2.4: decoding while the finger moves gives the batch decoder's answer.
@Suite struct IncrementalSwipeTests {
  /// Six German words swiped by the synthesizer on the iPhone 6s (seed 21), and the mini
  /// lexicon laid out for that keyboard: noisy swipes whose decodes run every filter.
  static func syntheticGermanSwipes() throws -> (lexicon: DecoderLexicon, swipes: [(word: String, points: [TimedPoint])]) {
    let profile = try DeviceCatalog.shipped().profile(named: "iphone6s")
    let layout = profile.layout(forLocale: "de")
    let words = try LatinIMEParser().parse(path: TestPaths.fixture("mini.combined")).wordlist
    let synthesizer = SwipeSynthesizer(config: .init(), layout: layout, profile: profile)
    var random = SeededGenerator(seed: 21)
    let swipes = try ["hallo", "später", "Straße", "der", "zunächst", "über"].map { word in
      (word, try #require(synthesizer.points(for: word, using: &random)))
    }
    return (DecoderLexicon(lexicon: Lexicon(wordlist: words), layout: layout), swipes)
  }

  /// The incremental decoder agrees with the batch decoder's ranking and stages, with KeyBench's
  /// filters and with the seed's as written (which measure the length on the rows kept so far).
  @Test(arguments: ["default", "seed000-as-written"])
  func pointByPointEqualsBatchOnSyntheticSwipes(config name: String) throws {
    var config = name == "default" ? DTWDecoderConfig() : .seed000AsWritten
    if name != "default" { config.timeLimitMs = 0 }
    let (lexicon, swipes) = try Self.syntheticGermanSwipes()
    let decoder = DTWDecoder(lexicon: lexicon, config: config)
    for (word, points) in swipes {
      let batch = decoder.decode(points, top: 4, probe: word)
      let session = IncrementalSwipe(decoder: decoder)
      for point in points { session.add(point) }
      let incremental = session.finish(top: 4, probe: word)
      #expect(incremental.candidates == batch.candidates, "\(word)")
      #expect(incremental.diagnostics.stages == batch.diagnostics.stages, "\(word)")
      #expect(incremental.diagnostics.pointsUsed == batch.diagnostics.pointsUsed)
    }
  }

  @Test func rowsAreAddedBeforeTheSwipeEnds() {
    // The work happens during the swipe: after the last add, finish only filters and ranks.
    let layout = try! DeviceCatalog.shipped().profile(named: "iphone5").layout(forLocale: "en")
    let lexicon = DecoderLexicon(
      lexicon: Lexicon(name: "t", locale: "en", entries: [.init(word: "test", frequency: 200), .init(word: "text", frequency: 180)]),
      layout: layout)
    let session = IncrementalSwipe(decoder: DTWDecoder(lexicon: lexicon, config: .init()))
    let centres = ["t", "e", "s", "t"].map { layout.key(labelled: $0)!.center }
    var t = 0.0
    for (a, b) in zip(centres, centres.dropFirst()) {
      for step in 0..<10 {
        let f = Double(step) / 10
        session.add(TimedPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, t: t))
        t += 16
      }
    }
    session.add(TimedPoint(x: centres[3].x, y: centres[3].y, t: t))
    // Before lift-off the columns exist and already hold a row per kept point.
    // test: t, t→e, e, e→s, s, s→t, t (7); text shares t, t→e, e and adds e→x, x, x→t, t (4).
    #expect(session.columns == 11)
    #expect(session.rows >= 4)
    #expect(session.finish(top: 2, probe: nil).candidates.first?.word == "test")
  }
}
