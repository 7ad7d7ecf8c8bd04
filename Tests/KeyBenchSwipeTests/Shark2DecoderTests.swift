import Foundation
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchGeometry
import KeyBenchLexicon
import KeyBenchSwipe
import KeyBenchTestSupport
import Testing

/// The SHARK2-style decoder on realistic input, and each of its parts.
@Suite struct Shark2DecoderTests {
  let profile: DeviceProfile
  let layout: KeyboardLayout

  init() throws {
    profile = try DeviceCatalog.shipped().profile(named: "iphone6s")
    layout = profile.layout(forLocale: "en")
  }

  private func lexicon(_ words: [(String, UInt8)], on layout: KeyboardLayout? = nil) -> DecoderLexicon {
    DecoderLexicon(
      lexicon: Lexicon(name: "t", locale: "en", entries: words.map { Lexicon.Entry(word: $0.0, frequency: $0.1) }),
      layout: layout ?? self.layout)
  }

  /// A trace through the centres of `letters`' keys, sampled every 4 pt, 16 ms apart.
  private func trace(_ letters: String) -> [TimedPoint] {
    let centres = letters.map { layout.key(for: $0)!.center }
    var points = [centres[0]]
    for (a, b) in zip(centres, centres.dropFirst()) {
      let n = max(Int(a.distance(to: b) / 4), 1)
      for i in 1...n {
        let f = Double(i) / Double(n)
        points.append(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
      }
    }
    return points.enumerated().map { TimedPoint(x: $1.x, y: $1.y, t: Double($0) * 16) }
  }

  /// Without the touch offset: the traces above lie on the key centres.
  private var centred: Shark2Config {
    var config = Shark2Config()
    config.touchOffset = .init()
    return config
  }

  /// Two thousand made-up consonant-vowel words: many share first and last keys and differ in
  /// one key in the middle, so pruning keeps hundreds and the channels must separate them.
  private var lookalikes: [(String, UInt8)] {
    var words: [(String, UInt8)] = []
    for (i, a) in "bdfghklmnprst".enumerated() {
      for (j, v) in "aeiou".enumerated() {
        for (k, b) in "bdfghklmnprst".enumerated() {
          words.append(("\(a)\(v)\(b)", UInt8(60 + (i * 7 + j * 13 + k * 5) % 150)))
          words.append(("\(a)\(v)\(b)\(v)", UInt8(40 + (i * 11 + j * 3 + k * 17) % 150)))
          words.append(("\(a)\(v)\(b)\("aeiou".reversed()[j])n", UInt8(30 + (i * 5 + j * 7 + k * 3) % 150)))
        }
      }
    }
    return words
  }

  @Test func syntheticSwipesOfTheFixtureLexiconRankTheirTargetsFirst() throws {
    // The generator's human-like swipes (minimum-jerk strokes, corner cutting, aiming error) of
    // every word of the real fixture word list, three times each, on its German layout.
    let layout = profile.layout(forLocale: "de")
    let words = try LatinIMEParser().parse(path: TestPaths.fixture("mini.combined")).wordlist
    let laidOut = DecoderLexicon(lexicon: Lexicon(wordlist: words), layout: layout)
    let decoder = Shark2Decoder(lexicon: laidOut, config: .init())
    let synthesizer = SwipeSynthesizer(config: .init(), layout: layout, profile: profile)
    var random = SeededGenerator(seed: 7)
    var total = 0
    var first = 0
    let targets = Set(laidOut.sequences.flatMap(\.words).map(\.word)).filter { $0.count >= 2 }.sorted()
    for word in targets {
      for _ in 0..<3 {
        let points = try #require(synthesizer.points(for: word, using: &random))
        let ranked = decoder.decode(points, top: 4, probe: word).candidates
        total += 1
        if let best = ranked.first, SwipeDecoding.matchKey(best.word) == SwipeDecoding.matchKey(word) { first += 1 }
      }
    }
    #expect(total >= 40)
    #expect(Double(first) / Double(total) >= 0.9, "top-1 \(first) of \(total)")
  }

  /// Top-1 and top-4 shares over `count` synthetic swipes of the words `draw` picks.
  private func accuracy(
    _ decoder: Shark2Decoder, count: Int, seed: UInt64, draw: (Int, inout SeededGenerator) -> String
  ) throws -> (top1: Double, top4: Double) {
    let synthesizer = SwipeSynthesizer(config: .init(), layout: layout, profile: profile)
    var random = SeededGenerator(seed: seed)
    var first = 0
    var inTop4 = 0
    for index in 0..<count {
      let word = draw(index, &random)
      let points = try #require(synthesizer.points(for: word, using: &random))
      let ranked = decoder.decode(points, top: 4, probe: word).candidates.map(\.word)
      if ranked.first == word { first += 1 }
      if ranked.contains(word) { inTop4 += 1 }
    }
    return (Double(first) / Double(count), Double(inTop4) / Double(count))
  }

  @Test func geometryAloneSeparatesLookalikeWords() throws {
    // Targets drawn uniformly, the prior switched off: only the two channels tell "dil" from
    // "dip" and "rip". Measured 0.51 / 0.82; chance is about 1 in 50 words left after pruning.
    var config = Shark2Config()
    config.priorWeight = 0
    let words = lookalikes.map(\.0)
    let (top1, top4) = try accuracy(Shark2Decoder(lexicon: lexicon(lookalikes), config: config), count: 120, seed: 11) { index, _ in
      words[(index * 7919) % words.count]
    }
    #expect(top1 >= 0.4, "top-1 \(top1)")
    #expect(top4 >= 0.65, "top-4 \(top4)")
  }

  @Test func thePriorHelpsOnWordsDrawnByFrequency() throws {
    // Targets drawn as often as the language uses them (seed 000's evaluation): the default
    // prior weight must beat geometry alone. Measured top-1 0.71 with it, 0.58 without.
    let entries = lookalikes.map { Lexicon.Entry(word: $0.0, frequency: $0.1) }
    let sampler = WordSampler(lexicon: Lexicon(name: "cv", locale: "en", entries: entries))
    var flat = Shark2Config()
    flat.priorWeight = 0
    let withPrior = try accuracy(Shark2Decoder(lexicon: lexicon(lookalikes), config: .init()), count: 120, seed: 12) { _, random in
      sampler.draw(using: &random)
    }
    let without = try accuracy(Shark2Decoder(lexicon: lexicon(lookalikes), config: flat), count: 120, seed: 12) { _, random in
      sampler.draw(using: &random)
    }
    #expect(withPrior.top1 >= 0.6, "top-1 \(withPrior.top1)")
    #expect(withPrior.top1 > without.top1 + 0.05, "with \(withPrior.top1), without \(without.top1)")
  }

  @Test func exactTracesPickTheirWordAndPriorsBreakTies() {
    let words = lexicon([("rest", 200), ("test", 210), ("off", 150), ("of", 214), ("oaf", 120)])
    let decoder = Shark2Decoder(lexicon: words, config: centred)
    #expect(decoder.decode(trace("rest"), top: 1, probe: nil).candidates.first?.word == "rest")
    // "of" and "off" trace the same keys: the more frequent ranks first, by its prior alone.
    let of = decoder.decode(trace("of"), top: 3, probe: nil).candidates
    #expect(of.map(\.word).prefix(2) == ["of", "off"])
    var flat = centred
    flat.priorWeight = 0
    let tied = Shark2Decoder(lexicon: words, config: flat).decode(trace("of"), top: 2, probe: nil).candidates
    #expect(tied.count == 2 && tied[0].score == tied[1].score)
    #expect(tied.map(\.word) == ["of", "off"], "equal scores are ordered by the word")
  }

  @Test func shapeChannelForgivesSizeAndLocationChannelDoesNot() throws {
    // A "hello" drawn at 60 % size about its first point: the shape is intact, the location is
    // not. With a huge location σ only the shape counts and "hello" still wins over "hull";
    // with a huge shape σ only location counts and the shrunken trace is matched far worse.
    let words = lexicon([("hello", 150), ("hull", 150)])
    let exact = trace("helo")
    let origin = exact[0]
    let small = exact.map { TimedPoint(x: origin.x + ($0.x - origin.x) * 0.6, y: origin.y + ($0.y - origin.y) * 0.6, t: $0.t) }
    var shapeOnly = centred
    shapeOnly.location.sigma = 50
    shapeOnly.pruning.length.enabled = false
    shapeOnly.pruning.endRadius = 50
    let byShape = Shark2Decoder(lexicon: words, config: shapeOnly).decode(small, top: 2, probe: nil).candidates
    #expect(byShape.first?.word == "hello")
    var locationOnly = shapeOnly
    locationOnly.location.sigma = 0.55
    locationOnly.shape.sigma = 10
    let exactScore = Shark2Decoder(lexicon: words, config: locationOnly).decode(exact, top: 1, probe: nil).candidates[0].score
    let smallScore = Shark2Decoder(lexicon: words, config: locationOnly).decode(small, top: 2, probe: nil)
      .candidates.first { $0.word == "hello" }?.score
    #expect(try #require(smallScore) > exactScore + 1)
  }

  @Test func pruningStagesAreCountedAndFollowTheProbe() {
    let words = lexicon([("test", 200), ("text", 180), ("tent", 150), ("toast", 120), ("mint", 100), ("pest", 90)])
    let decoder = Shark2Decoder(lexicon: words, config: centred)
    let decoding = decoder.decode(trace("test"), top: 4, probe: "test")
    let stages = decoding.diagnostics.stages
    #expect(stages.map(\.name) == ["start point", "end point", "length"])
    #expect(stages.map(\.probeKept) == [true, true, true])
    // "mint" starts far from t; "pest" starts at p, 4.5 pitches away.
    #expect(stages[0].kept == 4)
    #expect(stages[1].kept == 4)
    #expect(stages[2].kept <= stages[1].kept)
    #expect(decoding.diagnostics.pointsIn == trace("test").count)
    #expect(decoding.diagnostics.pointsUsed == Shark2Config().samples)
    let missed = decoder.decode(trace("test"), top: 4, probe: "mint").diagnostics.stages
    #expect(missed.map(\.probeKept) == [false, false, false])
    #expect(decoder.decode(trace("test"), top: 4, probe: nil).diagnostics.stages.allSatisfy { $0.probeKept == nil })
  }

  @Test func earlyAbandonNeverChangesTheRanking() throws {
    // Asking for 4 candidates abandons far more words than asking for 60; the first four must
    // be the same words with the same scores.
    let decoder = Shark2Decoder(lexicon: lexicon(lookalikes), config: .init())
    let synthesizer = SwipeSynthesizer(config: .init(), layout: layout, profile: profile)
    var random = SeededGenerator(seed: 3)
    var scoredFew = 0
    var scoredMany = 0
    for word in ["bat", "sole", "ramo", "kid", "hut", "meme", "pots", "fig", "dapen", "tikan"] {
      let points = try #require(synthesizer.points(for: word, using: &random))
      let few = decoder.decode(points, top: 4, probe: nil)
      let many = decoder.decode(points, top: 60, probe: nil)
      #expect(few.candidates == Array(many.candidates.prefix(4)), "\(word)")
      scoredFew += few.diagnostics.sequencesScored
      scoredMany += many.diagnostics.sequencesScored
    }
    #expect(scoredFew < scoredMany)
  }

  @Test func rankingEqualsScoringEverySurvivorByTheFormula() throws {
    // A reference that prunes by the same rules and then scores every survivor with the
    // documented formula, no early exit: the decoder's bounds must not change a rank or score.
    let laidOut = lexicon(lookalikes)
    let config = Shark2Config()
    let decoder = Shark2Decoder(lexicon: laidOut, config: config)
    let synthesizer = SwipeSynthesizer(config: .init(), layout: layout, profile: profile)
    var random = SeededGenerator(seed: 17)
    let n = config.samples
    let weights = Shark2Geometry.locationWeights(count: n, endWeight: config.location.endWeight)
    let uniform = Array(repeating: 1 / Double(n), count: n)
    let length = config.pruning.length
    for word in ["pilo", "muden", "sat", "hekan", "gog", "bubu"] {
      let trace = try #require(synthesizer.points(for: word, using: &random))
      let points = trace.map {
        Point(x: $0.x / laidOut.pitch - config.touchOffset.x, y: $0.y / laidOut.pitch - config.touchOffset.y)
      }
      var gx: [Double] = [], gy: [Double] = [], sx: [Double] = [], sy: [Double] = []
      var tx: [Double] = [], ty: [Double] = [], ux: [Double] = [], uy: [Double] = []
      Shark2Geometry.resample(points, count: n, xs: &gx, ys: &gy)
      Shark2Geometry.normalise(gx, gy, into: &sx, &sy)
      let traceLength = Shark2Geometry.length(points)
      var all: [(word: String, cost: Double)] = []
      for sequence in laidOut.sequences {
        let keyPoints = sequence.keys.map { laidOut.centres[Int($0)] }
        guard keyPoints[0].distance(to: points[0]) <= config.pruning.startRadius,
          keyPoints[keyPoints.count - 1].distance(to: points[points.count - 1]) <= config.pruning.endRadius,
          (length.a * traceLength <= sequence.length && sequence.length <= length.b * traceLength)
            || abs(sequence.length - traceLength) <= length.c
        else { continue }
        Shark2Geometry.resample(keyPoints, count: n, xs: &tx, ys: &ty)
        Shark2Geometry.normalise(tx, ty, into: &ux, &uy)
        let location = Shark2Geometry.weightedMeanDistance(gx, gy, tx, ty, weights: weights)
        let shape = Shark2Geometry.weightedMeanDistance(sx, sy, ux, uy, weights: uniform)
        for entry in sequence.words {
          let cost = location * location / (2 * config.location.sigma * config.location.sigma)
            + shape * shape / (2 * config.shape.sigma * config.shape.sigma) - config.priorWeight * entry.logProbability
          all.append((entry.word, cost))
        }
      }
      all.sort { $0.cost < $1.cost || ($0.cost == $1.cost && $0.word < $1.word) }
      var seen = Set<String>()
      let expected = all.filter { seen.insert(SwipeDecoding.matchKey($0.word)).inserted }.prefix(4)
      let decoded = decoder.decode(trace, top: 4, probe: nil).candidates
      #expect(decoded.map(\.word) == expected.map(\.word), "\(word)")
      for (got, want) in zip(decoded, expected) { #expect(abs(got.score - want.cost) < 1e-9, "\(word)") }
    }
  }

  @Test func candidatesAreOnePerMatchKey() {
    let decoder = Shark2Decoder(
      lexicon: lexicon([("Simon", 150), ("simon", 100), ("dont", 90), ("don't", 160)]), config: centred)
    #expect(decoder.decode(trace("simon"), top: 4, probe: nil).candidates.map(\.word) == ["Simon"])
    #expect(decoder.decode(trace("dont"), top: 4, probe: nil).candidates.map(\.word) == ["don't"])
  }

  @Test func emptyAndSinglePointTracesAreAnswered() {
    let decoder = Shark2Decoder(lexicon: lexicon([("as", 150), ("a", 200)]), config: centred)
    #expect(decoder.decode([], top: 4, probe: "as").candidates.isEmpty)
    let tap = trace("a").prefix(1)
    let answer = decoder.decode(Array(tap), top: 4, probe: nil)
    #expect(answer.candidates.allSatisfy { $0.score.isFinite })
  }
}
