import Foundation
import KeyBenchBench
import KeyBenchResults
import KeyBenchTestSupport
import Testing

/// Issue 43: `keybench-run predict` streams its test text and writes its rows as it types, and
/// the statistics it computes on the way are exactly those of the rows read back from disk.
@Suite struct PredictionStreamingTests {
  /// `sentences` sentences of 5 to 12 words drawn from a small vocabulary (a fixed linear
  /// congruential stream from `seed`), one per line.
  static func text(sentences: Int, seed: UInt64) -> String {
    let words = ["the", "cat", "sat", "on", "a", "mat", "dog", "ran", "to", "house", "garden", "with", "small", "bird", "sang", "tree", "under", "old", "man", "walked"]
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    return (0..<sentences).map { _ in (0..<(5 + next(8))).map { _ in words[next(words.count)] }.joined(separator: " ") + "." }.joined(separator: "\n") + "\n"
  }

  @Test func theStatisticsAreThoseOfTheRowsReadBack() throws {
    let dir = try TemporaryDirectory()
    let train = try dir.write("train.txt", text: Self.text(sentences: 600, seed: 1))
    let test = try dir.write("test.txt", text: Self.text(sentences: 280, seed: 2))
    let out = dir.path("run")
    let options = PredictionRunner.Options(
      lexicon: nil, database: dir.path("none.sqlite"), train: [train], ngrams: nil, text: test, out: out, predictors: ["kannsch", "ngram"],
      suggestions: 3, adaptation: true, correction: false, layout: nil, peers: [], curveLengths: [100, 500], curveSlices: 2, limit: 2000,
      plugins: [], pluginOptions: .init(), bootstrap: BootstrapSettings(resamples: 300, seed: 7))
    try PredictionRunner(options: options).run().write(to: out)
    let csv = try String(contentsOfFile: out + "/results.csv", encoding: .utf8)
    let readBack = try RunStatistics(
      resultsCSV: csv, metrics: PredictionReport.rowMetrics, group: "text block", settings: BootstrapSettings(resamples: 300, seed: 7))
    let written = try #require(RunStatistics.read(summaryAt: out + "/summary.json"))
    #expect(written == readBack)
    #expect(written.metrics.allSatisfy { $0.n == 2000 && $0.groups == 20 && $0.low != nil })
    #expect(csv.split(separator: "\n").count == 1 + 2 * 2000)
    // The rows were written beside the run folder while the predictors typed, and went with the report.
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix(".run.") } == [])
  }
}
