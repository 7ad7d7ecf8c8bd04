import Foundation
import KeyBenchBench
import KeyBenchCore
import KeyBenchLanguageModel
@testable import KeyBenchPrediction
import KeyBenchTestSupport
import Testing

/// Ranks completions by training count alone: the floor the n-gram model must beat.
final class UnigramPredictor: Predictor {
  let name = "unigram"
  let vocabulary: PredictionVocabulary
  let byCount: [Int32]
  init(counts: NGramCounts, vocabulary: PredictionVocabulary) {
    self.vocabulary = vocabulary
    byCount = (1..<Int32(counts.words.count)).sorted { counts.unigrams[Int($0)] > counts.unigrams[Int($1)] }
  }
  func suggest(previous: ArraySlice<String>, prefix: String, count: Int) -> [String] {
    let typed = comparableBytes(prefix)
    return byCount.lazy.filter { self.vocabulary.matches($0, typed) }.prefix(count).map { self.vocabulary.words[Int($0)] }
  }
  func learn(previous: ArraySlice<String>, word: String) {}
  func copy() -> any Predictor { self }
}

@Suite(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) struct PredictionOnRealTextTests {
  /// Train on the first 4,000 sentences of Pride and Prejudice, type the first 1,500 words of Alice.
  @Test func savingsAreSaneAndTheTrigramModelBeatsUnigrams() throws {
    let training = Array(try TextTokenizer.sentences(inFile: TestPaths.corpus("texts/en_gutenberg_1342_pride_and_prejudice.txt")).prefix(4000))
    var test: [[String]] = []
    var words = 0
    for sentence in try TextTokenizer.sentences(inFile: TestPaths.corpus("texts/en_gutenberg_11_alice_in_wonderland.txt")) where words < 1500 {
      test.append(sentence)
      words += sentence.count
    }
    var counts = NGramCounts()
    for sentence in training { counts.add(sentence: sentence) }
    let vocabulary = PredictionVocabulary(counts: counts)
    let benchmark = PredictionBenchmark(suggestions: 3)
    var staticModel = NGramPredictor.Config()
    staticModel.adaptation = false
    let ngram = try benchmark.run(NGramPredictor(counts: counts, vocabulary: vocabulary, config: staticModel), text: test)
    let unigram = try benchmark.run(UnigramPredictor(counts: counts, vocabulary: vocabulary), text: test)
    var results: [PredictionWordResult] = []
    let kannsch = try benchmark.run(KannschPredictor(counts: counts, vocabulary: vocabulary), text: test) { results.append($0) }
    for s in [ngram, unigram, kannsch] {
      #expect(s.words == words)
      #expect(s.ksr > 0.15 && s.ksr < 0.6, "\(s.predictor) KSR \(s.ksr)")
      #expect(s.csr > s.ksr, "\(s.predictor): the seed's ratio ignores the space tap and counts the inserting tap as saved")
    }
    #expect(ngram.ksr > unigram.ksr + 0.03, "ngram \(ngram.ksr) vs unigram \(unigram.ksr)")
    #expect(ngram.nextTop3Rate > unigram.nextTop3Rate, "ngram \(ngram.nextTop3Rate) vs unigram \(unigram.nextTop3Rate)")
    #expect(kannsch.ksr > unigram.ksr, "kannsch \(kannsch.ksr) vs unigram \(unigram.ksr)")
    // A word that appeared on the first keystroke was predicted; one never shown cost its full length.
    #expect(results.contains { $0.hitPrefix == 0 } && results.contains { $0.hitPrefix == nil })
  }
}

