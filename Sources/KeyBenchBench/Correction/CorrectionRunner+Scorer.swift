import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLanguageModel
import KeyBenchLexicon
import KeyBenchPlugins
import KeyBenchStore
import KeyBenchTyping

extension CorrectionRunner {
  /// Scores each corrector of the run in turn (a second pass with context when asked) and
  /// collects their entries, parameters, missing peers and plug-in identities for the report.
  struct Scorer {
    let options: Options
    let pairs: [TypoPair]
    let benchmark: CorrectionBenchmark
    let withContext: Bool
    var entries: [CorrectionReport.Entry] = []
    var parameters: [String: JSONValue] = [:]
    var plugins: [Provenance.Plugin] = []
    var missing: [String] = []

    init(options: Options, pairs: [TypoPair], benchmark: CorrectionBenchmark, withContext: Bool) {
      self.options = options
      self.pairs = pairs
      self.benchmark = benchmark
      self.withContext = withContext
    }

    mutating func record(_ corrector: any Corrector, setup: String) throws {
      let top = options.suggestions
      let results = try benchmark.run(corrector, pairs: pairs)
      var summary = CorrectionSummary(corrector: corrector.name, results: results, top: top)
      let curve = options.lengthCurves ? try benchmark.lengthCurve(corrector, pairs: pairs) : []
      var passes = [CorrectionReport.Entry(summary: summary, results: results, setup: setup, curve: curve)]
      if withContext {
        // The same corrector again as a fresh user, now with each word's previous words.
        corrector.reset()
        let withContext = try benchmark.run(corrector, pairs: pairs, previousWords: true)
        let name = corrector.name + CorrectionReport.ContextModel.suffix
        passes.append(.init(
          summary: CorrectionSummary(corrector: name, results: withContext, top: top), results: withContext,
          setup: "\(corrector.name) given each word's previous words (context model `\(options.context ?? "")`)"))
      }
      if let external = corrector as? PluginCorrector {
        try external.process.finish()
        plugins.append(external.process.identity)
        BundledPlugins.printFindings(external.process.identity)
        summary.plugin = external.process.identity.measures
        // Its times are one measurement over both passes.
        for index in passes.indices { passes[index].summary.plugin = summary.plugin }
      }
      entries += passes
      // Progress only: the results are printed once, on stdout, when every corrector ran.
      StandardError.print("\(summary.corrector): scored \(summary.words) pairs\(passes.count > 1 ? " without and with context" : "")")
    }

    /// The peers (hunspell, aspell through Plugins/ispell; a missing one is named, not fatal)
    /// and the `--plugin`s.
    mutating func externals(lexicon: Lexicon, layout: KeyboardLayout) throws {
      let workspace = PluginWorkspace()
      func start(_ spec: PluginSpec) throws -> PluginCorrector {
        StandardError.print("\(spec.name): starting `\(spec.command)`")
        return try PluginCorrector(
          spec: spec, lexicon: lexicon, layout: layout, top: options.suggestions, workspace: workspace, options: options.pluginOptions)
      }
      for peer in options.peers {
        guard ExecutablePath.which(peer) != nil else {
          missing.append("\(peer) is not installed (Scripts/setup --peers installs it); not measured")
          continue
        }
        guard let command = BundledPlugins.command("ispell/plugin", arguments: [peer]) else {
          missing.append("\(peer): Plugins/ispell/plugin not found (run from a KeyBench checkout or set KEYBENCH_HOME); not measured")
          continue
        }
        let speller: PluginCorrector
        do {
          speller = try start(PluginSpec(name: peer, command: command))
        } catch let failure as PluginFailure where failure.item == "handshake" {
          // A peer is optional: one that cannot load its dictionary is named, not fatal.
          missing.append("\(peer) could not start with the \(lexicon.locale) dictionary (\(failure.reason): \(failure.stderrTail.last ?? "no message")); not measured")
          continue
        }
        let identity = speller.process.identity
        try record(speller, setup: "peer through Plugins/ispell: \(identity.selfDescription) (system dictionary)")
      }
      for spec in options.plugins {
        let corrector = try start(spec)
        let identity = corrector.process.identity
        try record(corrector, setup: "plug-in \(MarkdownText.code(spec.command)): \(identity.selfDescription)")
      }
    }
  }

  /// The with-context pass's model: the stored counts, checked against the test sentences.
  struct Context {
    var model: WordContextModel
    var info: CorrectionReport.ContextModel
    var inputs: [Provenance.Input]
  }

  /// Loads the stored counts `name` for the with-context pass, refusing pairs without previous
  /// words and counts trained on the test sentences.
  func contextModel(_ name: String, database: LexiconDatabase, pairs items: [TypoPair]) throws -> Context {
    guard items.contains(where: { $0.previous != nil }) else {
      throw CommandFailure(
        "\(options.pairs): no pair carries previous words, so --context has nothing to use; build a sentence-level set with keybench-typos import keystrokes-sentences")
    }
    let stored = try database.loadContextModel(named: name)
    let sentences = SentenceImport.sentences(of: items).flatMap { TextTokenizer.sentences(in: $0.joined(separator: " ")) }
    let shared: Int
    do {
      shared = try TrainTestSplit.check(test: options.pairs, testSentences: sentences, training: stored.fingerprint)
    } catch let error as InputFileError {
      throw CommandFailure("--context \(name) was trained on the test sentences: \(error.description)")
    }
    return Context(
      model: stored.model,
      info: .init(
        name: name, files: stored.fingerprint.files.map(\.path), tokens: stored.tokens, sentences: stored.sentences,
        checkedSentences: sentences.filter { $0.count >= TrainTestSplit.checkedSentenceLength }.count, sharedSentences: shared),
      inputs: stored.fingerprint.files.map { Provenance.Input(role: "ngrams \(name)", path: $0.path, bytes: nil, sha256: $0.sha256) })
  }
}
