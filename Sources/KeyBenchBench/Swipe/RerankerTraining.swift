import Foundation
import KeyBenchCore
import KeyBenchGeometry
public import KeyBenchLanguageModel
public import KeyBenchSwipe

/// Trains a ``RerankerModel`` on decoded gestures, cross-validated by user.
///
/// Every gesture is decoded once by the seed-000 decoder under the configuration the model will
/// run with; its best `pool` candidates' features are kept with the target's position among them.
/// Folds split users (never one user's gestures), so the out-of-fold figures say what the model
/// does for people it has not seen, which is how it is used.
public enum RerankerTraining {
  /// One decoded gesture.
  public struct Sample: Sendable {
    /// Who drew it: the unit folds split.
    public var user: String
    /// The raw features of the decoder's candidates, in the decoder's order.
    public var rows: [[Double]]
    /// The target's position among them, nil when the decoder did not find it.
    public var target: Int?
    /// Whether the gesture carries its previous words (its context feature is filled in).
    public var hadContext: Bool
    /// What the participant was shown (the corpus's `prompt`: `phrase` or `words`), if known.
    /// Only for reporting: never a feature.
    public var prompt: String?
    /// How many previous words the gesture carries (nil: none given), for the feature export.
    public var previousWords: Int?
  }

  /// Decodes `prepared`'s gestures and measures their candidates' features; with `context`, each
  /// gesture that carries its previous words gets the context feature.
  public static func collect(
    _ prepared: SwipeBenchmark.Prepared, config: DTWDecoderConfig, pool: Int, pruneFor: Int, shark2Samples: Int,
    context: WordContextModel?, progress: (Int, Int) -> Void = { _, _ in }
  ) throws -> [Sample] {
    var decoders: [ObjectIdentifier: DTWDecoder] = [:]
    var samples: [Sample] = []
    let contextColumn = RerankFeature.allCases.count - RerankFeature.contextFeatures
    try prepared.gestures.forEach { index, gesture in
      let (lexicon, scale) = prepared.layouts[index]
      let decoder = decoders[ObjectIdentifier(lexicon)] ?? DTWDecoder(lexicon: lexicon, config: config)
      decoders[ObjectIdentifier(lexicon)] = decoder
      let points = gesture.points.map { TimedPoint(x: $0.x * scale.0, y: $0.y * scale.1, t: $0.t) }
      let decoding = decoder.decode(points, top: pool, pruneFor: pruneFor, probe: nil)
      var rows = decoder.rerankFeatures(points, decoding, shark2: shark2Samples)
      if let context, let previous = gesture.context {
        let words = context.context(previous)
        let gates = ContextGate.values(context, previous: previous)
        for (i, candidate) in decoding.candidates.enumerated() {
          let ratio = context.logRatio(wordID: context.wordID(candidate.word), in: words)
          rows[i].replaceSubrange(contextColumn..., with: RerankFeature.contextValues(ratio: ratio, gates: gates))
        }
      }
      let target = SwipeDecoding.matchKey(gesture.word)
      samples.append(Sample(
        user: gesture.user ?? "gesture \(gesture.id)", rows: rows,
        target: decoding.candidates.firstIndex { SwipeDecoding.matchKey($0.word) == target },
        hadContext: context != nil && gesture.context != nil, prompt: gesture.metadata?["prompt"],
        previousWords: gesture.context?.count))
      progress(index + 1, prepared.gestures.count)
    }
    return samples
  }

  /// Standardises the rows of the samples whose target is in their pool, fits the linear
  /// weights by conditional logit, then (with `network.units` > 0) the hidden layer beside them.
  public static func fit(_ samples: [Sample], l2: Double, network: RerankerNetwork.Training) -> RerankerScorer {
    let usable = samples.filter { $0.target != nil && $0.rows.count > 1 }
    let dimension = RerankFeature.allCases.count
    var mean = Array(repeating: 0.0, count: dimension)
    var square = Array(repeating: 0.0, count: dimension)
    var count = 0.0
    for sample in usable {
      for row in sample.rows {
        for j in 0..<dimension {
          mean[j] += row[j]
          square[j] += row[j] * row[j]
        }
        count += 1
      }
    }
    mean = mean.map { count > 0 ? $0 / count : 0 }
    // A feature that never varies (the context feature without context) gets scale 1: its
    // standardised value is 0 everywhere, so the penalty keeps its weight at 0.
    let scale = (0..<dimension).map { j -> Double in
      let variance = count > 0 ? square[j] / count - mean[j] * mean[j] : 0
      return variance > 1e-12 ? variance.squareRoot() : 1
    }
    let groups = usable.map { sample in
      ConditionalLogit.Group(
        rows: sample.rows.map { row in (0..<dimension).map { (row[$0] - mean[$0]) / scale[$0] } }, target: sample.target!)
    }
    let linear = ConditionalLogit.fit(groups, dimension: dimension, l2: l2)
    guard network.units > 0, network.epochs > 0 else { return RerankerScorer(mean: mean, scale: scale, weights: linear, network: nil) }
    let trained = RerankerNetwork.train(groups, linear: linear, options: network)
    return RerankerScorer(mean: mean, scale: scale, weights: trained.linear, network: trained.network)
  }

  /// Out-of-fold accuracy: users are shuffled with `seed` and dealt into `folds` folds; each fold
  /// is scored by a model fitted on the others. Returns a row per fold, then the pooled
  /// out-of-fold rows: all gestures and each prompt kind (`phrase`, `words`) the corpus tags.
  public static func crossValidate(
    _ samples: [Sample], folds: Int, seed: UInt64, l2: Double, network: RerankerNetwork.Training,
    progress: (Int) -> Void = { _ in }
  ) -> (folds: [RerankerModel.Fold], pooled: [RerankerModel.Fold]) {
    let users = Array(Set(samples.map(\.user))).sorted()
    var generator = SeededGenerator(seed: seed)
    let shuffled = users.shuffled(using: &generator)
    var foldOf: [String: Int] = [:]
    for (i, user) in shuffled.enumerated() { foldOf[user] = i % folds }
    var rows: [RerankerModel.Fold] = []
    var all = Tally()
    var byPrompt: [String: Tally] = [:]
    for fold in 0..<folds {
      let training = samples.filter { foldOf[$0.user] != fold }
      let held = samples.filter { foldOf[$0.user] == fold }
      let fit = fit(training, l2: l2, network: network)
      var tally = Tally()
      for sample in held {
        tally.add(sample, fit: fit)
        all.add(sample, fit: fit)
        if let prompt = sample.prompt { byPrompt[prompt, default: Tally()].add(sample, fit: fit) }
      }
      rows.append(tally.fold(String(fold + 1), users: Set(held.map(\.user)).count))
      progress(fold + 1)
    }
    let pooled = [all.fold("all", users: users.count)]
      + byPrompt.keys.sorted().map { prompt in
        byPrompt[prompt]!.fold(prompt, users: Set(samples.filter { $0.prompt == prompt }.map(\.user)).count)
      }
    return (rows, pooled)
  }

  /// Top-1 and top-4 hits of the decoder's order, the re-ranked order and (for gestures with
  /// context) the re-ranked order with the context feature, over some gestures.
  struct Tally {
    var gestures = 0
    var withContext = 0
    var decoder = Hits()
    var reranked = Hits()
    var context = Hits()

    struct Hits {
      var top1 = 0
      var top4 = 0
      mutating func add(rank: Int?) {
        guard let rank else { return }
        if rank == 0 { top1 += 1 }
        if rank < 4 { top4 += 1 }
      }
    }

    mutating func add(_ sample: Sample, fit: RerankerScorer) {
      gestures += 1
      let count = RerankFeature.allCases.count
      let plain = sample.rows.map { row -> Double in
        var row = row
        for j in (count - RerankFeature.contextFeatures)..<count { row[j] = 0 }
        return fit.score(row)
      }
      decoder.add(rank: sample.target)
      reranked.add(rank: sample.target.map { Self.rank(of: $0, plain) })
      // Without context the context ranking is the plain one (as keybench-run swipe --context does).
      context.add(rank: sample.target.map { Self.rank(of: $0, sample.hadContext ? sample.rows.map(fit.score) : plain) })
      if sample.hadContext { withContext += 1 }
    }

    /// 0-based rank of `target`: candidates scoring better, ties broken by the decoder's order.
    static func rank(of target: Int, _ scores: [Double]) -> Int {
      scores.indices.filter { scores[$0] < scores[target] || (scores[$0] == scores[target] && $0 < target) }.count
    }

    func fold(_ name: String, users: Int) -> RerankerModel.Fold {
      let n = Double(max(gestures, 1))
      return RerankerModel.Fold(
        name: name, users: users, gestures: gestures,
        decoder: .init(top1: Double(decoder.top1) / n, top4: Double(decoder.top4) / n),
        reranked: .init(top1: Double(reranked.top1) / n, top4: Double(reranked.top4) / n),
        withContext: withContext == 0 ? nil : .init(top1: Double(context.top1) / n, top4: Double(context.top4) / n))
    }
  }
}
