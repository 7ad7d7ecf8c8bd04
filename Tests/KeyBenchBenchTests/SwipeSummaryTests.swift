@testable import KeyBenchBench
import KeyBenchCorpora
import KeyBenchGeometry
import KeyBenchSwipe
import Testing

@Suite struct SwipeSummaryTests {
  private func result(_ word: String, _ candidates: [String], inLexicon: Bool = true, kept: [Int] = [100, 50], probe: [Bool] = [true, true]) -> SwipeItemResult {
    var diagnostics = SwipeDecoding.Diagnostics()
    diagnostics.stages = zip(["start point", "length"], zip(kept, probe)).map { .init(name: $0, kept: $1.0, probeKept: $1.1) }
    return SwipeItemResult(
      gesture: SwipeGesture(id: word, word: word, source: "t", layout: .init(device: "iphone5"), points: []),
      inLexicon: inLexicon, frequency: inLexicon ? 120 : nil,
      decoding: SwipeDecoding(candidates: candidates.enumerated().map { .init(word: $1, score: Double($0)) }, diagnostics: diagnostics),
      decodeMicroseconds: 1000)
  }

  @Test func accuracyMRRAndMatchKeys() {
    let results = [
      result("simon", ["Simon", "summon"]),  // rank 1 by match key
      result("dont", ["done", "don't"]),  // rank 2
      result("cat", ["cut", "cart", "coat", "cat"]),  // rank 4
      result("zzz", ["zoo"], inLexicon: false, probe: [false, false]),  // absent
    ]
    let summary = SwipeSummary(results: results, lexiconSize: 1000, top: 4)
    #expect(summary.top1 == 0.25)
    #expect(summary.topK == 0.75)
    #expect(abs(summary.mrr - (1 + 0.1 + 0.08) / 4) < 1e-12)
    #expect(summary.coverage == 0.75)
    #expect(summary.inLexiconTopK == 1)
    #expect(summary.stages.map(\.name) == ["start point", "length"])
    #expect(summary.stages[0].keptMedian == 0.1)
    #expect(summary.stages[1].recall == 0.75)
    #expect(summary.reductionFactorMedian == 20)
    #expect(summary.decodeMs.median == 1)
  }
}
