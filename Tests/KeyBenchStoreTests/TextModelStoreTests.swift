import KeyBenchPrediction
import Foundation
import KeyBenchCore
import KeyBenchLanguageModel
import KeyBenchStore
import KeyBenchTestSupport
import Testing

/// Text n-gram counts survive the database unchanged, so a predictor trained from stored counts
/// behaves exactly like one trained from the text.
@Suite struct TextModelStoreTests {
  let dir = try! TemporaryDirectory()

  @Test func countsAndFingerprintRoundTripAndReplace() throws {
    let file = try dir.write(
      "märchen.txt",
      text: """
        Es war einmal ein Mädchen. Das Mädchen ging in den Wald, und der Wolf sah das Mädchen im Wald.

        „Wer bist du?“ fragte der Wolf. Das Mädchen sagte: „Ich geh' zur Großmutter.“
        """)
    let sentences = try TextTokenizer.sentences(inFile: file)
    var counts = NGramCounts()
    for sentence in sentences { counts.add(sentence: sentence) }
    let fingerprint = try TrainingFingerprint(files: [file], sentences: sentences)
    let database = try LexiconDatabase(path: dir.path("db.sqlite"))
    try database.replaceTextModel(name: "de-tale", counts: counts, fingerprint: fingerprint)

    let (loaded, loadedFingerprint) = try database.loadTextModel(named: "de-tale")
    #expect(loaded.words == counts.words && loaded.unigrams == counts.unigrams)
    #expect(loaded.bigrams == counts.bigrams && loaded.trigrams == counts.trigrams)
    #expect(loaded.tokens == counts.tokens && loaded.sentences == counts.sentences)
    #expect(loaded.id(of: "mädchen") == counts.id(of: "Mädchen"))
    #expect(loadedFingerprint == fingerprint && !fingerprint.sentenceKeys.isEmpty)

    // The same predictor from stored and from fresh counts suggests the same words.
    let fresh = NGramPredictor(counts: counts, vocabulary: PredictionVocabulary(counts: counts))
    let stored = NGramPredictor(counts: loaded, vocabulary: PredictionVocabulary(counts: loaded))
    for (previous, prefix) in [(["das"], ""), (["der"], "w"), ([], "m")] as [([String], String)] {
      #expect(fresh.suggest(previous: previous[...], prefix: prefix, count: 3) == stored.suggest(previous: previous[...], prefix: prefix, count: 3))
    }

    // The context model read straight into its compact arrays scores every word in every
    // context exactly as the one built from the loaded counts.
    let direct = try database.loadContextModel(named: "de-tale")
    let viaCounts = WordContextModel(counts: loaded)
    #expect(direct.tokens == counts.tokens && direct.sentences == counts.sentences && direct.fingerprint == fingerprint)
    for previous in [[], ["das"], ["der", "wolf"], ["im", "wald"], ["zebra"]] as [[String]] {
      for word in counts.words.dropFirst() + ["Zebra"] {
        #expect(direct.model.logRatio(word, previous: previous) == viaCounts.logRatio(word, previous: previous), "\(word) after \(previous)")
      }
    }

    // Re-ingesting a name with fewer words is refused unless asked for; counts of no words never
    // replace anything; an unknown name lists what is stored.
    var smaller = NGramCounts()
    smaller.add(sentence: ["Ein", "Wolf"])
    let before = try FileDigest.sha256Hex(ofFileAt: dir.path("db.sqlite"))
    #expect(throws: LexiconDatabaseError.smallerReplacement(
      name: "de-tale", database: dir.path("db.sqlite"), source: "the new counts", stored: counts.tokens, incoming: 2,
      unit: "word tokens")) {
      try database.replaceTextModel(name: "de-tale", counts: smaller, fingerprint: TrainingFingerprint(files: [], sentenceKeys: []))
    }
    #expect(throws: InputFileError.self) {
      try database.replaceTextModel(name: "de-tale", counts: NGramCounts(), fingerprint: fingerprint, replaceSmaller: true)
    }
    #expect(try FileDigest.sha256Hex(ofFileAt: dir.path("db.sqlite")) == before)
    let replaced = try database.replaceTextModel(
      name: "de-tale", counts: smaller, fingerprint: TrainingFingerprint(files: [], sentenceKeys: []), replaceSmaller: true)
    #expect(replaced == counts.tokens)
    #expect(try database.loadTextModel(named: "de-tale").counts.words == ["<s>", "Ein", "Wolf"])
    #expect(try database.textModels().map(\.name) == ["de-tale"])
    let error = #expect(throws: LexiconDatabaseError.self) { try database.loadTextModel(named: "en") }
    #expect(error?.description.contains("stored: de-tale") == true)
  }

  @Test func mergedCountsAddUp() {
    var a = NGramCounts()
    a.add(sentence: ["The", "cat", "sat"])
    var b = NGramCounts()
    b.add(sentence: ["the", "dog", "sat"])
    b.add(sentence: ["A", "cat", "sat"])
    a.add(b)
    #expect(a.tokens == 9 && a.sentences == 3)
    #expect(a.unigrams[Int(a.id(of: "sat")!)] == 3)
    #expect(a.bigrams[NGramCounts.bigramKey(a.id(of: "cat")!, a.id(of: "sat")!)] == 2)
    #expect(a.trigrams[NGramCounts.trigramKey(NGramCounts.sentenceStart, a.id(of: "the")!, a.id(of: "dog")!)] == 1)
  }
}
