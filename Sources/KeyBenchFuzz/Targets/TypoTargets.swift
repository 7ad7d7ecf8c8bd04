import Foundation
import KeyBenchTyping

/// Typo corpora in every format `keybench-typos import` reads (`TypoImport.read`), the pair TSV
/// (`TypoPairFile`) and the typing-error distribution JSON (`TypingErrorDistribution.read`),
/// each followed by what `keybench-typos analyze` / `generate` and the keyboard corrector do.
enum TypoTargets {
  static let all: [FuzzTarget] =
    TypoFormat.allCases.map { format in
      FuzzTarget(
        name: "typos-\(format.rawValue)",
        summary: "typo corpus, \(format.rawValue) format: TypoImport.read, the pairs written as a pair file and read back, TypingErrorAnalysis",
        run: { data in
          let result = try TypoImport.read(format, path: FuzzScratch.file("typos-\(format.rawValue).txt", data))
          try pairFileRoundTrip(Array(result.pairs.prefix(256)))
          try analyze(Array(result.pairs.prefix(32)))
        })
    } + [
      FuzzTarget(
        name: "typo-pairs",
        summary: "pair TSV (typed, intended, context, source): TypoPairFile.read, then TypingErrorAnalysis as `analyze` does",
        run: { data in
          let pairs = try TypoPairFile.read(path: FuzzScratch.file("pairs.tsv", data))
          try analyze(Array(pairs.prefix(32)))
        }),
      FuzzTarget(
        name: "typing-distribution",
        summary: "typing-error distribution JSON: TypingErrorDistribution.read, scaling, the figure, TypoGenerator, KeyboardCorrector's error model",
        run: { data in
          let distribution = try TypingErrorDistribution.read(path: FuzzScratch.file("distribution.json", data))
          try use(distribution)
        }),
    ]

  /// What `keybench-typos import` writes must read back as the same number of pairs.
  static func pairFileRoundTrip(_ pairs: [TypoPair]) throws {
    guard !pairs.isEmpty else { return }
    let path = FuzzScratch.directory("pairs-out", clean: true) + "/pairs.tsv"
    try TypoPairFile.write(pairs, to: path)
    let back = try TypoPairFile.read(path: path)
    FuzzInvariant.check(back.count == pairs.count, "wrote \(pairs.count) pairs, read back \(back.count)")
  }

  /// `keybench-typos analyze` on the pairs, its JSON written and read back, then used.
  static func analyze(_ pairs: [TypoPair]) throws {
    let distribution = TypingErrorAnalysis.analyze(pairs, layout: FuzzFixtures.qwerty, source: "fuzz")
    _ = TypingErrorAnalysis.figure(distribution)
    let path = FuzzScratch.directory("distribution-out", clean: true) + "/distribution.json"
    try distribution.write(to: path)
    let back = try TypingErrorDistribution.read(path: path)
    FuzzInvariant.check(back == distribution, "a written typing-error distribution reads back different")
  }

  /// `keybench-typos generate` and the keyboard corrector's error model on `distribution`.
  static func use(_ distribution: TypingErrorDistribution) throws {
    _ = TypingOperation.allCases.map(distribution.rate)
    _ = TypingErrorAnalysis.figure(distribution)
    let scaled = distribution.scaled(toErrorRate: 0.03)
    for model in [distribution, scaled] {
      _ = TypoGenerator(distribution: model, layout: FuzzFixtures.qwerty).generate(
        text: FuzzFixtures.text, seed: 1, source: "fuzz")
    }
    // Only distributions with channel counts make an error model; others still feed `generate`.
    guard
      let corrector = try? KeyboardCorrector(
        lexicon: FuzzFixtures.correctionLexicon, distribution: distribution, layout: FuzzFixtures.qwerty)
    else { return }
    for typed in ["teh", "wrold", "helo", "thr"] { _ = corrector.suggestions(for: typed, limit: 4) }
  }
}
