import Foundation
import KeyBenchCore
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

  /// Every pair through `corrector`, one thread; with `previousWords`, each pair's previous words
  /// (sentence-level sets) go with it, so the same corrector is measured with and without context.
  /// `firstItem` is the first pair's position in the whole pair list, so a corrector that is told
  /// its items (``ItemAware``) names them as results.csv does (1-based).
  public func run(
    _ corrector: any Corrector, pairs: [TypoPair], previousWords: Bool = false, firstItem: Int = 0
  ) throws -> [CorrectionItemResult] {
    let clock = ContinuousClock()
    let told = corrector as? any ItemAware
    return try pairs.enumerated().map { index, pair in
      told?.begin(item: String(firstItem + index + 1))
      let start = clock.now
      let found = try previousWords
        ? corrector.suggestions(for: pair.typed, context: pair.context, previous: pair.previous, limit: suggestions)
        : corrector.suggestions(for: pair.typed, context: pair.context, limit: suggestions)
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

/// Seed 002 Fig. 4.4/4.5: the corrected-words ratio on texts of increasing length, each text a
/// run of consecutive pairs typed by a fresh user (the corrector reset before it).
public struct LengthCurvePoint: Sendable {
  public var words: Int
  public var texts: Int
  public var mean: Double
  public var standardDeviation: Double
}

extension CorrectionBenchmark {
  /// For each length, up to `maxTexts` disjoint runs of that many consecutive pairs.
  public func lengthCurve(
    _ corrector: any Corrector, pairs: [TypoPair], lengths: [Int] = [50, 100, 200, 500, 1000, 2000, 5000], maxTexts: Int = 10
  ) throws -> [LengthCurvePoint] {
    try lengths.compactMap { length in
      let count = min(pairs.count / length, maxTexts)
      guard count > 0 else { return nil }
      var ratios: [Double] = []
      for text in 0..<count {
        corrector.reset()
        let results = try run(corrector, pairs: Array(pairs[(text * length)..<((text + 1) * length)]), firstItem: text * length)
        let errors = results.filter { $0.kind != .correct }
        guard !errors.isEmpty else { continue }
        ratios.append(Double(errors.filter { ($0.rank ?? .max) <= suggestions }.count) / Double(errors.count))
      }
      guard !ratios.isEmpty else { return nil }
      let mean = ratios.reduce(0, +) / Double(ratios.count)
      let variance = ratios.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(ratios.count - 1, 1))
      corrector.reset()
      return LengthCurvePoint(words: length, texts: ratios.count, mean: mean, standardDeviation: variance.squareRoot())
    }
  }
}

extension Duration {
  var inMicroseconds: Double {
    let parts = components
    return Double(parts.seconds) * 1e6 + Double(parts.attoseconds) * 1e-12
  }
}
