import KeyBenchCore
import KeyBenchLexicon
import KeyBenchPlugins
import KeyBenchPrediction

extension PredictionRunner {
  /// Types the test text through each predictor of the run in turn and collects their entries,
  /// parameters, notes and plug-in identities for the report.
  struct Typist {
    let options: Options
    /// The test text, read from its file by every pass.
    let text: PredictionText
    /// Its words that are typed.
    let words: Int
    /// results.csv, written as each predictor types.
    let rows: ResultsSpool
    let benchmark: PredictionBenchmark
    let curves: PredictionCurves
    var entries: [PredictionReport.Entry] = []
    var parameters: [String: JSONValue] = [:]
    var notes: [String]
    var plugins: [Provenance.Plugin] = []

    init(options: Options, text: PredictionText, words: Int, rows: ResultsSpool) {
      self.options = options
      self.text = text
      self.words = words
      self.rows = rows
      benchmark = PredictionBenchmark(suggestions: options.suggestions)
      curves = PredictionCurves(lengths: options.curveLengths, maxSlices: options.curveSlices, suggestions: options.suggestions)
      notes = options.limit.map { ["only the first \($0) test words"] } ?? []
    }

    /// A built-in predictor, made by `make(adaptation)`: measured, then its curves with
    /// adaptation on and off from fresh predictors.
    mutating func builtIn(_ name: String, make: (Bool) throws -> (predictor: any Predictor, setup: String, parameters: JSONValue)) throws {
      let built = try make(options.adaptation)
      parameters[name] = built.parameters
      // The benchmark types into a copy, so the trained predictor stays fresh for the curves.
      var entry = try measure(built.predictor.copy(), setup: built.setup)
      if options.curveSlices > 0 {
        StandardError.print("\(name): text-length curves with adaptation on and off")
        let other = try make(!options.adaptation)
        let (adaptive, fixed) = options.adaptation ? (built.predictor, other.predictor) : (other.predictor, built.predictor)
        entry.adaptiveCurve = try curves.measure(adaptive, text: text, words: words)
        entry.staticCurve = try curves.measure(fixed, text: text, words: words)
      }
      entries.append(entry)
    }

    /// An external predictor: measured, its curves from a second process when `wanted` (made by
    /// `other`, told the opposite adaptation), then finished and its findings printed.
    mutating func external(
      _ predictor: PluginPredictor, setup: String, curves wanted: Bool, other: () throws -> PluginPredictor
    ) throws {
      var entry = try measure(predictor.copy(), setup: setup)
      if wanted && options.curveSlices > 0 {
        // Each curve from a process told in its handshake whether adaptation is on, so a
        // plug-in can run a true static mode; the main process serves the run's own setting.
        StandardError.print("\(predictor.name): text-length curves with adaptation on and off")
        let second = try other()
        let (adaptive, fixed) = options.adaptation ? (predictor, second) : (second, predictor)
        entry.adaptiveCurve = try curves.measure(adaptive, text: text, words: words)
        entry.staticCurve = try curves.measure(fixed, text: text, words: words)
        try second.process.finish()
      }
      try predictor.process.finish()
      plugins.append(predictor.process.identity)
      BundledPlugins.printFindings(predictor.process.identity)
      entry.summary.plugin = predictor.process.identity.measures
      entries.append(entry)
    }

    func measure(_ predictor: any Predictor, setup: String) throws -> PredictionReport.Entry {
      let name = predictor.name
      let summary = try benchmark.run(predictor, text: text) { try rows.add(PredictionReport.fields(predictor: name, $0)) }
      // Progress only: the results are printed once, on stdout, when every predictor ran.
      StandardError.print("\(summary.predictor): typed \(summary.words) words (\(summary.predictions) predictions)")
      return .init(summary: summary, setup: setup)
    }
  }

  /// Starts the run's external predictors: the presage peer and `--plugin`s, each handed the
  /// same training sentences.
  struct ExternalPredictors {
    let options: Options
    let training: [[String]]
    let lexicon: Lexicon?
    let locale: String
    let workspace = PluginWorkspace()

    func start(_ spec: PluginSpec, adaptation: Bool) throws -> PluginPredictor {
      StandardError.print(
        "\(spec.name): starting `\(spec.command)`\(adaptation == options.adaptation ? "" : " with adaptation \(adaptation ? "on" : "off") for its curve")")
      return try PluginPredictor(
        spec: spec, training: training, lexicon: lexicon, locale: locale, suggestions: options.suggestions,
        adaptation: adaptation, workspace: workspace, options: options.pluginOptions)
    }

    /// presage through Plugins/presage, or a note saying why it did not run.
    func presage(into typist: inout Typist) throws {
      if let reason = ExecutablePath.which("text2ngram") == nil
        ? "presage is not installed (no text2ngram on PATH; apt-get install presage libpresage-dev, or Scripts/setup --peers)"
        : training.isEmpty ? "it trains on text, so it needs --train files (stored counts cannot feed it)"
        : BundledPlugins.command("presage/plugin") == nil ? "Plugins/presage/plugin not found (run from a KeyBench checkout or set KEYBENCH_HOME)" : nil
      {
        StandardError.print("presage: not run: \(reason)")
        typist.notes.append("presage: not run: \(reason)")
      } else if let command = BundledPlugins.command("presage/plugin") {
        let spec = PluginSpec(name: "presage", command: command)
        try typist.external(
          try start(spec, adaptation: options.adaptation),
          setup: "peer through Plugins/presage: presage (Debian), its text2ngram 1–3-gram database of the same tokenised training sentences, smoothed n-gram predictor only, online learning off; no adaptation, no curves",
          curves: false, other: { try start(spec, adaptation: !options.adaptation) })
      }
    }

    func plugin(_ spec: PluginSpec, into typist: inout Typist) throws {
      let predictor = try start(spec, adaptation: options.adaptation)
      let identity = predictor.process.identity
      try typist.external(
        predictor, setup: "plug-in \(MarkdownText.code(spec.command)): \(identity.selfDescription)", curves: true,
        other: { try start(spec, adaptation: !options.adaptation) })
    }
  }
}
