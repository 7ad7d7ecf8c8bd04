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
  /// Added to `weight` per unit of the previous words' ``WordContextModel/fluency(_:window:)``
  /// (0: a fixed weight): context counts for more after a real phrase than after random words.
  public let fluencyWeight: Double

  public init(model: WordContextModel, weight: Double, fluencyWeight: Double = 0) {
    self.model = model
    self.weight = weight
    self.fluencyWeight = fluencyWeight
  }

  /// The weight of the log ratio after `previous`.
  public func weight(after previous: [String]) -> Double {
    fluencyWeight == 0 ? weight : weight + fluencyWeight * RerankFeature.clampedFluency(model.fluency(previous))
  }

  /// `candidates` re-ranked for `previous` (ties keep the decoder's order), at most `top`.
  public func rerank(_ candidates: [SwipeDecoding.Candidate], previous: [String], top: Int) -> [SwipeDecoding.Candidate] {
    let context = model.context(previous)  // looked up once for all candidates
    let weight = weight(after: previous)
    let scored = candidates.enumerated().map { position, candidate in
      let ratio = model.logRatio(wordID: model.wordID(candidate.word), in: context)
      return (position, SwipeDecoding.Candidate(word: candidate.word, score: candidate.score - weight * ratio))
    }
    return scored.sorted { $0.1.score < $1.1.score || ($0.1.score == $1.1.score && $0.0 < $1.0) }.prefix(top).map(\.1)
  }
}
