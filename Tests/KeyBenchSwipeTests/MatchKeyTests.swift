import KeyBenchSwipe
import KeyBenchTestSupport
import Testing

/// What counts as the same word when a swipe is scored.
@Suite struct MatchKeyTests {
  @Test(arguments: [("für", "fur"), ("Mädchen", "madchen"), ("große", "grosse"), ("café", "cafe")])
  func accentedLettersAreDifferentWords(_ pair: (String, String)) {
    #expect(SwipeDecoding.matchKey(pair.0) != SwipeDecoding.matchKey(pair.1))
  }

  @Test(arguments: [("Für", "für"), ("Simon", "simon"), ("Don't", "dont"), ("e-mail", "email")])
  func caseAndUndrawnCharactersAreIgnored(_ pair: (String, String)) {
    #expect(SwipeDecoding.matchKey(pair.0) == SwipeDecoding.matchKey(pair.1))
  }
}

/// The byte-wise path for ASCII words gives the key of the general definition.
@Suite struct MatchKeyFastPathTests {
  static func general(_ word: String) -> String { String(word.lowercased().filter(\.isLetter)) }

  @Test func everyASCIICharacterAndRealWordsKeyAsTheDefinitionSays() throws {
    let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
    for character in ascii { #expect(SwipeDecoding.matchKey(character) == Self.general(character), "\(character.unicodeScalars.first!.value)") }
    #expect(SwipeDecoding.matchKey(ascii.joined()) == Self.general(ascii.joined()))
    var words = ["", "Don't", "e-mail", "X11", "naïve", "STRASSE", "straße", "Ümlaut", "a\u{301}"]
    for file in ["texts/en_gutenberg_11_alice_in_wonderland.txt", "texts/de_gutenberg_22367_kafka_die_verwandlung.txt"] {
      let path = TestPaths.corpus(file)
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
      words += text.split(whereSeparator: \.isWhitespace).prefix(20_000).map(String.init)
    }
    let differing = words.filter { SwipeDecoding.matchKey($0) != Self.general($0) }
    #expect(differing.isEmpty, "\(differing.prefix(5))")
  }
}

/// `MatchKeySet` answers as `keys.contains(matchKey(word))` would, for words of every kind.
@Suite struct MatchKeySetTests {
  @Test func membershipIsThatOfTheKeys() throws {
    var words = ["", "Don't", "dont", "e-mail", "Email", "X11", "x", "naïve", "naive", "STRASSE", "straße", "für", "fur", "a\u{301}", "á"]
    for file in ["texts/en_gutenberg_11_alice_in_wonderland.txt", "texts/de_gutenberg_22367_kafka_die_verwandlung.txt"] {
      guard let text = try? String(contentsOfFile: TestPaths.corpus(file), encoding: .utf8) else { continue }
      words += text.split(whereSeparator: \.isWhitespace).prefix(20_000).map(String.init)
    }
    // Every third distinct key is in the set, the rest are not.
    let keys = Array(Set(words.map(SwipeDecoding.matchKey))).sorted()
    let chosen = Set(keys.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
    let set = SwipeDecoding.MatchKeySet(chosen)
    let wrong = words.filter { set.contains(keyOf: $0) != chosen.contains(SwipeDecoding.matchKey($0)) }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    #expect(set.contains(keyOf: "Don't") == chosen.contains("dont"))
    #expect(!SwipeDecoding.MatchKeySet([]).contains(keyOf: "the"))
    #expect(SwipeDecoding.MatchKeySet(["dont"]).contains(keyOf: "DON'T"))
    #expect(SwipeDecoding.MatchKeySet(["fur"]).contains(keyOf: "für") == false)
  }
}
