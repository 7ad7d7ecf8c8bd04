import Foundation
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchGeometry
import KeyBenchLanguageModel
import KeyBenchLexicon
import KeyBenchSwipe
import KeyBenchTestSupport
import Testing

/// KeyBench's extensions of the seed-000 decoder: the location channel, the first pass that
/// bounds DTW work, the seed's own configuration, and sentence-context re-ranking.
@Suite struct FirstPassAndContextTests {
  @Test func locationChannelSamplesTheTraceEquallyAndKeepsTheEnds() {
    let path = [Point(x: 0, y: 0), Point(x: 3, y: 0), Point(x: 3, y: 1)]
    let samples = LocationChannel(trace: path, count: 5).samples
    #expect(samples.count == 5)
    #expect(samples.first == path.first)
    #expect(abs(samples[4].x - 3) < 1e-9 && abs(samples[4].y - 1) < 1e-9)
    for (a, b) in zip(samples, samples.dropFirst()) { #expect(abs(a.distance(to: b) - 1) < 1e-9) }
    #expect(LocationChannel(trace: [Point(x: 2, y: 2)], count: 3).samples == Array(repeating: Point(x: 2, y: 2), count: 3))
  }

  @Test func locationChannelIsNearZeroOnTheWordsOwnPathOnly() throws {
    let layout = try DeviceCatalog.shipped().profile(named: "iphone6s").layout(forLocale: "en")
    let lexicon = DecoderLexicon(
      lexicon: Lexicon(name: "t", locale: "en", entries: ["hello", "jello", "help", "world"].map { .init(word: $0, frequency: 100) }),
      layout: layout)
    let trace = layout.path(for: "hello")!.points.map { Point(x: $0.x / layout.horizontalPitch, y: $0.y / layout.horizontalPitch) }
    let channel = LocationChannel(trace: trace, count: 24)
    func distance(_ word: String) -> Double {
      let index = lexicon.sequenceIndices(matching: word)[0]
      let sequence = lexicon.sequences[index]
      return channel.meanDistance(keys: sequence.keys, centres: lexicon.centres, length: sequence.length)
    }
    #expect(distance("hello") < 1e-9)
    #expect(distance("jello") > 0.1)  // one key off at the start
    #expect(distance("world") > 1)
    #expect(distance("jello") < distance("world"))
  }

  @Test func firstPassBoundsDTWWorkAndKeepsTheTarget() throws {
    let profile = try DeviceCatalog.shipped().profile(named: "iphone6s")
    let layout = profile.layout(forLocale: "en")
    let lexicon = ConsonantVowelLexicon.laidOut(on: layout)
    var config = DTWDecoderConfig()
    config.filters.endPoint.enabled = false
    config.filters.length.enabled = false
    config.firstPass.keep = 20
    var without = config
    without.firstPass.enabled = false
    let fast = DTWDecoder(lexicon: lexicon, config: config)
    let full = DTWDecoder(lexicon: lexicon, config: without)
    let synthesizer = SwipeSynthesizer(config: .init(), layout: layout, profile: profile)
    var random = SeededGenerator(seed: 5)
    var agree = 0
    let words = ["bat", "solo", "rama", "kid", "hut", "meme", "pot", "fig", "lama", "dug"]
    for word in words {
      let points = try #require(synthesizer.points(for: word, using: &random))
      let pruned = fast.decode(points, top: 4, probe: word)
      let exhaustive = full.decode(points, top: 4, probe: nil)
      let stage = try #require(pruned.diagnostics.stages.last)
      #expect(stage.name == "first pass")
      #expect(stage.probeKept == true, "\(word) lost by the first pass")
      #expect(pruned.diagnostics.sequencesScored <= 20)
      #expect(exhaustive.diagnostics.sequencesScored > 20)
      if pruned.candidates.first?.word == exhaustive.candidates.first?.word { agree += 1 }
    }
    #expect(agree >= words.count - 1, "the first pass changed the top word of \(words.count - agree) swipes")
  }

  /// What switching one of the decoder's extra terms on adds to each word's score: `words` of
  /// equal frequency decoded on iPhone 6s from a synthetic swipe of `you`, all filters wide, the
  /// first pass and pruning off and a fixed frequency weight, so a score is cost per point and
  /// the difference is the term alone.
  struct TermEffect {
    let config: DTWDecoderConfig
    let lexicon: DecoderLexicon
    /// The trace in pitches, as the decoder sees it.
    let path: [Point]
    /// Score with the term on minus score with it off, per word.
    let added: [String: Double]
    let topWithTerm: String?

    static func measure(words: [String], seed: UInt64, off: (inout DTWDecoderConfig) -> Void) throws -> TermEffect {
      let profile = try DeviceCatalog.shipped().profile(named: "iphone6s")
      let layout = profile.layout(forLocale: "en")
      let lexicon = DecoderLexicon(
        lexicon: Lexicon(name: "t", locale: "en", entries: words.map { .init(word: $0, frequency: 100) }), layout: layout)
      var config = DTWDecoderConfig()
      config.filters = .init()
      config.filters.startPoint.radius = 6
      config.filters.endPoint.radius = 6
      config.filters.length.enabled = false
      config.filters.startDirection.enabled = false
      config.frequency.adaptive = false
      config.firstPass.enabled = false
      config.dtw.pruning = false
      var without = config
      off(&without)
      var random = SeededGenerator(seed: seed)
      let trace = try #require(SwipeSynthesizer(config: .init(), layout: layout, profile: profile).points(for: "you", using: &random))
      let on = DTWDecoder(lexicon: lexicon, config: config).decode(trace, top: words.count, probe: nil).candidates
      let offList = DTWDecoder(lexicon: lexicon, config: without).decode(trace, top: words.count, probe: nil).candidates
      #expect(Set(on.map(\.word)) == Set(words), "\(on)")
      #expect(Set(offList.map(\.word)) == Set(words), "\(offList)")
      var added: [String: Double] = [:]
      for word in words {
        added[word] = try #require(on.first { $0.word == word }).score - (try #require(offList.first { $0.word == word })).score
      }
      let offset = config.touchOffset
      let path = trace.map { Point(x: $0.x / lexicon.pitch - offset.x, y: $0.y / lexicon.pitch - offset.y) }
      return TermEffect(config: config, lexicon: lexicon, path: path, added: added, topWithTerm: on.first?.word)
    }

    /// The key centres of `word`'s key sequence.
    func centres(of word: String) -> [Point] {
      lexicon.sequences[lexicon.sequenceIndices(matching: word)[0]].keys.map { lexicon.centres[Int($0)] }
    }
  }

  /// The ends term raises each word's score by exactly start × d₀² + end × d₁², d the distances
  /// of the trace's first and last points to the word's first and last key centres — so a word
  /// starting a key away from where the finger landed pays most, and the word whose keys the
  /// trace starts and ends on pays almost nothing.
  @Test func endsAddTheDistanceOfTheTracesEndsToTheWordsEndKeys() throws {
    let words = ["you", "toy", "yoyo", "tout", "your"]
    let effect = try TermEffect.measure(words: words, seed: 11) { $0.ends.enabled = false }
    let ends = effect.config.ends
    #expect(ends.enabled && ends.start > ends.end && ends.end > 0)
    let (first, last) = (effect.path[0], effect.path[effect.path.count - 1])
    for word in words {
      let centres = effect.centres(of: word)
      let d0 = first.distance(to: centres[0])
      let d1 = last.distance(to: centres[centres.count - 1])
      #expect(abs(effect.added[word]! - (ends.start * d0 * d0 + ends.end * d1 * d1)) < 1e-9, "\(word)")
    }
    #expect(effect.topWithTerm == "you")
  }

  /// Coverage raises each word's score by exactly weight × the mean over its keys of the distance
  /// from the key's centre to the trace polyline: nothing for keys the finger went through, most
  /// for a key it never went near (`r` of `your` on a trace of `you`).
  @Test func coverageAddsHowFarTheTracePassesFromEachKey() throws {
    let words = ["you", "your", "yours", "tout", "toy"]
    let effect = try TermEffect.measure(words: words, seed: 3) { $0.coverage.enabled = false }
    let coverage = effect.config.coverage
    #expect(coverage.enabled && coverage.weight > 0)
    let path = effect.path
    /// The nearest approach of the polyline to `centre`, by brute force over fine steps along it.
    func nearest(_ centre: Point) -> Double {
      zip(path, path.dropFirst()).flatMap { a, b in
        (0...200).map { i -> Double in
          let t = Double(i) / 200
          return centre.distance(to: Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
      }.min() ?? .infinity
    }
    for word in words {
      let centres = effect.centres(of: word)
      let expected = coverage.weight * centres.map(nearest).reduce(0, +) / Double(centres.count)
      #expect(abs(effect.added[word]! - expected) < 1e-3, "\(word): \(effect.added[word]!) against \(expected)")
    }
    #expect(effect.added["your"]! > effect.added["you"]! + 0.1, "\(effect.added)")
  }

  @Test func seedConfigFileIsTheSeedsOwnDecoder() throws {
    let path = TestPaths.repository.appendingPathComponent("Corpora/configs/seed000.json").path
    let loaded = try JSONConfig.merged(DTWDecoderConfig(), with: Data(contentsOf: URL(fileURLWithPath: path)), path: path)
    #expect(loaded == DTWDecoderConfig.seed000)
    #expect(!loaded.firstPass.enabled && !loaded.location.enabled && !loaded.frequency.adaptive)
    #expect(loaded.touchOffset == .init(x: 0, y: 0))
    #expect(loaded.validationErrors().isEmpty)
  }

  @Test func contextReordersCandidatesTheGestureLeftClose() throws {
    var counts = NGramCounts()
    let text = "They went to their house. We saw their car. Their dog barked at their cat. It is over there. Put it over there."
    for sentence in TextTokenizer.sentences(in: text) { counts.add(sentence: sentence) }
    let fusion = ContextFusion(model: WordContextModel(counts: counts), weight: 0.5)
    let candidates = [SwipeDecoding.Candidate(word: "there", score: 1.0), .init(word: "their", score: 1.05), .init(word: "three", score: 3)]
    #expect(fusion.rerank(candidates, previous: ["went", "to"], top: 4).map(\.word).first == "their")
    #expect(fusion.rerank(candidates, previous: ["it", "is", "over"], top: 4).map(\.word).first == "there")
    // Far-off candidates stay far off, and the list is cut to `top`.
    #expect(fusion.rerank(candidates, previous: ["went", "to"], top: 2).map(\.word) == ["their", "there"])
    // No weight, no change.
    let neutral = ContextFusion(model: WordContextModel(counts: counts), weight: 0)
    #expect(neutral.rerank(candidates, previous: ["went", "to"], top: 4).map(\.word) == ["there", "their", "three"])
  }

  /// The gates a re-ranker's context features are made of: none at a prompt's first word (no
  /// previous words to condition on); words the text model saw in that order make the previous
  /// words predictable and trusted, the same words shuffled do not; one word is shrunk more than two.
  @Test func contextGatesTellAPhraseFromShuffledWordsByThePreviousWordsAlone() throws {
    var counts = NGramCounts()
    let text = "We saw their car. We saw their dog. We saw the sea. They went to their house. It is over there. Put it over there."
    for sentence in TextTokenizer.sentences(in: text) { counts.add(sentence: sentence) }
    let model = WordContextModel(counts: counts)
    #expect(ContextGate.values(model, previous: []) == [0, 0])
    #expect(ContextGate.predictability(model, previous: []) == 0)
    let phrase = ["we", "saw", "their"]
    let shuffled = ["saw", "we", "their"]
    #expect(ContextGate.predictability(model, previous: phrase) > 0.5)
    #expect(ContextGate.predictability(model, previous: shuffled) < ContextGate.predictability(model, previous: phrase) - 0.5)
    #expect(ContextGate.values(model, previous: phrase) == [1, 1])
    let distrusted = ContextGate.values(model, previous: shuffled)
    #expect(distrusted[0] == 1 && distrusted[1] < 1, "\(distrusted)")
    #expect(abs(distrusted[1] - max(0, min(1, 1 + ContextGate.predictability(model, previous: shuffled)))) < 1e-12)
    // The mean log ratio of the previous words, shrunk by one pseudo-word: n words, n + 1 parts.
    let expected = (model.logRatio("we", previous: [String]()) + model.logRatio("saw", previous: ["we"])) / 3
    #expect(abs(ContextGate.predictability(model, previous: ["we", "saw"]) - expected) < 1e-12)
    // Only the last `window` words count.
    let long = ["put", "it", "over", "there", "we", "saw"]
    let window = long.indices.suffix(ContextGate.window)
    let tail = window.map { model.logRatio(long[$0], previous: long[..<$0]) }.reduce(0, +) / Double(window.count + 1)
    #expect(abs(ContextGate.predictability(model, previous: long) - tail) < 1e-12)
  }

  /// Gate weights make the context weight depend on the previous words: after a predictable
  /// phrase context reorders, before a prompt's first word it does nothing; a fixed weight
  /// applies whatever the previous words.
  @Test func gatedContextWeightFollowsThePreviousWords() throws {
    var counts = NGramCounts()
    let text = "They went to their house. We saw their car. Their dog barked at their cat. It is over there. Put it over there."
    for sentence in TextTokenizer.sentences(in: text) { counts.add(sentence: sentence) }
    let model = WordContextModel(counts: counts)
    let candidates = [SwipeDecoding.Candidate(word: "there", score: 1.0), .init(word: "their", score: 1.05)]
    let gated = ContextFusion(model: model, gateWeights: [0.2, 0.8])
    let phrase = ["they", "went", "to"]
    #expect(abs(gated.weight(after: phrase) - (0.2 + 0.8 * ContextGate.trust(model, previous: phrase))) < 1e-12)
    #expect(gated.rerank(candidates, previous: phrase, top: 2).map(\.word) == ["their", "there"])
    #expect(gated.weight(after: []) == 0)
    #expect(gated.rerank(candidates, previous: [], top: 2).map(\.word) == ["there", "their"])
    let fixed = ContextFusion(model: model, weight: 0.5)
    #expect(fixed.gateWeights == nil && fixed.weight(after: []) == 0.5 && fixed.weight(after: phrase) == 0.5)
  }
}
