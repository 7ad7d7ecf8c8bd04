import Foundation
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchGeometry
public import KeyBenchKeyboard
import KeyBenchLanguageModel
import KeyBenchLexicon
public import KeyBenchPlugins
public import KeyBenchResults
import KeyBenchStore
import KeyBenchSwipe
import KeyBenchTyping

/// `keybench-run keyboard`: simulated typists type held-out sentences word by word on a device,
/// and every keyboard (built-ins and plug-ins) is asked, per word, what kebbie asks — next word,
/// completion of the begun word, correction of the typed word, a swipe's words — with the
/// committed words before it.
public struct KeyboardRunner: Benchmark {
  public struct Options {
    public var lexicon: String
    public var database: String
    public var sentences: String
    /// Text model stored by `keybench-ingest --text` (context, next word); nil: none.
    public var ngrams: String?
    public var device: String
    public var keyboards: [String]
    public var noise: NoiseModelKind
    /// Typing-error distribution of the typists (default Corpora/typos/keystrokes-en.json).
    public var errors: String?
    /// kebbie's common typos (`{"word": ["typo", …]}`), for `--noise kebbie`.
    public var commonTypos: String?
    /// A swipe corpus whose gestures of a swiped word are used instead of synthetic ones.
    public var swipes: String?
    public var typists: Int
    public var top: Int
    public var seed: UInt64
    public var limit: Int?
    /// Usable sentences skipped before the first typed one (a development slice apart from a test slice).
    public var skip = 0
    public var simulation: TypistSimulator.Config
    public var decoder: TapDecoder.Config
    public var plugins: [PluginSpec]
    public var pluginOptions: PluginProcess.Options
    public var bootstrap: BootstrapSettings

    public init(
      lexicon: String, database: String, sentences: String, ngrams: String?, device: String, keyboards: [String], noise: NoiseModelKind,
      errors: String?, commonTypos: String?, typists: Int, top: Int, seed: UInt64, limit: Int?, simulation: TypistSimulator.Config,
      decoder: TapDecoder.Config, plugins: [PluginSpec], pluginOptions: PluginProcess.Options, bootstrap: BootstrapSettings
    ) {
      (self.lexicon, self.database, self.sentences, self.ngrams, self.device, self.keyboards) = (lexicon, database, sentences, ngrams, device, keyboards)
      (self.noise, self.errors, self.commonTypos, self.typists, self.top, self.seed) = (noise, errors, commonTypos, typists, top, seed)
      (self.limit, self.simulation, self.decoder, self.plugins, self.pluginOptions, self.bootstrap) = (limit, simulation, decoder, plugins, pluginOptions, bootstrap)
    }
  }

  public let options: Options
  public init(options: Options) { self.options = options }

  public func run() throws -> KeyboardReport {
    let o = options
    var sentences = try KeyboardTokenizer.sentences(path: o.sentences)
    guard !sentences.isEmpty else { throw CommandFailure("\(o.sentences): no usable sentence (no line holds a word)") }
    var items = Provenance.Items(unit: "sentences", read: sentences.count)
    if o.skip > 0 {
      guard o.skip < sentences.count else { throw CommandFailure("\(o.sentences): --skip \(o.skip) leaves none of its \(sentences.count) usable sentences") }
      items.exclude(o.skip, "before --skip \(o.skip)")
      sentences.removeFirst(o.skip)
    }
    if let limit = o.limit, sentences.count > limit {
      items.exclude(sentences.count - limit, "beyond --limit \(limit)")
      sentences = Array(sentences.prefix(limit))
    }
    let loader = try KeyboardLoader(lexicon: o.lexicon, database: o.database, ngrams: o.ngrams, device: o.device)
    let lexicon = loader.lexicon
    var inputs = [try Provenance.Input(role: "sentences", path: o.sentences)]
    if let name = o.ngrams, let fingerprint = loader.fingerprint {
      let tokenised = sentences.map { $0.words.map { $0.lowercased() } }
      let shared = try TrainTestSplit.check(test: o.sentences, testSentences: tokenised, training: fingerprint)
      if shared > 0 { StandardError.print("keyboard: \(shared) test sentences also occur in the text model '\(name)' (within the 1 % tolerated)") }
      inputs += fingerprint.files.map { Provenance.Input(role: "ngrams \(name)", path: $0.path, bytes: nil, sha256: $0.sha256) }
    }
    for name in o.keyboards where KeyboardCatalog.needsTextModel(name) && loader.counts == nil {
      throw CommandFailure("keyboard '\(name)' needs a text model: give --ngrams NAME (stored by keybench-ingest --text FILE… --name NAME)")
    }
    let profile = loader.profile
    let layout = loader.layout
    inputs += try loader.catalog.provenanceInputs(profiles: [o.device])
    try Self.checkLetters(sentences.map(\.words), layout: layout, device: o.device, path: o.sentences)

    let errorsPath = try o.errors ?? KeyboardLoader.shipped("Corpora/typos", "keystrokes-en.json")
    let errors = try TypingErrorDistribution.read(path: errorsPath)
    inputs.append(try Provenance.Input(role: "typist_errors", path: errorsPath))
    var commonTypos: [String: [String]] = [:]
    if o.noise == .kebbie {
      guard let path = o.commonTypos else {
        throw CommandFailure("--noise kebbie needs --common-typos FILE.json (kebbie's {\"word\": [\"typo\", …]}; KeyBench never downloads it)")
      }
      commonTypos = try Self.readCommonTypos(path)
      inputs.append(try Provenance.Input(role: "common_typos", path: path))
    }
    let needsParts = !o.keyboards.isEmpty
    if needsParts {
      inputs.append(try Provenance.Input(role: "corrector_error_model", path: loader.correctorErrorsPath))
      inputs.append(try Provenance.Input(role: "swipe_reranker", path: loader.rerankerPath))
    }

    var simulator = TypistSimulator(
      kind: o.noise, layout: layout, profile: profile, errors: errors, config: o.simulation, commonTypos: commonTypos)
    if let swipes = o.swipes {
      let real = try RealSwipes(path: swipes, target: layout, catalog: loader.catalog)
      simulator.realSwipes = real.traces
      inputs.append(try Provenance.Input(role: "swipes", path: swipes))
      StandardError.print("keyboard: \(real.kept) of \(real.read) gestures of \(swipes) usable for \(real.traces.count) words")
    }
    let typed = sentences.indices.map { i in
      simulator.type(sentences[i].words, index: i, typist: i % o.typists, seed: o.seed)
    }.sorted { ($0.typist, $0.index) < ($1.typist, $1.index) }
    if o.swipes != nil {
      let swiped = typed.flatMap(\.words).filter { $0.swipe != nil }
      let real = swiped.filter { simulator.realSwipes[$0.intended.lowercased()]?.isEmpty == false }.count
      StandardError.print("keyboard: \(real) of \(swiped.count) swiped words swiped with a real gesture, the rest synthetic")
    }

    var keyboards: [any Keyboard] = []
    if needsParts {
      let parts = try loader.parts(layout: nil)
      for name in o.keyboards { keyboards.append(try KeyboardCatalog.make(name, parts: parts, decoder: o.decoder)) }
    }
    var plugins: [PluginKeyboard] = []
    if !o.plugins.isEmpty {
      let workspace = PluginWorkspace()
      for spec in o.plugins {
        let plugin = try PluginKeyboard(spec: spec, lexicon: lexicon, layout: layout, top: o.top, workspace: workspace, options: o.pluginOptions)
        plugins.append(plugin)
        keyboards.append(plugin)
      }
    }
    var scored: [KeyboardScorer.Scored] = []
    for keyboard in keyboards {
      StandardError.print("keyboard: \(keyboard.name): \(typed.count) sentences of \(o.typists) typists")
      scored.append(try KeyboardScorer(top: o.top).score(keyboard, sentences: typed))
      try keyboard.finish()
    }
    let provenance = Provenance(
      inputs: inputs, lexicon: lexicon.provenance, items: items, seed: o.seed, top: o.top, plugins: plugins.map(\.process.identity))
    var report = try KeyboardReport(
      scored: scored, sentences: typed, options: o, layout: layout.name, provenance: provenance)
    report.bootstrap = o.bootstrap
    return report
  }

  /// Refuses a device that cannot type the text: fewer than 90 % of its letters have a key.
  static func checkLetters(_ sentences: [[String]], layout: KeyboardLayout, device: String, path: String) throws {
    var letters = 0, typable = 0
    var missing: [Character: Int] = [:]
    for word in sentences.joined() {
      for c in word.lowercased() where c.isLetter {
        letters += 1
        if layout.key(for: c)?.kind == .letter || layout.key(for: Character(ComparableForm.of(String(c)).prefix(1).lowercased()))?.kind == .letter {
          typable += 1
        } else {
          missing[c, default: 0] += 1
        }
      }
    }
    guard letters > 0, Double(typable) >= 0.9 * Double(letters) else {
      let worst = missing.sorted { $0.value > $1.value }.prefix(8).map { "\($0.key)" }.joined(separator: " ")
      throw CommandFailure(
        "\(path): device '\(device)' (\(layout.name)) has keys for only \(typable) of the text's \(letters) letters (missing: \(worst)); choose a device or layout for the text's language")
    }
  }

  static func readCommonTypos(_ path: String) throws -> [String: [String]] {
    let data = try InputFile.data(path)
    let object: JSONValue
    do {
      object = try CheckedJSON.value(of: data, path: path)
    } catch let error as InputFileError {
      throw CommandFailure("\(error.description); expected kebbie's common typos {\"word\": [\"typo\", …]}")
    }
    guard let map = object.object else { throw CommandFailure("\(path): expected a JSON object {\"word\": [\"typo\", …]}") }
    var typos: [String: [String]] = [:]
    for (word, value) in map {
      guard let list = value.strings else {
        throw CommandFailure("\(path): the typos of '\(word.prefix(40))' are not a list of strings")
      }
      typos[word] = list.filter { !$0.isEmpty && $0 != word }
    }
    return typos
  }
}
