public import KeyBenchLanguageModel

/// Sentence context for swipe decoding: re-ranks a decoder's candidates with the words typed
/// before the gesture, from the shared Kneser-Ney model.
///
/// Each candidate's score (lower is better) becomes score − `weight` × ln(P(w | previous) ÷ P(w)).
/// The ratio, not P(w | previous), because decoders' scores already hold each word's own
/// frequency; the ratio adds only what the context says. Re-ranking the decoder's best few (the
/// pool) keeps the gesture in charge: context can reorder plausible words, not conjure new ones.
public struct ContextFusion: Sendable {
  public let model: WordContextModel
  public let weight: Double

  public init(model: WordContextModel, weight: Double) {
    self.model = model
    self.weight = weight
  }

  /// `candidates` re-ranked for `previous` (ties keep the decoder's order), at most `top`.
  public func rerank(_ candidates: [SwipeDecoding.Candidate], previous: [String], top: Int) -> [SwipeDecoding.Candidate] {
    let context = model.context(previous)  // looked up once for all candidates
    let scored = candidates.enumerated().map { position, candidate in
      let ratio = model.logRatio(wordID: model.wordID(candidate.word), in: context)
      return (position, SwipeDecoding.Candidate(word: candidate.word, score: candidate.score - weight * ratio))
    }
    return scored.sorted { $0.1.score < $1.1.score || ($0.1.score == $1.1.score && $0.0 < $1.0) }.prefix(top).map(\.1)
  }
}
