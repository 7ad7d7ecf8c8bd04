import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLanguageModel
import KeyBenchStore
import KeyBenchSwipe

extension KeybenchSwipes {
  struct TrainReranker: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "train-reranker",
      abstract: "Train the swipe re-ranker (keybench-run swipe --reranker) on swipe corpora, cross-validated by user.",
      discussion: """
        Decodes every selected gesture of the corpora with the seed-000 decoder (the configuration \
        of --config, as the model will run), measures every channel of its best --pool candidates \
        (DTW, ends, coverage, location, SHARK2 shape and location, length ratio, frequency, rank; \
        with --context the context model's ratio) and fits one linear score by conditional logit \
        (Newton's method, ridge --l2). Before the final fit, users are dealt into --folds folds \
        (shuffled with --seed) and each fold is scored by a model fitted on the others: the table \
        printed (and kept in the model file) is accuracy for users the model never saw. Same data, \
        same options, same bytes. Gestures are selected as keybench-run swipe selects them.

        Examples:
          keybench-swipes train-reranker --lexicon en_US --corpus .keybench/corpora/hws.jsonl --add-missing-targets --seed 1 --out Corpora/models/reranker.json
          keybench-swipes train-reranker --lexicon en_US --corpus hws.jsonl --corpus synthetic.jsonl --context en-texts --seed 1 --out model.json
        """)

    @Option(help: "Lexicon to decode against (as stored by keybench-ingest), e.g. en_US.")
    var lexicon: String

    @OptionGroup var database: DatabaseOption

    @Option(help: "A swipe corpus (.jsonl) to train on; repeat for several (real and synthetic).")
    var corpus: [String] = []

    @Option(help: "Seed-000 decoder configuration JSON the model will re-rank (default: the built-in defaults).")
    var config: String?

    @Flag(help: "Add targets missing from the lexicon at its lowest frequency (as keybench-run swipe --add-missing-targets).")
    var addMissingTargets = false

    @Option(help: "Also learn the weight of sentence context from the n-gram counts stored under this name.")
    var context: String?

    @Option(help: "How many of the decoder's candidates are re-ranked (1…\(RerankerModel.maximumPool)).")
    var pool: Int = 16

    @Option(help: "DTW prunes for the best this many words only (1…pool); the rest of the pool is what it left scored: less DTW work than an exact pool.")
    var pruneFor: Int = 4

    @Option(help: "Cross-validation folds over users (2…50).")
    var folds: Int = 5

    @Option(help: "Seed for dealing users into folds.")
    var seed: UInt64

    @Option(help: "Ridge penalty on the standardised weights (0…1e6).")
    var l2: Double = 1

    @OptionGroup var users: UserFoldOptions

    @Option(help: "Hidden units beside the linear weights (0: a linear model only; 0…256).")
    var hidden: Int = 16

    @Option(help: "Training passes over the gestures for the hidden layer (1…1000).")
    var epochs: Int = 30

    @Option(help: "Use at most this many gestures of each corpus.")
    var limit: Int?

    @Option(help: "The model file to write (JSON); replaced only when training succeeds.")
    var out: String

    @Option(help: "Also write every candidate's raw features as CSV (user, gesture, prompt kind, previous words, position, is_target, features…; the prompt kind only to study the model, never a feature).")
    var exportFeatures: String?

    /// SHARK2 samples per path for the shape and location features (SHARK2's own default).
    static let shark2Samples = Shark2Config().samples

    func validate() throws {
      guard !corpus.isEmpty else { throw ValidationError("Give at least one swipe corpus with --corpus FILE.jsonl.") }
      guard (1...RerankerModel.maximumPool).contains(pool) else { throw ValidationError("--pool must be in 1…\(RerankerModel.maximumPool).") }
      guard (1...pool).contains(pruneFor) else { throw ValidationError("--prune-for must be in 1…--pool (\(pool)).") }
      guard (2...50).contains(folds) else { throw ValidationError("--folds must be in 2…50.") }
      guard l2.isFinite, (0...1e6).contains(l2) else { throw ValidationError("--l2 must be in 0…1e6.") }
      guard (0...256).contains(hidden) else { throw ValidationError("--hidden must be in 0…256.") }
      guard (1...1000).contains(epochs) else { throw ValidationError("--epochs must be in 1…1000.") }
      if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() throws {
      let decoderConfig = try config.map { try ConfigFiles.load($0, over: DTWDecoderConfig(), what: "decoder config") } ?? DTWDecoderConfig()
      let database = try LexiconDatabase(path: self.database.path, create: false)
      let words = try database.loadLexicon(named: lexicon)
      let catalog = try DeviceCatalog.bundled()
      let stored = try context.map { try database.loadContextModel(named: $0) }
      let contextModel = stored?.model
      var selection = SwipeBenchmark.Selection()
      selection.limit = limit
      selection.userFold = users.userFold
      selection.excludedUserFold = users.excludeUserFold
      let benchmark = SwipeBenchmark(
        lexicon: words, catalog: catalog, config: decoderConfig, top: pool, addMissingTargets: addMissingTargets, selection: selection)
      var samples: [RerankerTraining.Sample] = []
      var inputs: [RerankerModel.Input] = []
      for path in corpus {
        let prepared = try benchmark.prepare(corpus: path, layouts: LayoutResolver(catalog: catalog))
        guard !prepared.gestures.isEmpty else { throw CommandFailure("\(path): no gesture left to train on") }
        if let stored, let context {
          _ = try SwipeContextCheck.check(sentences: prepared.sentences, training: stored.fingerprint, model: context, corpus: path)
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        samples += try RerankerTraining.collect(
          prepared, config: decoderConfig, pool: pool, pruneFor: pruneFor, shark2Samples: Self.shark2Samples, context: contextModel,
          progress: { done, total in if done % 2000 == 0 || done == total { StandardError.print("\(name): \(done)/\(total) gestures decoded") } })
        inputs.append(.init(name: name, sha256: try FileDigest.sha256Hex(ofFileAt: path), gestures: prepared.gestures.count))
      }
      if let exportFeatures { try AtomicFileWriter.write(Self.featureTable(samples), to: exportFeatures) }
      let userCount = Set(samples.map(\.user)).count
      guard userCount >= folds else { throw CommandFailure("\(userCount) users for \(folds) folds: every fold needs a user (lower --folds)") }
      var network = RerankerNetwork.Training()
      (network.units, network.epochs, network.seed) = (hidden, epochs, seed)
      let cv = RerankerTraining.crossValidate(
        samples, folds: folds, seed: seed, l2: l2, network: network,
        progress: { StandardError.print("cross-validation: fold \($0)/\(folds) done") })
      let fit = RerankerTraining.fit(samples, l2: l2, network: network)
      let training = RerankerModel.Training(
        command: (["keybench-swipes"] + CommandLine.arguments.dropFirst()).joined(separator: " "), seed: seed, l2: l2,
        inputs: inputs, lexicon: words.name, context: context, users: userCount, gestures: samples.count,
        gesturesWithTargetInPool: samples.filter { $0.target != nil }.count, folds: cv.folds, outOfFold: cv.pooled)
      let model = RerankerModel(
        scorer: fit, pool: pool, pruneFor: pruneFor, shark2Samples: Self.shark2Samples, decoder: RerankerModel.decoderLabel(decoderConfig), training: training)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try AtomicFileWriter.write(String(decoding: try encoder.encode(model), as: UTF8.self) + "\n", to: out)
      print(Self.table(training))
      print("wrote \(out)")
    }

    /// Every candidate's features, one CSV row each, after the gesture's prompt kind and number of
    /// previous words (to split a study by them; neither is a feature).
    static func featureTable(_ samples: [RerankerTraining.Sample]) -> String {
      var lines = [CSV.row(["user", "gesture", "prompt", "previous_words", "position", "is_target"] + RerankFeature.allCases.map(\.rawValue))]
      for (gesture, sample) in samples.enumerated() {
        for (position, row) in sample.rows.enumerated() {
          let fields = [
            sample.user, String(gesture), sample.prompt ?? "", sample.previousWords.map(String.init) ?? "", String(position),
            sample.target == position ? "1" : "0",
          ]
          lines.append(CSV.row(fields + row.map(CSV.exactNumber)))
        }
      }
      return lines.joined(separator: "\n") + "\n"
    }

    /// The cross-validation table, Markdown.
    static func table(_ training: RerankerModel.Training) -> String {
      func percent(_ value: Double?) -> String { value.map { NumberFormatting.percent($0) } ?? "" }
      var lines = [
        "\(training.gestures) gestures of \(training.users) users; the target is among the pool for \(training.gesturesWithTargetInPool).",
        "",
        "| fold | users | gestures | decoder top-1 | re-ranked top-1 | with context top-1 | decoder top-4 | re-ranked top-4 | with context top-4 |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      ]
      for fold in training.folds + training.outOfFold {
        let name = Int(fold.name) == nil ? "**\(fold.name), out of fold**" : fold.name
        lines.append(
          "| \(name) | \(fold.users) | \(fold.gestures) | \(percent(fold.decoder.top1)) | \(percent(fold.reranked.top1)) | \(percent(fold.withContext?.top1)) | \(percent(fold.decoder.top4)) | \(percent(fold.reranked.top4)) | \(percent(fold.withContext?.top4)) |")
      }
      return lines.joined(separator: "\n")
    }
  }
}

extension KeybenchSwipes.TrainReranker: CommandFiles {
  var reads: [FileUse] { FileUse.files("--corpus", corpus) + FileUse.file("--config", config) + database.use }
  var writes: [FileUse] { [FileUse("--out", out)] + FileUse.file("--export-features", exportFeatures) }
}
