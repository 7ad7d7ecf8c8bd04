import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchKeyboard

extension KeybenchRun {
  struct Keyboard: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Benchmark whole keyboards: simulated typists type held-out sentences through correction, completion, next word and swipe.",
      discussion: """
        Each --sentences line (or Leipzig id<TAB>sentence) is typed word by word by one of --typists \
        simulated typists on --device: with --noise keybench each typist has an own touch offset \
        and spread drawn around the device's Bi & Zhai model and makes the slips of --errors (a \
        typing-error distribution of real keystrokes; neighbouring-key slips come from the touch \
        model), and a share of words is swiped (synthetic, calibrated on How We Swipe); with \
        --noise kebbie the typists follow kebbie 0.5.1's noise model (needs --common-typos). \
        Every keyboard is asked per word what kebbie asks — next word, completion of the begun \
        word, correction of the typed word (with the taps), the swipe's words — with the \
        committed words before it, and scored by kebbie's definitions plus word and character \
        error rates of the committed text, false corrections and latency; every accuracy has a \
        95 % interval from a bootstrap over typists. Writes results.csv, summary.csv, \
        summary.json and report.md to --out.

        Keyboards: \(KeyboardCatalog.names.map { "\($0) (\(KeyboardCatalog.describe($0)))" }.joined(separator: "; ")). \
        --plugin NAME=COMMAND adds a keyboard speaking Plugins/PROTOCOL.md's keyboard task.

        Examples:
          keybench-ingest --text ../shared/corpora/texts/en_gutenberg_*.txt ../shared/corpora/texts/en_twain_*.txt ../shared/corpora/texts/en_leipzig_eng_wikipedia_2016_10K-sentences.txt --name en-keyboard
          keybench-run keyboard --lexicon en_US --ngrams en-keyboard --sentences ../shared/corpora/texts/en_leipzig_eng-eu_web_2015_10K-sentences.txt --limit 500 --device pixel6pro-gboard --out runs/keyboard
        """)

    /// Help, defaults and ranges (the library's description of this benchmark).
    typealias D = KeyboardRunner.Described

    @Option(help: ArgumentHelp(D.lexicon))
    var lexicon: String?

    @OptionGroup var database: DatabaseOption

    @Option(help: ArgumentHelp(D.sentences))
    var sentences: String?

    @Option(help: ArgumentHelp(D.ngrams))
    var ngrams: String?

    @Option(help: ArgumentHelp(D.device))
    var device: String = D.device.textDefault

    @Option(help: ArgumentHelp(D.keyboard))
    var keyboard: String = D.keyboard.textDefault

    @Option(help: ArgumentHelp(D.noise))
    var noise: NoiseModelKind = D.noise.choiceDefault()

    @Option(help: ArgumentHelp(D.errors))
    var errors: String?

    @Option(help: ArgumentHelp(D.commonTypos))
    var commonTypos: String?

    @Option(help: ArgumentHelp(D.typists))
    var typists: Int = D.typists.integerDefault

    @Option(help: ArgumentHelp(D.swipes))
    var swipes: String?

    @Option(help: ArgumentHelp(D.swipeShare))
    var swipeShare: Double?

    @Option(help: ArgumentHelp(D.top))
    var top: Int = D.top.integerDefault

    @Option(help: ArgumentHelp(D.seed))
    var seed: UInt64 = D.seed.seedDefault

    @Option(help: ArgumentHelp(D.limit))
    var limit: Int?

    @Option(help: ArgumentHelp(D.skip))
    var skip: Int = D.skip.integerDefault

    @Option(help: ArgumentHelp(D.config))
    var config: String?

    @Flag(help: ArgumentHelp(D.printConfig))
    var printConfig = false

    @OptionGroup var output: RunOutputOption
    @OptionGroup var plugin: PluginOptions
    @OptionGroup var bootstrap: BootstrapOptions

    var keyboardNames: [String] {
      let names = keyboard.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      if names == ["none"] { return [] }
      return names.contains("all") ? KeyboardCatalog.names : names
    }

    func validate() throws {
      var check = RangeCheck()
      check.integer("--typists", typists, in: D.typists.integerRange)
      check.integer("--top", top, in: D.top.integerRange)
      if let limit { check.integer("--limit", limit, in: D.limit.integerRange) }
      check.integer("--skip", skip, in: D.skip.integerRange)
      if let swipeShare { check.number("--swipe-share", swipeShare, in: D.swipeShare.range!.minimum!...D.swipeShare.range!.maximum!) }
      if let problem = check.errors.first { throw ValidationError(problem) }
      if keyboard != "none" { try AlgorithmNames.validate(keyboard, option: "keyboard", known: KeyboardCatalog.names, noun: "keyboard") }
      try plugin.checkNames(selected: keyboardNames, reserved: KeyboardCatalog.names + ["all", "none"])
      if printConfig { return }
      guard lexicon != nil else { throw ValidationError("Give the lexicon with --lexicon NAME (e.g. en_US).") }
      guard sentences != nil else { throw ValidationError("Give the held-out sentences with --sentences FILE.") }
      guard output.folder != nil else { throw ValidationError("Give the output folder with --out DIR.") }
      guard !keyboardNames.isEmpty || !plugin.plugins.isEmpty else { throw ValidationError("No keyboard to run: --keyboard none needs a --plugin.") }
      if noise == .kebbie, commonTypos == nil {
        throw ValidationError("--noise kebbie needs --common-typos FILE.json (kebbie's {\"word\": [\"typo\", …]}; Plugins/kebbie/common_typos.py makes one offline).")
      }
    }

    func run() throws {
      var settings = try config.map { try ConfigFiles.load($0, over: KeyboardRunner.Settings(), what: "keyboard config") } ?? KeyboardRunner.Settings()
      if let swipeShare { settings.simulation.swipeShare = swipeShare }
      if printConfig { return try ConfigFiles.print(settings) }
      guard let out = output.folder, let lexicon, let sentences else { return }
      try OutputFolder.checkReplaceable(out)
      let options = KeyboardRunner.Options(
        lexicon: lexicon, database: database.path, sentences: sentences, ngrams: ngrams, device: device, keyboards: keyboardNames,
        noise: noise, errors: errors, commonTypos: commonTypos, typists: typists, top: top, seed: seed, limit: limit,
        simulation: settings.simulation, decoder: settings.decoder, plugins: try plugin.specs, pluginOptions: plugin.options,
        bootstrap: try bootstrap.settings)
      var runner = options
      runner.skip = skip
      runner.swipes = swipes
      let report = try KeyboardRunner(options: runner).run()
      try report.write(to: out)
      print(try report.consoleLines().joined(separator: "\n"))
      print(report.wroteLine(out))
    }
  }
}

extension KeybenchRun.Keyboard: CommandFiles {
  var reads: [FileUse] {
    FileUse.file("--config", config)
      + (printConfig
        ? []
        : FileUse.file("--sentences", sentences) + FileUse.file("--errors", errors) + FileUse.file("--common-typos", commonTypos)
          + FileUse.file("--swipes", swipes) + database.use)
  }
  var writes: [FileUse] { printConfig ? [] : output.use }
}
