import Foundation
public import KeyBenchSwipe

/// The built-in swipe decoders `keybench-run swipe --decoder` can run.
public enum SwipeDecoderChoice: String, CaseIterable, Sendable {
  /// Seed 000's DTW decoder (``DTWDecoder``), configured by `--config`.
  case seed000
  /// The SHARK2-style template decoder (``Shark2Decoder``), configured by `--shark2-config`.
  case shark2

  /// The decoders of a comma-separated `--decoder` value, in the order given, each once; `all`
  /// stands for every built-in decoder.
  ///
  /// - Throws: a message naming an unknown decoder and the choices.
  public static func parse(_ list: String) throws(ChoiceError) -> [SwipeDecoderChoice] {
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

  public struct ChoiceError: Error, CustomStringConvertible {
    public let description: String
  }

  /// The configurations of every built-in decoder in effect for one run.
  public struct Configs: Encodable {
    public var seed000: DTWDecoderConfig
    public var shark2: Shark2Config
    /// A learned re-ranker over seed000's candidates (`--reranker`), recorded as an input.
    public var reranker: RerankerModel? = nil

    public init(seed000: DTWDecoderConfig, shark2: Shark2Config, reranker: RerankerModel? = nil) {
      self.seed000 = seed000
      self.shark2 = shark2
      self.reranker = reranker
    }

    enum CodingKeys: CodingKey { case seed000, shark2 }
  }

  /// The decoder's label for a report, under `configs`.
  public func label(_ configs: Configs) -> String {
    switch self {
    case .seed000:
      configs.reranker.map { RerankedDecoder.describe(configs.seed000, model: $0) } ?? DTWDecoder.describe(configs.seed000)
    case .shark2: Shark2Decoder.describe(configs.shark2)
    }
  }

  /// The decoder's configuration, for the report and `--print-config`.
  public func config(_ configs: Configs) -> any Encodable {
    switch self {
    case .seed000: configs.seed000
    case .shark2: configs.shark2
    }
  }

  /// Builds this decoder for each laid-out lexicon.
  public func factory(_ configs: Configs) -> SwipeBenchmark.DecoderFactory {
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
