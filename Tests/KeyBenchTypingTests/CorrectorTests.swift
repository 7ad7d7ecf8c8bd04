import KeyBenchGeometry
import KeyBenchLexicon
import KeyBenchTestSupport
@testable import KeyBenchTyping
import Testing

@Suite struct CorrectorTests {
  let layout = try! DeviceCatalog.shipped().layout(named: "pixel6pro-gboard")

  func lexicon(_ words: [(String, UInt8)]) -> CorrectionLexicon {
    CorrectionLexicon(lexicon: Lexicon(name: "t", locale: "en", entries: words.map { Lexicon.Entry(word: $0.0, frequency: $0.1) }))
  }

  /// A channel learned from a handful of made-up typos: near slips, doubled and dropped letters.
  var distribution: TypingErrorDistribution {
    let pairs = ["thw": "the", "rhe": "the", "ahd": "and", "anf": "and", "tje": "the", "hte": "the", "te": "the", "annd": "and", "quuick": "quick"]
      .map { TypoPair(typed: $0.key, intended: $0.value, source: "t") }
    return TypingErrorAnalysis.analyze(pairs, layout: layout, source: "t")
  }

  /// Correctors on one lexicon with the same deletion count and prefix share one set of built
  /// tables (the lookup-time cap on total deletions does not change them); other settings get
  /// their own, and sharing changes no answer.
  @Test func deleteTablesAreBuiltOncePerSettings() throws {
    let words = [("the", UInt8(200)), ("then", 150), ("than", 140), ("quick", 120), ("quack", 60)]
    let shared = lexicon(words)
    #expect(shared.deleteTables(maxDeletes: 2, prefix: 7) === shared.deleteTables(maxDeletes: 2, prefix: 7))
    #expect(shared.deleteTables(maxDeletes: 2, prefix: 7) !== shared.deleteTables(maxDeletes: 1, prefix: 7))
    #expect(shared.deleteTables(maxDeletes: 2, prefix: 7) !== shared.deleteTables(maxDeletes: 2, prefix: 6))
    let baseline = DamerauCorrector(lexicon: shared)
    let keyboard = try KeyboardCorrector(lexicon: shared, distribution: distribution, layout: layout)
    let alone = (DamerauCorrector(lexicon: lexicon(words)), try KeyboardCorrector(lexicon: lexicon(words), distribution: distribution, layout: layout))
    for typed in ["thw", "tehn", "qiuck", "quakc", "than", "xyz"] {
      #expect(baseline.suggestions(for: typed, limit: 3) == alone.0.suggestions(for: typed, limit: 3), "\(typed)")
      #expect(keyboard.suggestions(for: typed, limit: 3) == alone.1.suggestions(for: typed, limit: 3), "\(typed)")
    }
  }

  /// Seed 002 §2.2.1's dictionary: a near-key slip in "hallo" is corrected; a left-out letter
  /// costs 7 under the adjusted weights, more than the two modifications "hllo" needs for "habe".
  @Test func kannschSeedDictionary() {
    let words = lexicon([("ich", 200), ("habe", 160), ("hallo", 150)])
    let kannsch = KannschCorrector(lexicon: words, layout: layout)
    #expect(kannsch.suggestions(for: "hsllo", limit: 1) == ["hallo"])  // 150 − 1 × 10 > 160 − 5 × 10
    // ich: four modifications (8, the limit); habe: three modifications (6); hallo: a delete (7).
    #expect(kannsch.suggestions(for: "hllo", limit: 3) == ["ich", "habe", "hallo"])  // 120 > 100 > 80
  }

  /// Fig. 2.1: "Treo" against "Teich" is copy, near (r~e), then e = previous letter: revert the
  /// near and count an insert (2), then o~i, neighbours on QWERTY (1): distance 3.
  @Test func kannschAdjustedLevenshteinAndIncrementalState() {
    var config = KannschCorrector.Config()
    config.maxDistance = 100
    config.penalty = 1
    config.topListPenalty = 1
    let words = lexicon([("teich", 100), ("treo", 10)])
    let kannsch = KannschCorrector(lexicon: words, layout: layout, config: config)
    // teich: 100 − 3 × 1; treo: 10 − 0.
    #expect(kannsch.suggestions(for: "treo", limit: 2) == ["teich", "treo"])
    config.penalty = 40
    config.topListPenalty = 40
    let strict = KannschCorrector(lexicon: words, layout: layout, config: config)
    #expect(strict.suggestions(for: "treo", limit: 2) == ["treo", "teich"])  // 100 − 120 < 10
    // The saved state of one word does not leak into the next.
    #expect(kannsch.suggestions(for: "teich", limit: 1) == ["teich"])
    #expect(kannsch.suggestions(for: "treo", limit: 2) == ["teich", "treo"])
  }

  /// §2.3: a written word gains frequency; at the limit every frequency halves.
  @Test func kannschAdaptation() {
    var config = KannschCorrector.Config()
    config.increment = 10
    config.frequencyLimit = 120
    let words = lexicon([("habe", 100), ("haben", 95)])
    let kannsch = KannschCorrector(lexicon: words, layout: layout, config: config)
    let habe = CorrectionLexicon.idOrFail(words, "habe")
    let haben = CorrectionLexicon.idOrFail(words, "haben")
    kannsch.learn("haben")
    #expect(kannsch.frequencies[haben] == 105)
    kannsch.learn("haben")
    kannsch.learn("haben")
    #expect(kannsch.frequencies[haben] == 62.5)  // reached 125 ≥ 120: all halved
    #expect(kannsch.frequencies[habe] == 50)
    config.adaptation = false
    let fixed = KannschCorrector(lexicon: words, layout: layout, config: config)
    fixed.learn("haben")
    #expect(fixed.frequencies[haben] == 95)
  }

  @Test func keyboardPrefersNearKeysAndFrequentWords() throws {
    let words = lexicon([("the", 220), ("then", 190), ("they", 200), ("tho", 60), ("quick", 170), ("and", 215), ("tee", 120)])
    let keyboard = try KeyboardCorrector(lexicon: words, distribution: distribution, layout: layout)
    #expect(keyboard.suggestions(for: "thw", limit: 1) == ["the"])  // w is next to e
    #expect(keyboard.suggestions(for: "quikc", limit: 1) == ["quick"])  // transposition
    #expect(keyboard.suggestions(for: "thhe", limit: 1) == ["the"])  // doubled letter
    #expect(keyboard.suggestions(for: "and", limit: 1) == ["and"])  // a known word stays
    #expect(keyboard.suggestions(for: "zzzzzz", limit: 4).isEmpty)
    #expect(Set(keyboard.suggestions(for: "thw", limit: 4)).isSuperset(of: ["the", "they"]))
  }

  @Test func baselineRanksByDistanceThenFrequency() {
    let words = lexicon([("the", 220), ("then", 190), ("they", 200), ("tee", 120)])
    let baseline = DamerauCorrector(lexicon: words)
    #expect(baseline.suggestions(for: "teh", limit: 3) == ["the", "tee", "they"])
    var rows: [Int] = []
    let abc = lexicon([("abc", 1), ("ca", 1)])
    #expect(DamerauCorrector.distance(abc.encode("ca"), abc.encode("abc")[...], rows: &rows) == 3)  // OSA, not 2
    #expect(DamerauCorrector.distance(abc.encode("ca"), abc.encode("ac")[...], rows: &rows) == 1)
    #expect(DamerauCorrector.distance(abc.encode("x"), abc.encode("y")[...], rows: &rows) == 1)  // unknown letters differ
  }

  @Test func keyboardNeedsChannelCounts() {
    let shape = TypingErrorDistribution(layout: "x", source: "hand-made")
    #expect(throws: (any Error).self) { try KeyboardCorrector(lexicon: lexicon([("a", 1)]), distribution: shape, layout: layout) }
  }
}

extension CorrectionLexicon {
  static func idOrFail(_ lexicon: CorrectionLexicon, _ word: String) -> Int { lexicon.id(of: word)! }
}
