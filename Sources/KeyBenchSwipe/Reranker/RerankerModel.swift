import Foundation
import KeyBenchCore

/// A learned swipe re-ranker: a linear score over standardised ``RerankFeature``s of the
/// seed-000 decoder's best `pool` candidates, fitted by `keybench-swipes train-reranker`.
///
/// Linear, so every weight can be read ("a pitch further from the first key costs this much")
/// and inference is a dot product per candidate. The file records how it was made (command,
/// data digests, cross-validation by user) so a result that used it can be traced to its data.
public struct RerankerModel: Codable, Sendable, Equatable {
  /// The file format this build reads and writes. Version 2: the context features are gated by
  /// ``ContextGate`` (none at a prompt's first word, × trust after it) in place of version 1's
  /// ratio and ratio × fluency.
  public static let formatVersion = 2

  /// Always ``formatVersion``; a file of another version is refused.
  public var keybenchReranker: Int
  /// Feature names (``RerankFeature`` raw values), in the order of the other arrays.
  public var features: [String]
  /// Per feature: the training mean and scale (standard deviation) it is standardised with.
  public var mean: [Double]
  public var scale: [Double]
  /// Per feature: its weight on the standardised value; higher scores rank first.
  public var weights: [Double]
  /// The hidden layer beside the linear weights (nil: a linear model).
  public var network: RerankerNetwork?
  /// How many of the decoder's candidates are re-scored.
  public var pool: Int
  /// DTW prunes for the best this many words only; the rest of the pool is what it left scored
  /// (``DTWDecoder/decode(_:top:pruneFor:probe:)``). Nil: for the whole pool.
  public var pruneFor: Int?
  /// Samples per path for the SHARK2 channel features.
  public var shark2Samples: Int
  /// The decoder configuration the features were measured under (its label): the same weights
  /// over another configuration's candidates are a different, unmeasured model.
  public var decoder: String
  /// How the model was made.
  public var training: Training

  /// Provenance of a trained model.
  public struct Training: Codable, Sendable, Equatable {
    /// The command line that wrote the file.
    public var command: String
    public var seed: UInt64
    /// The ridge penalty on the standardised weights.
    public var l2: Double
    /// Every corpus trained on, by content digest.
    public var inputs: [Input]
    public var lexicon: String
    /// The context model's name, when the context feature was trained.
    public var context: String?
    public var users: Int
    public var gestures: Int
    /// Gestures whose target was among the pool (the others cannot teach a ranking).
    public var gesturesWithTargetInPool: Int
    /// One row per cross-validation fold (folds split users, never a user's gestures).
    public var folds: [Fold]
    /// The out-of-fold figures pooled: all gestures, then each prompt kind.
    public var outOfFold: [Fold]

    public init(
      command: String, seed: UInt64, l2: Double, inputs: [Input], lexicon: String, context: String?, users: Int,
      gestures: Int, gesturesWithTargetInPool: Int, folds: [Fold], outOfFold: [Fold]
    ) {
      (self.command, self.seed, self.l2, self.inputs, self.lexicon, self.context) = (command, seed, l2, inputs, lexicon, context)
      (self.users, self.gestures, self.gesturesWithTargetInPool) = (users, gestures, gesturesWithTargetInPool)
      (self.folds, self.outOfFold) = (folds, outOfFold)
    }
  }

  /// A training corpus.
  public struct Input: Codable, Sendable, Equatable {
    public var name: String
    public var sha256: String
    public var gestures: Int
    public init(name: String, sha256: String, gestures: Int) {
      (self.name, self.sha256, self.gestures) = (name, sha256, gestures)
    }
  }

  /// Accuracy on held-out users: the decoder's own ranking against the re-ranked one (and with
  /// sentence context, when trained with it), on the same gestures. Every gesture counts: a
  /// target outside the pool is a miss for all.
  public struct Fold: Codable, Sendable, Equatable {
    /// The fold's number, `all` for every fold pooled, or a prompt kind pooled over folds.
    public var name: String
    public var users: Int
    public var gestures: Int
    public var decoder: Accuracy
    public var reranked: Accuracy
    public var withContext: Accuracy?
    public init(name: String, users: Int, gestures: Int, decoder: Accuracy, reranked: Accuracy, withContext: Accuracy?) {
      (self.name, self.users, self.gestures) = (name, users, gestures)
      (self.decoder, self.reranked, self.withContext) = (decoder, reranked, withContext)
    }
  }

  /// Top-1 and top-4 accuracy, fractions.
  public struct Accuracy: Codable, Sendable, Equatable {
    public var top1: Double
    public var top4: Double
    public init(top1: Double, top4: Double) { (self.top1, self.top4) = (top1, top4) }
  }

  enum CodingKeys: String, CodingKey {
    case keybenchReranker = "keybench_reranker", features, mean, scale, weights, network, pool, pruneFor = "prune_for"
    case shark2Samples = "shark2_samples", decoder, training
  }

  public init(scorer: RerankerScorer, pool: Int, pruneFor: Int?, shark2Samples: Int, decoder: String, training: Training) {
    keybenchReranker = Self.formatVersion
    features = RerankFeature.allCases.map(\.rawValue)
    (mean, scale, weights, network) = (scorer.mean, scorer.scale, scorer.weights, scorer.network)
    (self.pool, self.pruneFor, self.shark2Samples) = (pool, pruneFor, shark2Samples)
    self.decoder = decoder
    self.training = training
  }

  /// The label a model records for the decoder configuration it was trained under: the
  /// decoder's label with one thread (threads change the speed, never the candidates).
  public static func decoderLabel(_ config: DTWDecoderConfig) -> String {
    var config = config
    config.threads = 1
    return DTWDecoder.describe(config)
  }

  /// The largest pool a model may re-score (the decoder is asked for this many candidates).
  public static let maximumPool = 1000

  /// Reads and checks a model file: the format version, the feature names (this build's, in
  /// its order), array lengths, finite numbers, a scale above 0 and a pool in range.
  public static func load(path: String) throws -> RerankerModel {
    let file = try CheckedJSON.load(path: path, maximumBytes: 1 << 20)
    let model = try file.decode(RerankerModel.self)
    var problems: [String] = []
    if model.keybenchReranker != formatVersion {
      let why = model.keybenchReranker == 1 ? " (version 1 weighed context by a fluency this build no longer measures)" : ""
      problems.append("keybench_reranker is \(model.keybenchReranker); this build reads version \(formatVersion)\(why) (retrain with keybench-swipes train-reranker)")
    }
    let expected = RerankFeature.allCases.map(\.rawValue)
    if model.features != expected {
      problems.append("features \(model.features) are not this build's \(expected) (retrain with keybench-swipes train-reranker)")
    }
    for (name, values) in [("mean", model.mean), ("scale", model.scale), ("weights", model.weights)] {
      if values.count != model.features.count { problems.append("\(name) has \(values.count) values for \(model.features.count) features") }
      if !values.allSatisfy(\.isFinite) { problems.append("\(name) holds a value that is not a finite number") }
    }
    if !model.scale.allSatisfy({ $0 > 0 }) { problems.append("every scale must be above 0") }
    if let network = model.network {
      let d = model.features.count
      if !(1...256).contains(network.units) { problems.append("network: 1…256 hidden units, got \(network.units)") }
      if network.output.count != network.units || network.hidden.count != network.units * d {
        problems.append("network: \(network.units) units need \(network.units) outputs and \(network.units * d) hidden weights")
      }
      if !(network.hidden + network.bias + network.output).allSatisfy(\.isFinite) { problems.append("network holds a value that is not a finite number") }
      let context = (d - RerankFeature.contextFeatures)..<d
      if d > RerankFeature.contextFeatures, network.hidden.count == network.units * d,
        (0..<network.units).contains(where: { h in context.contains { network.hidden[h * d + $0] != 0 } })
      {
        problems.append("network: the context features must not feed the hidden layer (their weights must be 0)")
      }
    }
    if !(1...maximumPool).contains(model.pool) { problems.append("pool must be in 1…\(maximumPool), got \(model.pool)") }
    if let pruneFor = model.pruneFor, !(1...max(1, model.pool)).contains(pruneFor) {
      problems.append("prune_for must be in 1…pool (\(model.pool)), got \(pruneFor)")
    }
    if !(2...1000).contains(model.shark2Samples) { problems.append("shark2_samples must be in 2…1000, got \(model.shark2Samples)") }
    guard problems.isEmpty else { throw InputFileError(path: path, kind: .malformed, reason: problems.joined(separator: "; ")) }
    return model
  }

  /// The model's numbers as one scoring function.
  public var scorer: RerankerScorer { RerankerScorer(mean: mean, scale: scale, weights: weights, network: network) }

  /// The weights ``ContextFusion`` needs to add sentence context after this model, one per
  /// ``ContextGate``: the context log ratio lowers a candidate's score by Σ weight × gate per
  /// unit, which is the model with its context features filled in.
  public var contextFusionWeights: [Double] {
    let first = weights.count - RerankFeature.contextFeatures
    return (first..<weights.count).map { weights[$0] / scale[$0] }
  }
}
