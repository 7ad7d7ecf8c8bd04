public import KeyBenchLexicon
import Synchronization

/// A lexicon prepared for correction: one entry per lowercased word (keeping the most frequent
/// spelling, e.g. `I` for `i`), each spelled as small letter codes so distance loops compare
/// bytes, not `Character`s. Correctors share one instance; it is immutable.
public final class CorrectionLexicon: Sendable {
  /// The spelling offered to the user, per word id (ids run from the most frequent word down).
  public let words: [String]
  /// LatinIME frequency byte per word id.
  public let frequencies: [UInt8]
  /// Word codes, concatenated; word `i` is `codes[offsets[i]..<offsets[i + 1]]`.
  let codes: [UInt8]
  let offsets: [Int32]
  /// Word `i`'s length, frequency byte and codes again in 16 bytes at `slots[16 i]` (up to 14
  /// letters; length 255 marks a longer word, read from `codes`): all a candidate needs then
  /// costs one cache miss, not three.
  let slots: [UInt8]
  /// Code per lowercased Unicode scalar; 0 is "no such letter in the lexicon".
  let alphabet: [Unicode.Scalar: UInt8]
  /// The scalar of each code (index 0 unused).
  let scalars: [Unicode.Scalar]
  /// Code per ASCII byte, upper case as lower case: ``encode(_:)`` without hashing.
  private let asciiCodes: [UInt8]
  private let idByKey: [String: Int32]
  private let knownKeys: Set<String>
  public let name: String
  public let locale: String
  /// Delete-index tables built for this lexicon, by deletion count and prefix: correctors with
  /// the same settings (the baseline and the keyboard corrector) share one instead of each
  /// building its own (two thirds of a correction run's start-up, tens of megabytes each).
  private let builtDeleteTables = Mutex<[Int: DeleteIndex.Tables]>([:])

  /// Keeps suggestible entries (real words with frequency above 0) as candidates; every entry,
  /// including LatinIME's `not_a_word` ones, counts as *known* for ``isKnown(_:)``.
  public init(lexicon: Lexicon) {
    name = lexicon.name
    locale = lexicon.locale
    var best: [String: Lexicon.Entry] = [:]
    var known = Set<String>()
    for entry in lexicon.entries {
      let key = entry.word.lowercased()
      known.insert(key)
      guard entry.isSuggestible else { continue }
      if let current = best[key], current.frequency > entry.frequency
        || (current.frequency == entry.frequency && current.word < entry.word)
      {
        continue
      }
      best[key] = entry
    }
    // Ids in descending frequency, so a sorted candidate list is a most-frequent-first list.
    let ordered = best.sorted {
      $0.value.frequency != $1.value.frequency ? $0.value.frequency > $1.value.frequency : $0.key < $1.key
    }
    var alphabet: [Unicode.Scalar: UInt8] = [:]
    var scalars: [Unicode.Scalar] = ["\u{0}"]
    var codes: [UInt8] = []
    var offsets: [Int32] = [0]
    var words: [String] = []
    var frequencies: [UInt8] = []
    var ids: [String: Int32] = [:]
    for (key, entry) in ordered {
      for scalar in key.unicodeScalars {
        if let code = alphabet[scalar] {
          codes.append(code)
        } else if scalars.count < 256 {
          alphabet[scalar] = UInt8(scalars.count)
          codes.append(UInt8(scalars.count))
          scalars.append(scalar)
        } else {
          codes.append(0)
        }
      }
      offsets.append(Int32(codes.count))
      ids[key] = Int32(words.count)
      words.append(entry.word)
      frequencies.append(entry.frequency)
    }
    self.words = words
    self.frequencies = frequencies
    self.codes = codes
    self.offsets = offsets
    var slots = [UInt8](repeating: 0, count: words.count * Self.slotSize)
    for id in words.indices {
      let start = Int(offsets[id])
      let length = Int(offsets[id + 1]) - start
      let base = id * Self.slotSize
      slots[base + 1] = frequencies[id]
      guard length <= Self.slotLetters else {
        slots[base] = 255
        continue
      }
      slots[base] = UInt8(length)
      for k in 0..<length { slots[base + 2 + k] = codes[start + k] }
    }
    self.slots = slots
    self.alphabet = alphabet
    self.scalars = scalars
    asciiCodes = (0..<128).map { byte in
      Unicode.Scalar(UInt8(byte)).properties.lowercaseMapping.unicodeScalars.first.flatMap { alphabet[$0] } ?? 0
    }
    self.idByKey = ids
    self.knownKeys = known
  }

  public var count: Int { words.count }

  /// Whether `word` (any case) is in the lexicon at all: typing it is not a non-word error.
  public func isKnown(_ word: String) -> Bool { knownKeys.contains(Self.key(word)) }

  /// The candidate id of `word` (any case).
  public func id(of word: String) -> Int? { idByKey[Self.key(word)].map(Int.init) }

  /// `word` lowercased, the form both lookups are keyed by. Most typed words are lower case
  /// already: no lowercased copy for them.
  private static func key(_ word: String) -> String {
    word.utf8.contains { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 } ? word.lowercased() : word
  }

  /// The letter codes of `text`, lowercased (0 for letters the lexicon never uses).
  func encode(_ text: String) -> [UInt8] {
    // ASCII text, nearly every typed word, maps byte by byte through a table; the rest is
    // lowercased as Unicode.
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.map { asciiCodes[Int($0)] } }
    return text.lowercased().unicodeScalars.map { alphabet[$0] ?? 0 }
  }

  static let slotSize = 16
  static let slotLetters = 14

  /// The codes of word `id`.
  @inline(__always)
  func word(_ id: Int) -> ArraySlice<UInt8> {
    let base = id * Self.slotSize
    let length = Int(slots[base])
    return length <= Self.slotLetters ? slots[(base + 2)..<(base + 2 + length)] : codes[Int(offsets[id])..<Int(offsets[id + 1])]
  }

  /// The words' letters as raw buffers, for loops over thousands of candidates a second: no
  /// bounds checks or reference counting per word.
  struct Letters {
    let slots: UnsafeBufferPointer<UInt8>
    let codes: UnsafeBufferPointer<UInt8>
    let offsets: UnsafeBufferPointer<Int32>

    /// The frequency byte of word `id`; reading it brings the word's letters into cache.
    @inline(__always)
    func frequency(_ id: Int) -> UInt8 { slots[id &* CorrectionLexicon.slotSize &+ 1] }

    /// The codes of word `id`.
    @inline(__always)
    func word(_ id: Int) -> UnsafeBufferPointer<UInt8> {
      let base = id &* CorrectionLexicon.slotSize
      let length = Int(slots[base])
      if length <= CorrectionLexicon.slotLetters { return UnsafeBufferPointer(rebasing: slots[(base + 2)..<(base + 2 + length)]) }
      return UnsafeBufferPointer(rebasing: codes[Int(offsets[id])..<Int(offsets[id + 1])])
    }
  }

  /// Calls `body` with the words' letters as raw buffers, valid only during the call.
  func withLetters<Result>(_ body: (Letters) throws -> Result) rethrows -> Result {
    try slots.withUnsafeBufferPointer { slots in
      try codes.withUnsafeBufferPointer { codes in
        try offsets.withUnsafeBufferPointer { offsets in try body(Letters(slots: slots, codes: codes, offsets: offsets)) }
      }
    }
  }

  /// The lowercased character of `code`.
  func character(_ code: UInt8) -> Character { Character(scalars[Int(code)]) }

  /// The alphabet size including the "unknown" code 0.
  var alphabetSize: Int { scalars.count }

  /// The delete-index tables for `maxDeletes` and `prefix`, built on first use (under the lock, so
  /// two correctors built at once wait for one build rather than make two).
  func deleteTables(maxDeletes: Int, prefix: Int) -> DeleteIndex.Tables {
    builtDeleteTables.withLock { built in
      let key = maxDeletes << 32 | prefix
      if let tables = built[key] { return tables }
      let tables = DeleteIndex.Tables(lexicon: self, maxDeletes: maxDeletes, prefix: prefix)
      built[key] = tables
      return tables
    }
  }
}
