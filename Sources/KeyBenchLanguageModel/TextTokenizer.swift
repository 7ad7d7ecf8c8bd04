import Foundation
import KeyBenchCore

/// Splits running text into sentences of words, the unit n-gram counts and the prediction
/// benchmark both work on, so training and testing see words the same way.
///
/// Rules (the same for English and German):
/// - A word is a run of letters and digits (any script, so `Mädchen`, `Straße`, `café` stay whole).
/// - An apostrophe (`'` or `’`, stored as `'`) between two letters stays inside the word (`don't`,
///   `Alice's`, `geht's`); at a word's edge it is a quotation mark and is dropped (`‘Hello’`).
/// - Everything else separates words: spaces, punctuation, hyphens (`Rabbit-Hole` → `Rabbit`, `Hole`,
///   since a keyboard user types the parts), underscores (Gutenberg's `_italics_`), dashes.
/// - Case is kept: German capitalises nouns, and predictors decide how to fold it.
/// - A sentence ends at `.`, `!`, `?`, `;`, `:` and at a blank line (paragraph or heading in
///   Gutenberg prose). Abbreviations such as `Mr.` therefore also end a sentence; the error is the same
///   for training and test text.
/// - Leipzig sentence files (`id<TAB>sentence`, detected when the first non-empty line looks like one)
///   drop the id, and every line is also a sentence boundary.
public enum TextTokenizer {
  /// Sentences of `text` (each a non-empty array of words).
  public static func sentences(in text: String, leipzig: Bool = false) -> [[String]] {
    var result: [[String]] = []
    var splitter = SentenceSplitter(leipzig: leipzig)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      splitter.consume(line) { result.append($0) }
    }
    splitter.finish { result.append($0) }
    return result
  }

  /// Whether `text` is a Leipzig sentence file: its first non-empty line is `digits<TAB>…`.
  public static func looksLikeLeipzig(_ text: String) -> Bool {
    guard let first = text.split(separator: "\n").first(where: { !Whitespace.isBlank($0) }) else { return false }
    return isLeipzigLine(first)
  }

  private static func isLeipzigLine(_ line: Substring) -> Bool {
    guard let tab = line.firstIndex(of: "\t") else { return false }
    let id = line[..<tab]
    return !id.isEmpty && id.allSatisfy(\.isASCII) && id.allSatisfy(\.isNumber)
  }

  /// Reads and tokenises a UTF-8 text file (Gutenberg prose or Leipzig sentences, detected).
  ///
  /// - Throws: ``InputFileError`` naming the file when it cannot be read, is not UTF-8 or has no words.
  public static func sentences(inFile path: String) throws -> [[String]] {
    var result: [[String]] = []
    try forEachSentence(inFile: path) { result.append($0) }
    return result
  }

  /// Calls `body` with each sentence of a UTF-8 text file (Gutenberg prose or Leipzig sentences,
  /// detected from its first non-empty line) as it reads it: memory stays at one line and one
  /// sentence however long the text.
  ///
  /// - Throws: ``InputFileError`` naming the file (and line) when it cannot be read, is not
  ///   UTF-8, has a line unlike a Leipzig file's first, or has no words; or what `body` throws.
  public static func forEachSentence(inFile path: String, _ body: ([String]) throws -> Void) throws {
    var splitter: SentenceSplitter?
    var any = false
    try LineReader(path: path).forEachLine { bytes, number in
      guard UTF8Text.isValid(bytes) else {
        throw InputFileError(path: path, line: number, kind: .invalidUTF8, reason: "invalid UTF-8")
      }
      let line = Substring(String(decoding: bytes, as: UTF8.self))
      let blank = Whitespace.isBlank(line)
      if splitter == nil {
        // The first non-empty line decides the format.
        guard !blank else { return }
        splitter = SentenceSplitter(leipzig: isLeipzigLine(line))
      }
      if splitter!.leipzig && !blank && !isLeipzigLine(line) {
        throw InputFileError(path: path, line: number, kind: .malformed, reason: "expected id<TAB>sentence like the lines before")
      }
      try splitter!.consume(line) { sentence in
        any = true
        try body(sentence)
      }
    }
    try splitter?.finish { sentence in
      any = true
      try body(sentence)
    }
    guard any else {
      throw InputFileError(path: path, kind: .empty, reason: "the text has no words")
    }
  }
}

/// The tokenizer's state between lines: the sentence and word being read (a sentence of prose
/// runs over line breaks until its end mark or a blank line).
struct SentenceSplitter {
  let leipzig: Bool
  private var sentence: [String] = []
  private var word = String.UnicodeScalarView()
  private var pendingApostrophe = false

  init(leipzig: Bool) { self.leipzig = leipzig }

  /// Reads one line (without its line break), calling `emit` with each sentence it ends.
  mutating func consume(_ rawLine: Substring, _ emit: ([String]) throws -> Void) rethrows {
    var line = rawLine
    if leipzig, let tab = line.firstIndex(of: "\t") { line = line[line.index(after: tab)...] }
    if Whitespace.isBlank(line) {
      try endSentence(emit)
      return
    }
    for scalar in line.unicodeScalars {
      if Self.isWordScalar(scalar) {
        if pendingApostrophe {
          word.append("'")
          pendingApostrophe = false
        }
        word.append(scalar)
        continue
      }
      switch scalar {
      case "'", "\u{2019}":
        // Inside a word only when a letter follows; otherwise a closing quote.
        if !word.isEmpty && !pendingApostrophe { pendingApostrophe = true } else { endWord() }
      case ".", "!", "?", ";", ":":
        try endSentence(emit)
      default:
        endWord()
      }
    }
    endWord()
    if leipzig { try endSentence(emit) }
  }

  /// Whether `scalar` belongs in a word: a letter, a digit or a combining mark. ASCII is decided
  /// from the value (Unicode's properties agree there, tested), so prose does not pay a property
  /// lookup per character (they were a sixth of a prediction run's start-up).
  @inline(__always)
  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) }
    let properties = scalar.properties
    return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
  }

  /// Ends the text: emits the sentence still open.
  mutating func finish(_ emit: ([String]) throws -> Void) rethrows {
    try endSentence(emit)
  }

  private mutating func endWord() {
    if !word.isEmpty { sentence.append(String(word)) }
    word = String.UnicodeScalarView()
    pendingApostrophe = false
  }

  private mutating func endSentence(_ emit: ([String]) throws -> Void) rethrows {
    endWord()
    if !sentence.isEmpty { try emit(sentence) }
    sentence = []
  }
}
