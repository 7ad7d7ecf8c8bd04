import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
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

    /// Help, defaults and ranges (the library's description of this benchmark).
    typealias D = GestureRunner.Described

    @Option(help: ArgumentHelp(D.scheme))
    var scheme: [String] = []

    @Option(help: ArgumentHelp(D.device))
    var device: String = D.device.textDefault

    @Option(help: ArgumentHelp(D.text))
    var text: String?

    @Option(help: ArgumentHelp(D.limit))
    var limit: Int?

    @Option(help: ArgumentHelp(D.seed))
    var seed: UInt64 = D.seed.seedDefault

    @Option(help: ArgumentHelp(D.config))
    var config: String?

    @OptionGroup var output: RunOutputOption
    var out: String? { output.folder }

    @OptionGroup var bootstrap: BootstrapOptions

    @Flag(help: ArgumentHelp(D.printConfig))
    var printConfig = false

    func validate() throws {
      if let limit, !D.limit.integerRange.contains(limit) { throw ValidationError("--limit must be \(D.limit.range!).") }
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
      let options = GestureRunner.Options(
        schemes: scheme, device: device, text: text, limit: limit, seed: seed, config: benchConfig, bootstrap: try bootstrap.settings)
      let report = try GestureRunner(options: options).run()
      try report.write(to: out)
      let summary = report.summary
      for row in summary.rows {
        print(
          "\(row.scheme): CER \(NumberFormatting.percent(row.characterErrorRate)), "
            + "\(NumberFormatting.number(row.crossingsPerCharacter)) crossings/char, "
            + "\(NumberFormatting.number(row.borderCrossingsPerLetter)) border crossings/letter, "
            + "path \(NumberFormatting.value(row.idealPathMillimetersPerLetter, unit: "mm")) per letter "
            + "(QWERTY swipe \(NumberFormatting.value(row.qwertyPathMillimetersPerLetter, unit: "mm"))) over \(NumberFormatting.grouped(row.words)) words")
      }
      print(report.wroteLine(out))
    }
  }
}

extension KeybenchRun.Gesture: CommandFiles {
  var reads: [FileUse] {
    FileUse.file("--config", config) + (printConfig ? [] : FileUse.files("--scheme", scheme) + FileUse.file("--text", text))
  }
  var writes: [FileUse] { printConfig ? [] : output.use }
}
