/// An interpolated Kneser-Ney trigram model over ``NGramCounts``: the one smoothed language model
/// that prediction, swipe decoding and correction share, so "how much does context buy" is answered
/// with the same probabilities in every benchmark.
///
/// Trigram and bigram levels use interpolated absolute discounting (D = n₁ / (n₁ + 2 n₂) per order,
/// from the counts of counts); the unigram level is Kneser-Ney's continuation distribution (how many
/// different words precede w), so words that only occur in one fixed phrase do not get a large
/// probability everywhere. Callers may add pseudo continuation counts for words the text never
/// showed (prediction gives lexicon-only words a share of their LatinIME frequency).
public struct KneserNeyModel: Sendable {
  /// The words seen after a context: their total count, how many distinct words, and the words
  /// by falling count (ties by id, so the order is the same in every run).
  public struct Context: Sendable {
    public let total: Int
    public let types: Int
    public let followers: [Int32]
  }

  private let trigrams: [UInt64: Int]
  private let bigrams: [UInt64: Int]
  private let trigramContexts: [UInt64: Context]
  private let bigramContexts: [Int32: Context]
  /// Continuation probability by word id (ids beyond the counts' words are the extra ones).
  public let unigram: [Double]
  private let d2: Double
  private let d3: Double

  /// - Parameter extraContinuation: pseudo continuation counts of words with ids
  ///   `counts.words.count...`, appended to the vocabulary in that order.
  public init(counts: NGramCounts, extraContinuation: [Double] = []) {
    trigrams = counts.trigrams
    bigrams = counts.bigrams
    d3 = Self.discount(counts.trigrams.values)
    d2 = Self.discount(counts.bigrams.values)

    var continuation = [Double](repeating: 0, count: counts.words.count)
    continuation.append(contentsOf: extraContinuation)
    var bigramLists: [Int32: [(Int32, Int)]] = [:]
    for (key, count) in counts.bigrams {
      let (a, b) = NGramCounts.unpack(bigram: key)
      continuation[Int(b)] += 1
      bigramLists[a, default: []].append((b, count))
    }
    if !continuation.isEmpty { continuation[0] = 0 }
    let total = continuation.reduce(0, +)
    unigram = continuation.map { total > 0 ? $0 / total : 0 }
    bigramContexts = bigramLists.mapValues(Self.context)
    var trigramLists: [UInt64: [(Int32, Int)]] = [:]
    for (key, count) in counts.trigrams {
      let (a, b, c) = NGramCounts.unpack(trigram: key)
      trigramLists[NGramCounts.bigramKey(a, b), default: []].append((c, count))
    }
    trigramContexts = trigramLists.mapValues(Self.context)
  }

  private static func context(_ list: [(Int32, Int)]) -> Context {
    let sorted = list.sorted { $0.1 > $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
    return Context(total: sorted.reduce(0) { $0 + $1.1 }, types: sorted.count, followers: sorted.map(\.0))
  }

  /// Whether `w` was seen right after `v`: only then can a context ending in `v` make `w` likelier
  /// than on its own (``contextRatio(_:u:v:_:_:)`` is below 1 for every other word).
  public func follows(_ w: Int32, after v: Int32) -> Bool { bigrams[NGramCounts.bigramKey(v, w)] != nil }

  /// Words seen after `v`.
  public func bigramContext(_ v: Int32) -> Context? { bigramContexts[v] }

  /// Words seen after `u v`.
  public func trigramContext(_ u: Int32, _ v: Int32) -> Context? { trigramContexts[NGramCounts.bigramKey(u, v)] }

  /// P(w | u v), interpolated down to the continuation unigram; `u`/`v` nil when unknown.
  public func probability(_ w: Int32, u: Int32?, v: Int32?) -> Double {
    let bigramContext = v.flatMap { bigramContexts[$0] }
    let trigramContext = v.flatMap { v in u.flatMap { trigramContexts[NGramCounts.bigramKey($0, v)] } }
    return probability(w, u: u, v: v, trigramContext, bigramContext)
  }

  /// P(w | u v) with the contexts already looked up (the predictor scores many words per context).
  public func probability(_ w: Int32, u: Int32?, v: Int32?, _ trigramContext: Context?, _ bigramContext: Context?) -> Double {
    interpolate(w, u: u, v: v, trigramContext, bigramContext, base: unigram[Int(w)])
  }

  /// P(w | u v) ÷ P(w), with the contexts already looked up (decoders and correctors score many
  /// words per context): how much more (> 1) or less (< 1) likely the context makes `w` than it is
  /// on its own. A word the text never showed (`w` nil) gets the ratio of an unseen follower, the
  /// product of the contexts' back-off weights, so unknown words are neither favoured nor exempt.
  public func contextRatio(_ w: Int32?, u: Int32?, v: Int32?, _ trigramContext: Context?, _ bigramContext: Context?) -> Double {
    guard let w, unigram[Int(w)] > 0 else {
      var ratio = 1.0
      if let bigramContext { ratio *= d2 * Double(bigramContext.types) / Double(bigramContext.total) }
      if v != nil, u != nil, let trigramContext { ratio *= d3 * Double(trigramContext.types) / Double(trigramContext.total) }
      return ratio
    }
    return interpolate(w, u: u, v: v, trigramContext, bigramContext, base: unigram[Int(w)]) / unigram[Int(w)]
  }

  private func interpolate(_ w: Int32, u: Int32?, v: Int32?, _ trigramContext: Context?, _ bigramContext: Context?, base: Double) -> Double {
    var p = base
    if let v, let context = bigramContext {
      let c = Double(bigrams[NGramCounts.bigramKey(v, w)] ?? 0)
      let total = Double(context.total)
      p = max(c - d2, 0) / total + d2 * Double(context.types) / total * p
    }
    if let u, let v, let context = trigramContext {
      let c = Double(trigrams[NGramCounts.trigramKey(u, v, w)] ?? 0)
      let total = Double(context.total)
      p = max(c - d3, 0) / total + d3 * Double(context.types) / total * p
    }
    return p
  }

  /// Ney's absolute discount from the number of n-grams seen once and twice.
  static func discount(_ counts: some Sequence<Int>) -> Double {
    var once = 0.0
    var twice = 0.0
    for count in counts {
      if count == 1 { once += 1 } else if count == 2 { twice += 1 }
    }
    return once + twice > 0 ? max(0.1, min(0.95, once / (once + 2 * twice))) : 0.75
  }
}
