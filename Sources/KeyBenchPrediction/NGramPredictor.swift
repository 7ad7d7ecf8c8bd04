public import KeyBenchLanguageModel
/// KeyBench's strong predictor: an interpolated Kneser-Ney trigram model with the seed's completion
/// logic (case- and umlaut-insensitive prefix match), built for speed.
///
/// Probabilities: trigram and bigram levels use interpolated absolute discounting (discount
/// D = n₁ / (n₁ + 2 n₂) per order, from the counts of counts); the unigram level is Kneser-Ney's
/// continuation distribution (how many different words precede w), so words that only occur in one
/// fixed phrase are not suggested everywhere. Lexicon-only words get a small pseudo continuation count
/// from their LatinIME frequency (at most half of a word seen once).
///
/// Speed: candidates come from precomputed lists — followers of the two-word context and of the
/// previous word sorted by count, and the most probable words of every one- to three-letter prefix
/// (longer prefixes scan their small range of the sorted vocabulary) — and only those few candidates
/// are scored with the full interpolated probability.
///
/// Adaptation (switchable): a cache of the words the user finished, as unigrams and as bigrams after
/// the previous word, is mixed into the probability (P = (1 − a − b) P_KN + a P_cache(w) + b
/// P_cache(w | v)); cached words that match the prefix join the candidates. Only vocabulary words
/// (training or lexicon) can be suggested.
public final class NGramPredictor: Predictor {
  public struct Config: Codable, Sendable, Equatable {
    /// Mix in the cache of words the user typed.
    public var adaptation = true
    /// Weight a of the unigram cache.
    public var unigramCacheWeight = 0.1
    /// Weight b of the bigram cache (when the previous word has cached followers).
    public var bigramCacheWeight = 0.15
    public init() {}
  }

  public let name: String
  public let config: Config
  private var cacheUnigram: [Int32: Double] = [:]
  private var cacheTotal = 0.0
  /// Cached words by first comparable byte, most used first.
  private var cacheByInitial: [UInt8: [Int32]] = [:]
  /// Cached followers of a word: counts, and the followers most used first.
  private var cacheBigram: [Int32: (total: Double, followers: [Int32: Double], order: [Int32])] = [:]
  private let vocabulary: PredictionVocabulary
  private let lm: KneserNeyModel
  private var unigram: [Double] { lm.unigram }
  private let prefixTop: [[UInt8]: [Int32]]
  /// Words kept per short prefix; larger requests scan the prefix range.
  static let prefixListSize = 10
  /// Longest prefix with a precomputed list.
  static let prefixListDepth = 3
  /// Context followers examined per request (lists are sorted, so this bounds rare prefixes only).
  static let scanLimit = 4000

  public init(counts: NGramCounts, vocabulary: PredictionVocabulary, config: Config = Config(), name: String = "ngram") {
    self.name = name
    self.config = config
    self.vocabulary = vocabulary
    var pseudo = [Double](repeating: 0, count: vocabulary.count - counts.words.count)
    for id in counts.words.count..<vocabulary.count {
      pseudo[id - counts.words.count] = 0.5 * Double(vocabulary.lexiconFrequency[id]) / 255
    }
    let lm = KneserNeyModel(counts: counts, extraContinuation: pseudo)
    self.lm = lm
    let unigram = lm.unigram

    // Most probable words per short prefix: visit words by falling probability, fill each list.
    var prefixTop: [[UInt8]: [Int32]] = [:]
    let byProbability = (1..<Int32(vocabulary.count)).sorted { (a: Int32, b: Int32) -> Bool in
      let pa = unigram[Int(a)]
      let pb = unigram[Int(b)]
      return pa > pb || (pa == pb && a < b)
    }
    for id in byProbability {
      let form = vocabulary.comparable[Int(id)]
      for length in 0...min(Self.prefixListDepth, form.count) {
        let key = Array(form[0..<length])
        if prefixTop[key, default: []].count < Self.prefixListSize { prefixTop[key, default: []].append(id) }
      }
    }
    self.prefixTop = prefixTop
  }

  private init(copying other: NGramPredictor) {
    name = other.name
    config = other.config
    vocabulary = other.vocabulary
    lm = other.lm
    prefixTop = other.prefixTop
    cacheUnigram = other.cacheUnigram
    cacheTotal = other.cacheTotal
    cacheByInitial = other.cacheByInitial
    cacheBigram = other.cacheBigram
  }

  public func copy() -> any Predictor { NGramPredictor(copying: self) }

  public func suggest(previous: ArraySlice<String>, prefix: String, count: Int) -> [String] {
    let typed = comparableBytes(prefix)
    let v: Int32?
    let u: Int32?
    switch previous.count {
    case 0: (u, v) = (nil, NGramCounts.sentenceStart)
    case 1: (u, v) = (NGramCounts.sentenceStart, vocabulary.id(of: previous[previous.startIndex]))
    default: (u, v) = (vocabulary.id(of: previous[previous.endIndex - 2]), vocabulary.id(of: previous[previous.endIndex - 1]))
    }
    let trigramContext = v.flatMap { v in u.flatMap { lm.trigramContext($0, v) } }
    let bigramContext = v.flatMap { lm.bigramContext($0) }

    var candidates: [Int32] = []
    func collect(_ list: some Collection<Int32>) {
      var found = 0
      for id in list.prefix(Self.scanLimit) where vocabulary.matches(id, typed) {
        if !candidates.contains(id) { candidates.append(id) }
        found += 1
        if found == 2 * count { break }
      }
    }
    if let trigramContext { collect(trigramContext.followers) }
    if let bigramContext { collect(bigramContext.followers) }
    if typed.count <= Self.prefixListDepth && count <= Self.prefixListSize {
      collect(prefixTop[typed] ?? [])
    } else {
      var best: [Int32] = []
      for position in vocabulary.prefixRange(typed) {
        let id = vocabulary.sorted[position]
        guard best.count < count || unigram[Int(id)] > unigram[Int(best[best.count - 1])] else { continue }
        var at = best.count
        while at > 0 && unigram[Int(best[at - 1])] < unigram[Int(id)] { at -= 1 }
        best.insert(id, at: at)
        if best.count > count { best.removeLast() }
      }
      collect(best)
    }
    if config.adaptation {
      if let v, let cached = cacheBigram[v] { collect(cached.order) }
      if let first = typed.first { collect(cacheByInitial[first] ?? []) }
    }

    var scored = candidates.map { id in (id, probability(id, u: u, v: v, trigramContext, bigramContext)) }
    scored.sort { $0.1 > $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
    return scored.prefix(count).map { vocabulary.words[Int($0.0)] }
  }

  public func learn(previous: ArraySlice<String>, word: String) {
    guard config.adaptation, let id = vocabulary.id(of: word) else { return }
    if cacheUnigram[id] == nil, let first = vocabulary.comparable[Int(id)].first { cacheByInitial[first, default: []].append(id) }
    cacheUnigram[id, default: 0] += 1
    cacheTotal += 1
    if let first = vocabulary.comparable[Int(id)].first {
      let updated = cacheUnigram
      Self.moveUp(id, in: &cacheByInitial[first, default: []]) { updated[$0] ?? 0 }
    }
    let v = previous.last.map { vocabulary.id(of: $0) } ?? NGramCounts.sentenceStart
    if let v {
      var cached = cacheBigram[v] ?? (0, [:], [])
      if cached.followers[id] == nil { cached.order.append(id) }
      cached.total += 1
      cached.followers[id, default: 0] += 1
      let followers = cached.followers
      Self.moveUp(id, in: &cached.order) { followers[$0] ?? 0 }
      cacheBigram[v] = cached
    }
  }

  /// Keeps `list` sorted by falling `count` after `id`'s count grew.
  private static func moveUp(_ id: Int32, in list: inout [Int32], count: (Int32) -> Double) {
    guard var position = list.lastIndex(of: id) else { return }
    let mine = count(id)
    while position > 0 && count(list[position - 1]) < mine {
      list.swapAt(position - 1, position)
      position -= 1
    }
  }

  /// P(w | u v) from the shared Kneser-Ney model, mixed with the user's cache when adapting.
  private func probability(
    _ w: Int32, u: Int32?, v: Int32?, _ trigramContext: KneserNeyModel.Context?, _ bigramContext: KneserNeyModel.Context?
  ) -> Double {
    let p = lm.probability(w, u: u, v: v, trigramContext, bigramContext)
    guard config.adaptation, cacheTotal > 0 else { return p }
    let a = config.unigramCacheWeight
    var mixed = (1 - a) * p + a * (cacheUnigram[w] ?? 0) / cacheTotal
    if let v, let cached = cacheBigram[v] {
      let b = config.bigramCacheWeight
      mixed = (1 - b) * mixed + b * (cached.followers[w] ?? 0) / cached.total
    }
    return mixed
  }
}
