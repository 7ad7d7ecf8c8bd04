public import KeyBenchCore
public import KeyBenchLanguageModel
import Foundation

/// KeyBench's own predictors by name, so the benchmark run and its text-length curves build them
/// the same way (and a new plug-in is added in one place).
public enum PredictorCatalog {
  /// Names accepted by `keybench-run predict --predictor`.
  public static let names = ["kannsch", "ngram"]

  /// A predictor trained on `counts`, a line describing its setup for the report, and its config as a
  /// JSON object for summary.json. `correction` (kannsch's §2.4 trade-off) uses `nearKeys` for the
  /// neighbouring-key cost.
  public static func make(
    _ name: String, counts: NGramCounts, vocabulary: PredictionVocabulary, adaptation: Bool, correction: Bool = false,
    nearKeys: ((Character, Character) -> Bool)? = nil
  ) throws -> (predictor: any Predictor, setup: String, parameters: JSONValue) {
    switch name {
    case "kannsch":
      var config = KannschPredictor.Config()
      config.adaptation = adaptation
      config.correction = correction
      return (
        KannschPredictor(counts: counts, vocabulary: vocabulary, config: config, nearKeys: nearKeys),
        "seed 002: bigram followers then frequency-ranked completion on the comparable form; AIMD adaptation and personal dictionary \(adaptation ? "on" : "off"); §2.4 completion/correction trade-off \(correction ? "on" : "off")",
        try JSONValue(encoding: config)
      )
    case "ngram":
      var config = NGramPredictor.Config()
      config.adaptation = adaptation
      return (
        NGramPredictor(counts: counts, vocabulary: vocabulary, config: config),
        "interpolated Kneser-Ney trigram (absolute discounting, continuation unigram), same completion; words shown for the word being typed are not shown again; cache adaptation (unigram with a memory of \(Int(config.unigramCacheMemory)) words, bigram and trigram caches, new words learnt) \(adaptation ? "on" : "off")",
        try JSONValue(encoding: config)
      )
    default:
      preconditionFailure("unknown predictor \(name); callers validate against PredictorCatalog.names")
    }
  }
}
