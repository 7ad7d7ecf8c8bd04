import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLanguageModel
import KeyBenchLexicon
public import KeyBenchPlugins
public import KeyBenchResults
import KeyBenchStore
public import KeyBenchTyping

/// `keybench-run correct`: reads the typo pairs and the lexicon, builds the correctors (built-ins,
/// the hunspell/aspell peers, plug-ins) and scores each on every pair, with and without context.
public struct CorrectionRunner: Benchmark {
  public struct Options {
    public var lexicon: String
    public var database: String
    public var pairs: String
    public var correctors: [String]
    public var peers: [String]
    public var suggestions: Int
    /// Error distribution JSON of the keyboard corrector (default: Corpora/typos/keyboard-en.json).
    public var errorModel: String?
    public var layout: String?
    public var keyboardConfig: KeyboardCorrector.Config
    public var kannschConfig: KannschCorrector.Config
    public var lowercaseOnly: Bool
    public var lengthCurves: Bool
    /// Text n-gram counts stored by keybench-ingest --text for the with-context pass.
    public var context: String?
    public var limit: Int?
    /// `--sample N`: N pairs spread over as many groups (sentences, intended words) as possible.
    public var sample: (count: Int, seed: UInt64)?
    public var plugins: [PluginSpec]
    public var pluginOptions: PluginProcess.Options
    public var bootstrap: BootstrapSettings

    public init(
      lexicon: String, database: String, pairs: String, correctors: [String], peers: [String], suggestions: Int,
      errorModel: String?, layout: String?, keyboardConfig: KeyboardCorrector.Config, kannschConfig: KannschCorrector.Config,
      lowercaseOnly: Bool, lengthCurves: Bool, context: String?, limit: Int?, plugins: [PluginSpec],
      pluginOptions: PluginProcess.Options, bootstrap: BootstrapSettings
    ) {
      self.lexicon = lexicon
      self.database = database
      self.pairs = pairs
      self.correctors = correctors
      self.peers = peers
      self.suggestions = suggestions
      self.errorModel = errorModel
      self.layout = layout
      self.keyboardConfig = keyboardConfig
      self.kannschConfig = kannschConfig
      self.lowercaseOnly = lowercaseOnly
      self.lengthCurves = lengthCurves
      self.context = context
      self.limit = limit
      self.plugins = plugins
      self.pluginOptions = pluginOptions
      self.bootstrap = bootstrap
    }
  }

  /// Names accepted by `--corrector` and `--peers`.
  public static let known = ["baseline", "kannsch", "kannsch-static", "keyboard"]
  public static let knownPeers = ["hunspell", "aspell"]

  public let options: Options

  public init(options: Options) { self.options = options }

  public func run() throws -> CorrectionReport {
    let o = options
    let (items, grouping, counted) = try pairs()
    let database = try LexiconDatabase(path: o.database, create: false)
    let loaded = try database.loadLexicon(named: o.lexicon)
    var inputs = [try Provenance.Input(role: "pairs", path: o.pairs)]
    let context = try o.context.map { try contextModel($0, database: database, pairs: items) }
    inputs += context?.inputs ?? []
    let prepared = CorrectionLexicon(lexicon: loaded)
    let keyboard = try DeviceCatalog.bundled().layout(
      named: o.layout ?? (loaded.locale.hasPrefix("en") ? "pixel6pro-gboard" : "iphone6s"), locale: loaded.locale)
    var scorer = Scorer(
      options: o, pairs: items, benchmark: CorrectionBenchmark(lexicon: prepared, suggestions: o.suggestions), withContext: context != nil)
    for name in o.correctors {
      try builtIn(name, lexicon: prepared, layout: keyboard, context: context?.model, scorer: &scorer, inputs: &inputs)
    }
    try scorer.externals(lexicon: loaded, layout: keyboard)
    var report = CorrectionReport(
      entries: scorer.entries, missingPeers: scorer.missing, pairsPath: o.pairs, lexicon: loaded.name, lexiconWords: prepared.count,
      top: o.suggestions, parameters: scorer.parameters, notes: o.lowercaseOnly ? ["only pairs of lower-case letters"] : [],
      provenance: Provenance(inputs: inputs, lexicon: loaded.provenance, items: counted, top: o.suggestions, plugins: scorer.plugins),
      settings: ["lowercase_only": .bool(o.lowercaseOnly), "layout": .string(keyboard.name), "context": JSONValue(o.context)],
      context: context?.info)
    report.grouping = grouping
    report.bootstrap = o.bootstrap
    return report
  }

  /// The pairs to score (lower-case only, sampled and up to `limit`, as asked), the groups they
  /// cluster in (found before sampling, so a sample keeps each pair's sentence), and how many
  /// were read and left out.
  func pairs() throws -> ([TypoPair], CorrectionReport.Grouping, Provenance.Items) {
    var items = try TypoPairFile.read(path: options.pairs)
    var counted = Provenance.Items(unit: "pairs", read: items.count)
    if options.lowercaseOnly {
      let kept = items.filter { pair in
        [pair.typed, pair.intended].allSatisfy { word in word.allSatisfy { $0.isLetter && $0.isLowercase } }
      }
      counted.exclude(items.count - kept.count, "not lower-case letters (--lowercase-only)")
      items = kept
    }
    var grouping = CorrectionReport.Grouping(pairs: items)
    func keep(_ positions: [Int]) {
      items = positions.map { items[$0] }
      grouping = grouping.subset(positions)
    }
    if let sample = options.sample, items.count > sample.count {
      // A pair's id is its content and place, so the choice is the same on every machine.
      let ids = items.indices.map { "\(items[$0].typed)\u{1F}\(items[$0].intended)\u{1F}\($0)" }
      let kept = SpreadSample.positions(groups: grouping.groups, ids: ids, count: sample.count, seed: sample.seed)
      counted.exclude(items.count - kept.count, "outside --sample \(sample.count) (seed \(sample.seed))")
      keep(kept)
    }
    if let limit = options.limit, items.count > limit {
      counted.exclude(items.count - limit, "beyond --limit \(limit)")
      keep(Array(0..<limit))
      let groups = Set(grouping.groups).count
      if let warning = RunStatistics.limitWarning(limit: limit, items: "pairs", groups: groups, group: grouping.name) { StandardError.print(warning) }
    }
    for line in counted.skipLines { StandardError.print("correct: \(line)") }
    guard !items.isEmpty else { throw CommandFailure("\(options.pairs): no pair left to score") }
    return (items, grouping, counted)
  }

  /// One built-in corrector, built and scored (its parameters and error model recorded).
  func builtIn(
    _ name: String, lexicon: CorrectionLexicon, layout: KeyboardLayout, context: WordContextModel?, scorer: inout Scorer,
    inputs: inout [Provenance.Input]
  ) throws {
    switch name {
    case "baseline":
      try scorer.record(DamerauCorrector(lexicon: lexicon), setup: "Damerau-Levenshtein ≤ 2 via symmetric deletes, nearest then most frequent")
    case "kannsch", "kannsch-static":
      var settings = options.kannschConfig
      settings.adaptation = name == "kannsch"
      scorer.parameters[name] = try JSONValue(encoding: settings)
      try scorer.record(
        KannschCorrector(lexicon: lexicon, layout: layout, config: settings),
        setup: "seed 002 adjusted Levenshtein, prefix tree and top list on \(layout.name), frequency adaptation \(settings.adaptation ? "on" : "off")")
    default:
      let modelPath = try options.errorModel ?? Self.defaultErrorModel()
      inputs.append(try Provenance.Input(role: "error_model", path: modelPath))
      let distribution = try TypingErrorDistribution.read(path: modelPath)
      let built = try KeyboardCorrector(
        lexicon: lexicon, distribution: distribution, layout: layout, config: options.keyboardConfig, contextModel: context)
      scorer.parameters[name] = try JSONValue(encoding: options.keyboardConfig)
      try scorer.record(built, setup: "noisy channel, error model `\(modelPath)` (learned from \(distribution.source)), layout \(layout.name)")
    }
  }

  /// Corpora/typos/keyboard-en.json of the checkout.
  static func defaultErrorModel() throws -> String {
    guard let folder = ProjectFiles.directory("Corpora/typos") else {
      throw CommandFailure("cannot find Corpora/typos; give --error-model DIST.json")
    }
    return folder.appendingPathComponent("keyboard-en.json").path
  }
}
