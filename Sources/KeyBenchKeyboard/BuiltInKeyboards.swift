import Foundation
public import KeyBenchGeometry
public import KeyBenchLanguageModel
public import KeyBenchLexicon
import KeyBenchPrediction
public import KeyBenchSwipe
public import KeyBenchTyping

/// What KeyBench's built-in keyboards are made of, loaded once and shared by every keyboard of a
/// run: the lexicon (its trie and correction index), the text model, the layout and touch spread
/// the taps come in, the error model of the letter-based corrector, and the swipe re-ranker.
public final class KeyboardParts {
  public let lexicon: Lexicon
  public let layout: KeyboardLayout
  public let spread: TouchSpread
  /// Counts of the text model (context, next word); nil when the run has none.
  public let counts: NGramCounts?
  public let errors: TypingErrorDistribution
  public let reranker: RerankerModel?
  public let trie: LexiconTrie
  public let contextModel: WordContextModel?
  lazy var correctionLexicon = CorrectionLexicon(lexicon: lexicon)
  lazy var vocabulary: PredictionVocabulary? = counts.map { PredictionVocabulary(counts: $0, lexicon: lexicon) }
  lazy var decoderLexicon = DecoderLexicon(entries: lexicon.entries.filter(\.isSuggestible), layout: layout)

  public init(
    lexicon: Lexicon, layout: KeyboardLayout, spread: TouchSpread, counts: NGramCounts?, errors: TypingErrorDistribution,
    reranker: RerankerModel?
  ) {
    self.lexicon = lexicon
    self.layout = layout
    self.spread = spread
    self.counts = counts
    self.errors = errors
    self.reranker = reranker
    trie = LexiconTrie(lexicon: lexicon, layout: layout)
    contextModel = counts.map { WordContextModel(counts: $0) }
  }
}

/// KeyBench's built-in keyboards by name: the conditions of Fowler et al.'s comparison
/// (literal taps; letter-based correction; the tap decoder without and with context) and two
/// whole keyboards — `keybench` (the best parts) and `plain` (what a simple keyboard does).
public enum KeyboardCatalog {
  public static let names = ["keybench", "plain", "literal", "letters", "taps", "taps-lm"]

  /// What each built-in is, for `--help` and reports.
  public static func describe(_ name: String) -> String {
    switch name {
    case "keybench": "tap decoder with context and adaptation to the typist; Kneser-Ney next word with a cache; swipe v3 (DTW + re-ranker) with context"
    case "plain": "Damerau-Levenshtein correction (distance ≤ 2, most frequent), frequency-ordered prefix completion, most frequent follower (bigram) as next word; no swipe"
    case "literal": "the taps' nearest keys committed as typed (no correction)"
    case "letters": "letter-based noisy-channel correction of the typed word (the keyboard corrector) with context"
    case "taps": "tap decoder: Gaussian touch model, edits and the lexicon prior, no context"
    case "taps-lm": "tap decoder with the text model's context"
    default: "unknown"
    }
  }

  /// Whether a built-in needs the text model.
  public static func needsTextModel(_ name: String) -> Bool { ["keybench", "plain", "taps-lm"].contains(name) }

  /// Builds keyboard `name` over `parts`.
  public static func make(_ name: String, parts: KeyboardParts, decoder: TapDecoder.Config) throws -> any Keyboard {
    switch name {
    case "literal": return LiteralKeyboard()
    case "letters": return try LettersKeyboard(parts: parts)
    case "taps", "taps-lm", "keybench":
      var config = decoder
      if name == "taps" { config.contextWeight = 0 }
      return TapKeyboard(name: name, parts: parts, config: config, whole: name == "keybench")
    case "plain": return PlainKeyboard(parts: parts)
    default: throw KeyboardError("unknown keyboard '\(name)'; choose from \(names.joined(separator: ", "))")
    }
  }
}

/// A keyboard the run cannot build (an unknown name, missing parts).
public struct KeyboardError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// Commits the taps' letters as typed: the word error rate every correction is measured against.
public final class LiteralKeyboard: Keyboard {
  public let name = "literal"
  public let tasks: Set<KeyboardTask> = [.correct]
  public init() {}
  public func correct(_ typed: String, taps: [Point?], previous: [String], limit: Int) -> [String] { [typed] }
}

/// Letter-based correction: the typed word through the keyboard corrector (error model, layout
/// adjacency, context), blind to where the taps landed.
public final class LettersKeyboard: Keyboard {
  public let name = "letters"
  public let tasks: Set<KeyboardTask> = [.correct]
  let corrector: KeyboardCorrector

  init(parts: KeyboardParts) throws {
    corrector = try KeyboardCorrector(
      lexicon: parts.correctionLexicon, distribution: parts.errors, layout: parts.layout, contextModel: parts.contextModel)
  }

  public func correct(_ typed: String, taps: [Point?], previous: [String], limit: Int) -> [String] {
    let words = corrector.suggestions(for: typed, context: nil, previous: previous, limit: limit)
    return words.isEmpty ? [typed] : WordCase.distinct(words.map { WordCase.apply(to: $0, typed: typed, sentenceStart: previous.isEmpty) })
  }
}

/// The tap decoder as a keyboard (`taps`, `taps-lm`), or KeyBench's whole keyboard (`keybench`):
/// the decoder with adaptation, a Kneser-Ney predictor for next words (whose completions also
/// join the decoder's), and swipe v3 with context.
public final class TapKeyboard: Keyboard {
  public let name: String
  public let tasks: Set<KeyboardTask>
  let decoder: TapDecoder
  let pristine: (any Predictor)?
  var predictor: (any Predictor)?
  let swipeDecoder: (any SwipeDecoder)?
  let fusion: ContextFusion?

  init(name: String, parts: KeyboardParts, config: TapDecoder.Config, whole: Bool) {
    self.name = name
    decoder = TapDecoder(
      trie: parts.trie, spread: parts.spread, context: parts.contextModel, config: config, adapt: whole,
      confusions: parts.errors.channel?.substitutions)
    if whole, let counts = parts.counts, let vocabulary = parts.vocabulary {
      // Its completions are merged with the decoder's, so what the user saw is not the
      // predictor's own answer: it must not skip the words it proposed before.
      var predictorConfig = NGramPredictor.Config()
      predictorConfig.skipPassedOver = false
      pristine = NGramPredictor(counts: counts, vocabulary: vocabulary, config: predictorConfig)
      predictor = pristine?.copy()
    } else {
      pristine = nil
      predictor = nil
    }
    if whole {
      let base = DTWDecoder(lexicon: parts.decoderLexicon, config: DTWDecoderConfig())
      swipeDecoder = parts.reranker.map { RerankedDecoder(base: base, model: $0) } ?? base
      fusion = parts.contextModel.map { model in
        if let weights = parts.reranker?.contextFusionWeights { return ContextFusion(model: model, gateWeights: weights) }
        return ContextFusion(model: model, weight: DTWDecoderConfig().context.weight)
      }
    } else {
      swipeDecoder = nil
      fusion = nil
    }
    var tasks: Set<KeyboardTask> = [.correct, .complete]
    if predictor != nil { tasks.insert(.next) }
    if swipeDecoder != nil { tasks.insert(.swipe) }
    self.tasks = tasks
  }

  public func correct(_ typed: String, taps: [Point?], previous: [String], limit: Int) -> [String] {
    decoder.correct(typed, taps: taps, previous: previous, limit: limit)
  }

  public func complete(_ prefix: String, taps: [Point?], previous: [String], limit: Int) throws -> [String] {
    let proposed = try predictor?.suggest(previous: previous[...], prefix: prefix, count: 2 * limit) ?? []
    return decoder.complete(prefix, taps: taps, previous: previous, limit: limit, extra: proposed)
  }

  public func next(previous: [String], limit: Int) throws -> [String] {
    let words = try predictor?.suggest(previous: previous[...], prefix: "", count: limit) ?? []
    return WordCase.distinct(words.map { WordCase.apply(to: $0, typed: "", sentenceStart: previous.isEmpty) })
  }

  public func swipe(_ points: [TimedPoint], previous: [String], limit: Int) throws -> [String] {
    guard let swipeDecoder else { return [] }
    let pool = max(limit, DTWDecoderConfig().context.pool)
    var candidates = try swipeDecoder.decode(points, top: pool, probe: nil).candidates
    if let fusion { candidates = fusion.rerank(candidates, previous: previous, top: limit) }
    return WordCase.distinct(candidates.prefix(limit).map { WordCase.apply(to: $0.word, typed: "", sentenceStart: previous.isEmpty) })
  }

  /// Adapts the touch model to the word's taps and the predictor's cache to the word.
  public func learn(_ word: String, previous: [String], typed: String, taps: [Point?]?) {
    if let taps, typed.count == word.count { decoder.learn(word, taps: taps) }
    predictor?.learn(previous: previous[...], word: word)
  }

  public func reset() {
    decoder.adaptation.reset()
    predictor = pristine?.copy()
  }
}

/// What a simple keyboard does: Damerau-Levenshtein correction, the most frequent words with the
/// typed prefix, the most frequent followers of the previous word.
public final class PlainKeyboard: Keyboard {
  public let name = "plain"
  public let tasks: Set<KeyboardTask>
  let corrector: DamerauCorrector
  let trie: LexiconTrie
  let counts: NGramCounts?
  /// Followers of each word id, most frequent first (the top 10), and the most frequent words.
  let followers: [Int32: [Int32]]
  let frequent: [Int32]

  init(parts: KeyboardParts) {
    corrector = DamerauCorrector(lexicon: parts.correctionLexicon)
    trie = parts.trie
    counts = parts.counts
    var lists: [Int32: [(Int32, Int)]] = [:]
    for (key, count) in parts.counts?.bigrams ?? [:] {
      let (v, w) = NGramCounts.unpack(bigram: key)
      guard w != NGramCounts.sentenceStart else { continue }
      lists[v, default: []].append((w, count))
    }
    followers = lists.mapValues { list in list.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(10).map(\.0) }
    frequent = (parts.counts?.unigrams.enumerated().dropFirst().sorted { $0.element != $1.element ? $0.element > $1.element : $0.offset < $1.offset }
      .prefix(10).map { Int32($0.offset) }) ?? []
    tasks = parts.counts == nil ? [.correct, .complete] : [.correct, .complete, .next]
  }

  public func correct(_ typed: String, taps: [Point?], previous: [String], limit: Int) -> [String] {
    let words = corrector.suggestions(for: typed.lowercased(), limit: limit)
    guard !words.isEmpty else { return [typed] }
    return WordCase.distinct(words.map { WordCase.apply(to: $0, typed: typed, sentenceStart: previous.isEmpty) })
  }

  public func complete(_ prefix: String, taps: [Point?], previous: [String], limit: Int) -> [String] {
    guard let node = trie.node(for: prefix.lowercased()) else { return [] }
    // More than asked: words differing only in case (East, east) become one answer.
    let words = trie.bestWords(under: node, count: 2 * limit).map {
      WordCase.apply(to: trie.words[$0], typed: prefix, sentenceStart: previous.isEmpty)
    }
    return Array(WordCase.distinct(words).prefix(limit))
  }

  public func next(previous: [String], limit: Int) -> [String] {
    guard let counts else { return [] }
    let v = previous.last.flatMap { counts.id(of: $0) } ?? NGramCounts.sentenceStart
    var ids = followers[v] ?? []
    for id in frequent where !ids.contains(id) { ids.append(id) }
    return Array(WordCase.distinct(ids.map { WordCase.apply(to: counts.words[Int($0)], typed: "", sentenceStart: previous.isEmpty) }).prefix(limit))
  }
}
