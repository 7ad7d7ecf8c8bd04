import KeyBenchLanguageModel
import Foundation
@testable import KeyBenchBench
import KeyBenchPrediction
import KeyBenchCore
import KeyBenchTestSupport
import Testing

@Suite struct PredictionCurvesTests {
  @Test func slicesKeepSentenceBoundariesAndCutAtTheEdges() {
    let sentences = [["a", "b", "c"], ["d", "e"], ["f", "g", "h", "i"]]
    #expect(PredictionCurves.words(sentences, from: 0, count: 4) == [["a", "b", "c"], ["d"]])
    #expect(PredictionCurves.words(sentences, from: 2, count: 4) == [["c"], ["d", "e"], ["f"]])
    #expect(PredictionCurves.words(sentences, from: 5, count: 4) == [["f", "g", "h", "i"]])
  }

  @Test func aCopyLearnsApartFromItsOriginal() throws {
    var counts = NGramCounts()
    for sentence in TextTokenizer.sentences(in: "and the cat sat. and the cat ran. and the dog sat. and the dog ran. a bird flew.") { counts.add(sentence: sentence) }
    let vocabulary = PredictionVocabulary(counts: counts)
    for trained in [
      NGramPredictor(counts: counts, vocabulary: vocabulary) as any Predictor, KannschPredictor(counts: counts, vocabulary: vocabulary),
    ] {
      let before = try trained.suggest(previous: ["and", "the"], prefix: "", count: 9)
      let copy = trained.copy()
      for _ in 0..<8 { copy.learn(previous: ["and", "the"], word: "bird") }
      let rank = try copy.suggest(previous: ["and", "the"], prefix: "", count: 9).firstIndex(of: "bird") ?? 9
      #expect(rank < (before.firstIndex(of: "bird") ?? 9), "\(trained.name): the copy adapts")
      #expect(try trained.suggest(previous: ["and", "the"], prefix: "", count: 9) == before, "\(trained.name) original untouched")
    }
  }

  /// Adaptation pays off on real text: after a few thousand words of Alice, the adaptive model saves
  /// more than the frozen one, and every slice started from the same trained state.
  @Test(.enabled(if: TestPaths.runsCorpusTests)) func adaptationGainsOnLongerRealSlices() throws {
    let training = Array(try TextTokenizer.sentences(inFile: TestPaths.corpus("texts/en_gutenberg_1342_pride_and_prejudice.txt")).prefix(3000))
    let test = try TextTokenizer.sentences(inFile: TestPaths.corpus("texts/en_gutenberg_11_alice_in_wonderland.txt"))
    var counts = NGramCounts()
    for sentence in training { counts.add(sentence: sentence) }
    let vocabulary = PredictionVocabulary(counts: counts)
    var off = NGramPredictor.Config()
    off.adaptation = false
    let curves = PredictionCurves(lengths: [100, 4000], maxSlices: 3, suggestions: 3)
    let adaptive = try curves.measure(NGramPredictor(counts: counts, vocabulary: vocabulary), sentences: test)
    let fixed = try curves.measure(NGramPredictor(counts: counts, vocabulary: vocabulary, config: off), sentences: test)
    #expect(adaptive.map(\.length) == [100, 4000] && adaptive.map(\.slices) == [3, 3])
    #expect(adaptive[1].ksrMean > fixed[1].ksrMean + 0.01, "adaptive \(adaptive[1].ksrMean) vs static \(fixed[1].ksrMean)")
    #expect(adaptive[0].ksrStd != nil && adaptive[0].ksrStd! > 0)
    // A repeated measurement gives the same numbers: slices start fresh.
    #expect(try curves.measure(NGramPredictor(counts: counts, vocabulary: vocabulary), sentences: test) == adaptive)
  }
}
