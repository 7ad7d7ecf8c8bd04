public import KeyBenchLanguageModel
import KeyBenchCore
public import KeyBenchLexicon

/// Every word a predictor may suggest, sorted by comparable form so a typed prefix maps to one
/// contiguous range (the seed's prefix tree, flattened).
///
/// Ids below ``trainedWords`` are the ids of ``NGramCounts``; the LatinIME lexicon, when given,
/// appends its suggestible words that training never saw, so completion still finds them.
public struct PredictionVocabulary: Sendable {
  /// Display form by id (id 0 is `<s>` and is never suggested).
  public let words: [String]
  /// LatinIME frequency (0…255) by id, 0 when the lexicon does not list the word.
  public let lexiconFrequency: [UInt8]
  /// Ids that come from training text; higher ids are lexicon-only.
  public let trainedWords: Int
  /// Comparable form (``ComparableForm``) bytes by id.
  let comparable: [[UInt8]]
  /// The first four comparable bytes of each id, packed big-endian and zero-padded: a typed
  /// prefix of up to four bytes is matched with one masked compare instead of an array walk (the
  /// predictor tests thousands of context followers per request; UTF-8 text has no zero byte, so
  /// padding never matches a typed byte).
  let prefixKeys: [UInt32]
  /// Ids ordered by comparable form.
  let sorted: [Int32]
  private let index: [String: Int32]

  public init(counts: NGramCounts, lexicon: Lexicon? = nil) {
    var words = counts.words
    var index: [String: Int32] = [:]
    for (id, word) in words.enumerated().dropFirst() { index[word.lowercased()] = Int32(id) }
    var frequency = [UInt8](repeating: 0, count: words.count)
    for entry in lexicon?.entries ?? [] where entry.isSuggestible && !Whitespace.occurs(in: entry.word) {
      let key = entry.word.lowercased()
      if let id = index[key] {
        frequency[Int(id)] = max(frequency[Int(id)], entry.frequency)
      } else {
        index[key] = Int32(words.count)
        words.append(entry.word)
        frequency.append(entry.frequency)
      }
    }
    self.words = words
    self.lexiconFrequency = frequency
    self.trainedWords = counts.words.count
    self.index = index
    let comparable = words.map { Array(ComparableForm.of($0).utf8) }
    self.comparable = comparable
    self.prefixKeys = comparable.map { Self.packedKey($0) }
    self.sorted = (1..<Int32(words.count)).sorted { Self.less(comparable[Int($0)], comparable[Int($1)]) }
  }

  public var count: Int { words.count }

  /// The id of `word` in any casing, or nil.
  public func id(of word: String) -> Int32? { index[word.lowercased()] }

  /// Positions in ``sorted`` of the words whose comparable form starts with `prefix` (comparable bytes).
  func prefixRange(_ prefix: [UInt8]) -> Range<Int> {
    if prefix.isEmpty { return 0..<sorted.count }
    let lower = partition { !Self.less(comparable[Int($0)], prefix) }
    var upperBound = prefix
    // The first byte string after every string starting with prefix: increment the last byte < 0xFF.
    while let last = upperBound.last, last == 0xFF { upperBound.removeLast() }
    guard !upperBound.isEmpty else { return lower..<sorted.count }
    upperBound[upperBound.count - 1] += 1
    let upper = partition { !Self.less(comparable[Int($0)], upperBound) }
    return lower..<max(lower, upper)
  }

  /// `bytes`' first four bytes, packed big-endian, zero-padded.
  static func packedKey(_ bytes: [UInt8]) -> UInt32 {
    var key: UInt32 = 0
    for index in 0..<4 { key = key << 8 | UInt32(index < bytes.count ? bytes[index] : 0) }
    return key
  }

  /// A typed prefix made ready for ``matches(_:_:)-(_,TypedPrefix)``: its packed first bytes and mask.
  struct TypedPrefix {
    let bytes: [UInt8]
    let key: UInt32
    let mask: UInt32
    init(_ bytes: [UInt8]) {
      self.bytes = bytes
      key = PredictionVocabulary.packedKey(bytes)
      let kept = min(bytes.count, 4)
      mask = kept == 0 ? 0 : ~UInt32(0) << (8 * UInt32(4 - kept))
    }
  }

  /// Whether word `id`'s comparable form starts with `prefix`: one masked compare for up to four
  /// bytes, the rest compared byte by byte.
  @inline(__always)
  func matches(_ id: Int32, _ prefix: TypedPrefix) -> Bool {
    guard prefixKeys[Int(id)] & prefix.mask == prefix.key & prefix.mask else { return false }
    return prefix.bytes.count <= 4 || matches(id, prefix.bytes)
  }

  /// Whether word `id`'s comparable form starts with `prefix`.
  func matches(_ id: Int32, _ prefix: [UInt8]) -> Bool {
    let form = comparable[Int(id)]
    guard form.count >= prefix.count else { return false }
    for i in 0..<prefix.count where form[i] != prefix[i] { return false }
    return true
  }

  private func partition(_ isUpper: (Int32) -> Bool) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let mid = (low + high) / 2
      if isUpper(sorted[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }

  static func less(_ a: [UInt8], _ b: [UInt8]) -> Bool { a.lexicographicallyPrecedes(b) }
}

/// The comparable-form bytes of typed input.
func comparableBytes(_ text: String) -> [UInt8] { Array(ComparableForm.of(text).utf8) }
