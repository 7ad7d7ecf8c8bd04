public import KeyBenchLanguageModel
import Foundation

/// Seed 002's predictor (§2.1, §2.3, §2.5.2): completion by prefix on the comparable form ranked by
/// word frequency, bigram prediction after the previous word, bigram-boosted completion, AIMD
/// frequency adaptation and a personal dictionary of new words.
///
/// Suggestions are, in order: followers of the previous word (by bigram count) whose comparable form
/// starts with the typed prefix, then the most frequent vocabulary words with that prefix. Word
/// frequencies start on a log scale of the training counts (lexicon-only words below every trained
/// word, by LatinIME frequency). With adaptation on, a finished word gains ``Config/increment``
/// (additive increase) and its bigram one count; when a word reaches ``Config/limit`` every frequency
/// is halved (multiplicative decrease). A word outside the vocabulary enters the personal dictionary
/// the second time it is typed and is forgotten when halving drops it below ``Config/forgetBelow``.
///
/// Completion vs correction (§2.4, ``Config/correction``): words whose start is one edit away from
/// the typed prefix compete with the exact completions at their frequency minus
/// ``Config/correctionPenalty`` × the edit's cost (the seed's adjusted-Levenshtein costs: a neighbouring
/// key 1, another letter 2, an extra typed letter 2, a missed letter 7), so a frequent word one slip
/// away can outrank a rare exact completion. Off by default: on text typed without errors it can only
/// push exact completions down.
public final class KannschPredictor: Predictor {
  public struct Config: Codable, Sendable, Equatable {
    /// AIMD adaptation and the personal dictionary (seed Fig. 4.2 on, Fig. 4.3 off).
    public var adaptation = true
    /// Initial frequency per doubling of a word's training count.
    public var scale = 50.0
    /// Frequency added each time a word is used.
    public var increment = 25.0
    /// Frequency at which every frequency is halved.
    public var limit = 1000.0
    /// Personal words below this after a halving are forgotten.
    public var forgetBelow = 6.0
    /// Words scanned for next-word suggestions without a prefix (the seed's top list).
    public var topListSize = 1000
    /// The §2.4 completion/correction trade-off for prefixes of 2+ letters.
    public var correction = false
    /// Frequency subtracted per unit of edit cost (one doubling of a training count is ``scale``).
    public var correctionPenalty = 40.0
    /// Edit costs (seed §2.2.3): neighbouring key, other letter, extra typed letter, missed letter.
    public var nearCost = 1.0
    public var modifyCost = 2.0
    public var insertCost = 2.0
    public var deleteCost = 7.0
    public init() {}
  }

  public let name: String
  public let config: Config
  private let vocabulary: PredictionVocabulary
  private var frequency: [Double]
  private var followers: [Int32: [(id: Int32, count: Int)]] = [:]
  private var topList: [Int32]
  private var inTopList: Set<Int32>
  private var seenOnce: Set<String> = []
  private var personal: [String: (word: String, form: [UInt8], frequency: Double)] = [:]
  /// Neighbouring letter pairs (comparable a–z bytes, `a << 8 | b`) for the correction's near cost.
  private let nearPairs: Set<UInt16>

  /// - Parameter nearKeys: which letters are neighbouring keys on the user's keyboard (for the
  ///   correction's near cost; without it every substitution costs ``Config/modifyCost``).
  public init(
    counts: NGramCounts, vocabulary: PredictionVocabulary, config: Config = Config(), name: String = "kannsch",
    nearKeys: ((Character, Character) -> Bool)? = nil
  ) {
    self.name = name
    self.config = config
    self.vocabulary = vocabulary
    var pairs = Set<UInt16>()
    if let nearKeys {
      for a in UInt8(ascii: "a")...UInt8(ascii: "z") {
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") where a != b && nearKeys(Character(UnicodeScalar(a)), Character(UnicodeScalar(b))) {
          pairs.insert(UInt16(a) << 8 | UInt16(b))
        }
      }
    }
    nearPairs = pairs
    var frequency = [Double](repeating: 0, count: vocabulary.count)
    for id in 1..<vocabulary.count {
      if id < counts.unigrams.count, counts.unigrams[id] > 0 {
        frequency[id] = config.scale * Foundation.log2(1 + Double(counts.unigrams[id]))
      } else {
        frequency[id] = config.scale * Double(vocabulary.lexiconFrequency[id]) / 256
      }
    }
    self.frequency = frequency
    var lists: [Int32: [(id: Int32, count: Int)]] = [:]
    for (key, count) in counts.bigrams {
      let (a, b) = NGramCounts.unpack(bigram: key)
      lists[a, default: []].append((b, count))
    }
    for key in lists.keys { lists[key]!.sort { $0.count > $1.count || ($0.count == $1.count && $0.id < $1.id) } }
    self.followers = lists
    let top = (1..<Int32(vocabulary.count)).sorted { (a: Int32, b: Int32) -> Bool in
      let fa = frequency[Int(a)]
      let fb = frequency[Int(b)]
      return fa > fb || (fa == fb && a < b)
    }
    self.topList = Array(top.prefix(config.topListSize))
    self.inTopList = Set(topList)
  }

  private init(copying other: KannschPredictor) {
    name = other.name
    config = other.config
    vocabulary = other.vocabulary
    frequency = other.frequency
    followers = other.followers
    topList = other.topList
    inTopList = other.inTopList
    seenOnce = other.seenOnce
    personal = other.personal
    nearPairs = other.nearPairs
  }

  public func copy() -> any Predictor { KannschPredictor(copying: self) }

  public func suggest(previous: ArraySlice<String>, prefix: String, count: Int) -> [String] {
    let typed = comparableBytes(prefix)
    var chosen: [Int32] = []
    if let context = contextId(previous), let list = followers[context] {
      for entry in list where vocabulary.matches(entry.id, typed) {
        chosen.append(entry.id)
        if chosen.count == count { break }
      }
    }
    var result = chosen.map { vocabulary.words[Int($0)] }
    guard result.count < count else { return result }
    // Completion by frequency: the best `count` words of the prefix range (or the top list).
    var best: [(frequency: Double, word: String)] = []
    func offer(_ f: Double, _ word: String) {
      guard best.count < count || f > best[best.count - 1].frequency else { return }
      var position = best.count
      while position > 0 && best[position - 1].frequency < f { position -= 1 }
      best.insert((f, word), at: position)
      if best.count > count { best.removeLast() }
    }
    if typed.isEmpty {
      for id in topList where !chosen.contains(id) { offer(frequency[Int(id)], vocabulary.words[Int(id)]) }
    } else {
      for position in vocabulary.prefixRange(typed) {
        let id = vocabulary.sorted[position]
        if !chosen.contains(id) { offer(frequency[Int(id)], vocabulary.words[Int(id)]) }
      }
    }
    for entry in personal.values where entry.form.starts(with: typed) { offer(entry.frequency, entry.word) }
    if config.correction && typed.count >= 2 {
      // Exact completions were offered above at their full frequency; each other word once, at the first variant that reaches it.
      var seen = Set(chosen)
      for (variant, cost) in oneEditVariants(typed) {
        for position in vocabulary.prefixRange(variant) {
          let id = vocabulary.sorted[position]
          guard !vocabulary.matches(id, typed), seen.insert(id).inserted else { continue }
          offer(frequency[Int(id)] - config.correctionPenalty * cost, vocabulary.words[Int(id)])
        }
      }
    }
    for entry in best where result.count < count { result.append(entry.word) }
    return result
  }

  /// Prefixes one edit away from `typed` (comparable bytes) that the user may have meant, with the
  /// edit's cost: each letter replaced, an extra typed letter dropped, a missed letter inserted.
  private func oneEditVariants(_ typed: [UInt8]) -> [([UInt8], Double)] {
    let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
    var variants: [([UInt8], Double)] = []
    for i in typed.indices {
      for letter in letters where letter != typed[i] {
        var variant = typed
        variant[i] = letter
        let near = nearPairs.contains(UInt16(typed[i]) << 8 | UInt16(letter))
        variants.append((variant, near ? config.nearCost : config.modifyCost))
      }
      if typed.count > 2 {
        var variant = typed
        variant.remove(at: i)
        variants.append((variant, config.insertCost))
      }
    }
    // A missed letter anywhere but at the end (there it is just a longer completion).
    for i in 0..<typed.count {
      for letter in letters {
        var variant = typed
        variant.insert(letter, at: i)
        variants.append((variant, config.deleteCost))
      }
    }
    return variants
  }

  public func learn(previous: ArraySlice<String>, word: String) {
    guard config.adaptation else { return }
    guard let id = vocabulary.id(of: word) else {
      learnPersonal(word)
      return
    }
    frequency[Int(id)] += config.increment
    if !inTopList.contains(id), let last = topList.last, frequency[Int(id)] > frequency[Int(last)] {
      topList.append(id)
      inTopList.insert(id)
    }
    if let context = contextId(previous) { strengthen(context, id) }
    if frequency[Int(id)] >= config.limit { halve() }
  }

  /// The frequency the predictor currently gives `word` (for tests and reports).
  public func currentFrequency(of word: String) -> Double? {
    if let id = vocabulary.id(of: word) { return frequency[Int(id)] }
    return personal[word.lowercased()]?.frequency
  }

  private func contextId(_ previous: ArraySlice<String>) -> Int32? {
    guard let last = previous.last else { return NGramCounts.sentenceStart }
    return vocabulary.id(of: last)
  }

  private func strengthen(_ context: Int32, _ id: Int32) {
    var list = followers[context] ?? []
    var position: Int
    if let found = list.firstIndex(where: { $0.id == id }) {
      list[found].count += 1
      position = found
    } else {
      list.append((id, 1))
      position = list.count - 1
    }
    while position > 0 && list[position - 1].count < list[position].count {
      list.swapAt(position - 1, position)
      position -= 1
    }
    followers[context] = list
  }

  private func learnPersonal(_ word: String) {
    let key = word.lowercased()
    if var entry = personal[key] {
      entry.frequency += config.increment
      personal[key] = entry
      if entry.frequency >= config.limit { halve() }
    } else if seenOnce.remove(key) != nil {
      personal[key] = (word, comparableBytes(word), config.increment)
    } else {
      seenOnce.insert(key)
    }
  }

  private func halve() {
    for id in frequency.indices { frequency[id] /= 2 }
    for (key, var entry) in personal {
      entry.frequency /= 2
      personal[key] = entry.frequency < config.forgetBelow ? nil : entry
    }
  }
}
