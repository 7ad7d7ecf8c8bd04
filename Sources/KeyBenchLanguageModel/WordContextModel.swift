import Foundation
/// The language model as the decoders and correctors use it: words as strings, the previous words
/// of a sentence as context, and one question — how much does the context favour this word?
///
/// Words are matched ignoring case (as ``NGramCounts`` identifies them); the context is the last two
/// previous words, or the sentence start when there are none.
public struct WordContextModel: Sendable {
  public let model: KneserNeyModel
  private let counts: NGramCounts

  public init(counts: NGramCounts) {
    self.counts = counts
    model = KneserNeyModel(counts: counts)
  }

  /// ln(P(word | previous) ÷ P(word)), clamped to ±`limit`: positive when the context makes the word
  /// more likely than on its own. Unknown context words back off to the shorter context.
  public func logRatio(_ word: String, previous: some BidirectionalCollection<String>, limit: Double = 5) -> Double {
    let (u, v) = ids(previous)
    let ratio = model.contextRatio(counts.id(of: word), u: u, v: v)
    guard ratio > 0 else { return -limit }
    return max(-limit, min(limit, ratio.isFinite ? Foundation.log(ratio) : limit))
  }

  /// The (u, v) ids of the context: the sentence start stands in for missing previous words.
  private func ids(_ previous: some BidirectionalCollection<String>) -> (Int32?, Int32?) {
    switch previous.count {
    case 0: return (nil, NGramCounts.sentenceStart)
    case 1: return (NGramCounts.sentenceStart, counts.id(of: previous[previous.startIndex]))
    default:
      let last = previous.index(before: previous.endIndex)
      let v = counts.id(of: previous[last])
      return (v == nil ? nil : counts.id(of: previous[previous.index(before: last)]), v)
    }
  }
}
