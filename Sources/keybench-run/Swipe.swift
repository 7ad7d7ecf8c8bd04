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

    /// Help, defaults and ranges (the library's description of this benchmark).
    typealias D = SwipeRunner.Described

    @Option(help: ArgumentHelp(D.lexicon))
    var lexicon: String?

    @OptionGroup var database: DatabaseOption
    var db: String { database.path }

    @Option(help: ArgumentHelp(D.corpus))
    var corpus: String?

    @Option(help: ArgumentHelp(D.decoder))
    var decoder: String = D.decoder.textDefault

    @Option(help: ArgumentHelp(D.config))
    var config: String?

    @Option(help: ArgumentHelp(D.shark2Config))
    var shark2Config: String?

    @Option(help: ArgumentHelp(D.reranker))
    var reranker: String?

    @Option(help: ArgumentHelp(D.top))
    var top: Int = D.top.integerDefault

    @Option(help: ArgumentHelp(D.threads))
    var threads: Int?

    @Option(help: ArgumentHelp(D.jobs))
    var jobs: Int = D.jobs.integerDefault

    @Flag(help: ArgumentHelp(D.addMissingTargets))
    var addMissingTargets = false

    @Option(help: ArgumentHelp(D.maxWords))
    var maxWords: Int?

    @Flag(help: ArgumentHelp(D.includeFlagged))
    var includeFlagged = false

    @Option(help: ArgumentHelp(D.limit))
    var limit: Int?

    @OptionGroup var sampling: SampleOptions

    @OptionGroup var output: RunOutputOption
    var out: String? { output.folder }

    @Option(help: ArgumentHelp(D.context))
    var context: String?

    @Flag(help: ArgumentHelp(D.printConfig))
    var printConfig = false

    @OptionGroup var plugin: PluginOptions

    @OptionGroup var bootstrap: BootstrapOptions

    @OptionGroup var users: UserFoldOptions

    /// The chosen built-in decoders, main first (validated by `validate()`).
    var decoders: [SwipeDecoderChoice] { (try? SwipeDecoderChoice.parse(decoder)) ?? [.seed000] }

    func validate() throws {
      do {
        _ = try SwipeDecoderChoice.parse(decoder)
      } catch {
        throw ValidationError("--decoder: \(error.description)")
      }
      guard D.top.integerRange.contains(top) else { throw ValidationError("--top must be in \(D.top.range!).") }
      if let limit, !D.limit.integerRange.contains(limit) { throw ValidationError("--limit must be \(D.limit.range!).") }
      if let maxWords, !D.maxWords.integerRange.contains(maxWords) {
        throw ValidationError("--max-words must be in \(D.maxWords.range!), got \(maxWords).")
      }
      if let threads, !D.threads.integerRange.contains(threads) {
        throw ValidationError("--threads must be in \(D.threads.range!), got \(threads).")
      }
      guard D.jobs.integerRange.contains(jobs) else {
        throw ValidationError("--jobs must be in \(D.jobs.range!), got \(jobs).")
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
