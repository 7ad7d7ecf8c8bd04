import KeyBenchSwipe
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
