import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLanguageModel
import KeyBenchLexicon
public import KeyBenchPlugins
import KeyBenchPrediction
public import KeyBenchResults
import KeyBenchStore

/// `keybench-run predict`: trains the predictors on the training texts (and stored counts),
/// types the test text through each of them (built-ins, the presage peer, plug-ins) and measures
/// the text-length curves.
public struct PredictionRunner: Benchmark {
  public struct Options {
    /// Lexicon whose words unseen in training are still suggested.
    public var lexicon: String?
    public var database: String
    public var train: [String]
    /// Text n-gram counts stored by keybench-ingest --text.
    public var ngrams: String?
    /// The held-out test text.
    public var text: String
    /// The run folder; results.csv is written beside it while the predictors type.
    public var out: String
    public var predictors: [String]
    public var suggestions: Int
    public var adaptation: Bool
    public var correction: Bool
    public var layout: String?
    public var peers: [String]
    public var curveLengths: [Int]
    public var curveSlices: Int
    public var limit: Int?
    public var plugins: [PluginSpec]
    public var pluginOptions: PluginProcess.Options
    public var bootstrap: BootstrapSettings

    public init(
      lexicon: String?, database: String, train: [String], ngrams: String?, text: String, out: String, predictors: [String], suggestions: Int,
      adaptation: Bool, correction: Bool, layout: String?, peers: [String], curveLengths: [Int], curveSlices: Int, limit: Int?,
      plugins: [PluginSpec], pluginOptions: PluginProcess.Options, bootstrap: BootstrapSettings
    ) {
      self.lexicon = lexicon
      self.database = database
      self.train = train
      self.ngrams = ngrams
      self.text = text
      self.out = out
      self.predictors = predictors
      self.suggestions = suggestions
      self.adaptation = adaptation
      self.correction = correction
      self.layout = layout
      self.peers = peers
      self.curveLengths = curveLengths
      self.curveSlices = curveSlices
      self.limit = limit
      self.plugins = plugins
      self.pluginOptions = pluginOptions
      self.bootstrap = bootstrap
    }
  }

  public static let knownPeers = ["presage"]

  public let options: Options

  public init(options: Options) { self.options = options }

  /// Trains the predictors and types the test text through each; the test text is streamed from
  /// its file on every pass and the rows written as they are scored, so memory does not grow with it.
  public func run() throws -> PredictionReport {
    let o = options
    try InputFile.requireRegular(o.text)
    var counts = NGramCounts()
    var trainingSentences: [[String]] = []
    for file in o.train { trainingSentences += try TextTokenizer.sentences(inFile: file) }
    var fingerprint = try TrainingFingerprint(files: o.train, sentences: trainingSentences)
    let database = o.lexicon != nil || o.ngrams != nil ? try LexiconDatabase(path: o.database, create: false) : nil
    var inputs = try Provenance.inputs([("text", o.text)] + o.train.map { ("train", $0) })
    if let ngrams = o.ngrams, let database {
      let stored = try database.loadTextModel(named: ngrams)
      inputs += stored.fingerprint.files.map { Provenance.Input(role: "ngrams \(ngrams)", path: $0.path, bytes: nil, sha256: $0.sha256) }
      counts = stored.counts
      fingerprint = stored.fingerprint.merging(fingerprint)
    }
    let text = PredictionText(path: o.text, limit: o.limit)
    let (items, overlap) = try text.survey(training: fingerprint)
    for line in items.skipLines { StandardError.print("predict: \(line)") }
    let shared = try TrainTestSplit.check(test: o.text, overlap: overlap)
    for sentence in trainingSentences { counts.add(sentence: sentence) }
    let loaded = try o.lexicon.map { try database!.loadLexicon(named: $0) }
    let locale = loaded?.locale ?? "en"
    let keyboard = try DeviceCatalog.bundled().layout(named: o.layout ?? (locale.hasPrefix("en") ? "pixel6pro-gboard" : "iphone6s"), locale: locale)
    let nearKeys: (Character, Character) -> Bool = { a, b in
      guard let x = keyboard.key(for: a), let y = keyboard.key(for: b) else { return false }
      return keyboard.areAdjacent(x, y)
    }
    let vocabulary = PredictionVocabulary(counts: counts, lexicon: loaded)
    let rows = try ResultsSpool(
      beside: o.out, header: ResultRow.columns + PredictionReport.extraColumns, metrics: PredictionReport.rowMetrics,
      groupName: PredictionReport.groupName)
    var typist = Typist(options: o, text: text, words: items.scored, rows: rows)
    if let ngrams = o.ngrams { typist.notes.append("training counts include '\(ngrams)', stored by keybench-ingest --text from the files named above") }
    for name in o.predictors {
      let make = { (adaptation: Bool) in
        try PredictorCatalog.make(
          name, counts: counts, vocabulary: vocabulary, adaptation: adaptation, correction: o.correction, nearKeys: nearKeys)
      }
      try typist.builtIn(name, make: make)
    }
    let external = ExternalPredictors(options: o, training: trainingSentences, lexicon: loaded, locale: locale)
    if o.peers.contains("presage") { try external.presage(into: &typist) }
    for spec in o.plugins { try external.plugin(spec, into: &typist) }
    var report = PredictionReport(
      entries: typist.entries, rows: rows, trainingFiles: fingerprint.files.map(\.path), testFile: o.text, training: counts, sharedSentences: shared,
      lexicon: loaded?.name, vocabularyWords: vocabulary.count - 1, suggestions: o.suggestions, parameters: typist.parameters,
      notes: typist.notes,
      provenance: Provenance(inputs: inputs, lexicon: loaded?.provenance, items: items, top: o.suggestions, plugins: typist.plugins),
      settings: [
        "adapt": o.adaptation ? "on" : "off", "correction": o.correction ? "on" : "off", "layout": .string(keyboard.name),
        "curve_lengths": .array(o.curveLengths.map { JSONValue($0) }), "curve_slices": JSONValue(o.curveSlices),
      ])
    report.bootstrap = o.bootstrap
    return report
  }
}
