public import KeyBenchLanguageModel

/// Sentence context for swipe decoding: re-ranks a decoder's candidates with the words typed
/// before the gesture, from the shared Kneser-Ney model.
///
/// Each candidate's score (lower is better) becomes score − weight × ln(P(w | previous) ÷ P(w)).
/// The ratio, not P(w | previous), because decoders' scores already hold each word's own
/// frequency; the ratio adds only what the context says. Re-ranking the decoder's best few (the
/// pool) keeps the gesture in charge: context can reorder plausible words, not conjure new ones.
/// The weight is fixed for the hand-weighted decoders; a re-ranker's weight depends on the
/// previous words through ``ContextGate`` (how well the text model predicted them; none before
/// a prompt's first word).
public struct ContextFusion: Sendable {
  public let model: WordContextModel
  /// The fixed weight (when ``gateWeights`` is nil).
  public let weight: Double
  /// A re-ranker's weight per ``ContextGate`` value, in ``ContextGate/values(_:previous:)``'s
  /// order; nil: the fixed ``weight`` after any previous words, the sentence start included.
  public let gateWeights: [Double]?

  /// A fixed weight, whatever the previous words.
  public init(model: WordContextModel, weight: Double) {
    self.model = model
    self.weight = weight
    gateWeights = nil
  }

  /// A weight that is Σ `gateWeights[g]` × gate g of the previous words (a re-ranker's,
  /// ``RerankerModel/contextFusionWeights``): 0 before a prompt's first word.
  ///
  /// - Precondition: one weight per gate.
  public init(model: WordContextModel, gateWeights: [Double]) {
    precondition(gateWeights.count == ContextGate.count, "one context weight per gate")
    self.model = model
    self.gateWeights = gateWeights
    weight = gateWeights[0]
  }

  /// The weight of the log ratio after `previous`.
  public func weight(after previous: [String]) -> Double {
    guard let gateWeights else { return weight }
    return zip(gateWeights, ContextGate.values(model, previous: previous)).reduce(0) { $0 + $1.0 * $1.1 }
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

/// What the previous words say about how far the text model is to be trusted for the next one:
/// the values the context log ratio is multiplied by to make a re-ranker's context features.
///
/// Random word lists and natural phrases both hand the decoder "previous words"; only in a
/// phrase do they predict the next word. Whether they do is measured, at decode time, from the
/// words already typed: how much more likely the text model found each of them after its own
/// previous words than on its own (``predictability(_:previous:)``). No prompt label is needed.
/// A prompt's first word has no previous words and so no such evidence: its only context is the
/// sentence start, which helps a phrase's first word exactly as much as it misleads a random
/// list's, so every gate is 0 there and context waits for a word to condition on.
public enum ContextGate {
  /// The gates, in order: 1 (the plain ratio) and ``trust(_:previous:)``, both 0 without
  /// previous words.
  public static let count = 2

  /// Previous words (the last ones) whose own log ratios are averaged.
  public static let window = 4

  /// [1, ``trust(_:previous:)``], or [0, 0] when `previous` is empty.
  public static func values(_ model: WordContextModel, previous: [String]) -> [Double] {
    previous.isEmpty ? [0, 0] : [1, trust(model, previous: previous)]
  }

  /// ``predictability(_:previous:)`` + 1 clamped to 0…1: full trust when the text model
  /// predicted the previous words at least as well as their own frequency does (log ratio ≥ 0),
  /// none when it found them a nat or more less likely in their context than alone — as it does
  /// a list of random words.
  public static func trust(_ model: WordContextModel, previous: [String]) -> Double {
    max(0, min(1, 1 + predictability(model, previous: previous)))
  }

  /// The mean log ratio ln(P(wᵢ | wᵢ's previous words) ÷ P(wᵢ)) of the last ``window`` previous
  /// words, shrunk towards 0 by one pseudo-word (the sum over n words divided by n + 1), so one
  /// word is weaker evidence than four; 0 without previous words. Words of a phrase are mostly
  /// well predicted (positive), random words not (negative).
  public static func predictability(_ model: WordContextModel, previous: [String]) -> Double {
    let start = max(0, previous.count - window)
    guard start < previous.count else { return 0 }
    var sum = 0.0
    for i in start..<previous.count {
      sum += model.logRatio(wordID: model.wordID(previous[i]), in: model.context(previous[..<i]))
    }
    return sum / Double(previous.count - start + 1)
  }
}
