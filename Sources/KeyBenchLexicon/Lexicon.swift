/// An in-memory lexicon laid out for decoders: words grouped by first letter, frequency as a byte.
///
/// Seed 000 (§3.1) keeps its dictionary as one array per first letter so the start-point filter
/// selects candidates by indexing at most a few groups, and stores the frequency as one unsigned
/// byte to fit a keyboard extension's memory limit. KeyBench keeps that layout; within a group
/// entries are ordered by descending frequency, then by word, so the order is deterministic.
/// Per-layout data (key paths, expected lengths) is derived by the decoders, not stored here, so
/// one lexicon serves every device profile.
public struct Lexicon: Sendable {
  /// One word of the lexicon.
  public struct Entry: Sendable, Hashable {
    public var word: String
    /// LatinIME frequency byte (see ``LatinIMEFrequency``).
    public var frequency: UInt8
    /// False for LatinIME `not_a_word` entries, which exist only to carry shortcuts.
    public var isWord: Bool
    public var possiblyOffensive: Bool

    public init(word: String, frequency: UInt8, isWord: Bool = true, possiblyOffensive: Bool = false) {
      self.word = word
      self.frequency = frequency
      self.isWord = isWord
      self.possiblyOffensive = possiblyOffensive
    }

    /// Whether a keyboard may offer this entry: a real word with f > 0 (f = 0 is profanity).
    public var isSuggestible: Bool { isWord && frequency > 0 }

    /// The entry's unigram probability under LatinIME's scale.
    public var probability: Double { LatinIMEFrequency.probability(frequency) }

    /// The lowercased first character that groups this entry.
    public var firstLetter: Character { Lexicon.groupKey(of: word) }
  }

  public let name: String
  public let locale: String
  /// All entries, grouped by ``Entry/firstLetter`` (groups in code-point order).
  public let entries: [Entry]
  private let groups: [Character: Range<Int>]
  private let indexByWord: [String: Int32]

  /// Builds a lexicon; duplicate words keep their highest frequency (the first of equals).
  public init(name: String, locale: String, entries: some Sequence<Entry>) {
    // Every run builds a 160,000-word lexicon before its first item, so each word is hashed
    // once: the word index is built while removing duplicates and only its values are rewritten
    // after sorting; the order is found by counting on group and frequency, and only words of
    // the same group and frequency are compared as strings.
    var kept: [Entry] = []
    kept.reserveCapacity(entries.underestimatedCount)
    var index: [String: Int32] = [:]
    index.reserveCapacity(entries.underestimatedCount)
    for entry in entries {
      let position = Int32(kept.count)
      let found = Self.slot(&index[entry.word, default: position])
      if found == position {
        kept.append(entry)
      } else if kept[Int(found)].frequency < entry.frequency {
        kept[Int(found)] = entry
      }
    }
    // Each entry's group as a small code — the ASCII value of its key, or 128 and up for keys
    // beyond ASCII — so no `Character` is hashed per word; the codes in use are ranked once, by
    // the characters they stand for.
    var characters = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
    var codeOf: [Character: Int] = [:]
    let codes = kept.map { entry -> Int in
      if let ascii = Self.asciiGroupKey(of: entry.word) { return Int(ascii) }
      let key = Self.groupKey(of: entry.word)
      // `asciiValue` would call CR LF a newline: only a key that is one ASCII scalar is one.
      if key.unicodeScalars.count == 1, let scalar = key.unicodeScalars.first, scalar.isASCII { return Int(scalar.value) }
      if let code = codeOf[key] { return code }
      characters.append(key)
      codeOf[key] = characters.count - 1
      return characters.count - 1
    }
    var used = [Bool](repeating: false, count: characters.count)
    for code in codes { used[code] = true }
    let distinct = characters.indices.filter { used[$0] }.sorted { characters[$0] < characters[$1] }
    var rankOf = [Int](repeating: 0, count: characters.count)
    for (rank, code) in distinct.enumerated() { rankOf[code] = rank }
    // Group and frequency by counting (one bucket per pair, frequency descending), then words
    // within each bucket: far fewer string comparisons than one sort over all three.
    let bucketOf = kept.indices.map { rankOf[codes[$0]] << 8 | Int(255 - kept[$0].frequency) }
    var bucketStart = [Int](repeating: 0, count: (distinct.count << 8) + 1)
    for bucket in bucketOf { bucketStart[bucket + 1] += 1 }
    for bucket in bucketStart.indices.dropFirst() { bucketStart[bucket] += bucketStart[bucket - 1] }
    var order = [Int](repeating: 0, count: kept.count)
    var next = bucketStart
    for (entry, bucket) in bucketOf.enumerated() {
      order[next[bucket]] = entry
      next[bucket] += 1
    }
    for bucket in bucketStart.indices.dropLast() where bucketStart[bucket + 1] - bucketStart[bucket] > 1 {
      order[bucketStart[bucket]..<bucketStart[bucket + 1]].sort { kept[$0].word < kept[$1].word }
    }
    var groups: [Character: Range<Int>] = [:]
    var start = 0
    for (position, entry) in order.enumerated() where position + 1 == order.count || codes[order[position + 1]] != codes[entry] {
      groups[characters[codes[entry]]] = start..<(position + 1)
      start = position + 1
    }
    var positionOf = [Int32](repeating: 0, count: kept.count)
    for (position, entry) in order.enumerated() { positionOf[entry] = Int32(position) }
    // Walked by index rather than over `values.indices`, which would hold a second reference to
    // the storage and make the first write copy the whole dictionary.
    var slot = index.values.startIndex
    while slot != index.values.endIndex {
      index.values[slot] = positionOf[Int(index.values[slot])]
      index.values.formIndex(after: &slot)
    }
    self.name = name
    self.locale = locale
    self.entries = order.map { kept[$0] }
    self.groups = groups
    self.indexByWord = index
  }

  /// The value of a dictionary slot reached through `subscript(_:default:)`, which inserts the
  /// default when the key is new: one hash per word for "find or insert".
  private static func slot(_ value: inout Int32) -> Int32 { value }

  /// Builds a lexicon straight from a parsed wordlist, without a database.
  public init(wordlist: LatinIMEWordlist, name: String? = nil) {
    let locale = wordlist.locale ?? ""
    self.init(
      name: name ?? locale, locale: locale,
      entries: wordlist.words.map {
        Entry(
          word: $0.word, frequency: $0.frequency, isWord: !$0.notAWord,
          possiblyOffensive: $0.possiblyOffensive)
      })
  }

  public var count: Int { entries.count }

  /// The distinct first letters, in order.
  public var firstLetters: [Character] { groups.keys.sorted() }

  /// Entries whose lowercased first character is `letter`, most frequent first.
  ///
  /// - Complexity: O(1).
  public func entries(startingWith letter: Character) -> ArraySlice<Entry> {
    guard let range = groups[letter] else { return [] }
    return entries[range]
  }

  /// The entry for exactly `word` (case-sensitive), if present.
  public func entry(for word: String) -> Entry? {
    indexByWord[word].map { entries[Int($0)] }
  }

  /// The grouping key: the word's first character, lowercased.
  public static func groupKey(of word: String) -> Character {
    if let ascii = asciiGroupKey(of: word) { return Character(Unicode.Scalar(ascii)) }
    guard let first = word.first else { return "\u{0}" }
    return first.lowercased().first ?? first
  }

  /// The grouping key read from the first bytes alone, when the first character is one ASCII
  /// byte (nearly every English word): a byte below 0x80 not followed by one of a multi-byte
  /// scalar (a combining mark) and not the CR of CR LF, which is one character.
  static func asciiGroupKey(of word: String) -> UInt8? {
    var bytes = word.utf8.makeIterator()
    guard let byte = bytes.next(), byte < 0x80, byte != 0x0D else { return nil }
    if let next = bytes.next(), next >= 0x80 { return nil }
    return (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
  }
}
