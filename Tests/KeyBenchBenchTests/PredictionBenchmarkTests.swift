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

/// A predictor that says its copies share one state, as an external process does: the
/// benchmark then reads every suggestion count from one pass.
final class SharedStatePredictor: Predictor {
  let inner: any Predictor
  var name: String { inner.name }
  var copiesAreIndependent: Bool { false }
  init(_ inner: any Predictor) { self.inner = inner }
  func suggest(previous: ArraySlice<String>, prefix: String, count: Int) throws -> [String] {
    try inner.suggest(previous: previous, prefix: prefix, count: count)
  }
  func learn(previous: ArraySlice<String>, word: String) { inner.learn(previous: previous, word: word) }
  func copy() -> any Predictor { self }
}

@Suite struct SavingsAtEverySuggestionCountTests {
  let text = TextTokenizer.sentences(in: "the cat sat on the mat. the cow sat on the cat. a bird flew over the cow. the cat ran to the mat.")

  func model() -> (NGramCounts, PredictionVocabulary) {
    var counts = NGramCounts()
    for sentence in text { counts.add(sentence: sentence) }
    return (counts, PredictionVocabulary(counts: counts))
  }

  @Test func eachCountEqualsARunShowingThatMany() throws {
    let (counts, vocabulary) = model()
    let all = try PredictionBenchmark(suggestions: 3).run(NGramPredictor(counts: counts, vocabulary: vocabulary), text: text)
    for count in PredictionBenchmark.reportedCounts {
      let alone = try PredictionBenchmark(suggestions: count).run(NGramPredictor(counts: counts, vocabulary: vocabulary), text: text)
      #expect(all.ksr(at: count) == alone.ksr, "\(count) suggestions")
    }
    #expect(all.ksr(at: 3) == all.ksr)
  }

  @Test func oneSharedPassGivesTheCountsOfSeparatePasses() throws {
    // Without memory of its own answers, a predictor ranks alike however it is asked: reading
    // the counts from one pass must agree with one pass per count.
    let (counts, vocabulary) = model()
    var config = NGramPredictor.Config()
    config.skipPassedOver = false
    var rows: [PredictionWordResult] = []
    let shared = try PredictionBenchmark(suggestions: 3).run(
      SharedStatePredictor(NGramPredictor(counts: counts, vocabulary: vocabulary, config: config)), text: text
    ) { rows.append($0) }
    let separate = try PredictionBenchmark(suggestions: 3).run(NGramPredictor(counts: counts, vocabulary: vocabulary, config: config), text: text)
    for count in PredictionBenchmark.reportedCounts { #expect(shared.ksr(at: count) == separate.ksr(at: count), "\(count) suggestions") }
    #expect(shared.ksr == separate.ksr)
    // Each row's saving at 3 is its headline saving.
    #expect(rows.allSatisfy { $0.keystrokesSaved(at: 3) == $0.keystrokesUnaided - $0.keystrokes })
  }
}

@Suite(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) struct PredictionOnRealTextTests {
  /// Train on Pride and Prejudice, type the first 2,000 words of Alice: more suggestions never
  /// save fewer keystrokes, and the whole measurement repeats exactly.
  @Test func savingsGrowWithTheSuggestionsShownAndRepeat() throws {
    var counts = NGramCounts()
    for sentence in try TextTokenizer.sentences(inFile: TestPaths.corpus("texts/en_gutenberg_1342_pride_and_prejudice.txt")) {
      counts.add(sentence: sentence)
    }
    var test: [[String]] = []
    var words = 0
    for sentence in try TextTokenizer.sentences(inFile: TestPaths.corpus("texts/en_gutenberg_11_alice_in_wonderland.txt")) where words < 2000 {
      test.append(sentence)
      words += sentence.count
    }
    let vocabulary = PredictionVocabulary(counts: counts)
    func measure() throws -> (PredictionSummary, [PredictionWordResult]) {
      var rows: [PredictionWordResult] = []
      let summary = try PredictionBenchmark(suggestions: 3).run(NGramPredictor(counts: counts, vocabulary: vocabulary), text: test) {
        rows.append($0)
      }
      return (summary, rows)
    }
    let (summary, rows) = try measure()
    let (one, three, five) = (summary.ksr(at: 1), summary.ksr(at: 3), summary.ksr(at: 5))
    #expect(one > 0.2 && one < three && three < five && five < 0.7, "\(one) \(three) \(five)")
    let (again, rowsAgain) = try measure()
    #expect(PredictionBenchmark.reportedCounts.map { again.ksr(at: $0) } == [one, three, five])
    #expect(rowsAgain.map(\.hitPrefixAt) == rows.map(\.hitPrefixAt))
  }

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

