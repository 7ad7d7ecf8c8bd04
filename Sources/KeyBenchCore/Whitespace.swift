/// `Character.isWhitespace` over whole texts, read byte by byte while the text is ASCII: the
/// per-character Unicode lookup was a tenth of a prediction run's start-up (160,000 lexicon words
/// and every line of the training text). The answers are exactly the `Character` ones (tested).
public enum Whitespace {
  /// Whether every character of `text` is whitespace (true for an empty text).
  public static func isBlank(_ text: some StringProtocol) -> Bool {
    for byte in text.utf8 {
      if byte >= 0x80 { return text.allSatisfy(\.isWhitespace) }
      guard isASCIIWhitespace(byte) else { return false }
    }
    return true
  }

  /// Whether any character of `text` is whitespace.
  public static func occurs(in text: some StringProtocol) -> Bool {
    for byte in text.utf8 {
      if byte >= 0x80 { return text.contains(where: \.isWhitespace) }
      if isASCIIWhitespace(byte) { return true }
    }
    return false
  }

  /// Tab, line feed, vertical tab, form feed, carriage return and space: the ASCII whitespace
  /// characters (CR LF, one character, is whitespace too).
  @inline(__always)
  static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}
