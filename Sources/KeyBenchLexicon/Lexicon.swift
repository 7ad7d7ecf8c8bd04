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
    // Every run builds a 160,000-word lexicon before its first item, so this is done in one
    // pass of hashing: the word index is built while removing duplicates and only its values are
    // rewritten after sorting, and the sort compares small integers for the group (the rank of
    // its key) instead of `Character`s, which compare as strings.
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
    let keys = kept.map { Self.groupKey(of: $0.word) }
    let distinct = Set(keys).sorted()
    let rankOf = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($1, Int32($0)) })
    let ranks = keys.map { rankOf[$0]! }
    let order = kept.indices.sorted { lhs, rhs in
      if ranks[lhs] != ranks[rhs] { return ranks[lhs] < ranks[rhs] }
      if kept[lhs].frequency != kept[rhs].frequency { return kept[lhs].frequency > kept[rhs].frequency }
      return kept[lhs].word < kept[rhs].word
    }
    var groups: [Character: Range<Int>] = [:]
    var start = 0
    for (position, entry) in order.enumerated() where position + 1 == order.count || ranks[order[position + 1]] != ranks[entry] {
      groups[keys[entry]] = start..<(position + 1)
      start = position + 1
    }
    var positionOf = [Int32](repeating: 0, count: kept.count)
    for (position, entry) in order.enumerated() { positionOf[entry] = Int32(position) }
    for slot in index.values.indices { index.values[slot] = positionOf[Int(index.values[slot])] }
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
    // A first byte that is ASCII and not followed by a combining byte (every byte of a
    // multi-byte scalar is ≥ 0x80; "\r\n" is one character) is the whole first character.
    var bytes = word.utf8.makeIterator()
    if let byte = bytes.next(), byte < 0x80, byte != 0x0D {
      let next = bytes.next()
      if next == nil || next! < 0x80 {
        return Character(Unicode.Scalar((0x41...0x5A).contains(byte) ? byte + 0x20 : byte))
      }
    }
    guard let first = word.first else { return "\u{0}" }
    return first.lowercased().first ?? first
  }
}
