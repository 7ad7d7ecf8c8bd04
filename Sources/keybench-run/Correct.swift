import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLanguageModel
import KeyBenchPlugins
import KeyBenchStore
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

    @Option(help: "Lexicon (as stored by keybench-ingest), e.g. en_US.")
    var lexicon: String?

    @OptionGroup var database: DatabaseOption
    var db: String { database.path }

    @Option(help: "Pair TSV from keybench-typos import or generate.")
    var pairs: String?

    @Option(help: "baseline, kannsch, kannsch-static, keyboard or all (comma-separated).")
    var corrector: String = "all"

    @Option(help: "External spellers to compare, comma-separated: hunspell, aspell.")
    var peers: String = ""

    @Option(help: "Suggestions per word (top-k and the corrected ratio use it).")
    var suggestions: Int = 4

    @Option(help: "Error distribution JSON for the keyboard corrector (default: Corpora/typos/keyboard-en.json).")
    var errorModel: String?

    @Option(help: "Layout as DEVICE[/VARIANT] for key adjacency (default: pixel6pro-gboard for English, iphone6s with the locale's layout otherwise).")
    var layout: String?

    @Option(help: "Keyboard corrector config JSON; keys left out keep their defaults.")
    var keyboardConfig: String?

    @Option(help: "Kannsch corrector config JSON; keys left out keep their defaults.")
    var kannschConfig: String?

    @Flag(help: "Keep only pairs whose typed and intended words are lower-case letters a–z (or the locale's letters).")
    var lowercaseOnly = false

    @Flag(help: "Also measure the corrected ratio on texts of 50 to 5,000 consecutive pairs, each by a fresh user (seed Fig. 4.4/4.5).")
    var lengthCurves = false

    @Option(help: "Text n-gram counts stored by keybench-ingest --text (in --db) to run every corrector also with each pair's previous words.")
    var context: String?

    @Option(help: "Use at most this many pairs.")
    var limit: Int?

    @OptionGroup var plugin: PluginOptions

    @OptionGroup var bootstrap: BootstrapOptions

    @OptionGroup var output: RunOutputOption
    var out: String? { output.folder }

    @Flag(help: "Print the keyboard and kannsch corrector configurations in effect (defaults merged with --keyboard-config and --kannsch-config) as JSON and exit.")
    var printConfig = false

    /// What --print-config prints.
    struct Configs: Encodable {
      var keyboard: KeyboardCorrector.Config
      var kannsch: KannschCorrector.Config
    }

    static let known = ["baseline", "kannsch", "kannsch-static", "keyboard"]
    static let knownPeers = ["hunspell", "aspell"]

    var correctorNames: [String] {
      let names = corrector.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return names.contains("all") ? Self.known : names
    }

    var peerNames: [String] { peers.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }

    func validate() throws {
      guard (1...100).contains(suggestions) else { throw ValidationError("--suggestions must be in 1…100.") }
      if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
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
      var items = try TypoPairFile.read(path: pairs)
      var counted = Provenance.Items(unit: "pairs", read: items.count)
      if lowercaseOnly {
        let kept = items.filter { pair in
          [pair.typed, pair.intended].allSatisfy { word in word.allSatisfy { $0.isLetter && $0.isLowercase } }
        }
        counted.exclude(items.count - kept.count, "not lower-case letters (--lowercase-only)")
        items = kept
      }
      if let limit, items.count > limit {
        counted.exclude(items.count - limit, "beyond --limit \(limit)")
        items = Array(items.prefix(limit))
      }
      for line in counted.skipLines { StandardError.print("correct: \(line)") }
      guard !items.isEmpty else { throw CommandFailure("\(pairs): no pair left to score") }
      let database = try LexiconDatabase(path: db, create: false)
      let loaded = try database.loadLexicon(named: lexicon)
      var inputs = [try Provenance.Input(role: "pairs", path: pairs)]
      var contextInfo: CorrectionReport.ContextModel?
      var contextModel: WordContextModel?
      if let context {
        guard items.contains(where: { $0.previous != nil }) else {
          throw CommandFailure(
            "\(pairs): no pair carries previous words, so --context has nothing to use; build a sentence-level set with keybench-typos import keystrokes-sentences")
        }
        let stored = try database.loadTextModel(named: context)
        let sentences = SentenceImport.sentences(of: items).flatMap { TextTokenizer.sentences(in: $0.joined(separator: " ")) }
        let shared: Int
        do {
          shared = try TrainTestSplit.check(test: pairs, testSentences: sentences, training: stored.fingerprint)
        } catch let error as InputFileError {
          throw CommandFailure("--context \(context) was trained on the test sentences: \(error.description)")
        }
        inputs += stored.fingerprint.files.map { Provenance.Input(role: "ngrams \(context)", path: $0.path, bytes: nil, sha256: $0.sha256) }
        contextModel = WordContextModel(counts: stored.counts)
        contextInfo = .init(
          name: context, files: stored.fingerprint.files.map(\.path), tokens: stored.counts.tokens, sentences: stored.counts.sentences,
          checkedSentences: sentences.filter { $0.count >= TrainTestSplit.checkedSentenceLength }.count, sharedSentences: shared)
      }
      let prepared = CorrectionLexicon(lexicon: loaded)
      let keyboard = try DeviceCatalog.bundled().layout(
        named: layout ?? (loaded.locale.hasPrefix("en") ? "pixel6pro-gboard" : "iphone6s"), locale: loaded.locale)
      let benchmark = CorrectionBenchmark(lexicon: prepared, suggestions: suggestions)
      var entries: [CorrectionReport.Entry] = []
      var parameters: [String: Any] = [:]
      var plugins: [Provenance.Plugin] = []
      func record(_ corrector: any Corrector, setup: String) throws {
        let results = try benchmark.run(corrector, pairs: items)
        var summary = CorrectionSummary(corrector: corrector.name, results: results, top: suggestions)
        let curve = lengthCurves ? try benchmark.lengthCurve(corrector, pairs: items) : []
        var passes = [CorrectionReport.Entry(summary: summary, results: results, setup: setup, curve: curve)]
        if contextInfo != nil {
          // The same corrector again as a fresh user, now with each word's previous words.
          corrector.reset()
          let withContext = try benchmark.run(corrector, pairs: items, previousWords: true)
          let name = corrector.name + CorrectionReport.ContextModel.suffix
          passes.append(.init(
            summary: CorrectionSummary(corrector: name, results: withContext, top: suggestions), results: withContext,
            setup: "\(corrector.name) given each word's previous words (context model `\(context ?? "")`)"))
        }
        if let external = corrector as? PluginCorrector {
          try external.process.finish()
          plugins.append(external.process.identity)
          PluginOptions.printFindings(external.process.identity)
          summary.plugin = external.process.identity.measures
          // Its times are one measurement over both passes.
          for index in passes.indices { passes[index].summary.plugin = summary.plugin }
        }
        entries += passes
        // Progress only: the results are printed once, on stdout, when every corrector ran.
        StandardError.print("\(summary.corrector): scored \(summary.words) pairs\(passes.count > 1 ? " without and with context" : "")")
      }
      func object(_ value: some Encodable) throws -> Any {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
      }
      for name in correctorNames {
        switch name {
        case "baseline":
          try record(DamerauCorrector(lexicon: prepared), setup: "Damerau-Levenshtein ≤ 2 via symmetric deletes, nearest then most frequent")
        case "kannsch", "kannsch-static":
          var settings = kannschSettings
          settings.adaptation = name == "kannsch"
          parameters[name] = try object(settings)
          try record(
            KannschCorrector(lexicon: prepared, layout: keyboard, config: settings),
            setup: "seed 002 adjusted Levenshtein, prefix tree and top list on \(keyboard.name), frequency adaptation \(settings.adaptation ? "on" : "off")")
        default:
          let modelPath = try errorModel ?? Self.defaultErrorModel()
          inputs.append(try Provenance.Input(role: "error_model", path: modelPath))
          let distribution = try TypingErrorDistribution.read(path: modelPath)
          let built = try KeyboardCorrector(
            lexicon: prepared, distribution: distribution, layout: keyboard, config: keyboardSettings, contextModel: contextModel)
          parameters[name] = try object(keyboardSettings)
          try record(built, setup: "noisy channel, error model `\(modelPath)` (learned from \(distribution.source)), layout \(keyboard.name)")
        }
      }
      var missing: [String] = []
      let workspace = PluginWorkspace()
      func external(_ spec: PluginSpec) throws -> PluginCorrector {
        StandardError.print("\(spec.name): starting `\(spec.command)`")
        return try PluginCorrector(
          spec: spec, lexicon: loaded, layout: keyboard, top: suggestions, workspace: workspace, options: plugin.options)
      }
      for peer in peerNames {
        guard LineProcess.which(peer) != nil else {
          missing.append("\(peer) is not installed (Scripts/setup --peers installs it); not measured")
          continue
        }
        guard let command = PluginOptions.bundled("ispell/plugin", arguments: [peer]) else {
          missing.append("\(peer): Plugins/ispell/plugin not found (run from a KeyBench checkout or set KEYBENCH_HOME); not measured")
          continue
        }
        let speller: PluginCorrector
        do {
          speller = try external(PluginSpec(name: peer, command: command))
        } catch let failure as PluginFailure where failure.item == "handshake" {
          // A peer is optional: one that cannot load its dictionary is named, not fatal.
          missing.append("\(peer) could not start with the \(loaded.locale) dictionary (\(failure.reason): \(failure.stderrTail.last ?? "no message")); not measured")
          continue
        }
        try record(speller, setup: "peer through Plugins/ispell: \(speller.process.identity.reportedName) \(speller.process.identity.version), \(speller.process.identity.config) (system dictionary)")
      }
      for spec in try plugin.specs {
        let corrector = try external(spec)
        let identity = corrector.process.identity
        try record(corrector, setup: "plug-in `\(spec.command)`: \(identity.reportedName) \(identity.version), config \(identity.config)")
      }
      var report = CorrectionReport(
        entries: entries, missingPeers: missing, pairsPath: pairs, lexicon: loaded.name, lexiconWords: prepared.count,
        top: suggestions, parameters: parameters, notes: lowercaseOnly ? ["only pairs of lower-case letters"] : [],
        provenance: Provenance(inputs: inputs, lexicon: loaded.provenance, items: counted, top: suggestions, plugins: plugins),
        settings: ["lowercase_only": lowercaseOnly, "layout": keyboard.name, "context": context ?? NSNull()],
        context: contextInfo)
      report.grouping = .init(pairs: items)
      report.bootstrap = try bootstrap.settings
      try report.write(to: out)
      for entry in entries {
        let s = entry.summary
        print(
          "\(s.corrector): top-1 \(NumberFormatting.fixed(s.top1, decimals: 4)), top-\(suggestions) \(NumberFormatting.fixed(s.topK, decimals: 4)); non-word (\(s.nonWords)) top-1 \(NumberFormatting.fixed(s.nonWordTop1, decimals: 4)), top-\(suggestions) \(NumberFormatting.fixed(s.nonWordTopK, decimals: 4)); false corrections \(s.falseCorrections.isFinite ? NumberFormatting.fixed(s.falseCorrections, decimals: 4) : "n/a (no correctly typed word in the pairs)"); \(NumberFormatting.fixed(s.wordsPerSecond, decimals: 0)) words/s"
        )
      }
      for line in missing { print("peer \(line)") }
      print("wrote \(out)/results.csv, summary.csv, summary.json, report.md")
    }

    static func defaultErrorModel() throws -> String {
      guard let folder = ProjectFiles.directory("Corpora/typos") else {
        throw CommandFailure("cannot find Corpora/typos; give --error-model DIST.json")
      }
      return folder.appendingPathComponent("keyboard-en.json").path
    }
  }
}
