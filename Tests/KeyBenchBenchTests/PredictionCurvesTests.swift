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
    func slices(_ starts: [Int], length: Int) -> [[[String]]] {
      var cutter = SliceCutter(starts: starts, length: length)
      var parts = [[[String]]](repeating: [], count: starts.count)
      var ended: [Int] = []
      for sentence in sentences {
        cutter.cut(sentence) { slice, part, ends in
          parts[slice].append(Array(part))
          if ends { ended.append(slice) }
        }
      }
      #expect(ended == Array(starts.indices), "every slice ends once, in order")
      return parts
    }
    #expect(slices([0, 5], length: 4) == [[["a", "b", "c"], ["d"]], [["f", "g", "h", "i"]]])
    #expect(slices([2], length: 4) == [[["c"], ["d", "e"], ["f"]]])
    // Adjacent slices share the sentence they meet in.
    #expect(slices([0, 2, 4], length: 2) == [[["a", "b"]], [["c"], ["d"]], [["e"], ["f"]]])
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
  @Test(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) func adaptationGainsOnLongerRealSlices() throws {
    let training = Array(try TextTokenizer.sentences(inFile: TestPaths.corpus("texts/en_gutenberg_1342_pride_and_prejudice.txt")).prefix(3000))
    let test = try TextTokenizer.sentences(inFile: TestPaths.corpus("texts/en_gutenberg_11_alice_in_wonderland.txt"))
    var counts = NGramCounts()
    for sentence in training { counts.add(sentence: sentence) }
    let vocabulary = PredictionVocabulary(counts: counts)
    var off = NGramPredictor.Config()
    off.adaptation = false
    let curves = PredictionCurves(lengths: [100, 4000], maxSlices: 3, suggestions: 3)
    let words = test.reduce(0) { $0 + $1.count }
    let adaptive = try curves.measure(NGramPredictor(counts: counts, vocabulary: vocabulary), text: test, words: words)
    let fixed = try curves.measure(NGramPredictor(counts: counts, vocabulary: vocabulary, config: off), text: test, words: words)
    #expect(adaptive.map(\.length) == [100, 4000] && adaptive.map(\.slices) == [3, 3])
    #expect(adaptive[1].ksrMean > fixed[1].ksrMean + 0.01, "adaptive \(adaptive[1].ksrMean) vs static \(fixed[1].ksrMean)")
    #expect(adaptive[0].ksrStd != nil && adaptive[0].ksrStd! > 0)
    // A repeated measurement gives the same numbers: slices start fresh.
    #expect(try curves.measure(NGramPredictor(counts: counts, vocabulary: vocabulary), text: test, words: words) == adaptive)
  }
}
