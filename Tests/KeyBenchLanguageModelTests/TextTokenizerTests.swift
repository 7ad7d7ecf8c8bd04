import KeyBenchLanguageModel
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
}
