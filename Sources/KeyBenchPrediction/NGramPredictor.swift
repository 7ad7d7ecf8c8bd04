import Foundation
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
/// Passed-over words (``Config/skipPassedOver``): a word shown earlier for the word being typed is
/// not shown again — the user typed on, so it was not the word. This uses only what a keyboard
/// knows (its own answers and the next keystroke), and it is what makes one suggestion slot worth
/// more than a re-run of the last list: +1.8 points of keystroke saving with 3 suggestions on
/// Alice, +4 with 1.
///
/// Adaptation (switchable): caches of the words the user finished — as unigrams (recent words
/// weigh more, ``Config/unigramCacheMemory``), as followers of the previous word and of the last
/// two — are mixed into the probability level by level:
/// P₁ = (1 − a) P_KN + a P_cache(w), P₂ = (1 − b) P₁ + b P_cache(w | v),
/// P₃ = (1 − c) P₂ + c P_cache(w | u v), each cache level only when its context was typed before.
/// Cached words that match the prefix join the candidates. Words outside the vocabulary (training
/// and lexicon) are learnt once typed (``Config/learnNewWords``) and then offered by the caches.
/// The weights were chosen on Alice (trained on four other shared English texts) and checked on
/// texts never used for choosing (Huckleberry Finn, Kafka's Verwandlung): Reports/benchmarks/predict.md.
public final class NGramPredictor: Predictor {
  public struct Config: Codable, Sendable, Equatable {
    /// Mix in the cache of words the user typed.
    public var adaptation = true
    /// Weight a of the unigram cache (0…1).
    public var unigramCacheWeight = 0.2
    /// How many words the unigram cache remembers: a word typed t words ago counts e^(−t/τ) of
    /// one typed now, so the names and topic of the current passage outweigh earlier chapters;
    /// 0 never forgets.
    public var unigramCacheMemory = 2000.0
    /// Weight b (0…1) of the bigram cache, when the previous word has cached followers: large,
    /// because a novel repeats its own phrases far more than training text predicts.
    public var bigramCacheWeight = 0.5
    /// Weight c (0…1) of the trigram cache, when the last two words have cached followers.
    public var trigramCacheWeight = 0.2
    /// Remember words the vocabulary lacks once the user typed them (names, dialect, new
    /// coinages), so the cache can suggest them the next time — the seed's personal dictionary.
    public var learnNewWords = true
    /// Leave out words this predictor already showed for the word being typed.
    ///
    /// A user who saw the intended word among the suggestions would have tapped it; one who typed
    /// on did not want any word shown (at a rank still on screen: the first `count` of an earlier
    /// answer, for the `count` asked for now). So those words make room for others. It uses only
    /// what a keyboard sees — its own earlier answers and that the user kept typing — never the
    /// intended word.
    public var skipPassedOver = true
    public init() {}

    /// Missing keys keep their defaults, so a config written before a switch existed still loads.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      adaptation = try c.decodeIfPresent(Bool.self, forKey: .adaptation) ?? adaptation
      unigramCacheWeight = try c.decodeIfPresent(Double.self, forKey: .unigramCacheWeight) ?? unigramCacheWeight
      bigramCacheWeight = try c.decodeIfPresent(Double.self, forKey: .bigramCacheWeight) ?? bigramCacheWeight
      trigramCacheWeight = try c.decodeIfPresent(Double.self, forKey: .trigramCacheWeight) ?? trigramCacheWeight
      unigramCacheMemory = try c.decodeIfPresent(Double.self, forKey: .unigramCacheMemory) ?? unigramCacheMemory
      learnNewWords = try c.decodeIfPresent(Bool.self, forKey: .learnNewWords) ?? learnNewWords
      skipPassedOver = try c.decodeIfPresent(Bool.self, forKey: .skipPassedOver) ?? skipPassedOver
    }
  }

  public let name: String
  public let config: Config
  private var cacheUnigram: [Int32: Double] = [:]
  private var cacheTotal = 0.0
  /// The weight the next learnt word adds to the unigram cache (grows with every word when the
  /// cache forgets, ``Config/unigramCacheMemory``).
  private var cacheIncrement = 1.0
  /// Cached words by first comparable byte, most used first.
  private var cacheByInitial: [UInt8: [Int32]] = [:]
  /// Cached followers of a word, and of two words (keyed by ``NGramCounts/bigramKey(_:_:)``).
  private var cacheBigram: [Int32: FollowerCache] = [:]
  private var cacheTrigram: [UInt64: FollowerCache] = [:]
  /// The word being typed, as the last request saw it: its context and typed prefix, the answer
  /// given, and the words shown for it earlier that the user typed past (``Config/skipPassedOver``).
  private var typing = WordInProgress()
  private let vocabulary: PredictionVocabulary
  /// Words the user typed that the vocabulary lacks (``Config/learnNewWords``).
  private var personal: PersonalWords
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
    personal = PersonalWords(firstID: Int32(vocabulary.count))
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
    personal = other.personal
    lm = other.lm
    prefixTop = other.prefixTop
    cacheUnigram = other.cacheUnigram
    cacheTotal = other.cacheTotal
    cacheIncrement = other.cacheIncrement
    cacheByInitial = other.cacheByInitial
    cacheBigram = other.cacheBigram
    cacheTrigram = other.cacheTrigram
    typing = other.typing
  }

  public func copy() -> any Predictor { NGramPredictor(copying: self) }

  public func suggest(previous: ArraySlice<String>, prefix: String, count: Int) -> [String] {
    let typed = comparableBytes(prefix)
    let (u, v) = context(previous)
    let trigramContext = v.flatMap { v in u.flatMap { lm.trigramContext($0, v) } }
    let bigramContext = v.flatMap { lm.bigramContext($0) }

    let match = PredictionVocabulary.TypedPrefix(typed)
    let passedOver = config.skipPassedOver ? typing.advance(previous: previous, typed: typed, count: count) : []
    var candidates: [Int32] = []
    func collect(_ list: some Collection<Int32>) {
      var found = 0
      for id in list.prefix(Self.scanLimit) where matches(id, match) && !passedOver.contains(id) {
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
        guard !passedOver.contains(id) else { continue }
        guard best.count < count || unigram[Int(id)] > unigram[Int(best[best.count - 1])] else { continue }
        var at = best.count
        while at > 0 && unigram[Int(best[at - 1])] < unigram[Int(id)] { at -= 1 }
        best.insert(id, at: at)
        if best.count > count { best.removeLast() }
      }
      collect(best)
    }
    var cached = CachedContexts()
    if config.adaptation {
      cached.bigram = v.flatMap { cacheBigram[$0] }
      cached.trigram = v.flatMap { v in u.flatMap { cacheTrigram[NGramCounts.bigramKey($0, v)] } }
      if let trigram = cached.trigram { collect(trigram.order) }
      if let bigram = cached.bigram { collect(bigram.order) }
      if let first = typed.first { collect(cacheByInitial[first] ?? []) }
    }

    var scored = candidates.map { id in (id, probability(id, u: u, v: v, trigramContext, bigramContext, cached)) }
    scored.sort { $0.1 > $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
    let answer = scored.prefix(count).map(\.0)
    if config.skipPassedOver { typing.answered(answer) }
    return answer.map(display)
  }

  public func learn(previous: ArraySlice<String>, word: String) {
    typing = WordInProgress()
    guard config.adaptation else { return }
    guard let id = id(of: word) ?? (config.learnNewWords ? personal.add(word) : nil) else { return }
    if cacheUnigram[id] == nil, let first = form(id).first { cacheByInitial[first, default: []].append(id) }
    if config.unigramCacheMemory > 0 {
      // Rather than shrink every count per word, grow the weight of the next one; rescale all
      // before it overflows. Shares are unchanged by the common factor.
      cacheIncrement *= exp(1 / config.unigramCacheMemory)
      if cacheIncrement > 1e200 {
        for key in cacheUnigram.keys { cacheUnigram[key]! /= cacheIncrement }
        cacheTotal /= cacheIncrement
        cacheIncrement = 1
      }
    }
    cacheUnigram[id, default: 0] += cacheIncrement
    cacheTotal += cacheIncrement
    if let first = form(id).first {
      let updated = cacheUnigram
      Self.moveUp(id, in: &cacheByInitial[first, default: []]) { updated[$0] ?? 0 }
    }
    let v = previous.last.map { self.id(of: $0) } ?? NGramCounts.sentenceStart
    guard let v else { return }
    cacheBigram[v, default: FollowerCache()].add(id)
    let u = previous.count >= 2 ? self.id(of: previous[previous.endIndex - 2]) : previous.isEmpty ? nil : NGramCounts.sentenceStart
    if let u { cacheTrigram[NGramCounts.bigramKey(u, v), default: FollowerCache()].add(id) }
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

  /// Ids in use: the vocabulary's and the words learnt from the user (id 0 is `<s>`).
  var wordCount: Int { Int(personal.firstID) + personal.count }

  /// P(w | the last two words of `previous`) as the suggestions are ranked by: what the tests
  /// check sums to 1 over ``wordCount``.
  func probability(of w: Int32, previous: ArraySlice<String>) -> Double {
    let (u, v) = context(previous)
    var cached = CachedContexts()
    if config.adaptation {
      cached.bigram = v.flatMap { cacheBigram[$0] }
      cached.trigram = v.flatMap { v in u.flatMap { cacheTrigram[NGramCounts.bigramKey($0, v)] } }
    }
    return probability(
      w, u: u, v: v, v.flatMap { v in u.flatMap { lm.trigramContext($0, v) } }, v.flatMap { lm.bigramContext($0) }, cached)
  }

  /// The ids of the two words before the cursor (`<s>` at a sentence start; nil when unknown).
  private func context(_ previous: ArraySlice<String>) -> (u: Int32?, v: Int32?) {
    switch previous.count {
    case 0: return (nil, NGramCounts.sentenceStart)
    case 1: return (NGramCounts.sentenceStart, id(of: previous[previous.startIndex]))
    default: return (id(of: previous[previous.endIndex - 2]), id(of: previous[previous.endIndex - 1]))
    }
  }

  /// The id of `word` in the vocabulary or among the words learnt from the user.
  private func id(of word: String) -> Int32? { vocabulary.id(of: word) ?? personal.id(of: word) }
  /// The display form of `id`.
  private func display(_ id: Int32) -> String { id < personal.firstID ? vocabulary.words[Int(id)] : personal.word(id) }
  /// The comparable form of `id`.
  private func form(_ id: Int32) -> [UInt8] { id < personal.firstID ? vocabulary.comparable[Int(id)] : personal.form(id) }
  @inline(__always)
  private func matches(_ id: Int32, _ prefix: PredictionVocabulary.TypedPrefix) -> Bool {
    id < personal.firstID ? vocabulary.matches(id, prefix) : personal.form(id).starts(with: prefix.bytes)
  }

  /// The user's cache for the current context, looked up once per request.
  private struct CachedContexts {
    var bigram: FollowerCache?
    var trigram: FollowerCache?
  }

  /// P(w | u v) from the shared Kneser-Ney model, mixed with the user's cache when adapting: the
  /// unigram cache first, then the bigram and trigram caches, each interpolating with the mixture
  /// below it, so the result is a probability distribution over the vocabulary.
  private func probability(
    _ w: Int32, u: Int32?, v: Int32?, _ trigramContext: KneserNeyModel.Context?, _ bigramContext: KneserNeyModel.Context?,
    _ cached: CachedContexts
  ) -> Double {
    // A word learnt from the user has no place in the trained model: only the caches speak for it.
    let p = w < personal.firstID ? lm.probability(w, u: u, v: v, trigramContext, bigramContext) : 0
    guard config.adaptation, cacheTotal > 0 else { return p }
    let a = config.unigramCacheWeight
    var mixed = (1 - a) * p + a * (cacheUnigram[w] ?? 0) / cacheTotal
    if let bigram = cached.bigram {
      let b = config.bigramCacheWeight
      mixed = (1 - b) * mixed + b * bigram.share(of: w)
    }
    if let trigram = cached.trigram, config.trigramCacheWeight > 0 {
      let c = config.trigramCacheWeight
      mixed = (1 - c) * mixed + c * trigram.share(of: w)
    }
    return mixed
  }
}

/// The words the user typed after one context: how often each, and the words most used first
/// (the candidates it offers).
struct FollowerCache {
  private(set) var total = 0.0
  private var counts: [Int32: Double] = [:]
  private(set) var order: [Int32] = []

  /// The share of `w` among the followers (0 when never typed here).
  func share(of w: Int32) -> Double { total > 0 ? (counts[w] ?? 0) / total : 0 }

  /// Counts one more `id`, keeping ``order`` by falling count (ties: first typed first).
  mutating func add(_ id: Int32) {
    total += 1
    let mine = counts[id, default: 0] + 1
    counts[id] = mine
    guard var position = mine == 1 ? order.count : order.lastIndex(of: id) else { return }
    if mine == 1 { order.append(id) }
    while position > 0 && (counts[order[position - 1]] ?? 0) < mine {
      order.swapAt(position - 1, position)
      position -= 1
    }
  }
}

/// What ``NGramPredictor`` remembers of the word being typed: the requests for one word share
/// their context, and each prefix extends the one before (the benchmark's protocol, and a
/// keyboard's between two spaces). Anything else — another context, a shorter or unrelated
/// prefix (backspace, a new word) — starts afresh, so a word is never skipped on a guess.
struct WordInProgress {
  private var previous: [String] = []
  private var typed: [UInt8]? = nil
  private var lastAnswer: [Int32] = []
  private var skipped: [Int32] = []

  /// The words to leave out of the answer for `typed` after `previous`, `count` asked for: the
  /// ones shown earlier for this word (the first `count` of each earlier answer) when `typed`
  /// extends the last request's prefix in the same context, else none.
  mutating func advance(previous: ArraySlice<String>, typed: [UInt8], count: Int) -> [Int32] {
    if let last = self.typed, typed.count > last.count, typed.starts(with: last), self.previous.elementsEqual(previous) {
      for id in lastAnswer.prefix(count) where !skipped.contains(id) { skipped.append(id) }
    } else {
      skipped.removeAll(keepingCapacity: true)
      self.previous = Array(previous)
    }
    self.typed = typed
    lastAnswer.removeAll(keepingCapacity: true)
    return skipped
  }

  /// Records the answer just given (best first).
  mutating func answered(_ answer: [Int32]) { lastAnswer = answer }
}

/// Words the user typed that the predictor's vocabulary lacks, with ids after the vocabulary's,
/// so the caches can count and offer them like any other word.
struct PersonalWords {
  /// The id of the first learnt word (the vocabulary's size).
  let firstID: Int32
  private var words: [String] = []
  private var forms: [[UInt8]] = []
  private var index: [String: Int32] = [:]

  init(firstID: Int32) { self.firstID = firstID }

  /// Words learnt.
  var count: Int { words.count }

  /// The id of a learnt `word` in any casing, or nil.
  func id(of word: String) -> Int32? { index[word.lowercased()] }

  func word(_ id: Int32) -> String { words[Int(id - firstID)] }

  func form(_ id: Int32) -> [UInt8] { forms[Int(id - firstID)] }

  /// Learns `word` (its first casing is the one shown) and returns its id; nil for a word without
  /// a comparable form (nothing to match a prefix against).
  mutating func add(_ word: String) -> Int32? {
    if let known = id(of: word) { return known }
    let form = comparableBytes(word)
    guard !form.isEmpty else { return nil }
    let id = firstID + Int32(words.count)
    words.append(word)
    forms.append(form)
    index[word.lowercased()] = id
    return id
  }
}
