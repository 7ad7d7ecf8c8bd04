import Foundation
/// The language model as the decoders and correctors use it: words as strings, the previous words
/// of a sentence as context, and one question — how much does the context favour this word?
///
/// Words are matched ignoring case (as ``NGramCounts`` identifies them); the context is the last two
/// previous words, or the sentence start when there are none.
public struct WordContextModel: Sendable {
  public let model: KneserNeyModel
  /// Word ids by lower-cased form: all the model keeps of the counts (holding the counts
  /// themselves would keep their dictionaries alive beside the compact model).
  private let ids: [String: Int32]

  /// The context of one word, looked up once for all the candidates scored in it (a corrector asks
  /// about hundreds of words per context).
  public struct Context: Sendable {
    /// The word before the last (nil when unknown or there is none).
    public let u: Int32?
    /// The last previous word, or the sentence start (nil when unknown).
    public let v: Int32?
    /// The words seen after `u v` and after `v`, looked up once.
    let trigram: KneserNeyModel.Context?
    let bigram: KneserNeyModel.Context?
  }

  public init(counts: NGramCounts) {
    ids = counts.wordIDs
    model = KneserNeyModel(counts: counts)
  }

  /// The model over `words` (display forms by id, `<s>` first) and `model` built on their ids,
  /// e.g. loaded from the lexicon database without the counts' dictionaries.
  public init(words: [String], model: KneserNeyModel) {
    var ids: [String: Int32] = [:]
    ids.reserveCapacity(words.count)
    for (id, word) in words.enumerated().dropFirst() { ids[word.lowercased()] = Int32(id) }
    self.ids = ids
    self.model = model
  }

  /// ln(P(word | previous) ÷ P(word)), clamped to ±`limit`: positive when the context makes the word
  /// more likely than on its own. Unknown context words back off to the shorter context.
  public func logRatio(_ word: String, previous: some BidirectionalCollection<String>, limit: Double = 5) -> Double {
    logRatio(wordID: wordID(word), in: context(previous), limit: limit)
  }

  /// The same for a word already looked up with ``wordID(_:)`` in a context from ``context(_:)``.
  public func logRatio(wordID: Int32?, in context: Context, limit: Double = 5) -> Double {
    let ratio = model.contextRatio(wordID, u: context.u, v: context.v, context.trigram, context.bigram)
    guard ratio > 0 else { return -limit }
    return max(-limit, min(limit, ratio.isFinite ? Foundation.log(ratio) : limit))
  }

  /// Whether the context can favour the word at all: its log ratio is at most 0 unless the word
  /// was seen after the context's last word (every back-off weight is below 1), so a corrector can
  /// skip the others once no word without a boost can make its list.
  public func mayFavour(wordID: Int32?, in context: Context) -> Bool {
    guard let w = wordID, let v = context.v else { return false }
    return model.follows(w, after: v)
  }

  /// The model's id of `word` (any casing), nil when the training text never showed it.
  public func wordID(_ word: String) -> Int32? { id(of: word) }

  private func id(of word: String) -> Int32? { ids[word.lowercased()] }

  /// The (u, v) ids of the context: the sentence start stands in for missing previous words.
  public func context(_ previous: some BidirectionalCollection<String>) -> Context {
    let u: Int32?
    let v: Int32?
    switch previous.count {
    case 0: (u, v) = (nil, NGramCounts.sentenceStart)
    case 1: (u, v) = (NGramCounts.sentenceStart, id(of: previous[previous.startIndex]))
    default:
      let last = previous.index(before: previous.endIndex)
      v = id(of: previous[last])
      u = v == nil ? nil : id(of: previous[previous.index(before: last)])
    }
    let bigram = v.flatMap { model.bigramContext($0) }
    let trigram = v.flatMap { v in u.flatMap { model.trigramContext($0, v) } }
    return Context(u: u, v: v, trigram: trigram, bigram: bigram)
  }
}
