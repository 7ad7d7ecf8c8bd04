import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchGeometry
import KeyBenchLanguageModel
import KeyBenchPlugins
import KeyBenchStore
import KeyBenchSwipe

extension KeybenchRun {
  struct Swipe: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Benchmark swipe decoders (seed 000's DTW, SHARK2) on a swipe corpus.",
      discussion: """
        Decodes every selected gesture (by default: not flagged rejected, landscape or \
        non-alphabetic, target of 2+ letters) against the lexicon on the gesture's layout, and \
        writes to --out: results.csv (one row per decoder and gesture), summary.csv and summary.json (the \
        figures machine-readable; format in Reports/FORMATS.md) and report.md (accuracy, filter \
        kept shares and recall, decode times, per device and word length). --decoder chooses the \
        built-in decoders: seed000 (seed 000's DTW decoder, the default, configured by --config) \
        and shark2 (a SHARK2-style template decoder, configured by --shark2-config); the first \
        listed is the main decoder of the top-level metrics, each other one gets \
        a row in report.md's decoder table and metrics.decoders.NAME in summary.json; results.csv \
        holds every decoder's rows (column algorithm). --plugin NAME=COMMAND \
        decodes the same gestures with an external decoder speaking Plugins/PROTOCOL.md (handed the \
        same lexicon and layouts): report.md and summary.json ("plugins") put it beside the \
        built-in decoder. summary.json's "statistics" gives every decoder's top-1, top-k and MRR \
        with a 95 % interval from a bootstrap over users (--bootstrap).

        Examples:
          keybench-run swipe --lexicon en_US --corpus .keybench/corpora/hws.jsonl --add-missing-targets --limit 500 --out runs/swipe-hws
          keybench-run swipe --lexicon en_US --corpus .keybench/corpora/hws.jsonl --add-missing-targets --limit 500 --decoder seed000,shark2 --out runs/swipe-both
          keybench-run swipe --print-config > decoder.json
          keybench-run swipe --decoder shark2 --print-config > shark2.json
        """)

    @Option(help: "Lexicon to decode against (as stored by keybench-ingest), e.g. en_US.")
    var lexicon: String?

    @OptionGroup var database: DatabaseOption
    var db: String { database.path }

    @Option(help: "The swipe corpus (.jsonl) from keybench-swipes.")
    var corpus: String?

    @Option(help: "Built-in decoders to run, comma-separated: seed000, shark2 or all; the first is the main decoder.")
    var decoder: String = SwipeDecoderChoice.seed000.rawValue

    @Option(help: "Seed-000 decoder configuration JSON; keys left out keep their defaults (see --print-config).")
    var config: String?

    @Option(help: "SHARK2 decoder configuration JSON; keys left out keep their defaults (see --decoder shark2 --print-config).")
    var shark2Config: String?

    @Option(help: ArgumentHelp(
      "Re-rank seed000's best candidates with a learned model (keybench-swipes train-reranker), e.g. Corpora/models/reranker.json.",
      discussion: "The model re-scores the decoder's best `pool` candidates (the model file says how many) from every channel's evidence; it never adds a word. Its file's digest goes into the run's provenance; with --context, context enters with the model's own context weight."))
    var reranker: String?

    @Option(help: "Number of candidates per gesture (top-k accuracy uses it).")
    var top: Int = 4

    @Option(help: ArgumentHelp(
      "Seed-000 decoder threads per gesture, 1…\(DTWDecoderConfig.maximumThreads) (overrides its config's 'threads'; shark2 uses one).",
      discussion: "Splits one gesture's filters, first pass and DTW; the candidates and scores are those of one thread, and per-gesture times stay comparable."))
    var threads: Int?

    @Option(help: ArgumentHelp(
      "Gestures decoded at once by the built-in decoders, 1…\(SwipeBenchmark.maximumJobs) (default 1).",
      discussion: "For accuracy runs and sweeps: results.csv has the same rows in the same order as with one job, but per-gesture times overlap, so summary.json's provenance says 'timing: concurrent (jobs=N): per-item times not comparable' and keybench-report gate and time-ratio do not judge them. Not with --plugin (a plug-in answers one request at a time)."))
    var jobs: Int = 1

    @Flag(help: "Add targets missing from the lexicon at its lowest frequency (the seed assumes every swiped word is in the dictionary).")
    var addMissingTargets = false

    @Option(help: ArgumentHelp(
      "Decode against only the lexicon's N most frequent words (frequency, then word, breaks ties).",
      discussion: "With --add-missing-targets the targets among the other words stay in the lexicon at their own frequency (the dictionary-size figure of seed 000 assumes the swiped word is in the dictionary); a value above the lexicon's size keeps it whole. Recorded as max_words in the run's config."))
    var maxWords: Int?

    @Flag(help: "Also decode gestures flagged rejected, landscape or non-alphabetic.")
    var includeFlagged = false

    @Option(help: "Decode at most this many gestures.")
    var limit: Int?

    @OptionGroup var output: RunOutputOption
    var out: String? { output.folder }

    @Option(help: ArgumentHelp(
      "Re-rank with sentence context from the n-gram counts stored under this name (keybench-ingest --text NAME FILE...).",
      discussion: "Uses the previous words each gesture carries (its corpus's 'context' field) to re-rank the main decoder's candidates; the report puts accuracy with and without context side by side. Train the counts on running text only: a model whose training sentences include the corpus's sentences is refused."))
    var context: String?

    @Flag(help: "Print the configuration in effect as JSON and exit: the chosen decoder's, or one object per decoder name when --decoder lists several.")
    var printConfig = false

    @OptionGroup var plugin: PluginOptions

    @OptionGroup var bootstrap: BootstrapOptions

    @OptionGroup var users: UserFoldOptions

    /// The largest --max-words: far above any wordlist (LatinIME's have about 200,000 words).
    static let maximumWords = 100_000_000

    /// The chosen built-in decoders, main first (validated by `validate()`).
    var decoders: [SwipeDecoderChoice] { (try? SwipeDecoderChoice.parse(decoder)) ?? [.seed000] }

    func validate() throws {
      do {
        _ = try SwipeDecoderChoice.parse(decoder)
      } catch {
        throw ValidationError("--decoder: \(error.description)")
      }
      guard (1...100).contains(top) else { throw ValidationError("--top must be in 1…100.") }
      if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
      if let maxWords, !(1...Self.maximumWords).contains(maxWords) {
        throw ValidationError("--max-words must be in 1…\(Self.maximumWords), got \(maxWords).")
      }
      if let threads, !(1...DTWDecoderConfig.maximumThreads).contains(threads) {
        throw ValidationError("--threads must be in 1…\(DTWDecoderConfig.maximumThreads), got \(threads).")
      }
      guard (1...SwipeBenchmark.maximumJobs).contains(jobs) else {
        throw ValidationError("--jobs must be in 1…\(SwipeBenchmark.maximumJobs), got \(jobs).")
      }
      if printConfig { return }
      if reranker != nil && decoders[0] != .seed000 {
        throw ValidationError("--reranker re-ranks the seed000 decoder's candidates: make seed000 the main decoder (--decoder seed000,…).")
      }
      if jobs > 1 && !plugin.plugins.isEmpty {
        throw ValidationError("--jobs \(jobs) cannot be combined with --plugin: a plug-in is one process answering one request at a time; run it with --jobs 1.")
      }
      try plugin.checkNames(selected: decoders.map(\.rawValue), reserved: SwipeDecoderChoice.allCases.map(\.rawValue) + ["all"])
      guard lexicon != nil else { throw ValidationError("Give the lexicon with --lexicon NAME (e.g. en_US).") }
      guard corpus != nil else { throw ValidationError("Give the swipe corpus with --corpus FILE.jsonl.") }
      guard out != nil else { throw ValidationError("Give the output folder with --out DIR.") }
    }

    func run() throws {
      var decoderConfig = try config.map { try ConfigFiles.load($0, over: DTWDecoderConfig(), what: "decoder config") }
        ?? DTWDecoderConfig()
      if let threads { decoderConfig.threads = threads }
      let shark2Settings = try shark2Config.map { try ConfigFiles.load($0, over: Shark2Config(), what: "shark2 config") }
        ?? Shark2Config()
      let model = try reranker.map(RerankerModel.load(path:))
      let configs = SwipeDecoderChoice.Configs(seed000: decoderConfig, shark2: shark2Settings, reranker: model)
      if printConfig {
        guard decoders.count > 1 else { return try ConfigFiles.print(decoders[0].config(configs)) }
        return try ConfigFiles.print(configs)
      }
      let main = decoders[0]
      guard let out, let name = lexicon, let corpus else { return }
      try OutputFolder.checkReplaceable(out)
      let lexicon = try LexiconDatabase(path: db, create: false).loadLexicon(named: name)
      let catalog = try DeviceCatalog.bundled()
      var selection = SwipeBenchmark.Selection()
      selection.includeFlagged = includeFlagged
      selection.limit = limit
      selection.userFold = users.userFold
      selection.excludedUserFold = users.excludeUserFold
      let benchmark = SwipeBenchmark(
        lexicon: lexicon, catalog: catalog, config: decoderConfig, top: top,
        addMissingTargets: addMissingTargets, selection: selection, maxWords: maxWords)
      // Streamed: each gesture's layout is checked as it is outlined, so an unknown device is
      // FILE:LINE before any work, and the points are read again while decoding.
      let prepared = try benchmark.prepare(corpus: corpus, layouts: LayoutResolver(catalog: catalog))
      for line in prepared.items.skipLines { StandardError.print("swipe: \(line)") }
      guard !prepared.gestures.isEmpty else { throw CommandFailure("\(corpus): no gesture left to decode") }
      var inputs = [try Provenance.Input(role: "corpus", path: corpus)] + (try catalog.provenanceInputs(profiles: prepared.devices))
      if let reranker { inputs.append(try Provenance.Input(role: "reranker", path: reranker)) }
      if let model, model.decoder != RerankerModel.decoderLabel(decoderConfig) {
        StandardError.print("swipe: warning: the re-ranker was trained on candidates of \(model.decoder), not of this run's \(RerankerModel.decoderLabel(decoderConfig)); its weights are unmeasured here")
      }
      var fusion: ContextFusion?
      var contextNote: String?
      if let context {
        let stored = try LexiconDatabase(path: db, create: false).loadTextModel(named: context)
        inputs += stored.fingerprint.files.map { Provenance.Input(role: "context \(context)", path: $0.path, bytes: nil, sha256: $0.sha256) }
        let overlap = try SwipeContextCheck.check(
          sentences: prepared.sentences, training: stored.fingerprint, model: context, corpus: corpus)
        // The seed-000 decoder's scores are costs with their own scale (its config's weight);
        // SHARK2's are negative log-probabilities, so the ratio enters with weight 1 (Bayes).
        // A re-ranker's scores have its own scale: its trained context weight.
        let text = WordContextModel(counts: stored.counts)
        let gateWeights = main == .seed000 ? model?.contextFusionWeights : nil
        let fused = gateWeights.map { ContextFusion(model: text, gateWeights: $0) }
          ?? ContextFusion(model: text, weight: main != .seed000 ? 1 : decoderConfig.context.weight)
        fusion = fused
        let files = stored.fingerprint.files.map { URL(fileURLWithPath: $0.path).lastPathComponent }.joined(separator: ", ")
        contextNote = "Context model `\(context)`: n-gram counts of running text only (\(files)), never the corpus's own sentences; weight \(String(format: "%.4g", fused.weight))\(gateWeights.map { String(format: " + %.4g × the previous words' trust (how well the text model predicted them; the re-ranker's weights, no context for a prompt's first word)", $0[1]) } ?? ""), the best \(decoderConfig.context.pool) candidates re-ranked; \(overlap.shared) of \(overlap.checked) gesture sentences of \(TrainTestSplit.checkedSentenceLength)+ words occur in it verbatim."
      }
      var provenance = Provenance(inputs: inputs, lexicon: lexicon.provenance, items: prepared.items, top: top)
      provenance.jobs = jobs
      provenance.timing = SwipeBenchmark.timing(jobs: jobs)
      let run = try benchmark.run(
        prepared, decoder: main.factory(configs), label: main.label(configs), context: fusion,
        contextPool: decoderConfig.context.pool, jobs: jobs,
        progress: { done, total in
          if done % 1000 == 0 || done == total { StandardError.print("\(decoders.count > 1 ? main.rawValue : "swipe"): \(done)/\(total) gestures") }
        })
      let summary = SwipeSummary(results: run.results, lexiconSize: run.lexiconSize, top: top)
      var compared: [SwipeReport.Compared] = []
      for other in decoders.dropFirst() {
        let otherRun = try benchmark.run(
          prepared, decoder: other.factory(configs), label: other.label(configs), jobs: jobs,
          progress: { done, total in
            if done % 1000 == 0 || done == total { StandardError.print("\(other.rawValue): \(done)/\(total) gestures") }
          })
        let otherSummary = SwipeSummary(results: otherRun.results, lexiconSize: otherRun.lexiconSize, top: top)
        compared.append(.init(name: other.rawValue, builtIn: other.config(configs), run: otherRun, summary: otherSummary))
      }
      let workspace = PluginWorkspace()
      for spec in try plugin.specs {
        StandardError.print("\(spec.name): starting `\(spec.command)`")
        let session = try PluginSwipeDecoder.Session(
          spec: spec, lexicon: prepared.lexicon, layouts: prepared.layoutsUsed, top: top, workspace: workspace,
          options: plugin.options)
        let external = try benchmark.run(
          prepared, decoder: { _, layout in session.decoder(for: layout) }, label: "plug-in \(spec.name)",
          progress: { done, total in
            if done % 1000 == 0 || done == total { StandardError.print("\(spec.name): \(done)/\(total) gestures") }
          })
        try session.process.finish()
        let identity = session.process.identity
        provenance.plugins.append(identity)
        PluginOptions.printFindings(identity)
        let externalSummary = SwipeSummary(results: external.results, lexiconSize: external.lexiconSize, top: top)
        StandardError.print("\(spec.name): top-1 \(String(format: "%.4f", externalSummary.top1)), top-\(top) \(String(format: "%.4f", externalSummary.topK)), median \(String(format: "%.2f", externalSummary.decodeMs.median)) ms")
        compared.append(.init(
          name: spec.name, setup: "plug-in `\(spec.command)`: \(identity.reportedName) \(identity.version), config \(identity.config)",
          run: external, summary: externalSummary, plugin: identity.measures))
      }
      var settings: [String: Any] = ["add_missing_targets": addMissingTargets, "include_flagged": includeFlagged]
      if let maxWords { settings["max_words"] = maxWords }
      if let reranker { settings["reranker"] = reranker }
      var report = SwipeReport(
        run: run, summary: summary, config: main.config(configs), corpus: corpus, lexicon: lexicon.name, provenance: provenance,
        settings: settings)
      report.compared = compared
      report.mainName = main.rawValue
      report.bootstrap = try bootstrap.settings
      report.contextModel = contextNote
      try report.write(to: out)
      print(
        (decoders.count > 1 ? "\(main.rawValue): " : "") + "top-1 \(String(format: "%.4f", summary.top1)), top-\(top) \(String(format: "%.4f", summary.topK)), MRR \(String(format: "%.4f", summary.mrr)), coverage \(String(format: "%.4f", summary.coverage)); decode median \(String(format: "%.2f", summary.decodeMs.median)) ms, p99 \(String(format: "%.2f", summary.decodeMs.quantile(0.99))) ms over \(summary.gestures) gestures"
      )
      if let c = summary.context {
        print("with context: top-1 \(String(format: "%.4f", c.top1)), top-\(top) \(String(format: "%.4f", c.topK)) (\(c.gesturesWithContext) gestures carry context)")
      }
      for entry in compared {
        print("\(entry.name): top-1 \(String(format: "%.4f", entry.summary.top1)), top-\(top) \(String(format: "%.4f", entry.summary.topK)), MRR \(String(format: "%.4f", entry.summary.mrr)); decode median \(String(format: "%.2f", entry.summary.decodeMs.median)) ms")
      }
      print("wrote \(out)/results.csv, summary.csv, summary.json, report.md")
    }
  }
}
