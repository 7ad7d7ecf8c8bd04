import Foundation
import KeyBenchGeometry
import KeyBenchTestSupport
import KeyBenchTyping
import Testing

@Suite struct TypoGeneratorTests {
  let layout = try! DeviceCatalog.shipped().layout(named: "pixel6pro-gboard")
  let shape = try! TypingErrorDistribution.read(path: TestPaths.repository.appendingPathComponent("Corpora/typos/seed-fig41.json").path)

  var text: String {
    String(repeating: "The quick brown fox jumps over the lazy dog, doesn't it? Well-known words follow. ", count: 400)
  }

  @Test func words() {
    #expect(TypoGenerator.words(in: "Don't stop -- well-known, 'quoted' x2y") == ["Don't", "stop", "well-known", "quoted", "x", "y"])
  }

  @Test func sameSeedSamePairsOtherSeedOthers() {
    let generator = TypoGenerator(distribution: shape, layout: layout)
    let a = generator.generate(text: text, seed: 7, source: "s")
    let b = generator.generate(text: text, seed: 7, source: "s")
    let c = generator.generate(text: text, seed: 8, source: "s")
    #expect(a == b)
    #expect(a != c)
    #expect(a.count == 400 * 14)
    #expect(a.map(\.intended) == c.map(\.intended))
  }

  /// Analysing generated text recovers the distribution it was made with.
  @Test func generatedTextHasTheDistributionsRates() {
    let pairs = TypoGenerator(distribution: shape, layout: layout).generate(text: text, seed: 1, source: "s")
    let measured = TypingErrorAnalysis.analyze(pairs, layout: layout, source: "generated")
    #expect(abs(measured.errorRate - 0.03) < 0.006)
    #expect(measured.rate(.near) > 1.5 * measured.rate(.edit))
    #expect(measured.rate(.delete) < measured.rate(.insert))
    #expect(measured.rate(.umlaut) == 0)  // no umlaut keys on an English layout
  }
}
