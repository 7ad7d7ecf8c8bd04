import KeyBenchBench
import KeyBenchSwipe

/// The built-in swipe decoders `keybench-run swipe --decoder` can run.
enum SwipeDecoderChoice: String, CaseIterable {
  /// Seed 000's DTW decoder (``DTWDecoder``), configured by `--config`.
  case seed000
  /// The SHARK2-style template decoder (``Shark2Decoder``), configured by `--shark2-config`.
  case shark2

  /// The decoders of a comma-separated `--decoder` value, in the order given, each once; `all`
  /// stands for every built-in decoder.
  ///
  /// - Throws: a message naming an unknown decoder and the choices.
  static func parse(_ list: String) throws(ChoiceError) -> [SwipeDecoderChoice] {
    var result: [SwipeDecoderChoice] = []
    let names = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    for name in names {
      let chosen: [SwipeDecoderChoice]
      if name == "all" {
        chosen = allCases
      } else if let choice = SwipeDecoderChoice(rawValue: name) {
        chosen = [choice]
      } else {
        throw ChoiceError(
          description: "unknown decoder '\(name)'; choose from \(allCases.map(\.rawValue).joined(separator: ", ")) or all (comma-separated).")
      }
      for choice in chosen where !result.contains(choice) { result.append(choice) }
    }
    return result
  }

  struct ChoiceError: Error, CustomStringConvertible {
    let description: String
  }

  /// The configurations of every built-in decoder in effect for one run.
  struct Configs: Encodable {
    var seed000: DTWDecoderConfig
    var shark2: Shark2Config
    /// A learned re-ranker over seed000's candidates (`--reranker`), recorded as an input.
    var reranker: RerankerModel? = nil

    enum CodingKeys: CodingKey { case seed000, shark2 }
  }

  /// The decoder's label for a report, under `configs`.
  func label(_ configs: Configs) -> String {
    switch self {
    case .seed000:
      configs.reranker.map { RerankedDecoder.describe(configs.seed000, model: $0) } ?? DTWDecoder.describe(configs.seed000)
    case .shark2: Shark2Decoder.describe(configs.shark2)
    }
  }

  /// The decoder's configuration, for the report and `--print-config`.
  func config(_ configs: Configs) -> any Encodable {
    switch self {
    case .seed000: configs.seed000
    case .shark2: configs.shark2
    }
  }

  /// Builds this decoder for each laid-out lexicon.
  func factory(_ configs: Configs) -> SwipeBenchmark.DecoderFactory {
    switch self {
    case .seed000:
      { lexicon, _ in
        let decoder = DTWDecoder(lexicon: lexicon, config: configs.seed000)
        return configs.reranker.map { RerankedDecoder(base: decoder, model: $0) } ?? decoder
      }
    case .shark2: { lexicon, _ in Shark2Decoder(lexicon: lexicon, config: configs.shark2) }
    }
  }
}
