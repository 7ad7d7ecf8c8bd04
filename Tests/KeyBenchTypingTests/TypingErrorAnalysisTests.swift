import KeyBenchGeometry
import KeyBenchTestSupport
import KeyBenchTyping
import Testing

@Suite struct TypingErrorAnalysisTests {
  let layout = try! DeviceCatalog.shipped().layout(named: "pixel6pro-gboard")

  func operations(_ typed: String, _ intended: String, transpositions: Bool = false) -> [TypingOperation] {
    Alignment(typed: typed, intended: intended, layout: layout, transpositions: transpositions).steps.map(\.operation)
  }

  /// The seed's own example: "elefsnt" corrected to "Elefant" is a case change and a near slip.
  @Test func seedExample() {
    #expect(operations("elefsnt", "Elefant") == [.case, .copy, .copy, .copy, .near, .copy, .copy])
  }

  @Test func directionsAndClasses() {
    #expect(operations("thee", "the").sorted { $0.rawValue < $1.rawValue } == [.copy, .copy, .copy, .insert])  // extra letter
    #expect(operations("te", "the") == [.copy, .delete, .copy])  // letter left out
    #expect(operations("tpe", "the") == [.copy, .edit, .copy])  // p is far from h
    #expect(operations("teh", "the").count == 3)
    #expect(operations("teh", "the", transpositions: true) == [.copy, .transpose])
    let german = try! DeviceCatalog.shipped().layout(named: "iphone5/qwertz-de")
    #expect(Alignment(typed: "Mädchen", intended: "madchen", layout: german).steps.map(\.operation).prefix(2) == [.case, .umlaut])
  }

  @Test func countsRatesAndRejection() {
    let pairs = [
      TypoPair(typed: "thw", intended: "the", source: "t"),
      TypoPair(typed: "te", intended: "the", source: "t"),
      TypoPair(typed: "xyzq", intended: "the", source: "t"),  // nothing kept: rejected
    ]
    let distribution = TypingErrorAnalysis.analyze(pairs, layout: layout, source: "t")
    #expect(distribution.pairs == 2)
    #expect(distribution.rejectedPairs == 1)
    #expect(distribution.operations["near"] == 1)
    #expect(distribution.operations["delete"] == 1)
    #expect(distribution.keystrokes == 6)
    #expect(abs(distribution.errorRate - 2.0 / 6) < 1e-12)
    #expect(distribution.letters["e"]?.confusions["w"] == 1)
    #expect(distribution.channel?.deleteOther == 1)
    let scaled = distribution.scaled(toErrorRate: 0.03)
    #expect(abs(scaled.errorRate - 0.03) < 0.001)
    #expect(abs(scaled.rate(.near) / scaled.rate(.delete) - 1) < 1e-9)
    let figure = TypingErrorAnalysis.figure(distribution)
    #expect(figure.contains("near"))
    #expect(figure.contains("33.33 %"))
  }

  /// On the real keyboard typos: errors are mostly near-key slips, other letters, extra and
  /// missing letters; a near slip is far likelier per neighbour than an edit per other key.
  @Test(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) func keystrokeCorpus() throws {
    let pairs = try TypoImport.read(.keystrokes, path: TestPaths.corpus("typos/en_keystrokes136m_backspaced_word_errors.tsv")).pairs
    let distribution = TypingErrorAnalysis.analyze(pairs, layout: layout, source: "keystrokes")
    #expect(distribution.pairs > 4_000)
    #expect(distribution.errorRate > 0.1)
    for operation in [TypingOperation.near, .edit, .insert, .delete] { #expect(distribution.rate(operation) > 0.02) }
    // About 6 neighbours against about 19 other letters: per key, near must dominate.
    #expect(distribution.rate(.near) / 6 > 2 * distribution.rate(.edit) / 19)
  }
}
