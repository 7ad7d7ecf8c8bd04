import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchGesture

extension KeybenchRun {
  struct Gesture: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Benchmark seed 001's 8-direction gesture keyboard and compare letter schemes.",
      discussion: """
        Enters the words of --text with each --scheme on --device (seeded strokes with the \
        device's touch noise), decodes them back, and writes to --out: results.csv (one row per \
        scheme and word, every scheme of the run; column algorithm), summary.csv and \
        summary.json (format in Reports/FORMATS.md) and report.md (character error rate, strokes \
        and crossings per character, path length per letter beside a QWERTY swipe, schemes ranked \
        by frequency-weighted movement). summary.json's "statistics" gives every scheme's \
        character and word error rate with a 95 % interval from a bootstrap over the distinct \
        words (--bootstrap).

        Examples:
          keybench-run gesture --scheme Corpora/gesture/english.xml --scheme Corpora/gesture/alphabetical.xml --device iphone5 --text ../shared/corpora/texts/en_gutenberg_11_alice_in_wonderland.txt --limit 500 --seed 1 --out runs/gesture
        """)

    @Option(help: "Letter scheme XML (repeat to compare several); default Corpora/gesture/english.xml.")
    var scheme: [String] = []

    @Option(help: "Device profile whose keyboard area holds the touch view.")
    var device: String = "iphone5"

    @Option(help: "Running text whose words are entered (UTF-8).")
    var text: String?

    @Option(help: "Enter at most this many words.")
    var limit: Int?

    @Option(help: "Seed of the touch noise.")
    var seed: UInt64 = 1

    @Option(help: "Configuration JSON (geometry, strokes); keys left out keep their defaults.")
    var config: String?

    @OptionGroup var output: RunOutputOption
    var out: String? { output.folder }

    @OptionGroup var bootstrap: BootstrapOptions

    @Flag(help: "Print the configuration in effect as JSON and exit.")
    var printConfig = false

    func validate() throws {
      if let limit, limit < 1 { throw ValidationError("--limit must be positive.") }
      if printConfig { return }
      guard out != nil else { throw ValidationError("Give the output folder with --out DIR.") }
      guard text != nil else { throw ValidationError("Give the text to enter with --text FILE.") }
    }

    func run() throws {
      let benchConfig = try config.map { try ConfigFiles.load($0, over: GestureBenchmark.Config(), what: "gesture config") }
        ?? GestureBenchmark.Config()
      if printConfig { return try ConfigFiles.print(benchConfig) }
      guard let out, let text else { return }
      try OutputFolder.checkReplaceable(out)
      var paths = scheme
      if paths.isEmpty {
        guard let folder = ProjectFiles.directory("Corpora/gesture") else {
          throw CommandFailure("cannot find Corpora/gesture; give --scheme FILE or set KEYBENCH_HOME")
        }
        paths = [folder.appendingPathComponent("english.xml").path]
      }
      let schemes = try paths.map { (scheme: try LetterSchemeXML.load(path: $0), source: $0) }
      let names = schemes.map(\.scheme.name)
      if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
        throw CommandFailure("two schemes are named '\(twice)'; give each scheme file its own name attribute")
      }
      let catalog = try DeviceCatalog.bundled()
      let profile = try catalog.profile(named: device)
      let running = try InputFile.text(text)
      let benchmark = GestureBenchmark(schemes: schemes, profile: profile, config: benchConfig)
      let all = benchmark.words(of: running, limit: nil)
      guard !all.isEmpty else { throw CommandFailure("\(text): no words the schemes can type") }
      var items = Provenance.Items(unit: "words", read: all.count)
      var words = limit.map { Array(all.prefix($0)) } ?? all
      items.exclude(all.count - words.count, "beyond --limit \(limit ?? 0)")
      // Stroke simulation and scoring grow with the square of a word's length.
      items.exclude(words.filter(StrokeSimulator.isTooLong).count, "longer than \(StrokeSimulator.maximumWordLength) letters")
      words.removeAll(where: StrokeSimulator.isTooLong)
      guard !words.isEmpty else { throw CommandFailure("\(text): no word of at most \(StrokeSimulator.maximumWordLength) letters to enter") }
      for line in items.skipLines { StandardError.print("gesture: \(line)") }
      let provenance = Provenance(
        inputs: try Provenance.inputs([("text", text)] + paths.map { ("scheme", $0) }) + catalog.provenanceInputs(profiles: [device]),
        items: items, seed: seed)
      let runs = benchmark.run(words: words, seed: seed)
      let summary = GestureSummary(runs: runs)
      var report = GestureReport(runs: runs, summary: summary, config: benchConfig, device: device, text: text, seed: seed, provenance: provenance)
      report.bootstrap = try bootstrap.settings
      try report.write(to: out)
      for row in summary.rows {
        print(
          "\(row.scheme): CER \(NumberFormatting.fixed(row.characterErrorRate * 100, decimals: 2)) %, "
            + "\(NumberFormatting.fixed(row.crossingsPerCharacter, decimals: 2)) crossings/char, "
            + "\(NumberFormatting.fixed(row.borderCrossingsPerLetter, decimals: 3)) border crossings/letter, "
            + "path \(NumberFormatting.fixed(row.idealPathMillimetersPerLetter, decimals: 1)) mm/letter "
            + "(QWERTY swipe \(NumberFormatting.fixed(row.qwertyPathMillimetersPerLetter, decimals: 1))) over \(row.words) words")
      }
      print("wrote \(out)/results.csv, summary.csv, summary.json, report.md")
    }
  }
}
