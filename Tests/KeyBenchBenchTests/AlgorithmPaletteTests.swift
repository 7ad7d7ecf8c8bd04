import KeyBenchBench
import KeyBenchPrediction
import KeyBenchReports
import KeyBenchTouch
import Testing

/// Every algorithm a benchmark ships (and the peers it runs) has a fixed colour, different from
/// the others the same benchmark draws, so a page never paints two of them alike and a name keeps
/// its colour across pages. Fails when a catalogue grows a name the palette does not know.
@Suite struct AlgorithmPaletteTests {
  static let catalogues: [(bench: String, names: [String])] = [
    ("swipe", SwipeDecoderChoice.allCases.map(\.rawValue)),
    ("correct", CorrectionRunner.known + CorrectionRunner.knownPeers),
    ("predict", PredictorCatalog.names + PredictionRunner.knownPeers),
    ("touch", TouchResolverKind.allCases.map(\.rawValue)),
    ("photos", PhotoRunner.known),
  ]

  @Test(arguments: catalogues.map(\.bench))
  func everyShippedAlgorithmHasItsOwnColour(bench: String) throws {
    let names = try #require(Self.catalogues.first { $0.bench == bench }).names
    let indexes = names.map { AlgorithmPalette.index(of: $0, bench: bench) }
    for (name, index) in zip(names, indexes) { #expect(index != nil, "\(bench): \(name) has no fixed colour") }
    let fixed = indexes.compactMap { $0 }
    #expect(Set(fixed).count == fixed.count, "\(bench): two algorithms share a colour: \(zip(names, indexes).map { "\($0)=\($1.map(String.init) ?? "-")" })")
  }

  @Test func anAlgorithmInTwoBenchmarksKeepsOneColour() {
    for name in Set(Self.catalogues.flatMap(\.names)) {
      let colours = Set(Self.catalogues.filter { $0.names.contains(name) }.compactMap { AlgorithmPalette.index(of: name, bench: $0.bench) })
      #expect(colours.count <= 1, "\(name) changes colour between benchmarks")
    }
  }
}
