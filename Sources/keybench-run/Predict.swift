import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchPrediction

extension KeybenchRun {
  struct Predict: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Benchmark word completion and next-word prediction on running text.",
      discussion: """
        Trains on the --train texts (Gutenberg prose or Leipzig id<TAB>sentence files), then types \
        the --text word by word, asking each predictor for suggestions after 0, 1, … typed \
        characters, and writes to --out: results.csv (one row per predictor and test word, every \
        predictor of the run: built-ins, peers, plug-ins; column algorithm), summary.csv and \
        summary.json (per-predictor ksr, csr, next_top1, next_top3, ksr_at_1, ksr_at_3, ksr_at_5 \
        (keystroke saving with 1, 3 and 5 suggestions shown, whatever --suggestions is), \
        predictions_per_second; Reports/FORMATS.md; its "statistics" gives each with a 95 % \
        interval over blocks of 100 consecutive test words, --bootstrap) and \
        report.md. Predictors: kannsch (seed 002: \
        AIMD frequency adaptation and personal dictionary) and ngram (interpolated Kneser-Ney \
        trigram that does not show a word again for the word being typed, with caches of the \
        user's words, bigrams and trigrams, and words it did not know); --adapt off freezes both. \
        The protocol, beside textpredict's: docs/prediction.md. --plugin NAME=COMMAND \
        adds an external predictor speaking Plugins/PROTOCOL.md, handed the same training \
        sentences; --peers presage adds presage through the same protocol (Plugins/presage; Debian \
        presage + libpresage-dev), trained by its text2ngram on the same training sentences. Text-length curves (seed Fig. 4.2/4.3): slices of --curve-lengths words typed by \
        fresh copies of the trained predictors with adaptation on and off, written to curves.csv, \
        summary.json (ksr_by_length, csr_by_length, …_static) and report.md. A test text that is a \
        training file or shares more than 1 % of its longer sentences with training is refused.

        Examples:
          keybench-run predict --lexicon en_US --train ../shared/corpora/texts/en_gutenberg_1342_pride_and_prejudice.txt --text ../shared/corpora/texts/en_gutenberg_11_alice_in_wonderland.txt --peers presage --out runs/predict
        """)

    /// Help, defaults and ranges (the library's description of this benchmark).
    typealias D = PredictionRunner.Described

    @Option(help: ArgumentHelp(D.lexicon))
    var lexicon: String?

    @OptionGroup var database: DatabaseOption
    var db: String { database.path }

    @Option(parsing: .upToNextOption, help: ArgumentHelp(D.train))
    var train: [String] = []

    @Option(help: ArgumentHelp(D.ngrams))
    var ngrams: String?

    @Option(help: ArgumentHelp(D.text))
    var text: String

    @Option(help: ArgumentHelp(D.predictor))
    var predictor: String = D.predictor.textDefault

    @Option(help: ArgumentHelp(D.suggestions))
    var suggestions: Int = D.suggestions.integerDefault

    @Option(help: ArgumentHelp(D.adapt))
    var adapt: D.OnOff = D.adapt.choiceDefault()

    @Option(help: ArgumentHelp(D.correction))
    var correction: D.OnOff = D.correction.choiceDefault()

    @Option(help: ArgumentHelp(D.layout))
    var layout: String?

    @Option(help: ArgumentHelp(D.peers))
    var peers: String?

    @Option(help: ArgumentHelp(D.curveLengths))
    var curveLengths: String = D.curveLengths.textDefault

    @Option(help: ArgumentHelp(D.curveSlices))
    var curveSlices: Int = D.curveSlices.integerDefault

    @Option(help: ArgumentHelp(D.limit))
    var limit: Int?

    @OptionGroup var output: RunOutputOption
    /// Prediction always writes its folder (its curves do not fit a printed summary).
    var out: String { output.folder ?? "" }

    @OptionGroup var plugin: PluginOptions

    @OptionGroup var bootstrap: BootstrapOptions

    static var knownPeers: [String] { PredictionRunner.knownPeers }

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
      guard D.suggestions.integerRange.contains(suggestions) else { throw ValidationError("--suggestions must be in \(D.suggestions.range!).") }
      guard !train.isEmpty || ngrams != nil else {
        throw ValidationError("Give training text: --train FILE... and/or --ngrams NAME (stored by keybench-ingest --text).")
      }
      if let limit, !D.limit.integerRange.contains(limit) { throw ValidationError("--limit must be \(D.limit.range!).") }
      try AlgorithmNames.validate(predictor, option: "predictor", known: PredictorCatalog.names, noun: "predictor")
      for name in Self.list(peers ?? "") where !Self.knownPeers.contains(name) {
        throw ValidationError("unknown peer '\(name)'; choose from \(Self.knownPeers.joined(separator: ", ")).")
      }
      try plugin.checkNames(selected: predictorNames + Self.list(peers ?? ""), reserved: PredictorCatalog.names + Self.knownPeers + ["all"])
      guard D.curveSlices.integerRange.contains(curveSlices) else { throw ValidationError("--curve-slices must be in \(D.curveSlices.range!).") }
      let parts = Self.list(curveLengths)
      guard parts.count <= 100, parts.allSatisfy({ (1...100_000_000).contains(Int($0) ?? 0) }) else {
        throw ValidationError("--curve-lengths must be at most 100 word counts in 1…100,000,000 separated by commas, e.g. 100,1000,10000.")
      }
    }

    func run() throws {
      try OutputFolder.checkReplaceable(out)
      let options = PredictionRunner.Options(
        lexicon: lexicon, database: db, train: train, ngrams: ngrams, text: text, out: out, predictors: predictorNames,
        suggestions: suggestions, adaptation: adapt == .on, correction: correction == .on, layout: layout,
        peers: Self.list(peers ?? ""), curveLengths: lengths, curveSlices: curveSlices, limit: limit, plugins: try plugin.specs,
        pluginOptions: plugin.options, bootstrap: try bootstrap.settings)
      let report = try PredictionRunner(options: options).run()
      try report.write(to: out)
      for entry in report.entries { print(entry.summary.line) }
      print(report.wroteLine(out))
    }
  }
}

extension KeybenchRun.Predict: CommandFiles {
  var reads: [FileUse] {
    FileUse.files("--train", train) + [FileUse("--text", text)] + (lexicon != nil || ngrams != nil ? database.use : [])
  }
  var writes: [FileUse] { output.use }
}
