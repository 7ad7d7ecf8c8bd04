import Foundation
public import KeyBenchTyping

/// One pair as one corrector handled it.
public struct CorrectionItemResult: Sendable {
  public enum Kind: String, Sendable {
    /// Typed as intended.
    case correct
    /// The typed word is not in the lexicon.
    case nonWord = "non-word"
    /// The typed word is another lexicon word (`out` for `our`).
    case realWord = "real-word"
  }

  public var index: Int
  public var typed: String
  public var intended: String
  public var kind: Kind
  /// 1-based rank of the intended word among the suggestions (case-insensitive), nil if absent.
  public var rank: Int?
  public var suggestions: [String]
  public var microseconds: Double
}

/// Runs correctors over typo pairs in file order, timing each word and, after each word, telling
/// the corrector what was meant (for adaptation) — the seed's §4.3 benchmark over pair files.
public struct CorrectionBenchmark {
  public let suggestions: Int
  public let lexicon: CorrectionLexicon

  public init(lexicon: CorrectionLexicon, suggestions: Int) {
    self.lexicon = lexicon
    self.suggestions = suggestions
  }

  /// The kind of a pair against the lexicon.
  public func kind(of pair: TypoPair) -> CorrectionItemResult.Kind {
    if pair.typed == pair.intended { return .correct }
    return lexicon.isKnown(pair.typed) ? .realWord : .nonWord
  }

  /// Every pair through `corrector`, one thread.
  public func run(_ corrector: any Corrector, pairs: [TypoPair]) -> [CorrectionItemResult] {
    let clock = ContinuousClock()
    return pairs.enumerated().map { index, pair in
      let start = clock.now
      let found = corrector.suggestions(for: pair.typed, limit: suggestions)
      let elapsed = (clock.now - start).inMicroseconds
      corrector.learn(pair.intended)
      let target = pair.intended.lowercased()
      let rank = found.firstIndex { $0.lowercased() == target }.map { $0 + 1 }
      return CorrectionItemResult(
        index: index, typed: pair.typed, intended: pair.intended, kind: kind(of: pair), rank: rank,
        suggestions: found, microseconds: elapsed)
    }
  }
}

extension Duration {
  var inMicroseconds: Double {
    let parts = components
    return Double(parts.seconds) * 1e6 + Double(parts.attoseconds) * 1e-12
  }
}
