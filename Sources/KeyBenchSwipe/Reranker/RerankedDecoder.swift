public import KeyBenchGeometry

/// The seed-000 decoder with a learned re-ranker over its best candidates (issue 34's "v3").
///
/// The decoder proposes `model.pool` candidates with their evidence; every candidate's channels
/// are measured (``DTWDecoder/rerankFeatures(_:_:shark2:)``) and the model's score orders them.
/// The gesture stays in charge: the re-ranker reorders what the decoder found and never adds a
/// word. Scores are the model's (lower is better), so sentence context can follow it with
/// ``RerankerModel/contextWeight``.
public struct RerankedDecoder: SwipeDecoder {
  public let base: DTWDecoder
  public let model: RerankerModel
  let scorer: RerankerScorer

  public init(base: DTWDecoder, model: RerankerModel) {
    self.base = base
    self.model = model
    scorer = model.scorer
  }

  public var label: String { Self.describe(base.config, model: model) }

  /// The label of the seed-000 decoder under `config` re-ranked by `model`, for reports.
  public static func describe(_ config: DTWDecoderConfig, model: RerankerModel) -> String {
    DTWDecoder.describe(config) + " + reranker(pool=\(model.pool))"
  }

  public func decode(_ trace: [TimedPoint], top: Int, probe: String?) -> SwipeDecoding {
    let pool = max(top, model.pool)
    var decoding = base.decode(trace, top: pool, pruneFor: model.pruneFor ?? pool, probe: probe)
    let rows = base.rerankFeatures(trace, decoding, shark2: model.shark2Samples)
    let scores: [(position: Int, score: Double)] = rows.indices.map { ($0, scorer.score(rows[$0])) }
    let order = scores.sorted { a, b in a.score < b.score || (a.score == b.score && a.position < b.position) }.prefix(top)
    decoding.candidates = order.map { SwipeDecoding.Candidate(word: decoding.candidates[$0.position].word, score: $0.score) }
    decoding.evidence = order.map { decoding.evidence[$0.position] }
    return decoding
  }
}
