import Foundation
import KeyBenchCore
@testable import KeyBenchLanguageModel
import KeyBenchTestSupport
import Testing

@Suite struct TextTokenizerTests {
  @Test func englishProseKeepsInnerApostrophesAndDropsQuotes() {
    let text = """
      it, ‘and what is the use of a book,’ thought Alice ‘without pictures or
      conversations?’ She didn't know. Down the Rabbit-Hole's _edge_ she went!
      """
    #expect(
      TextTokenizer.sentences(in: text) == [
        ["it", "and", "what", "is", "the", "use", "of", "a", "book", "thought", "Alice", "without", "pictures", "or", "conversations"],
        ["She", "didn't", "know"],
        ["Down", "the", "Rabbit", "Hole's", "edge", "she", "went"],
      ])
  }

  @Test func germanKeepsUmlautsSharpSAndCase() {
    let text = "Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte; er fand sich\nzu einem ungeheueren Ungeziefer verwandelt. Weiß's der Kuckuck: geht's?"
    #expect(
      TextTokenizer.sentences(in: text) == [
        ["Als", "Gregor", "Samsa", "eines", "Morgens", "aus", "unruhigen", "Träumen", "erwachte"],
        ["er", "fand", "sich", "zu", "einem", "ungeheueren", "Ungeziefer", "verwandelt"],
        ["Weiß's", "der", "Kuckuck"], ["geht's"],
      ])
  }

  @Test func blankLinesEndSentencesInProse() {
    let text = "CHAPTER I\n\nAlice was beginning\nto get very tired\n\n\nThe End"
    #expect(TextTokenizer.sentences(in: text) == [["CHAPTER", "I"], ["Alice", "was", "beginning", "to", "get", "very", "tired"], ["The", "End"]])
  }

  @Test func leipzigFilesDropIdsAndEndSentencesAtLineEnds() {
    let text = "1\t606 sollen der Überlieferung nach die ersten Examen abgehalten worden sein\n2\tA3a im gleichen Kommandostab.\n"
    #expect(TextTokenizer.looksLikeLeipzig(text))
    #expect(!TextTokenizer.looksLikeLeipzig("Alice was\tbeginning"))
    #expect(
      TextTokenizer.sentences(in: text, leipzig: true) == [
        ["606", "sollen", "der", "Überlieferung", "nach", "die", "ersten", "Examen", "abgehalten", "worden", "sein"],
        ["A3a", "im", "gleichen", "Kommandostab"],
      ])
  }

  /// Issue 43: a file is tokenised as it is read, line by line, into the same sentences as the
  /// text held whole; a Leipzig file's stray line is named, and CR LF line ends read as LF.
  @Test func aFileStreamsIntoTheSentencesOfItsText() throws {
    let dir = try TemporaryDirectory()
    let prose = "CHAPTER I\n\nAlice was beginning\nto get very tired. She didn't\nknow\n\n\nThe End"
    var streamed: [[String]] = []
    try TextTokenizer.forEachSentence(inFile: try dir.write("prose.txt", text: prose)) { streamed.append($0) }
    #expect(streamed == TextTokenizer.sentences(in: prose))
    #expect(try TextTokenizer.sentences(inFile: try dir.write("crlf.txt", text: prose.replacingOccurrences(of: "\n", with: "\r\n"))) == streamed)
    let leipzig = "\n1\tEin Satz hier.\n2\tNoch einer\n"
    #expect(try TextTokenizer.sentences(inFile: try dir.write("l.txt", text: leipzig)) == [["Ein", "Satz", "hier"], ["Noch", "einer"]])
    #expect { try TextTokenizer.sentences(inFile: try dir.write("bad.txt", text: leipzig + "no id\n")) } throws: {
      ($0 as? InputFileError)?.line == 4 && ($0 as? InputFileError)?.reason == "expected id<TAB>sentence like the lines before"
    }
    #expect { try TextTokenizer.sentences(inFile: try dir.write("empty.txt", text: "\n...\n")) } throws: { ($0 as? InputFileError)?.kind == .empty }
  }
}

/// The tokenizer's byte-level shortcuts answer as Unicode's definitions do.
@Suite struct TokenizerShortcutTests {
  @Test func wordScalarsAreLettersDigitsAndCombiningMarks() {
    for value in UInt32(0)..<0x3100 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let properties = scalar.properties
      let defined = properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
      #expect(SentenceSplitter.isWordScalar(scalar) == defined, "U+\(String(value, radix: 16))")
    }
  }
}
