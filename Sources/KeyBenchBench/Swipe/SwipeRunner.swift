import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLanguageModel
public import KeyBenchPlugins
public import KeyBenchResults
import KeyBenchStore
import KeyBenchSwipe

/// `keybench-run swipe`: reads the corpus and the lexicon, prepares the gestures once and decodes
/// them with every decoder of the run (the main one, further built-ins, plug-ins), with sentence
/// context when asked.
public struct SwipeRunner: Benchmark {
  public struct Options {
    public var lexicon: String
    public var database: String
    public var corpus: String
    /// The built-in decoders, main first.
    public var decoders: [SwipeDecoderChoice]
    public var configs: SwipeDecoderChoice.Configs
    /// The re-ranker model file (`--reranker`), recorded as an input.
    public var reranker: String?
    public var top: Int
    public var jobs: Int
    public var addMissingTargets: Bool
    public var maxWords: Int?
    public var selection: SwipeBenchmark.Selection
    /// Text n-gram counts stored by keybench-ingest --text for sentence context.
    public var context: String?
    public var plugins: [PluginSpec]
    public var pluginOptions: PluginProcess.Options
    public var bootstrap: BootstrapSettings

    public init(
      lexicon: String, database: String, corpus: String, decoders: [SwipeDecoderChoice], configs: SwipeDecoderChoice.Configs,
      reranker: String?, top: Int, jobs: Int, addMissingTargets: Bool, maxWords: Int?, selection: SwipeBenchmark.Selection,
      context: String?, plugins: [PluginSpec], pluginOptions: PluginProcess.Options, bootstrap: BootstrapSettings
    ) {
      self.lexicon = lexicon
      self.database = database
      self.corpus = corpus
      self.decoders = decoders
      self.configs = configs
      self.reranker = reranker
      self.top = top
      self.jobs = jobs
      self.addMissingTargets = addMissingTargets
      self.maxWords = maxWords
      self.selection = selection
      self.context = context
      self.plugins = plugins
      self.pluginOptions = pluginOptions
      self.bootstrap = bootstrap
    }
  }

  public let options: Options

  public init(options: Options) { self.options = options }

  public func run() throws -> SwipeReport {
    let o = options
    let main = o.decoders[0]
    let decoderConfig = o.configs.seed000
    let lexicon = try LexiconDatabase(path: o.database, create: false).loadLexicon(named: o.lexicon)
    let catalog = try DeviceCatalog.bundled()
    let lexiconContent = lexicon.provenance
    var benchmark = SwipeBenchmark(
      lexicon: lexicon, catalog: catalog, config: decoderConfig, top: o.top,
      addMissingTargets: o.addMissingTargets, selection: o.selection, maxWords: o.maxWords)
    let corpusInput = try benchmark.useStartupCaches(corpus: o.corpus, lexiconSHA256: lexiconContent.sha256)
    // Streamed: each gesture's layout is checked as it is outlined, so an unknown device is
    // FILE:LINE before any work, and the points are read again while decoding.
    let prepared = try benchmark.prepare(corpus: o.corpus, layouts: LayoutResolver(catalog: catalog))
    for line in prepared.items.skipLines { StandardError.print("swipe: \(line)") }
    guard !prepared.gestures.isEmpty else { throw CommandFailure("\(o.corpus): no gesture left to decode") }
    var inputs = [corpusInput] + (try catalog.provenanceInputs(profiles: prepared.devices))
    if let reranker = o.reranker { inputs.append(try Provenance.Input(role: "reranker", path: reranker)) }
    if let model = o.configs.reranker, model.decoder != RerankerModel.decoderLabel(decoderConfig) {
      StandardError.print("swipe: warning: the re-ranker was trained on candidates of \(model.decoder), not of this run's \(RerankerModel.decoderLabel(decoderConfig)); its weights are unmeasured here")
    }
    let context = try o.context.map { try contextFusion($0, sentences: prepared.sentences) }
    inputs += context?.inputs ?? []
    var provenance = Provenance(inputs: inputs, lexicon: lexiconContent, items: prepared.items, top: o.top)
    provenance.jobs = o.jobs
    provenance.timing = SwipeBenchmark.timing(jobs: o.jobs)
    let run = try benchmark.run(
      prepared, decoder: main.factory(o.configs), label: main.label(o.configs), context: context?.fusion,
      contextPool: decoderConfig.context.pool, jobs: o.jobs, progress: Self.progress(o.decoders.count > 1 ? main.rawValue : "swipe"))
    let summary = SwipeSummary(results: run.results, lexiconSize: run.lexiconSize, top: o.top)
    var compared: [SwipeReport.Compared] = []
    for other in o.decoders.dropFirst() {
      let otherRun = try benchmark.run(
        prepared, decoder: other.factory(o.configs), label: other.label(o.configs), jobs: o.jobs, progress: Self.progress(other.rawValue))
      let otherSummary = SwipeSummary(results: otherRun.results, lexiconSize: otherRun.lexiconSize, top: o.top)
      compared.append(.init(name: other.rawValue, builtIn: other.config(o.configs), run: otherRun, summary: otherSummary))
    }
    compared += try plugins(benchmark: benchmark, prepared: prepared, provenance: &provenance)
    var settings: [String: JSONValue] = ["add_missing_targets": .bool(o.addMissingTargets), "include_flagged": .bool(o.selection.includeFlagged)]
    if let maxWords = o.maxWords { settings["max_words"] = JSONValue(maxWords) }
    if let reranker = o.reranker { settings["reranker"] = .string(reranker) }
    var report = SwipeReport(
      run: run, summary: summary, config: main.config(o.configs), corpus: o.corpus, lexicon: lexicon.name, provenance: provenance,
      settings: settings)
    report.compared = compared
    report.mainName = main.rawValue
    report.bootstrap = o.bootstrap
    report.contextModel = context?.note
    return report
  }

  /// Progress on standard error every 1,000 gestures and at the end.
  static func progress(_ name: String) -> @Sendable (Int, Int) -> Void {
    { done, total in
      if done % 1000 == 0 || done == total { StandardError.print("\(name): \(done)/\(total) gestures") }
    }
  }
}
