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
    var sentence: [String] = []
    var word = String.UnicodeScalarView()
    var pendingApostrophe = false

    func endWord() {
      if !word.isEmpty { sentence.append(String(word)) }
      word = String.UnicodeScalarView()
      pendingApostrophe = false
    }
    func endSentence() {
      endWord()
      if !sentence.isEmpty { result.append(sentence) }
      sentence = []
    }

    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = Substring(rawLine)
      if leipzig, let tab = line.firstIndex(of: "\t") { line = line[line.index(after: tab)...] }
      if line.allSatisfy({ $0.isWhitespace }) {
        endSentence()
        continue
      }
      for scalar in line.unicodeScalars {
        let properties = scalar.properties
        if properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark {
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
          endSentence()
        default:
          endWord()
        }
      }
      endWord()
      if leipzig { endSentence() }
    }
    endSentence()
    return result
  }

  /// Whether `text` is a Leipzig sentence file: its first non-empty line is `digits<TAB>…`.
  public static func looksLikeLeipzig(_ text: String) -> Bool {
    guard let first = text.split(separator: "\n").first(where: { !$0.allSatisfy(\.isWhitespace) }) else { return false }
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
    let text = try InputFile.text(path)
    let leipzig = looksLikeLeipzig(text)
    if leipzig {
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where !line.allSatisfy(\.isWhitespace) && !isLeipzigLine(line) {
        throw InputFileError(
          path: path, line: number + 1, kind: .malformed, reason: "expected id<TAB>sentence like the lines before")
      }
    }
    let result = sentences(in: text, leipzig: leipzig)
    guard !result.isEmpty else {
      throw InputFileError(path: path, kind: .empty, reason: "the text has no words")
    }
    return result
  }
}
