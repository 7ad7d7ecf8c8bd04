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

  /// Builds a lexicon; duplicate words keep their highest frequency.
  public init(name: String, locale: String, entries: some Sequence<Entry>) {
    var best: [String: Entry] = [:]
    best.reserveCapacity(entries.underestimatedCount)
    for entry in entries where best[entry.word].map({ $0.frequency < entry.frequency }) ?? true {
      best[entry.word] = entry
    }
    let keyed = best.values.map { (Self.groupKey(of: $0.word), $0) }
    let sorted = keyed.sorted { lhs, rhs in
      if lhs.0 != rhs.0 { return lhs.0 < rhs.0 }
      if lhs.1.frequency != rhs.1.frequency { return lhs.1.frequency > rhs.1.frequency }
      return lhs.1.word < rhs.1.word
    }
    var groups: [Character: Range<Int>] = [:]
    var start = 0
    for index in sorted.indices where index + 1 == sorted.count || sorted[index + 1].0 != sorted[index].0 {
      groups[sorted[index].0] = start..<(index + 1)
      start = index + 1
    }
    self.name = name
    self.locale = locale
    self.entries = sorted.map(\.1)
    self.groups = groups
    var index: [String: Int32] = [:]
    index.reserveCapacity(sorted.count)
    for (position, entry) in self.entries.enumerated() { index[entry.word] = Int32(position) }
    self.indexByWord = index
  }

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
    guard let first = word.first else { return "\u{0}" }
    return first.lowercased().first ?? first
  }
}
