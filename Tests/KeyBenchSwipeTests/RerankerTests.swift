import Foundation
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchGeometry
import KeyBenchLanguageModel
@testable import KeyBenchSwipe
import KeyBenchTestSupport
import Testing

/// The learned re-ranker: its fit against closed forms, what the hidden layer adds, the decoder
/// wrapper's contract, features on perfect traces, and the model file's checks.
@Suite struct RerankerTests {
  /// Two candidates per gesture and one feature, 1 on the target in `n1` gestures and on the
  /// other candidate in `n2`: the likelihood is n1 ln σ(w) + n2 ln σ(−w), maximised at ln(n1/n2).
  @Test func conditionalLogitMatchesTheClosedForm() {
    let right = ConditionalLogit.Group(rows: [[1], [0]], target: 0)
    let wrong = ConditionalLogit.Group(rows: [[0], [1]], target: 0)
    let weights = ConditionalLogit.fit([right, right, right, wrong], dimension: 1, l2: 0)
    #expect(abs(weights[0] - log(3)) < 1e-9)
    // With a ridge penalty the optimum solves n1(1 − σ(w)) − n2 σ(w) = l2 · w.
    let l2 = 0.5
    let ridge = ConditionalLogit.fit([right, right, right, wrong], dimension: 1, l2: l2)[0]
    let sigma = 1 / (1 + exp(-ridge))
    #expect(abs(3 * (1 - sigma) - sigma - l2 * ridge) < 1e-9)
    #expect(ridge > 0 && ridge < log(3))
  }

  @Test func choleskySolvesASymmetricSystemAndRefusesAnIndefiniteOne() throws {
    let x = try #require(ConditionalLogit.solve([[4, 2], [2, 3]], [2, 1]))
    #expect(abs(4 * x[0] + 2 * x[1] - 2) < 1e-12 && abs(2 * x[0] + 3 * x[1] - 1) < 1e-12)
    #expect(ConditionalLogit.solve([[1, 2], [2, 1]], [1, 1]) == nil)
  }

  /// The right candidate is the one whose feature is nearest 0: no weighted sum can say so (it
  /// ranks by the feature's sign), a hidden layer can. The context columns stay out of it.
  @Test func theHiddenLayerLearnsWhatASumCannot() {
    var random = SeededGenerator(seed: 11)
    let groups = (0..<600).map { _ -> ConditionalLogit.Group in
      let values = (0..<4).map { _ in 4 * random.nextUnit() - 2 }
      let target = values.indices.min { abs(values[$0]) < abs(values[$1]) }!
      return .init(rows: values.map { [$0, 0, 0] }, target: target)
    }
    func accuracy(_ score: ([Double]) -> Double) -> Double {
      Double(groups.filter { group in group.rows.indices.max { score(group.rows[$0]) < score(group.rows[$1]) } == group.target }.count)
        / Double(groups.count)
    }
    let linear = ConditionalLogit.fit(groups, dimension: 3, l2: 1e-3)
    var options = RerankerNetwork.Training()
    (options.units, options.epochs, options.seed, options.learningRate, options.batch) = (8, 150, 3, 0.02, 32)
    let trained = RerankerNetwork.train(groups, linear: linear, options: options)
    let scorer = RerankerScorer(mean: [0, 0, 0], scale: [1, 1, 1], weights: trained.linear, network: trained.network)
    let linearAccuracy = accuracy { linear[0] * $0[0] }
    let networkAccuracy = accuracy { -scorer.score($0) }
    #expect(linearAccuracy < 0.5)
    #expect(networkAccuracy > 0.85)
    #expect((0..<8).allSatisfy { h in (1...2).allSatisfy { trained.network.hidden[h * 3 + $0] == 0 } })
    // Same data, same seed: the same weights.
    #expect(RerankerNetwork.train(groups, linear: linear, options: options) == trained)
  }

  /// A decoder and trace on a small lexicon of consonant–vowel words, from the synthesizer.
  func decoderAndTraces() throws -> (DTWDecoder, [(word: String, points: [TimedPoint])]) {
    let profile = try DeviceCatalog.shipped().profile(named: "iphone6s")
    let layout = profile.layout(forLocale: "en")
    let decoder = DTWDecoder(lexicon: ConsonantVowelLexicon.laidOut(on: layout), config: DTWDecoderConfig())
    let synthesizer = SwipeSynthesizer(config: .init(), layout: layout, profile: profile)
    var random = SeededGenerator(seed: 8)
    let traces = try ["bat", "solo", "rama", "kid", "hut", "meme", "pot", "fig", "lama", "dug"].map { word in
      (word, try #require(synthesizer.points(for: word, using: &random)))
    }
    return (decoder, traces)
  }

  func model(weights: [RerankFeature: Double], pool: Int = 8) -> RerankerModel {
    let count = RerankFeature.allCases.count
    let scorer = RerankerScorer(
      mean: Array(repeating: 0, count: count), scale: Array(repeating: 1, count: count),
      weights: RerankFeature.allCases.map { weights[$0] ?? 0 }, network: nil)
    let none = RerankerModel.Accuracy(top1: 0, top4: 0)
    let fold = RerankerModel.Fold(name: "all", users: 1, gestures: 1, decoder: none, reranked: none, withContext: nil)
    return RerankerModel(
      scorer: scorer, pool: pool, pruneFor: nil, shark2Samples: 50, decoder: "test",
      training: .init(
        command: "test", seed: 1, l2: 1, inputs: [], lexicon: "test", context: nil, users: 1, gestures: 1,
        gesturesWithTargetInPool: 1, folds: [fold], outOfFold: [fold]))
  }

  /// A model that scores by the decoder's own score gives back the decoder's ranking; one that
  /// prefers long words reorders the pool, and never brings in a word from outside it.
  @Test func theRerankedDecoderReordersOnlyTheDecodersPool() throws {
    let (decoder, traces) = try decoderAndTraces()
    let same = RerankedDecoder(base: decoder, model: model(weights: [.decoderScore: -1]))
    let longer = RerankedDecoder(base: decoder, model: model(weights: [.letters: 1]))
    var reordered = 0
    for (word, points) in traces {
      let plain = decoder.decode(points, top: 8, probe: word).candidates.map(\.word)
      #expect(same.decode(points, top: 4, probe: word).candidates.map(\.word) == Array(plain.prefix(4)))
      let ranked = longer.decode(points, top: 4, probe: word).candidates
      #expect(ranked.count == min(4, plain.count))
      #expect(Set(ranked.map(\.word)).isSubset(of: plain))
      #expect(Set(ranked.map(\.word)).count == ranked.count)
      #expect(zip(ranked, ranked.dropFirst()).allSatisfy { $0.score <= $1.score })
      #expect(zip(ranked, ranked.dropFirst()).allSatisfy { $0.word.count >= $1.word.count })
      if ranked.map(\.word) != Array(plain.prefix(4)) { reordered += 1 }
    }
    #expect(reordered > 0)
  }

  /// Pruning for the best 4 of a pool of 16: those 4 are exactly the decoder's top 4, the pool's
  /// words are real candidates, and DTW does no more work than for 4.
  @Test func aPoolPrunedForItsHeadKeepsTheHeadExact() throws {
    let (decoder, traces) = try decoderAndTraces()
    for (word, points) in traces {
      let four = decoder.decode(points, top: 4, probe: nil)
      let pooled = decoder.decode(points, top: 16, pruneFor: 4, probe: nil)
      let exact = decoder.decode(points, top: 16, probe: nil)
      #expect(Array(pooled.candidates.prefix(4)) == four.candidates, "\(word)")
      #expect(zip(pooled.candidates, pooled.candidates.dropFirst()).allSatisfy { $0.score <= $1.score })
      #expect(pooled.diagnostics.columnsComputed == four.diagnostics.columnsComputed)
      #expect(pooled.diagnostics.columnsComputed <= exact.diagnostics.columnsComputed)
      #expect(pooled.candidates.count <= 16 && pooled.evidence.count == pooled.candidates.count)
    }
  }

  /// On a trace drawn exactly through a word's key centres, that word's geometric features vanish.
  @Test func aPerfectTraceHasNoDistanceToItsWord() throws {
    let profile = try DeviceCatalog.shipped().profile(named: "iphone6s")
    let layout = profile.layout(forLocale: "en")
    var config = DTWDecoderConfig()
    config.touchOffset = .init(x: 0, y: 0)
    let decoder = DTWDecoder(lexicon: ConsonantVowelLexicon.laidOut(on: layout), config: config)
    let path = try #require(layout.path(for: "solo")).points
    let trace = path.enumerated().map { TimedPoint(x: $1.x, y: $1.y, t: Double($0) * 150) }
    let decoding = decoder.decode(trace, top: 8, probe: nil)
    let position = try #require(decoding.candidates.firstIndex { $0.word == "solo" })
    let row = decoder.rerankFeatures(trace, decoding, shark2: 50)[position]
    func value(_ feature: RerankFeature) -> Double { row[RerankFeature.allCases.firstIndex(of: feature)!] }
    for feature in [RerankFeature.startDistance, .endDistance, .coverageMean, .coverageMax, .shark2Shape, .shark2Location, .location] {
      #expect(abs(value(feature)) < 1e-6, "\(feature.rawValue) = \(value(feature))")
    }
    #expect(abs(value(.lengthRatio)) < 1e-9)
    #expect(value(.letters) == 4)
    #expect(value(.context) == 0 && value(.contextByTrust) == 0)
  }

  @Test func aModelFileIsCheckedWhenLoaded() throws {
    let dir = try TemporaryDirectory()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let good = model(weights: [.decoderScore: -1])
    let path = dir.path("model.json")
    try encoder.encode(good).write(to: URL(fileURLWithPath: path))
    #expect(try RerankerModel.load(path: path) == good)
    func refused(_ change: (inout RerankerModel) -> Void, _ expected: String) throws {
      var broken = good
      change(&broken)
      try encoder.encode(broken).write(to: URL(fileURLWithPath: path))
      let error = #expect(throws: InputFileError.self) { try RerankerModel.load(path: path) }
      let message = error.map { String(describing: $0) } ?? ""
      #expect(message.contains(path) && message.contains(expected), "\(message)")
    }
    try refused({ $0.keybenchReranker = 3 }, "keybench_reranker is 3")
    try refused({ $0.keybenchReranker = 1 }, "version 1 weighed context by a fluency")
    try refused({ $0.features[0] = "user_id" }, "features")
    try refused({ $0.scale[3] = 0 }, "scale")
    try refused({ $0.weights.removeLast() }, "weights has")
    try refused({ $0.pool = 0 }, "pool")
    try refused({ $0.pruneFor = 9 }, "prune_for")
    let d = good.features.count
    try refused({ $0.network = RerankerNetwork(hidden: Array(repeating: 1, count: 2 * d), bias: [0, 0], output: [1, 1]) }, "context features")
    try refused({ $0.network = RerankerNetwork(hidden: [1], bias: [0, 0], output: [1, 1]) }, "hidden weights")
  }

  /// Context after the model (``ContextFusion`` with the model's gate weights) scores every
  /// candidate exactly as the model does with its context features filled in.
  @Test func contextFusionAfterTheModelIsTheModelWithContextFeatures() throws {
    var counts = NGramCounts()
    for sentence in TextTokenizer.sentences(in: "We saw their car. They went to their house. It is over there.") {
      counts.add(sentence: sentence)
    }
    let text = WordContextModel(counts: counts)
    var reranker = model(weights: [.decoderScore: -1, .context: 0.4, .contextByTrust: 0.7])
    let d = reranker.features.count
    reranker.mean = (0..<d).map { 0.1 * Double($0) }
    reranker.scale = (0..<d).map { 1 + 0.05 * Double($0) }
    let fusion = ContextFusion(model: text, gateWeights: reranker.contextFusionWeights)
    for previous in [[], ["we"], ["they", "went", "to"], ["car", "it", "we"]] {
      let gates = ContextGate.values(text, previous: previous)
      var rows: [[Double]] = []
      for (i, word) in ["their", "there", "the"].enumerated() {
        var row = Array(repeating: 0.0, count: d)
        row[0] = Double(i) * 0.3
        rows.append(row)
        let ratio = text.logRatio(word, previous: previous)
        rows[i].replaceSubrange((d - RerankFeature.contextFeatures)..., with: RerankFeature.contextValues(ratio: ratio, gates: gates))
      }
      let plain = ["their", "there", "the"].enumerated().map { i, word in
        var row = Array(repeating: 0.0, count: d)
        row[0] = Double(i) * 0.3
        return SwipeDecoding.Candidate(word: word, score: reranker.scorer.score(row))
      }
      let fused = fusion.rerank(plain, previous: previous, top: 3)
      for candidate in fused {
        let i = plain.firstIndex { $0.word == candidate.word }!
        #expect(abs(candidate.score - reranker.scorer.score(rows[i])) < 1e-9, "\(previous) \(candidate.word)")
      }
    }
  }
}
