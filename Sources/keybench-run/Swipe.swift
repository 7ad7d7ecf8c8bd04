import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
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

    @Option(help: "Decode at most this many gestures: the first in file order (a warning says when they cover fewer than 10 users; --sample spreads them).")
    var limit: Int?

    @OptionGroup var sampling: SampleOptions

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
      guard let out, let lexicon, let corpus else { return }
      try OutputFolder.checkReplaceable(out)
      var selection = SwipeBenchmark.Selection()
      selection.includeFlagged = includeFlagged
      selection.limit = limit
      selection.sample = sampling.choice
      selection.userFold = users.userFold
      selection.excludedUserFold = users.excludeUserFold
      let options = SwipeRunner.Options(
        lexicon: lexicon, database: db, corpus: corpus, decoders: decoders, configs: configs, reranker: reranker, top: top, jobs: jobs,
        addMissingTargets: addMissingTargets, maxWords: maxWords, selection: selection, context: context, plugins: try plugin.specs,
        pluginOptions: plugin.options, bootstrap: try bootstrap.settings)
      let report = try SwipeRunner(options: options).run()
      try report.write(to: out)
      let summary = report.summary
      let pct = { (v: Double) in NumberFormatting.percent(v) }, ms = { NumberFormatting.time($0, unit: "ms") }
      print(
        (decoders.count > 1 ? "\(decoders[0].rawValue): " : "")
          + "top-1 \(pct(summary.top1)), top-\(top) \(pct(summary.topK)), MRR \(pct(summary.mrr)), coverage \(pct(summary.coverage)); "
          + "decode median \(ms(summary.decodeMs.median)), p99 \(ms(summary.decodeMs.quantile(0.99))) over \(NumberFormatting.grouped(summary.gestures)) gestures"
      )
      if let c = summary.context {
        print("with context: top-1 \(pct(c.top1)), top-\(top) \(pct(c.topK)) (\(NumberFormatting.grouped(c.gesturesWithContext)) gestures carry context)")
      }
      for entry in report.compared {
        print("\(entry.name): top-1 \(pct(entry.summary.top1)), top-\(top) \(pct(entry.summary.topK)), MRR \(pct(entry.summary.mrr)); decode median \(ms(entry.summary.decodeMs.median))")
      }
      print(report.wroteLine(out))
    }
  }
}

extension KeybenchRun.Swipe: CommandFiles {
  var reads: [FileUse] {
    FileUse.file("--config", config) + FileUse.file("--shark2-config", shark2Config) + FileUse.file("--reranker", reranker)
      + (printConfig ? [] : FileUse.file("--corpus", corpus) + database.use)
  }
  var writes: [FileUse] { printConfig ? [] : output.use }
}
