import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchTyping

extension KeybenchRun {
  struct Correct: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Benchmark word correctors (and hunspell/aspell) on typo pairs.",
      discussion: """
        Runs each corrector over the pairs in file order (one thread; after each word the corrector \
        is told the intended word, for frequency adaptation) and writes to --out: results.csv (one \
        row per corrector and pair), summary.csv and summary.json (per-corrector metrics; format in \
        Reports/FORMATS.md) and report.md. Correctors: baseline (Damerau-Levenshtein + frequency), \
        kannsch (seed 002; 'all' also runs kannsch-static, its frequency adaptation off), keyboard \
        (noisy channel with the --error-model learned by keybench-typos analyze). --plugin \
        NAME=COMMAND adds an external corrector speaking Plugins/PROTOCOL.md (any language); the \
        peers hunspell and aspell run through the same protocol (Plugins/ispell, their -a pipe mode \
        with the system dictionary for the lexicon's locale); a missing peer is named in the report. \
        A plug-in that crashes, hangs or answers wrongly stops the run with its stderr.

        --context NAME (text n-gram counts stored by keybench-ingest --text) runs every corrector \
        a second time, as CORRECTOR+context, giving it each pair's previous words (sentence-level pair \
        files from keybench-typos import keystrokes-sentences): the keyboard corrector fuses the \
        Kneser-Ney context ratio with weight contextWeight; plug-ins and peers get the words as \
        'previous'. The report puts both passes side by side. A context model trained on the test \
        sentences (its stored sentence fingerprint holds more than 1 % of them) is refused.

        Examples:
          keybench-run correct --lexicon en_US --pairs .keybench/corpora/norvig2.tsv --peers hunspell,aspell --out runs/correct
          keybench-run correct --lexicon en_US --pairs .keybench/corpora/norvig2.tsv --corrector keyboard --plugin symspell=Plugins/symspell/plugin --out runs/symspell
          keybench-run correct --lexicon en_US --pairs .keybench/corpora/keystrokes-sentences.tsv --context en-texts --peers hunspell --out runs/context
        """)

    /// Help, defaults and ranges (the library's description of this benchmark).
    typealias D = CorrectionRunner.Described

    @Option(help: ArgumentHelp(D.lexicon))
    var lexicon: String?

    @OptionGroup var database: DatabaseOption
    var db: String { database.path }

    @Option(help: ArgumentHelp(D.pairs))
    var pairs: String?

    @Option(help: ArgumentHelp(D.corrector))
    var corrector: String = D.corrector.textDefault

    @Option(help: ArgumentHelp(D.peers))
    var peers: String = D.peers.textDefault

    @Option(help: ArgumentHelp(D.suggestions))
    var suggestions: Int = D.suggestions.integerDefault

    @Option(help: ArgumentHelp(D.errorModel))
    var errorModel: String?

    @Option(help: ArgumentHelp(D.layout))
    var layout: String?

    @Option(help: ArgumentHelp(D.keyboardConfig))
    var keyboardConfig: String?

    @Option(help: ArgumentHelp(D.kannschConfig))
    var kannschConfig: String?

    @Flag(help: ArgumentHelp(D.lowercaseOnly))
    var lowercaseOnly = false

    @Flag(help: ArgumentHelp(D.lengthCurves))
    var lengthCurves = false

    @Option(help: ArgumentHelp(D.context))
    var context: String?

    @Option(help: ArgumentHelp(D.limit))
    var limit: Int?

    @OptionGroup var sampling: SampleOptions

    @OptionGroup var plugin: PluginOptions

    @OptionGroup var bootstrap: BootstrapOptions

    @OptionGroup var output: RunOutputOption
    var out: String? { output.folder }

    @Flag(help: ArgumentHelp(D.printConfig))
    var printConfig = false

    /// What --print-config prints.
    struct Configs: Encodable {
      var keyboard: KeyboardCorrector.Config
      var kannsch: KannschCorrector.Config
    }

    static var known: [String] { CorrectionRunner.known }
    static var knownPeers: [String] { CorrectionRunner.knownPeers }

    var correctorNames: [String] {
      let names = corrector.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return names.contains("all") ? Self.known : names
    }

    var peerNames: [String] { peers.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }

    func validate() throws {
      guard D.suggestions.integerRange.contains(suggestions) else { throw ValidationError("--suggestions must be in \(D.suggestions.range!).") }
      if let limit, !D.limit.integerRange.contains(limit) { throw ValidationError("--limit must be \(D.limit.range!).") }
      try AlgorithmNames.validate(corrector, option: "corrector", known: Self.known, noun: "corrector")
      for name in peerNames where !Self.knownPeers.contains(name) {
        throw ValidationError("unknown peer '\(name)'; choose hunspell and/or aspell.")
      }
      try plugin.checkNames(selected: correctorNames + peerNames, reserved: Self.known + Self.knownPeers + ["all"])
      if printConfig { return }
      guard lexicon != nil else { throw ValidationError("Give the lexicon with --lexicon NAME (e.g. en_US).") }
      guard pairs != nil else { throw ValidationError("Give the typo pairs with --pairs FILE.tsv (keybench-typos import or generate).") }
      guard out != nil else { throw ValidationError("Give the output folder with --out DIR.") }
    }

    func run() throws {
      let keyboardSettings = try keyboardConfig.map { try ConfigFiles.load($0, over: KeyboardCorrector.Config(), what: "keyboard config") }
        ?? KeyboardCorrector.Config()
      let kannschSettings = try kannschConfig.map { try ConfigFiles.load($0, over: KannschCorrector.Config(), what: "kannsch config") }
        ?? KannschCorrector.Config()
      if printConfig { return try ConfigFiles.print(Configs(keyboard: keyboardSettings, kannsch: kannschSettings)) }
      guard let lexicon, let pairs, let out else { return }
      try OutputFolder.checkReplaceable(out)
      var options = CorrectionRunner.Options(
        lexicon: lexicon, database: db, pairs: pairs, correctors: correctorNames, peers: peerNames, suggestions: suggestions,
        errorModel: errorModel, layout: layout, keyboardConfig: keyboardSettings, kannschConfig: kannschSettings,
        lowercaseOnly: lowercaseOnly, lengthCurves: lengthCurves, context: context, limit: limit, plugins: try plugin.specs,
        pluginOptions: plugin.options, bootstrap: try bootstrap.settings)
      options.sample = sampling.choice
      let report = try CorrectionRunner(options: options).run()
      try report.write(to: out)
      for entry in report.entries {
        let s = entry.summary
        print(
          "\(s.corrector): top-1 \(NumberFormatting.percent(s.top1)), top-\(suggestions) \(NumberFormatting.percent(s.topK)); "
            + "non-word (\(NumberFormatting.grouped(s.nonWords))) top-1 \(NumberFormatting.percent(s.nonWordTop1)), top-\(suggestions) \(NumberFormatting.percent(s.nonWordTopK)); "
            + "false corrections \(s.falseCorrections.isFinite ? NumberFormatting.percent(s.falseCorrections) : "n/a (no correctly typed word in the pairs)"); "
            + NumberFormatting.rate(s.wordsPerSecond, of: "words")
        )
      }
      for line in report.missingPeers { print("peer \(line)") }
      print(report.wroteLine(out))
    }
  }
}

extension KeybenchRun.Correct: CommandFiles {
  var reads: [FileUse] {
    FileUse.file("--keyboard-config", keyboardConfig) + FileUse.file("--kannsch-config", kannschConfig)
      + (printConfig ? [] : FileUse.file("--pairs", pairs) + FileUse.file("--error-model", errorModel) + database.use)
  }
  var writes: [FileUse] { printConfig ? [] : output.use }
}
