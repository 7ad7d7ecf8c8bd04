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
      lexicon: String?, database: String, train: [String], ngrams: String?, text: String, predictors: [String], suggestions: Int,
      adaptation: Bool, correction: Bool, layout: String?, peers: [String], curveLengths: [Int], curveSlices: Int, limit: Int?,
      plugins: [PluginSpec], pluginOptions: PluginProcess.Options, bootstrap: BootstrapSettings
    ) {
      self.lexicon = lexicon
      self.database = database
      self.train = train
      self.ngrams = ngrams
      self.text = text
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
  /// Longest test word typed, in characters.
  static let maximumWordLength = 64

  public let options: Options

  public init(options: Options) { self.options = options }

  public func run() throws -> PredictionReport {
    let o = options
    let test = try testSentences()
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
    let shared = try TrainTestSplit.check(test: o.text, testSentences: test.sentences, training: fingerprint)
    for sentence in trainingSentences { counts.add(sentence: sentence) }
    let loaded = try o.lexicon.map { try database!.loadLexicon(named: $0) }
    let locale = loaded?.locale ?? "en"
    let keyboard = try DeviceCatalog.bundled().layout(named: o.layout ?? (locale.hasPrefix("en") ? "pixel6pro-gboard" : "iphone6s"), locale: locale)
    let nearKeys: (Character, Character) -> Bool = { a, b in
      guard let x = keyboard.key(for: a), let y = keyboard.key(for: b) else { return false }
      return keyboard.areAdjacent(x, y)
    }
    let vocabulary = PredictionVocabulary(counts: counts, lexicon: loaded)
    var typist = Typist(options: o, sentences: test.sentences)
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
      entries: typist.entries, trainingFiles: fingerprint.files.map(\.path), testFile: o.text, training: counts, sharedSentences: shared,
      lexicon: loaded?.name, vocabularyWords: vocabulary.count - 1, suggestions: o.suggestions, parameters: typist.parameters,
      notes: typist.notes,
      provenance: Provenance(inputs: inputs, lexicon: loaded?.provenance, items: test.items, top: o.suggestions, plugins: typist.plugins),
      settings: [
        "adapt": o.adaptation ? "on" : "off", "correction": o.correction ? "on" : "off", "layout": keyboard.name,
        "curve_lengths": o.curveLengths, "curve_slices": o.curveSlices,
      ])
    report.bootstrap = o.bootstrap
    return report
  }

  /// The test text's sentences, without words too long to type and beyond `limit`, and the count.
  func testSentences() throws -> (sentences: [[String]], items: Provenance.Items) {
    var sentences = try TextTokenizer.sentences(inFile: options.text)
    func words(_ sentences: [[String]]) -> Int { sentences.reduce(0) { $0 + $1.count } }
    var items = Provenance.Items(unit: "words", read: words(sentences))
    // Completion work grows with the square of a word's length: longer tokens (URLs, runs of
    // letters without spaces) are not typed.
    sentences = sentences.map { $0.filter { $0.count <= Self.maximumWordLength } }.filter { !$0.isEmpty }
    items.exclude(items.read - words(sentences), "word longer than \(Self.maximumWordLength) characters")
    if let limit = options.limit {
      let before = words(sentences)
      sentences = Self.firstWords(sentences, limit)
      items.exclude(before - words(sentences), "beyond --limit \(limit)")
    }
    for line in items.skipLines { StandardError.print("predict: \(line)") }
    guard items.scored > 0 else { throw CommandFailure("\(options.text): no words to type") }
    return (sentences, items)
  }

  /// The sentences holding the first `limit` words (the last one cut).
  static func firstWords(_ sentences: [[String]], _ limit: Int) -> [[String]] {
    var left = limit
    var kept: [[String]] = []
    for sentence in sentences where left > 0 {
      kept.append(Array(sentence.prefix(left)))
      left -= min(left, sentence.count)
    }
    return kept
  }
}
