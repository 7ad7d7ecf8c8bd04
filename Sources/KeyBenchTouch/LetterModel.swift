import Foundation

/// Letter probabilities given the letters just typed: the language model behind touch resolution.
///
/// Seed 004 weights each letter key by P(next | previous letter), uses word-initial frequencies
/// after a space, punctuation, digits or backspace, falls back to unigram frequencies for rare
/// predecessors and to uniform weights after letters outside the alphabet; its "future work"
/// adds the letter before that (trigram). Here the fallbacks are one smoothing rule instead of
/// hard switches: every distribution is the counts plus `smoothing` pseudo-counts spread like the
/// next-shorter context (trigram → bigram → unigram → uniform), so a predecessor seen a few
/// times leans on the unigram and a frequent one speaks for itself.
///
/// All probabilities are precomputed into one flat table, so a lookup on the touch path is an
/// index computation and a load (the seed budgets < 0.5 µs per touch).
public struct LetterModel: Sendable {
  public let alphabet: LetterAlphabet
  /// 1 (unigram), 2 (bigram, the seed) or 3 (trigram).
  public let order: Int
  /// Pseudo-counts given to the shorter context's distribution.
  public let smoothing: Double
  /// Letters counted while training.
  public let trainingLetters: Int
  /// The raw counts the model was trained from.
  public let counts: LetterCounts
  private let letterCount: Int
  private let symbolCount: Int
  /// Rows of `letterCount` probabilities; the row for a context is ``row(for:)``.
  private let table: [Double]
  private let unigram: [Double]
  private let bigram: [Double]

  /// Counts letters, bigrams and trigrams in `texts` (already read) over `alphabet`.
  public init(texts: [String], alphabet: LetterAlphabet, order: Int = 2, smoothing: Double = 20) {
    precondition((1...3).contains(order), "order is 1, 2 or 3")
    self.alphabet = alphabet
    self.order = order
    self.smoothing = smoothing
    let a = alphabet.letters.count
    let s = a + 2
    letterCount = a
    symbolCount = s
    let counts = LetterCounts(texts: texts, alphabet: alphabet)
    self.counts = counts
    let (uni, bi, tri, total) = (counts.unigram, counts.bigram, counts.trigram, counts.letters)
    trainingLetters = total
    // Unigram: add-one, so a letter never seen still has a little mass.
    let unigram = uni.map { ($0 + 1) / (Double(total) + Double(a)) }
    func smoothed(_ counts: ArraySlice<Double>, prior: ArraySlice<Double>) -> [Double] {
      let sum = counts.reduce(0, +)
      return zip(counts, prior).map { ($0 + smoothing * $1) / (sum + smoothing) }
    }
    var bigram: [Double] = []
    bigram.reserveCapacity(s * a)
    for p in 0..<s {
      if p == alphabet.unknown {
        bigram += [Double](repeating: 1 / Double(a), count: a)
      } else {
        bigram += smoothed(bi[(p * a)..<((p + 1) * a)], prior: unigram[...])
      }
    }
    self.unigram = unigram
    self.bigram = bigram
    switch order {
    case 1:
      table = unigram
    case 2:
      table = bigram
    default:
      var trigram: [Double] = []
      trigram.reserveCapacity(s * s * a)
      for p2 in 0..<s {
        for p1 in 0..<s {
          let prior = bigram[(p1 * a)..<((p1 + 1) * a)]
          if p1 >= alphabet.boundary {
            // After a boundary the word starts afresh; after an unknown letter, uniform.
            trigram += prior
          } else {
            let offset = (p2 * s + p1) * a
            trigram += smoothed(tri[offset..<(offset + a)], prior: prior)
          }
        }
      }
      table = trigram
    }
  }

  /// Offset of the probability row for `context` in the model's table (pass to
  /// ``probability(ofLetter:row:)``); resolvers compute it once per touch.
  @inline(__always)
  public func row(for context: LetterContext) -> Int {
    switch order {
    case 1: return 0
    case 2: return context.previous * letterCount
    default: return (context.beforePrevious * symbolCount + context.previous) * letterCount
    }
  }

  /// P(letter | the context whose row offset is `row`).
  @inline(__always)
  public func probability(ofLetter letter: Int, row: Int) -> Double {
    table[row + letter]
  }

  /// P(letter | context).
  public func probability(of letter: Int, after context: LetterContext) -> Double {
    table[row(for: context) + letter]
  }

  /// The whole distribution after `context`, in key order (sums to 1).
  public func weights(after context: LetterContext) -> [Double] {
    let offset = row(for: context)
    return Array(table[offset..<(offset + letterCount)])
  }

  /// Overall letter frequencies (add-one smoothed).
  public var unigramWeights: [Double] { unigram }

  /// Bits per letter of `text` under this model: a check that held-out text is predicted.
  public func crossEntropy(of text: String) -> Double {
    var context = LetterContext.start(alphabet)
    var bits = 0.0
    var letters = 0
    for symbol in alphabet.symbols(of: text) {
      if symbol < letterCount {
        bits -= log2(probability(of: symbol, after: context))
        letters += 1
      }
      context = context.after(symbol, in: alphabet)
    }
    return letters == 0 ? .nan : bits / Double(letters)
  }
}
