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

    @Option(help: "Lexicon (as stored by keybench-ingest), e.g. en_US.")
    var lexicon: String

    @OptionGroup var database: DatabaseOption

    @Option(help: "Held-out sentences, one per line (or Leipzig id<TAB>sentence).")
    var sentences: String

    @Option(help: "Text n-gram counts stored by keybench-ingest --text (context and next word); needed by keybench, plain and taps-lm.")
    var ngrams: String?

    @Option(help: "Device profile the typists type on (keybench-devices list).")
    var device: String = "pixel6pro-gboard"

    @Option(help: "Built-in keyboards, comma-separated, or all (default: all); none with only --plugin.")
    var keyboard: String = "all"

    @Option(help: "Noise model of the typists: keybench or kebbie.")
    var noise: String = NoiseModelKind.keybench.rawValue

    @Option(help: "Typing-error distribution JSON of the typists (default Corpora/typos/keystrokes-en.json: real keyboard typos, 3 % of keystrokes).")
    var errors: String?

    @Option(help: "kebbie's common typos {\"word\": [\"typo\", …]} for --noise kebbie (never downloaded).")
    var commonTypos: String?

    @Option(help: "Simulated typists (1–10000); sentences are dealt to them in turn, and intervals resample them.")
    var typists: Int = 30

    @Option(help: "Swipe corpus (.jsonl from keybench-swipes import-hws): a swiped word it holds is swiped with one of its real gestures, moved onto --device's keyboard; others with the synthetic generator.")
    var swipes: String?

    @Option(help: "Share of words swiped with --noise keybench (0–1; kebbie swipes 1 %).")
    var swipeShare: Double?

    @Option(help: "Candidates scored per request (1–100; kebbie scores 3).")
    var top: Int = 3

    @Option(help: "Seed of the typists' noise; the same seed gives the same taps and gestures.")
    var seed: UInt64 = 1

    @Option(help: "Type at most this many sentences.")
    var limit: Int?

    @Option(help: "Skip this many usable sentences first (e.g. tune on --skip 1000 --limit 1000, report on --limit 1000).")
    var skip: Int = 0

    @Option(help: "Configuration JSON: {\"simulation\": {…}, \"decoder\": {…}}; keys left out keep their defaults.")
    var config: String?

    @Flag(help: "Print the configuration in effect as JSON and exit.")
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
      check.integer("--typists", typists, in: 1...10_000)
      check.integer("--top", top, in: 1...100)
      if let limit { check.integer("--limit", limit, in: 1...10_000_000) }
      check.integer("--skip", skip, in: 0...10_000_000)
      if let swipeShare { check.number("--swipe-share", swipeShare, in: 0...1) }
      if let problem = check.errors.first { throw ValidationError(problem) }
      if keyboard != "none" { try AlgorithmNames.validate(keyboard, option: "keyboard", known: KeyboardCatalog.names, noun: "keyboard") }
      try plugin.checkNames(selected: keyboardNames, reserved: KeyboardCatalog.names + ["all", "none"])
      if printConfig { return }
      guard output.folder != nil else { throw ValidationError("Give the output folder with --out DIR.") }
      guard !keyboardNames.isEmpty || !plugin.plugins.isEmpty else { throw ValidationError("No keyboard to run: --keyboard none needs a --plugin.") }
      guard let noiseModel = NoiseModelKind(rawValue: noise) else {
        throw ValidationError("--noise must be \(NoiseModelKind.allCases.map(\.rawValue).joined(separator: " or ")).")
      }
      if noiseModel == .kebbie, commonTypos == nil {
        throw ValidationError("--noise kebbie needs --common-typos FILE.json (kebbie's {\"word\": [\"typo\", …]}; Plugins/kebbie/common_typos.py makes one offline).")
      }
    }

    /// The configuration file's shape; every field range-checked when the file loads.
    struct Settings: Codable, Equatable, ValidatedConfig {
      var simulation = TypistSimulator.Config()
      var decoder = TapDecoder.Config()

      func validationErrors() -> [String] {
        simulation.validationErrors().map { "simulation." + $0 } + decoder.validationErrors().map { "decoder." + $0 }
      }
    }

    func run() throws {
      var settings = try config.map { try ConfigFiles.load($0, over: Settings(), what: "keyboard config") } ?? Settings()
      if let swipeShare { settings.simulation.swipeShare = swipeShare }
      if printConfig { return try ConfigFiles.print(settings) }
      guard let out = output.folder else { return }
      try OutputFolder.checkReplaceable(out)
      let options = KeyboardRunner.Options(
        lexicon: lexicon, database: database.path, sentences: sentences, ngrams: ngrams, device: device, keyboards: keyboardNames,
        noise: NoiseModelKind(rawValue: noise) ?? .keybench, errors: errors, commonTypos: commonTypos, typists: typists, top: top, seed: seed, limit: limit,
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
        : [FileUse("--sentences", sentences)] + FileUse.file("--errors", errors) + FileUse.file("--common-typos", commonTypos)
          + FileUse.file("--swipes", swipes) + database.use)
  }
  var writes: [FileUse] { printConfig ? [] : output.use }
}
