import Foundation
public import KeyBenchCore
public import KeyBenchPrediction

/// How one test word fared with one predictor.
public struct PredictionWordResult: Sendable, Equatable {
  /// Position of the word in the test text (0-based, over all sentences).
  public var index: Int
  public var word: String
  /// Characters of the word.
  public var length: Int
  /// Characters typed when the word first appeared among the suggestions (0 = predicted before
  /// typing), nil when it never appeared before the last character.
  public var hitPrefix: Int?
  /// 1-based rank among the next-word suggestions before any character was typed (nil if absent).
  public var nextRank: Int?
  /// The next-word suggestions before any character was typed, best first (at least 3 asked for).
  public var nextSuggestions: [String] = []
  /// Wall time of this word's `suggest` calls, in microseconds.
  public var microseconds: Double = 0

  /// Keystrokes under the common protocol: a hit after p characters costs p + 1 (the tap
  /// inserts the word and its space), a miss costs length + 1.
  public var keystrokes: Int { (hitPrefix ?? length) + 1 }
  /// Keystrokes without prediction: the letters and the space.
  public var keystrokesUnaided: Int { length + 1 }
  /// Seed 002 §4.2 saved characters: length − typed characters on a hit, else 0 (equal to the
  /// keystrokes saved, `keystrokesUnaided − keystrokes`, under this protocol).
  public var savedCharacters: Int { hitPrefix.map { length - $0 } ?? 0 }
}

/// The prediction metrics of one predictor over one test text.
public struct PredictionSummary: Sendable {
  public var predictor: String
  public var suggestions: Int
  public var words = 0
  /// Letters (characters of the words) in the test text.
  public var characters = 0
  /// Keystrokes under the common protocol (hit: typed characters + 1 tap; miss: length + 1 for the space).
  public var keystrokes = 0
  /// Seed 002 §4.2 saved characters: length − typed characters for every hit.
  public var savedCharacters = 0
  public var nextTop1 = 0
  public var nextTop3 = 0
  public var predictions = 0
  public var seconds = 0.0
  /// What the run measured of a plug-in (its own time, the pipe, load, failed and
  /// out-of-vocabulary items); nil for built-in predictors.
  public var plugin: PluginMeasures?

  /// Keystroke saving rate: 1 − keystrokes ÷ (characters + one space per word), computed as
  /// saved ÷ unaided keystrokes so that it is exactly the ratio results.csv's rows give.
  public var ksr: Double { Double(characters + words - keystrokes) / Double(characters + words) }
  /// Character saving ratio (seed §4.2): saved characters ÷ all characters.
  public var csr: Double { Double(savedCharacters) / Double(characters) }
  public var nextTop1Rate: Double { Double(nextTop1) / Double(words) }
  public var nextTop3Rate: Double { Double(nextTop3) / Double(words) }
  public var predictionsPerSecond: Double { seconds > 0 ? Double(predictions) / seconds : .nan }

  /// One line for the terminal: the headline metrics.
  public var line: String {
    "\(predictor): "
      + String(
        format: "KSR %.4f, CSR %.4f, next top-1 %.4f, next top-3 %.4f, %.0f predictions/s", ksr, csr, nextTop1Rate,
        nextTop3Rate, predictionsPerSecond)
  }

  /// The `summary.json` metrics for this predictor (Reports/FORMATS.md, `predict`).
  public var metrics: [(String, Double?)] {
    func finite(_ v: Double) -> Double? { v.isFinite ? v : nil }
    return [
      ("words", Double(words)), ("characters", Double(characters)), ("keystrokes", Double(keystrokes)),
      ("saved_characters", Double(savedCharacters)), ("ksr", finite(ksr)), ("csr", finite(csr)),
      ("next_top1", finite(nextTop1Rate)), ("next_top3", finite(nextTop3Rate)), ("predictions", Double(predictions)),
      ("predictions_per_second", finite(predictionsPerSecond)),
    ] + (plugin?.metrics(per: "prediction") ?? [])
  }
}

/// Sentences delivered one at a time: a test text streamed from its file (``PredictionText``),
/// or sentences held in memory. The prediction benchmark and its curves read the test text
/// through this, so a run's memory does not grow with the text.
public protocol SentenceSource {
  /// Calls `body` with each sentence, in order.
  func forEachSentence(_ body: ([String]) throws -> Void) throws
}

extension Array: SentenceSource where Element == [String] {
  public func forEachSentence(_ body: ([String]) throws -> Void) throws { try forEach(body) }
}

/// Types a test text word by word through a ``Predictor`` and scores the suggestions.
///
/// For every word, in text order, the predictor is asked after 0, 1, …, length − 1 typed characters
/// (the earlier words of the sentence as context) until the word is among the first `suggestions`
/// suggestions, ignoring case. Before typing, it is asked for at least 3 words so next-word top-3 is
/// measured whatever `suggestions` is. Then the predictor learns the word (adaptive ones adapt).
/// Speed counts only `suggest` calls, on this one thread.
public struct PredictionBenchmark: Sendable {
  public var suggestions: Int

  public init(suggestions: Int) { self.suggestions = suggestions }

  /// Types every sentence of `text` and returns the summary, handing each word's result to
  /// `each` as it is scored (nothing is kept: a results file is written as the text is typed).
  /// `firstIndex` is the position of the first word in the whole test text (a curve's slice
  /// starts later), so a predictor told its items (``ItemAware``) names them as results.csv does.
  public func run(
    _ predictor: any Predictor, text: some SentenceSource, firstIndex: Int = 0, each: (PredictionWordResult) throws -> Void = { _ in }
  ) throws -> PredictionSummary {
    var typing = Typing(predictor: predictor, suggestions: suggestions, firstIndex: firstIndex)
    try text.forEachSentence { try typing.type($0, each: each) }
    return typing.summary
  }

  /// One predictor typing sentences as they come: what ``run(_:text:firstIndex:each:)`` and
  /// each slice of the text-length curves do.
  struct Typing {
    let predictor: any Predictor
    let suggestions: Int
    let told: (any ItemAware)?
    private(set) var summary: PredictionSummary
    private var index: Int
    private let clock = ContinuousClock()
    private var elapsed = Duration.zero

    init(predictor: any Predictor, suggestions: Int, firstIndex: Int) {
      self.predictor = predictor
      self.suggestions = suggestions
      told = predictor as? any ItemAware
      summary = PredictionSummary(predictor: predictor.name, suggestions: suggestions)
      index = firstIndex
    }

    /// Types the words of one sentence (the earlier ones are each word's context).
    mutating func type(_ sentence: [String], each: (PredictionWordResult) throws -> Void) throws {
      for (position, word) in sentence.enumerated() {
        told?.begin(item: String(index + 1))
        let previous = sentence[0..<position]
        let letters = Array(word)
        let target = word.lowercased()
        var hit: Int? = nil
        var nextRank: Int? = nil
        var nextSuggestions: [String] = []
        let start = clock.now
        for typed in 0..<letters.count {
          let count = typed == 0 ? max(suggestions, 3) : suggestions
          let offered = try predictor.suggest(previous: previous, prefix: String(letters[0..<typed]), count: count)
          summary.predictions += 1
          let rank = offered.firstIndex { $0.lowercased() == target }
          if typed == 0 {
            nextRank = rank.map { $0 + 1 }
            nextSuggestions = offered
          }
          if let rank, rank < suggestions {
            hit = typed
            break
          }
        }
        let wordTime = clock.now - start
        elapsed += wordTime
        predictor.learn(previous: previous, word: word)
        summary.words += 1
        summary.characters += letters.count
        if let hit {
          summary.keystrokes += hit + 1
          summary.savedCharacters += letters.count - hit
        } else {
          summary.keystrokes += letters.count + 1
        }
        if nextRank == 1 { summary.nextTop1 += 1 }
        if let nextRank, nextRank <= 3 { summary.nextTop3 += 1 }
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        try each(.init(
          index: index, word: word, length: letters.count, hitPrefix: hit, nextRank: nextRank, nextSuggestions: nextSuggestions,
          microseconds: Double(wordTime.components.seconds) * 1e6 + Double(wordTime.components.attoseconds) * 1e-12))
        index += 1
      }
    }
  }
}
