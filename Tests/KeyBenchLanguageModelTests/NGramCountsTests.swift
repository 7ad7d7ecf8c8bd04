import KeyBenchLanguageModel
import Testing

@Suite struct NGramCountsTests {
  @Test func countsUnigramsBigramsAndTrigramsWithSentenceStarts() throws {
    var counts = NGramCounts()
    for sentence in TextTokenizer.sentences(in: "The cat sat. The cat ran. A dog sat on the cat.") { counts.add(sentence: sentence) }
    #expect(counts.sentences == 3)
    #expect(counts.tokens == 12)
    let the = try #require(counts.id(of: "THE"))
    let cat = try #require(counts.id(of: "cat"))
    let sat = try #require(counts.id(of: "sat"))
    #expect(counts.unigrams[Int(the)] == 3)
    #expect(counts.words[Int(the)] == "the")  // mid-sentence casing wins over sentence-initial "The"
    #expect(counts.bigrams[NGramCounts.bigramKey(the, cat)] == 3)
    #expect(counts.bigrams[NGramCounts.bigramKey(NGramCounts.sentenceStart, the)] == 2)
    #expect(counts.trigrams[NGramCounts.trigramKey(NGramCounts.sentenceStart, the, cat)] == 2)
    #expect(counts.trigrams[NGramCounts.trigramKey(the, cat, sat)] == 1)
    #expect(counts.id(of: "mouse") == nil)
  }

  @Test func germanNounsKeepTheirCapital() throws {
    var counts = NGramCounts()
    for sentence in TextTokenizer.sentences(in: "Häuser stehen dort. Wir sehen die Häuser.") { counts.add(sentence: sentence) }
    #expect(counts.words[Int(try #require(counts.id(of: "häuser")))] == "Häuser")
  }
}
