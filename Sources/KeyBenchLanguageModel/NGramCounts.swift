import Foundation

/// Word unigram, bigram and trigram counts from running text, the training data every predictor shares.
///
/// Words are identified by their lower-cased form (so sentence-initial `The` and `the` are one word,
/// while `schon` and `schön` stay two); each word keeps one display form, the casing it had first in
/// the middle of a sentence (German nouns stay capitalised, `the` stays lower-case). Id 0 is the
/// sentence start, so `<s> Alice was` gives bigram (0, Alice) and trigram (0, Alice, was).
public struct NGramCounts: Sendable {
  /// Sentence-start pseudo word.
  public static let sentenceStart: Int32 = 0
  /// Ids are packed three to a 64-bit trigram key.
  static let idBits: UInt64 = 21

  /// Display form by id (id 0 is `<s>`).
  public private(set) var words: [String] = ["<s>"]
  /// Occurrences by id (for id 0: sentences).
  public private(set) var unigrams: [Int] = [0]
  /// Bigram counts keyed by ``bigramKey(_:_:)``.
  public private(set) var bigrams: [UInt64: Int] = [:]
  /// Trigram counts keyed by ``trigramKey(_:_:_:)``.
  public private(set) var trigrams: [UInt64: Int] = [:]
  /// Word tokens counted (without sentence starts).
  public private(set) var tokens = 0
  /// Sentences counted.
  public private(set) var sentences = 0

  private var index: [String: Int32] = [:]
  private var displayFromSentenceStart: [Bool] = [false]

  public init() {}

  /// Counts from the given files (Gutenberg prose or Leipzig sentences, see ``TextTokenizer``).
  public init(files: [String]) throws {
    for file in files {
      for sentence in try TextTokenizer.sentences(inFile: file) { add(sentence: sentence) }
    }
  }

  /// Counts as stored (e.g. by `keybench-ingest --text`): `words[0]` is `<s>`, `unigrams[i]` counts
  /// `words[i]`, and the n-gram keys use these ids.
  ///
  /// - Precondition: `words` and `unigrams` have the same length, at least 1.
  public init(
    words: [String], unigrams: [Int], bigrams: [UInt64: Int], trigrams: [UInt64: Int], tokens: Int, sentences: Int
  ) {
    precondition(words.count == unigrams.count && !words.isEmpty, "one count per word, <s> first")
    self.words = words
    self.unigrams = unigrams
    self.bigrams = bigrams
    self.trigrams = trigrams
    self.tokens = tokens
    self.sentences = sentences
    for (id, word) in words.enumerated().dropFirst() { index[word.lowercased()] = Int32(id) }
    displayFromSentenceStart = [Bool](repeating: false, count: words.count)
  }

  /// Adds every count of `other` (another text's counts) to these, so stored and fresh training
  /// text can be combined.
  public mutating func add(_ other: NGramCounts) {
    var map = [Int32](repeating: Self.sentenceStart, count: other.words.count)
    for id in 1..<other.words.count {
      map[id] = intern(other.words[id], atSentenceStart: other.displayFromSentenceStart[id])
      unigrams[Int(map[id])] += other.unigrams[id]
    }
    unigrams[0] += other.unigrams[0]
    for (key, count) in other.bigrams {
      let (a, b) = Self.unpack(bigram: key)
      bigrams[Self.bigramKey(map[Int(a)], map[Int(b)]), default: 0] += count
    }
    for (key, count) in other.trigrams {
      let (a, b, c) = Self.unpack(trigram: key)
      trigrams[Self.trigramKey(map[Int(a)], map[Int(b)], map[Int(c)]), default: 0] += count
    }
    tokens += other.tokens
    sentences += other.sentences
  }

  /// The id of `word` (any casing), or nil when it never occurred.
  public func id(of word: String) -> Int32? { index[word.lowercased()] }

  /// Ids by lower-cased form (what ``id(of:)`` looks up), for models that keep the vocabulary
  /// without the counts.
  public var wordIDs: [String: Int32] { index }

  /// Distinct words (without `<s>`).
  public var vocabularySize: Int { words.count - 1 }

  /// Adds one sentence's unigrams, bigrams and trigrams.
  public mutating func add(sentence: [String]) {
    guard !sentence.isEmpty else { return }
    sentences += 1
    unigrams[0] += 1
    var previous2: Int32? = nil
    var previous1: Int32 = Self.sentenceStart
    for (position, word) in sentence.enumerated() {
      let id = intern(word, atSentenceStart: position == 0)
      unigrams[Int(id)] += 1
      tokens += 1
      bigrams[Self.bigramKey(previous1, id), default: 0] += 1
      if let previous2 { trigrams[Self.trigramKey(previous2, previous1, id), default: 0] += 1 }
      previous2 = previous1
      previous1 = id
    }
  }

  private mutating func intern(_ word: String, atSentenceStart: Bool) -> Int32 {
    let key = word.lowercased()
    if let id = index[key] {
      if displayFromSentenceStart[Int(id)] && !atSentenceStart {
        words[Int(id)] = word
        displayFromSentenceStart[Int(id)] = false
      }
      return id
    }
    let id = Int32(words.count)
    precondition(UInt64(id) < (1 << Self.idBits), "vocabulary too large for packed trigram keys")
    index[key] = id
    words.append(word)
    unigrams.append(0)
    displayFromSentenceStart.append(atSentenceStart)
    return id
  }

  public static func bigramKey(_ a: Int32, _ b: Int32) -> UInt64 { UInt64(a) << 32 | UInt64(b) }
  public static func trigramKey(_ a: Int32, _ b: Int32, _ c: Int32) -> UInt64 {
    UInt64(a) << (2 * idBits) | UInt64(b) << idBits | UInt64(c)
  }
  public static func unpack(trigram key: UInt64) -> (Int32, Int32, Int32) {
    let mask: UInt64 = (1 << idBits) - 1
    return (Int32(key >> (2 * idBits)), Int32((key >> idBits) & mask), Int32(key & mask))
  }
  public static func unpack(bigram key: UInt64) -> (Int32, Int32) { (Int32(key >> 32), Int32(key & 0xFFFF_FFFF)) }
}
