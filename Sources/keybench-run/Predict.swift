import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchCore
import KeyBenchLexicon
import KeyBenchPrediction
import KeyBenchStore

extension KeybenchRun {
  struct Predict: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Benchmark word completion and next-word prediction on running text.",
      discussion: """
        Trains on the --train texts (Gutenberg prose or Leipzig id<TAB>sentence files), then types \
        the --text word by word, asking each predictor for suggestions after 0, 1, … typed \
        characters, and writes to --out: results.csv (one row per predictor and test word), \
        summary.csv and summary.json (per-predictor ksr, csr, next_top1, next_top3, \
        predictions_per_second; Reports/FORMATS.md) and report.md. Predictors: kannsch (seed 002: \
        AIMD frequency adaptation and personal dictionary) and ngram (interpolated Kneser-Ney \
        trigram with a cache of the user's words); --adapt off freezes both. A test text that is a training file or shares \
        more than 1 % of its longer sentences with training is refused.
        """)

    @Option(help: "Lexicon (as stored by keybench-ingest) whose words unseen in training are still suggested, e.g. en_US.")
    var lexicon: String?

    @Option(help: "The lexicon database.")
    var db: String = LexiconDatabase.defaultPath

    @Option(parsing: .upToNextOption, help: "Training text files.")
    var train: [String]

    @Option(help: "Test text file (held out of training).")
    var text: String

    @Option(help: "kannsch, ngram or all (comma-separated).")
    var predictor: String = "all"

    @Option(help: "Suggestions shown per keystroke.")
    var suggestions: Int = 3

    @Option(help: "Adaptation to the words typed so far (kannsch AIMD, ngram cache): on or off.")
    var adapt: String = "on"

    @Option(help: "Type at most this many test words.")
    var limit: Int?

    @Option(help: "Folder to write results.csv, summary.csv, summary.json and report.md into.")
    var out: String

    static let known = ["kannsch", "ngram"]

    var predictorNames: [String] {
      let names = predictor.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return names.contains("all") ? Self.known : names
    }

    func validate() throws {
      guard suggestions > 0 else { throw ValidationError("--suggestions must be positive.") }
      guard !train.isEmpty else { throw ValidationError("Give at least one --train file.") }
      guard ["on", "off"].contains(adapt) else { throw ValidationError("--adapt must be on or off.") }
      if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
      for name in predictorNames where !Self.known.contains(name) {
        throw ValidationError("unknown predictor '\(name)'; choose from \(Self.known.joined(separator: ", ")) or all.")
      }
    }

    func run() throws {
      var testSentences = try TextTokenizer.sentences(inFile: text)
      if let limit { testSentences = Self.firstWords(testSentences, limit) }
      var counts = NGramCounts()
      var trainingSentences: [[String]] = []
      for file in train { trainingSentences += try TextTokenizer.sentences(inFile: file) }
      let shared = try TrainTestSplit.check(
        test: text, testSentences: testSentences, training: train, trainingSentences: trainingSentences)
      for sentence in trainingSentences { counts.add(sentence: sentence) }
      let loaded = try lexicon.map { try LexiconDatabase(path: db, create: false).loadLexicon(named: $0) }
      let vocabulary = PredictionVocabulary(counts: counts, lexicon: loaded)
      let benchmark = PredictionBenchmark(suggestions: suggestions)
      var entries: [PredictionReport.Entry] = []
      var parameters: [String: Any] = [:]
      for name in predictorNames {
        let built: any Predictor
        let setup: String
        if name == "kannsch" {
          var config = KannschPredictor.Config()
          config.adaptation = adapt == "on"
          parameters[name] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(config))
          built = KannschPredictor(counts: counts, vocabulary: vocabulary, config: config)
          setup = "seed 002: bigram followers then frequency-ranked completion on the comparable form; AIMD adaptation and personal dictionary \(config.adaptation ? "on" : "off")"
        } else {
          var config = NGramPredictor.Config()
          config.adaptation = adapt == "on"
          parameters[name] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(config))
          built = NGramPredictor(counts: counts, vocabulary: vocabulary, config: config)
          setup = "interpolated Kneser-Ney trigram (absolute discounting, continuation unigram), same completion; cache adaptation \(config.adaptation ? "on" : "off")"
        }
        let (summary, results) = benchmark.run(built, sentences: testSentences)
        entries.append(.init(summary: summary, results: results, setup: setup))
        StandardError.print(
          "\(name): KSR \(NumberFormatting.fixed(summary.ksr, decimals: 4)), CSR \(NumberFormatting.fixed(summary.csr, decimals: 4)), next top-1 \(NumberFormatting.fixed(summary.nextTop1Rate, decimals: 4)), top-3 \(NumberFormatting.fixed(summary.nextTop3Rate, decimals: 4)), \(NumberFormatting.fixed(summary.predictionsPerSecond, decimals: 0)) predictions/s"
        )
      }
      try PredictionReport(
        entries: entries, trainingFiles: train, testFile: text, training: counts, sharedSentences: shared,
        lexicon: loaded?.name, vocabularyWords: vocabulary.count - 1, suggestions: suggestions, parameters: parameters,
        notes: limit.map { ["only the first \($0) test words"] } ?? []
      ).write(to: out)
      for entry in entries {
        let s = entry.summary
        print(
          "\(s.predictor): KSR \(NumberFormatting.fixed(s.ksr, decimals: 4)), CSR \(NumberFormatting.fixed(s.csr, decimals: 4)), next top-1 \(NumberFormatting.fixed(s.nextTop1Rate, decimals: 4)), next top-3 \(NumberFormatting.fixed(s.nextTop3Rate, decimals: 4)), \(NumberFormatting.fixed(s.predictionsPerSecond, decimals: 0)) predictions/s"
        )
      }
      print("wrote \(out)/results.csv, summary.csv, summary.json, report.md")
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
}
