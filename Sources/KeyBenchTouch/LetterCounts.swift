/// Letter, letter-pair and letter-triple counts of running text over an alphabet: what
/// ``LetterModel`` is trained from, and what seed 004's published letter statistics (its bigram
/// table, unigram and word-initial shares, the coverage of its ~100 most frequent bigrams,
/// P(e | th)) are measured on (``LetterStatistics``).
///
/// Counts are indexed by symbol (a letter index, the alphabet's boundary or unknown code): the
/// count of letter `c` after context symbols `p2 p1` is `trigram[(p2 · s + p1) · a + c]` with `a`
/// letters and `s = a + 2` symbols; only letters are counted as the predicted symbol.
public struct LetterCounts: Sendable {
  public let alphabet: LetterAlphabet
  public private(set) var unigram: [Double]
  public private(set) var bigram: [Double]
  public private(set) var trigram: [Double]
  /// Letters counted.
  public private(set) var letters = 0

  public init(texts: [String], alphabet: LetterAlphabet) {
    self.alphabet = alphabet
    let a = alphabet.letters.count
    let s = a + 2
    unigram = [Double](repeating: 0, count: a)
    bigram = [Double](repeating: 0, count: s * a)
    trigram = [Double](repeating: 0, count: s * s * a)
    for text in texts {
      var context = LetterContext.start(alphabet)
      for symbol in alphabet.symbols(of: text) {
        if symbol < a {
          let (p1, p2) = (context.previous, context.beforePrevious)
          unigram[symbol] += 1
          bigram[p1 * a + symbol] += 1
          trigram[(p2 * s + p1) * a + symbol] += 1
          letters += 1
        }
        context = context.after(symbol, in: alphabet)
      }
    }
  }
}

/// Seed 004's letter statistics measured on text (raw shares, no smoothing): the figures its
/// design quotes for English (a bigram table, unigram and word-initial shares, how much of the
/// text its most frequent bigrams cover, P(e | th)), here from whatever text KeyBench trains on.
public struct LetterStatistics: Sendable {
  public let counts: LetterCounts

  public init(counts: LetterCounts) { self.counts = counts }

  private var a: Int { counts.alphabet.letters.count }

  /// Each letter's share of all letters.
  public var unigramShares: [Double] {
    counts.unigram.map { counts.letters == 0 ? .nan : $0 / Double(counts.letters) }
  }

  /// Each letter's share of the letters that start a word (after a space, punctuation or digit).
  public var wordInitialShares: [Double] { normalised(Array(counts.bigram[(counts.alphabet.boundary * a)..<((counts.alphabet.boundary + 1) * a)])) }

  /// P(next letter | previous letter) inside words, one row per previous letter.
  public func following(_ previous: Int) -> [Double] {
    normalised(Array(counts.bigram[(previous * a)..<((previous + 1) * a)]))
  }

  /// P(next letter | the two letters before it inside a word).
  public func following(_ beforePrevious: Int, _ previous: Int) -> [Double] {
    let offset = (beforePrevious * (a + 2) + previous) * a
    return normalised(Array(counts.trigram[offset..<(offset + a)]))
  }

  /// Letter pairs inside words, most frequent first, with their counts.
  public var pairsByFrequency: [(first: Int, second: Int, count: Double)] {
    var pairs: [(first: Int, second: Int, count: Double)] = []
    for first in 0..<a {
      for second in 0..<a where counts.bigram[first * a + second] > 0 {
        pairs.append((first, second, counts.bigram[first * a + second]))
      }
    }
    return pairs.sorted { $0.count != $1.count ? $0.count > $1.count : ($0.first, $0.second) < ($1.first, $1.second) }
  }

  /// The share of letter pairs inside words that the `top` most frequent pairs account for.
  public func coverage(ofTop top: Int) -> Double {
    let pairs = pairsByFrequency
    let total = pairs.reduce(0) { $0 + $1.count }
    guard total > 0 else { return .nan }
    return pairs.prefix(top).reduce(0) { $0 + $1.count } / total
  }

  private func normalised(_ row: [Double]) -> [Double] {
    let sum = row.reduce(0, +)
    return row.map { sum == 0 ? .nan : $0 / sum }
  }
}
