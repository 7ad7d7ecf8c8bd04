import KeyBenchLanguageModel
import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLexicon
import KeyBenchPlugins
import KeyBenchPrediction
import KeyBenchStore

extension KeybenchRun {
  struct Predict: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Benchmark word completion and next-word prediction on running text.",
      discussion: """
        Trains on the --train texts (Gutenberg prose or Leipzig id<TAB>sentence files), then types \
        the --text word by word, asking each predictor for suggestions after 0, 1, … typed \
        characters, and writes to --out: results.csv (one row per predictor and test word, every \
        predictor of the run: built-ins, peers, plug-ins; column algorithm), summary.csv and \
        summary.json (per-predictor ksr, csr, next_top1, next_top3, predictions_per_second; \
        Reports/FORMATS.md; its "statistics" gives ksr, csr, next_top1 and next_top3 with a 95 % \
        interval from a bootstrap over blocks of 100 consecutive test words, --bootstrap) and \
        report.md. Predictors: kannsch (seed 002: \
        AIMD frequency adaptation and personal dictionary) and ngram (interpolated Kneser-Ney \
        trigram with a cache of the user's words); --adapt off freezes both. --plugin NAME=COMMAND \
        adds an external predictor speaking Plugins/PROTOCOL.md, handed the same training \
        sentences; --peers presage adds presage through the same protocol (Plugins/presage; Debian \
        presage + libpresage-dev), trained by its text2ngram on the same training sentences. Text-length curves (seed Fig. 4.2/4.3): slices of --curve-lengths words typed by \
        fresh copies of the trained predictors with adaptation on and off, written to curves.csv, \
        summary.json (ksr_by_length, csr_by_length, …_static) and report.md. A test text that is a \
        training file or shares more than 1 % of its longer sentences with training is refused.

        Examples:
          keybench-run predict --lexicon en_US --train ../shared/corpora/texts/en_gutenberg_1342_pride_and_prejudice.txt --text ../shared/corpora/texts/en_gutenberg_11_alice_in_wonderland.txt --peers presage --out runs/predict
        """)

    @Option(help: "Lexicon (as stored by keybench-ingest) whose words unseen in training are still suggested, e.g. en_US.")
    var lexicon: String?

    @OptionGroup var database: DatabaseOption
    var db: String { database.path }

    @Option(parsing: .upToNextOption, help: "Training text files.")
    var train: [String] = []

    @Option(help: "Text n-gram counts stored by keybench-ingest --text (in --db), used with or instead of --train.")
    var ngrams: String?

    @Option(help: "Test text file (held out of training).")
    var text: String

    @Option(help: "kannsch, ngram or all (comma-separated).")
    var predictor: String = "all"

    @Option(help: "Suggestions shown per keystroke.")
    var suggestions: Int = 3

    @Option(help: "Adaptation to the words typed so far (kannsch AIMD, ngram cache): on or off.")
    var adapt: String = "on"

    @Option(help: "kannsch's completion/correction trade-off (seed 002 §2.4): on or off. Costs keystrokes on text typed without errors.")
    var correction: String = "off"

    @Option(help: "Layout as DEVICE[/VARIANT] for the correction's neighbouring keys (default: pixel6pro-gboard for English, iphone6s with the lexicon's layout otherwise).")
    var layout: String?

    @Option(help: "Peer predictors to run beside KeyBench's (presage), comma-separated; skipped with a note when not installed.")
    var peers: String?

    @Option(help: "Slice lengths (words) of the text-length curves, comma-separated; lengths above the test text are left out.")
    var curveLengths: String = PredictionCurves.defaultLengths.map(String.init).joined(separator: ",")

    @Option(help: "At most this many slices per curve length (0: no curves).")
    var curveSlices: Int = 10

    @Option(help: "Type at most this many test words.")
    var limit: Int?

    @OptionGroup var output: RunOutputOption
    /// Prediction always writes its folder (its curves do not fit a printed summary).
    var out: String { output.folder ?? "" }

    @OptionGroup var plugin: PluginOptions

    @OptionGroup var bootstrap: BootstrapOptions

    static let knownPeers = ["presage"]

    var predictorNames: [String] {
      let names = Self.list(predictor)
      return names.contains("all") ? PredictorCatalog.names : names
    }

    var lengths: [Int] { Self.list(curveLengths).compactMap { Int($0) } }

    static func list(_ text: String) -> [String] {
      text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func validate() throws {
      guard output.folder != nil else { throw ValidationError("Give --out FOLDER: prediction writes its results, curves and report there.") }
      guard (1...100).contains(suggestions) else { throw ValidationError("--suggestions must be in 1…100.") }
      guard !train.isEmpty || ngrams != nil else {
        throw ValidationError("Give training text: --train FILE... and/or --ngrams NAME (stored by keybench-ingest --text).")
      }
      guard ["on", "off"].contains(adapt) else { throw ValidationError("--adapt must be on or off.") }
      guard ["on", "off"].contains(correction) else { throw ValidationError("--correction must be on or off.") }
      if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
      try AlgorithmNames.validate(predictor, option: "predictor", known: PredictorCatalog.names, noun: "predictor")
      for name in Self.list(peers ?? "") where !Self.knownPeers.contains(name) {
        throw ValidationError("unknown peer '\(name)'; choose from \(Self.knownPeers.joined(separator: ", ")).")
      }
      try plugin.checkNames(selected: predictorNames + Self.list(peers ?? ""), reserved: PredictorCatalog.names + Self.knownPeers + ["all"])
      guard (0...1000).contains(curveSlices) else { throw ValidationError("--curve-slices must be in 0…1000.") }
      let parts = Self.list(curveLengths)
      guard parts.count <= 100, parts.allSatisfy({ (1...100_000_000).contains(Int($0) ?? 0) }) else {
        throw ValidationError("--curve-lengths must be at most 100 word counts in 1…100,000,000 separated by commas, e.g. 100,1000,10000.")
      }
    }

    func run() throws {
      try OutputFolder.checkReplaceable(out)
      var testSentences = try TextTokenizer.sentences(inFile: text)
      func words(_ sentences: [[String]]) -> Int { sentences.reduce(0) { $0 + $1.count } }
      var items = Provenance.Items(unit: "words", read: words(testSentences))
      // Completion work grows with the square of a word's length: longer tokens (URLs, runs of
      // letters without spaces) are not typed.
      testSentences = testSentences.map { $0.filter { $0.count <= Self.maximumWordLength } }.filter { !$0.isEmpty }
      items.exclude(items.read - words(testSentences), "word longer than \(Self.maximumWordLength) characters")
      if let limit {
        let before = words(testSentences)
        testSentences = Self.firstWords(testSentences, limit)
        items.exclude(before - words(testSentences), "beyond --limit \(limit)")
      }
      for line in items.skipLines { StandardError.print("predict: \(line)") }
      guard items.scored > 0 else { throw CommandFailure("\(text): no words to type") }
      var counts = NGramCounts()
      var trainingSentences: [[String]] = []
      for file in train { trainingSentences += try TextTokenizer.sentences(inFile: file) }
      var fingerprint = try TrainingFingerprint(files: train, sentences: trainingSentences)
      let database = lexicon != nil || ngrams != nil ? try LexiconDatabase(path: db, create: false) : nil
      var inputs = try Provenance.inputs([("text", text)] + train.map { ("train", $0) })
      if let ngrams, let database {
        let stored = try database.loadTextModel(named: ngrams)
        inputs += stored.fingerprint.files.map { Provenance.Input(role: "ngrams \(ngrams)", path: $0.path, bytes: nil, sha256: $0.sha256) }
        counts = stored.counts
        fingerprint = stored.fingerprint.merging(fingerprint)
      }
      let shared = try TrainTestSplit.check(test: text, testSentences: testSentences, training: fingerprint)
      for sentence in trainingSentences { counts.add(sentence: sentence) }
      let loaded = try lexicon.map { try database!.loadLexicon(named: $0) }
      let locale = loaded?.locale ?? "en"
      let keyboard = try DeviceCatalog.bundled().layout(named: layout ?? (locale.hasPrefix("en") ? "pixel6pro-gboard" : "iphone6s"), locale: locale)
      let nearKeys: (Character, Character) -> Bool = { a, b in
        guard let x = keyboard.key(for: a), let y = keyboard.key(for: b) else { return false }
        return keyboard.areAdjacent(x, y)
      }
      let vocabulary = PredictionVocabulary(counts: counts, lexicon: loaded)
      let benchmark = PredictionBenchmark(suggestions: suggestions)
      var entries: [PredictionReport.Entry] = []
      var parameters: [String: Any] = [:]
      var notes = limit.map { ["only the first \($0) test words"] } ?? []
      if let ngrams { notes.append("training counts include '\(ngrams)', stored by keybench-ingest --text from the files named above") }
      let curves = PredictionCurves(lengths: lengths, maxSlices: curveSlices, suggestions: suggestions)
      for name in predictorNames {
        let built = try PredictorCatalog.make(
          name, counts: counts, vocabulary: vocabulary, adaptation: adapt == "on", correction: correction == "on", nearKeys: nearKeys)
        parameters[name] = built.parameters
        // The benchmark types into a copy, so the trained predictor stays fresh for the curves.
        var entry = try measure(built.predictor.copy(), setup: built.setup, benchmark: benchmark, sentences: testSentences)
        if curveSlices > 0 {
          StandardError.print("\(name): text-length curves with adaptation on and off")
          let other = try PredictorCatalog.make(
            name, counts: counts, vocabulary: vocabulary, adaptation: adapt != "on", correction: correction == "on", nearKeys: nearKeys)
          let (adaptive, fixed) = adapt == "on" ? (built.predictor, other.predictor) : (other.predictor, built.predictor)
          entry.adaptiveCurve = try curves.measure(adaptive, sentences: testSentences)
          entry.staticCurve = try curves.measure(fixed, sentences: testSentences)
        }
        entries.append(entry)
      }
      var plugins: [Provenance.Plugin] = []
      let workspace = PluginWorkspace()
      func external(_ spec: PluginSpec, adaptation: Bool) throws -> PluginPredictor {
        StandardError.print("\(spec.name): starting `\(spec.command)`\(adaptation == (adapt == "on") ? "" : " with adaptation \(adaptation ? "on" : "off") for its curve")")
        return try PluginPredictor(
          spec: spec, training: trainingSentences, lexicon: loaded, locale: locale, suggestions: suggestions,
          adaptation: adaptation, workspace: workspace, options: plugin.options)
      }
      func record(_ predictor: PluginPredictor, spec: PluginSpec, setup: String, curves wanted: Bool) throws {
        var entry = try measure(predictor.copy(), setup: setup, benchmark: benchmark, sentences: testSentences)
        if wanted && curveSlices > 0 {
          // Each curve from a process told in its handshake whether adaptation is on, so a
          // plug-in can run a true static mode; the main process serves the run's own setting.
          StandardError.print("\(predictor.name): text-length curves with adaptation on and off")
          let other = try external(spec, adaptation: adapt != "on")
          let (adaptive, fixed) = adapt == "on" ? (predictor, other) : (other, predictor)
          entry.adaptiveCurve = try curves.measure(adaptive, sentences: testSentences)
          entry.staticCurve = try curves.measure(fixed, sentences: testSentences)
          try other.process.finish()
        }
        try predictor.process.finish()
        plugins.append(predictor.process.identity)
        PluginOptions.printFindings(predictor.process.identity)
        entry.summary.plugin = predictor.process.identity.measures
        entries.append(entry)
      }
      if Self.list(peers ?? "").contains("presage") {
        if let reason = LineProcess.which("text2ngram") == nil
          ? "presage is not installed (no text2ngram on PATH; apt-get install presage libpresage-dev, or Scripts/setup --peers)"
          : trainingSentences.isEmpty ? "it trains on text, so it needs --train files (stored counts cannot feed it)"
          : PluginOptions.bundled("presage/plugin") == nil ? "Plugins/presage/plugin not found (run from a KeyBench checkout or set KEYBENCH_HOME)" : nil
        {
          StandardError.print("presage: not run: \(reason)")
          notes.append("presage: not run: \(reason)")
        } else if let command = PluginOptions.bundled("presage/plugin") {
          let spec = PluginSpec(name: "presage", command: command)
          try record(
            try external(spec, adaptation: adapt == "on"), spec: spec,
            setup: "peer through Plugins/presage: presage (Debian), its text2ngram 1–3-gram database of the same tokenised training sentences, smoothed n-gram predictor only, online learning off; no adaptation, no curves",
            curves: false)
        }
      }
      for spec in try plugin.specs {
        let predictor = try external(spec, adaptation: adapt == "on")
        let identity = predictor.process.identity
        try record(predictor, spec: spec, setup: "plug-in `\(spec.command)`: \(identity.reportedName) \(identity.version), config \(identity.config)", curves: true)
      }
      var report = PredictionReport(
        entries: entries, trainingFiles: fingerprint.files.map(\.path), testFile: text, training: counts, sharedSentences: shared,
        lexicon: loaded?.name, vocabularyWords: vocabulary.count - 1, suggestions: suggestions, parameters: parameters,
        notes: notes,
        provenance: Provenance(inputs: inputs, lexicon: loaded?.provenance, items: items, top: suggestions, plugins: plugins),
        settings: ["adapt": adapt, "correction": correction, "layout": keyboard.name, "curve_lengths": lengths, "curve_slices": curveSlices])
      report.bootstrap = try bootstrap.settings
      try report.write(to: out)
      for entry in entries { print(entry.summary.line) }
      print("wrote \(out)/results.csv, curves.csv, summary.csv, summary.json, report.md")
    }

    func measure(
      _ predictor: any Predictor, setup: String, benchmark: PredictionBenchmark, sentences: [[String]]
    ) throws -> PredictionReport.Entry {
      let (summary, results) = try benchmark.run(predictor, sentences: sentences)
      // Progress only: the results are printed once, on stdout, when every predictor ran.
      StandardError.print("\(summary.predictor): typed \(summary.words) words (\(summary.predictions) predictions)")
      return .init(summary: summary, results: results, setup: setup)
    }

    /// Longest test word typed, in characters.
    static let maximumWordLength = 64

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
}
