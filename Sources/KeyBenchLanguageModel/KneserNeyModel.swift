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
    /// A view into the model's one followers array (no copy per context).
    public let followers: ArraySlice<Int32>
    /// Where the context's n-grams lie in the model's sorted arrays.
    let range: Range<Int>
  }

  // The counts are held as sorted flat arrays rather than dictionaries of Swift objects: an
  // n-gram costs 8–12 bytes instead of about 50, and a context is a range, not an array of its
  // own (issue 46: the text model doubled a swipe run's memory). Lookups are binary searches
  // within one context's range.

  /// Bigrams grouped by their first word (compressed rows): the followers of word `v` lie at
  /// `bigramStart[v]..<bigramStart[v + 1]` of `bigramNext` (ascending ids), `bigramCount` and,
  /// by falling count, `bigramFollowers`.
  private let bigramStart: [Int32]
  private let bigramNext: [Int32]
  private let bigramCount: [UInt32]
  private let bigramFollowers: [Int32]
  private let bigramTotal: [UInt32]
  /// Trigram contexts `(u, v)` in ascending ``NGramCounts/bigramKey(_:_:)`` order, each with its
  /// range of `trigramNext`/`trigramCount`/`trigramFollowers` and its total.
  private let trigramContextKeys: [UInt64]
  private let trigramContextStart: [Int32]
  private let trigramContextTotal: [UInt32]
  private let trigramNext: [Int32]
  private let trigramCount: [UInt32]
  private let trigramFollowers: [Int32]
  /// Continuation probability by word id (ids beyond the counts' words are the extra ones).
  public let unigram: [Double]
  private let d2: Double
  private let d3: Double

  /// N-gram counts in ascending key order (``NGramCounts/bigramKey(_:_:)`` or
  /// ``NGramCounts/trigramKey(_:_:_:)``): what the model is built from, read straight from the
  /// lexicon database (its primary key keeps them in this order) without a dictionary between.
  public struct SortedCounts: Sendable {
    public private(set) var keys: [UInt64] = []
    public private(set) var counts: [UInt32] = []

    public init() {}

    /// Appends one n-gram; counts beyond 32 bits are clamped (the store refuses them as damaged).
    ///
    /// - Returns: false when `key` is not above the last key (the order the model needs).
    public mutating func append(_ key: UInt64, count: Int) -> Bool {
      guard keys.last.map({ $0 < key }) ?? true else { return false }
      keys.append(key)
      counts.append(UInt32(clamping: count))
      return true
    }

    /// The dictionary's n-grams sorted by key.
    public init(_ dictionary: [UInt64: Int]) {
      keys = dictionary.keys.sorted()
      counts = keys.map { UInt32(clamping: dictionary[$0]!) }
    }
  }

  /// - Parameter extraContinuation: pseudo continuation counts of words with ids
  ///   `counts.words.count...`, appended to the vocabulary in that order.
  public init(counts: NGramCounts, extraContinuation: [Double] = []) {
    self.init(
      vocabulary: counts.words.count, bigrams: SortedCounts(counts.bigrams), trigrams: SortedCounts(counts.trigrams),
      extraContinuation: extraContinuation)
  }

  /// The model of `vocabulary` word ids (id 0 the sentence start) and their sorted n-gram counts.
  ///
  /// - Precondition: every id in the keys is below `vocabulary`.
  public init(vocabulary: Int, bigrams: SortedCounts, trigrams: SortedCounts, extraContinuation: [Double] = []) {
    d3 = Self.discount(trigrams.counts.lazy.map(Int.init))
    d2 = Self.discount(bigrams.counts.lazy.map(Int.init))

    var continuation = [Double](repeating: 0, count: vocabulary)
    continuation.append(contentsOf: extraContinuation)
    var start = [Int32](repeating: 0, count: vocabulary + 1)
    var next = [Int32]()
    next.reserveCapacity(bigrams.keys.count)
    for key in bigrams.keys {
      let (a, b) = NGramCounts.unpack(bigram: key)
      continuation[Int(b)] += 1
      start[Int(a) + 1] += 1
      next.append(b)
    }
    for index in 1..<start.count { start[index] += start[index - 1] }
    if !continuation.isEmpty { continuation[0] = 0 }
    let total = continuation.reduce(0, +)
    unigram = continuation.map { total > 0 ? $0 / total : 0 }
    bigramStart = start
    bigramNext = next
    bigramCount = bigrams.counts
    (bigramFollowers, bigramTotal) = Self.byFallingCount(next: next, count: bigrams.counts, starts: start)

    var contextKeys = [UInt64](), contextStart = [Int32]()
    var tNext = [Int32]()
    tNext.reserveCapacity(trigrams.keys.count)
    for key in trigrams.keys {
      let (a, b, c) = NGramCounts.unpack(trigram: key)
      let context = NGramCounts.bigramKey(a, b)
      if contextKeys.last != context {
        contextKeys.append(context)
        contextStart.append(Int32(tNext.count))
      }
      tNext.append(c)
    }
    contextStart.append(Int32(tNext.count))
    trigramContextKeys = contextKeys
    trigramContextStart = contextStart
    trigramNext = tNext
    trigramCount = trigrams.counts
    (trigramFollowers, trigramContextTotal) = Self.byFallingCount(next: tNext, count: trigrams.counts, starts: contextStart)
  }

  /// Per range of `starts`, its words by falling count (ties by id), and its total count.
  private static func byFallingCount(next: [Int32], count: [UInt32], starts: [Int32]) -> ([Int32], [UInt32]) {
    var followers = next
    var totals = [UInt32](repeating: 0, count: max(starts.count - 1, 0))
    var order: [Int] = []
    for context in totals.indices {
      let range = Int(starts[context])..<Int(starts[context + 1])
      guard !range.isEmpty else { continue }
      order.removeAll(keepingCapacity: true)
      order.append(contentsOf: range)
      // Ids ascend within a range, so a stable order by count keeps ties by id.
      order.sort { count[$0] > count[$1] || (count[$0] == count[$1] && $0 < $1) }
      var sum: UInt64 = 0
      for (offset, index) in order.enumerated() {
        followers[range.lowerBound + offset] = next[index]
        sum += UInt64(count[index])
      }
      totals[context] = UInt32(clamping: sum)
    }
    return (followers, totals)
  }

  /// The count stored for `word` in `range` of `next`/`count` (0 when absent).
  @inline(__always)
  private static func count(of word: Int32, in range: Range<Int>, next: [Int32], count: [UInt32]) -> UInt32 {
    var low = range.lowerBound, high = range.upperBound
    while low < high {
      let middle = (low + high) >> 1
      if next[middle] < word { low = middle + 1 } else { high = middle }
    }
    return low < range.upperBound && next[low] == word ? count[low] : 0
  }

  /// Whether `w` was seen right after `v`: only then can a context ending in `v` make `w` likelier
  /// than on its own (``contextRatio(_:u:v:_:_:)`` is below 1 for every other word).
  public func follows(_ w: Int32, after v: Int32) -> Bool {
    guard let context = bigramContext(v) else { return false }
    return Self.count(of: w, in: context.range, next: bigramNext, count: bigramCount) > 0
  }

  /// Words seen after `v`.
  public func bigramContext(_ v: Int32) -> Context? {
    guard v >= 0, Int(v) + 1 < bigramStart.count else { return nil }
    let range = Int(bigramStart[Int(v)])..<Int(bigramStart[Int(v) + 1])
    guard !range.isEmpty else { return nil }
    return Context(total: Int(bigramTotal[Int(v)]), types: range.count, followers: bigramFollowers[range], range: range)
  }

  /// Words seen after `u v`.
  public func trigramContext(_ u: Int32, _ v: Int32) -> Context? {
    let key = NGramCounts.bigramKey(u, v)
    var low = 0, high = trigramContextKeys.count
    while low < high {
      let middle = (low + high) >> 1
      if trigramContextKeys[middle] < key { low = middle + 1 } else { high = middle }
    }
    guard low < trigramContextKeys.count, trigramContextKeys[low] == key else { return nil }
    let range = Int(trigramContextStart[low])..<Int(trigramContextStart[low + 1])
    return Context(total: Int(trigramContextTotal[low]), types: range.count, followers: trigramFollowers[range], range: range)
  }

  /// P(w | u v), interpolated down to the continuation unigram; `u`/`v` nil when unknown.
  public func probability(_ w: Int32, u: Int32?, v: Int32?) -> Double {
    let bigram = v.flatMap { self.bigramContext($0) }
    let trigram = v.flatMap { v in u.flatMap { self.trigramContext($0, v) } }
    return probability(w, u: u, v: v, trigram, bigram)
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
    if v != nil, let context = bigramContext {
      let c = Double(Self.count(of: w, in: context.range, next: bigramNext, count: bigramCount))
      let total = Double(context.total)
      p = max(c - d2, 0) / total + d2 * Double(context.types) / total * p
    }
    if u != nil, v != nil, let context = trigramContext {
      let c = Double(Self.count(of: w, in: context.range, next: trigramNext, count: trigramCount))
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
