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
  /// Characters typed when the word was first among the suggestions, for each count of
  /// ``PredictionBenchmark/reportedCounts`` (absent: never before the last character).
  public var hitPrefixAt: [Int: Int] = [:]

  /// Keystrokes saved with `count` suggestions shown (one of ``PredictionBenchmark/reportedCounts``).
  public func keystrokesSaved(at count: Int) -> Int { hitPrefixAt[count].map { length - $0 } ?? 0 }

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
  /// Keystrokes under the common protocol with each count of ``PredictionBenchmark/reportedCounts``
  /// shown.
  public var keystrokesAt: [Int: Int] = [:]
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
  /// Keystroke saving rate with `count` suggestions shown (nan when not measured).
  public func ksr(at count: Int) -> Double {
    keystrokesAt[count].map { Double(characters + words - $0) / Double(characters + words) } ?? .nan
  }
  public var nextTop1Rate: Double { Double(nextTop1) / Double(words) }
  public var nextTop3Rate: Double { Double(nextTop3) / Double(words) }
  public var predictionsPerSecond: Double { seconds > 0 ? Double(predictions) / seconds : .nan }

  /// One line for the terminal: the headline metrics.
  public var line: String {
    let p = { (share: Double) in NumberFormatting.percent(share) }
    return "\(predictor): KSR \(p(ksr)), CSR \(p(csr)), next top-1 \(p(nextTop1Rate)), next top-3 \(p(nextTop3Rate)), "
      + NumberFormatting.rate(predictionsPerSecond, of: "predictions")
  }

  /// The `summary.json` metrics for this predictor (Reports/FORMATS.md, `predict`).
  public var metrics: [(String, Double?)] {
    func finite(_ v: Double) -> Double? { v.isFinite ? v : nil }
    return [
      ("words", Double(words)), ("characters", Double(characters)), ("keystrokes", Double(keystrokes)),
      ("saved_characters", Double(savedCharacters)), ("ksr", finite(ksr)), ("csr", finite(csr)),
      ("next_top1", finite(nextTop1Rate)), ("next_top3", finite(nextTop3Rate)),
    ] + PredictionBenchmark.reportedCounts.map { ("ksr_at_\($0)", finite(ksr(at: $0))) } + [
      ("predictions", Double(predictions)),
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
///
/// Savings are also measured with 1, 3 and 5 suggestions shown (``reportedCounts``), so every
/// predictor is compared at the counts the literature quotes. A predictor whose copies are
/// independent (``Predictor/copiesAreIndependent``) types the text once per count, each pass a
/// fresh copy told only that count — what a user with that many suggestions on screen would have
/// passed over. An external process is asked once per keystroke for the largest count and typing
/// goes on until the word is first; each count's hit is read from the ranks (exact for a plug-in
/// whose ranking does not depend on how many words it is asked for).
public struct PredictionBenchmark: Sendable {
  public var suggestions: Int

  /// The suggestion counts every run reports keystroke savings at.
  public static let reportedCounts = [1, 3, 5]

  public init(suggestions: Int) { self.suggestions = suggestions }

  /// Types every sentence of `text` and returns the summary, handing each word's result to
  /// `each` as it is scored (nothing is kept: a results file is written as the text is typed).
  /// `firstIndex` is the position of the first word in the whole test text (a curve's slice
  /// starts later), so a predictor told its items (``ItemAware``) names them as results.csv does.
  public func run(
    _ predictor: any Predictor, text: some SentenceSource, firstIndex: Int = 0, each: (PredictionWordResult) throws -> Void = { _ in }
  ) throws -> PredictionSummary {
    let others = Self.reportedCounts.filter { $0 != suggestions }
    let independent = predictor.copiesAreIndependent
    // Copies first: a copy starts from the state of what it copies, here the untouched predictor.
    var extra = independent ? others.map { Typing(predictor: predictor.copy(), counts: [$0], firstIndex: firstIndex) } : []
    var main = Typing(predictor: predictor, counts: [suggestions] + (independent ? [] : others), firstIndex: firstIndex)
    var results: [PredictionWordResult] = []
    try text.forEachSentence { sentence in
      results.removeAll(keepingCapacity: true)
      try main.type(sentence) { results.append($0) }
      for index in extra.indices {
        let count = extra[index].counts[0]
        var position = 0
        try extra[index].type(sentence) { other in
          results[position].hitPrefixAt[count] = other.hitPrefixAt[count]
          position += 1
        }
      }
      for result in results { try each(result) }
    }
    var summary = main.summary
    for typing in extra {
      for (count, keystrokes) in typing.summary.keystrokesAt { summary.keystrokesAt[count] = keystrokes }
    }
    return summary
  }

  /// One predictor typing sentences as they come: what ``run(_:text:firstIndex:each:)`` and
  /// each slice of the text-length curves do.
  struct Typing {
    let predictor: any Predictor
    /// The headline count (the first of `counts`): the one results.csv's hit and keystrokes use.
    let suggestions: Int
    /// Every count scored in this pass; more than one only for a predictor whose copies share
    /// one state, asked for the largest and typed until the word is first.
    let counts: [Int]
    let told: (any ItemAware)?
    private(set) var summary: PredictionSummary
    private var index: Int
    private let clock = ContinuousClock()
    private var elapsed = Duration.zero

    init(predictor: any Predictor, suggestions: Int, firstIndex: Int) {
      self.init(predictor: predictor, counts: [suggestions], firstIndex: firstIndex)
    }

    init(predictor: any Predictor, counts: [Int], firstIndex: Int) {
      self.predictor = predictor
      self.suggestions = counts[0]
      self.counts = counts
      told = predictor as? any ItemAware
      summary = PredictionSummary(predictor: predictor.name, suggestions: counts[0])
      for count in counts { summary.keystrokesAt[count] = 0 }
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
        var hitAt: [Int: Int] = [:]
        let asked = counts.max() ?? suggestions
        let start = clock.now
        for typed in 0..<letters.count {
          let count = typed == 0 ? max(asked, 3) : asked
          let offered = try predictor.suggest(previous: previous, prefix: String(letters[0..<typed]), count: count)
          summary.predictions += 1
          let rank = offered.firstIndex { $0.lowercased() == target }
          if typed == 0 {
            nextRank = rank.map { $0 + 1 }
            nextSuggestions = offered
          }
          if let rank {
            for shown in counts where rank < shown && hitAt[shown] == nil { hitAt[shown] = typed }
            if hitAt.count == counts.count { break }
          }
        }
        hit = hitAt[suggestions]
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
        for count in counts { summary.keystrokesAt[count, default: 0] += (hitAt[count] ?? letters.count) + 1 }
        if nextRank == 1 { summary.nextTop1 += 1 }
        if let nextRank, nextRank <= 3 { summary.nextTop3 += 1 }
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        try each(.init(
          index: index, word: word, length: letters.count, hitPrefix: hit, nextRank: nextRank, nextSuggestions: nextSuggestions,
          microseconds: Double(wordTime.components.seconds) * 1e6 + Double(wordTime.components.attoseconds) * 1e-12,
          hitPrefixAt: hitAt))
        index += 1
      }
    }
  }
}
