import KeyBenchLexicon
import KeyBenchTestSupport
import Testing

@Suite struct LexiconTests {
  @Test func groupsByLowercasedFirstLetterMostFrequentFirst() throws {
    let (wordlist, _) = try LatinIMEParser().parse(path: TestPaths.fixture("mini.combined"))
    let lexicon = Lexicon(wordlist: wordlist)
    #expect(lexicon.name == "de")
    #expect(lexicon.count == 22)
    #expect(lexicon.entries(startingWith: "h").map(\.word) == ["hallo", "Haus", "Häuser"])
    #expect(lexicon.entries(startingWith: "ü").map(\.word) == ["über", "Übung"])
    #expect(lexicon.entries(startingWith: "q").isEmpty)
    #expect(lexicon.firstLetters.first == "a")
    // Every entry sits in the group of its own first letter.
    for letter in lexicon.firstLetters {
      #expect(lexicon.entries(startingWith: letter).allSatisfy { $0.firstLetter == letter })
    }
  }

  @Test func profanityAndNotAWordAreKeptButNotSuggestible() throws {
    let (wordlist, _) = try LatinIMEParser().parse(path: TestPaths.fixture("mini.combined"))
    let lexicon = Lexicon(wordlist: wordlist)
    #expect(lexicon.entry(for: "Mist")?.isSuggestible == false)
    #expect(lexicon.entry(for: "gehts")?.isSuggestible == false)
    #expect(lexicon.entry(for: "Haus")?.isSuggestible == true)
    #expect(lexicon.entry(for: "haus") == nil)
  }

  @Test func duplicatesKeepTheirHighestFrequencyAndTheFirstOfEquals() {
    let lexicon = Lexicon(
      name: "t", locale: "en",
      entries: [
        .init(word: "test", frequency: 100), .init(word: "tent", frequency: 90),
        .init(word: "test", frequency: 120, possiblyOffensive: true), .init(word: "tent", frequency: 90, isWord: false),
        .init(word: "test", frequency: 110),
      ])
    #expect(lexicon.count == 2)
    #expect(lexicon.entry(for: "test") == .init(word: "test", frequency: 120, possiblyOffensive: true))
    #expect(lexicon.entry(for: "tent") == .init(word: "tent", frequency: 90))
    #expect(lexicon.entries.map(\.word) == ["test", "tent"])
  }

  /// The order and groups are those of the definition — group by lowercased first character
  /// (groups in `Character` order), then frequency descending, then word — on words whose first
  /// character is not one byte: accents, a combining mark after an ASCII letter, an apostrophe,
  /// digits, CR LF, the empty word.
  @Test func orderFollowsTheDefinitionBeyondASCII() {
    let words = [
      "Ärger", "ähnlich", "Apfel", "apfel", "e\u{301}lan", "Eule", "'tis", "2nd", "\r\nx", "", "Zebra", "über",
      "Über", "ǅemal", "İstanbul", "istanbul", "ß", "Straße", "ﬁsh", "fish", "Ωmega", "ωmega",
    ]
    let entries = words.enumerated().map { Lexicon.Entry(word: $1, frequency: UInt8(truncatingIfNeeded: $0 * 37 % 5 + 100)) }
    let lexicon = Lexicon(name: "t", locale: "x", entries: entries)
    func key(_ word: String) -> Character { word.first.map { $0.lowercased().first ?? $0 } ?? "\u{0}" }
    let expected = entries.sorted { a, b in
      let (ka, kb) = (key(a.word), key(b.word))
      if ka != kb { return ka < kb }
      if a.frequency != b.frequency { return a.frequency > b.frequency }
      return a.word < b.word
    }
    #expect(lexicon.entries == expected)
    // Canonically equivalent spellings are one word (Swift compares strings that way).
    #expect(lexicon.entry(for: "élan") != nil)
    #expect(lexicon.firstLetters == Set(words.map(key)).sorted())
    for letter in lexicon.firstLetters {
      #expect(lexicon.entries(startingWith: letter).map(\.word) == expected.filter { key($0.word) == letter }.map(\.word))
    }
    for word in words { #expect(Lexicon.groupKey(of: word) == key(word)) }
    for byte in UInt8(0)..<0x80 {
      for next in ["", "a", "\u{301}", "\n"] {
        let word = String(UnicodeScalar(byte)) + next
        #expect(Lexicon.groupKey(of: word) == key(word), "\(Array(word.utf8))")
      }
    }
  }

  @Test func latinIMEFrequencyScale() {
    #expect(LatinIMEFrequency.probability(255) == 1)
    #expect(abs(LatinIMEFrequency.probability(254) - 1 / 1.15) < 1e-12)
    #expect(abs(LatinIMEFrequency.probability(155) / LatinIMEFrequency.probability(154) - 1.15) < 1e-9)
    #expect(abs(LatinIMEFrequency.logProbability(200) - (-55 * 0.13976194237515868)) < 1e-9)
  }
}
