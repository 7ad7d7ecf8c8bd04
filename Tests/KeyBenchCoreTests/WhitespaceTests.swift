import KeyBenchCore
import Testing

/// `Whitespace` answers as `Character.isWhitespace` does, on ASCII and beyond.
@Suite struct WhitespaceTests {
  static let texts = [
    "", " ", "\t \u{0B}\u{0C}", "\r\n", " a", "a ", "word", "two words", " \u{A0} ", "\u{2028}", "\u{2003}x", "x\u{85}", " \u{85}",
    "\u{200B}", " é", ".", "\u{301}", "e\u{301} ", "\u{3000}", "don't", "a\tb",
  ]

  @Test func blankAndOccurringAgreeWithCharacters() {
    var texts = Self.texts
    for value in UInt32(0)..<0x3100 {
      if let scalar = Unicode.Scalar(value) { texts += [String(scalar), "a" + String(scalar), String(scalar) + " "] }
    }
    for text in texts {
      #expect(Whitespace.isBlank(text) == text.allSatisfy(\.isWhitespace), "\(Array(text.unicodeScalars.map(\.value)))")
      #expect(Whitespace.occurs(in: text) == text.contains(where: \.isWhitespace), "\(Array(text.unicodeScalars.map(\.value)))")
    }
  }
}
