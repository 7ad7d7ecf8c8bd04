import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchTyping

extension KeybenchTypos {
  struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Put typing errors into running text with a distribution (seed 002 §4.3).",
      discussion: """
        Every word of --text becomes one pair (typed, intended), unchanged words included, in text \
        order. The same text, distribution, layout and seed give byte-identical output. Shipped \
        distributions: Corpora/typos/keystrokes-en.json (from the 136M Keystrokes typos, scaled to \
        3 % of letters wrong) and Corpora/typos/seed-fig41.json (the seed's Fig. 4.1 shape).

        Examples:
          keybench-typos generate --text ../shared/corpora/texts/en_gutenberg_11_alice_in_wonderland.txt --dist Corpora/typos/seed-fig41.json --seed 1 --out runs/alice-typos.tsv
        """)

    @Option(help: "Running text (UTF-8, plain or gzip).")
    var text: String

    @Option(help: "Distribution JSON from analyze.")
    var dist: String

    @Option(help: "Layout as DEVICE[/VARIANT] for near-key slips.")
    var layout: String = "pixel6pro-gboard/qwerty-en"

    @Option(help: "Random seed.")
    var seed: UInt64

    @Option(help: "Use at most this many words of the text.")
    var limit: Int?

    @Option(help: "The pair TSV to write.")
    var out: String

    func validate() throws {
      if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() throws {
      let distribution = try TypingErrorDistribution.read(path: dist)
      let keyboard = try DeviceCatalog.bundled().layout(named: layout)
      var content = ""
      // Running text may have long paragraphs on one line; still bounded.
      try TextFile.forEachLine(path: text, maximumLineBytes: 1 << 20) { line, _ in content += line + "\n" }
      var pairs = TypoGenerator(distribution: distribution, layout: keyboard)
        .generate(text: content, seed: seed, source: "generate:seed=\(seed)")
      // Words longer than analysis and correction take would make a pair file the other tools
      // refuse; they are left out and counted, like every other skip.
      let long = pairs.filter { !$0.intended.dropFirst(TypoImport.maximumWordLength).isEmpty || !$0.typed.dropFirst(TypoImport.maximumWordLength).isEmpty }.count
      if long > 0 {
        StandardError.print("generate: \(long) of \(pairs.count) words skipped: longer than \(TypoImport.maximumWordLength) characters")
        pairs.removeAll { !$0.intended.dropFirst(TypoImport.maximumWordLength).isEmpty || !$0.typed.dropFirst(TypoImport.maximumWordLength).isEmpty }
      }
      if let limit, pairs.count > limit {
        StandardError.print("generate: \(pairs.count - limit) of \(pairs.count) words skipped: beyond --limit \(limit)")
        pairs = Array(pairs.prefix(limit))
      }
      guard pairs.count <= TypoPairFile.maximumPairs else {
        throw CommandFailure(
          "\(text) has \(NumberFormatting.grouped(pairs.count)) words, more than the \(NumberFormatting.grouped(TypoPairFile.maximumPairs)) pairs a pair file may hold; use --limit")
      }
      guard !pairs.isEmpty else { throw CommandFailure("\(text): no words to put typos into") }
      try TypoPairFile.write(pairs, to: out)
      let changed = pairs.filter { !$0.isUnchanged }.count
      print("\(NumberFormatting.grouped(pairs.count)) words, \(NumberFormatting.grouped(changed)) with errors; wrote \(out)")
    }
  }
}

extension KeybenchTypos.Generate: CommandFiles {
  var reads: [FileUse] { [FileUse("--text", text), FileUse("--dist", dist)] }
  var writes: [FileUse] { [FileUse("--out", out)] }
}
