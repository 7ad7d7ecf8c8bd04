public import KeyBenchCore

/// The figures one corrector is judged by over one pair file.
public struct CorrectionSummary: Sendable {
  public var corrector: String
  public var words = 0
  /// Words typed with at least one error, and how many of them are non-words / real words.
  public var errors = 0
  public var nonWords = 0
  public var realWords = 0
  /// Over error words: intended word first / among the first `top` suggestions.
  public var top1 = Double.nan
  public var topK = Double.nan
  public var top = 4
  /// Seed 002 §4.3: error words whose intended word is among the suggestions shown, over all
  /// error words (with `--suggestions k` this is the top-k share of error words).
  public var correctedRatio = Double.nan
  /// Share of correctly typed words whose first suggestion is another word.
  public var falseCorrections = Double.nan
  public var nonWordTop1 = Double.nan
  public var nonWordTopK = Double.nan
  public var realWordTop1 = Double.nan
  public var realWordTopK = Double.nan
  public var wordsPerSecond = Double.nan
  public var microsecondsPerKeystroke = Double.nan
  /// What the run measured of a plug-in (its own time, the pipe, load, failed and
  /// out-of-lexicon items); nil for built-in correctors.
  public var plugin: PluginMeasures?

  public init(corrector: String, results: [CorrectionItemResult], top: Int) {
    self.corrector = corrector
    self.top = top
    words = results.count
    let errorItems = results.filter { $0.kind != .correct }
    let nonWordItems = errorItems.filter { $0.kind == .nonWord }
    let realWordItems = errorItems.filter { $0.kind == .realWord }
    let correctItems = results.filter { $0.kind == .correct }
    errors = errorItems.count
    nonWords = nonWordItems.count
    realWords = realWordItems.count
    func share(_ items: [CorrectionItemResult], _ predicate: (CorrectionItemResult) -> Bool) -> Double {
      items.isEmpty ? .nan : Double(items.filter(predicate).count) / Double(items.count)
    }
    let first: (CorrectionItemResult) -> Bool = { $0.rank == 1 }
    let shown: (CorrectionItemResult) -> Bool = { ($0.rank ?? .max) <= top }
    top1 = share(errorItems, first)
    topK = share(errorItems, shown)
    correctedRatio = topK
    nonWordTop1 = share(nonWordItems, first)
    nonWordTopK = share(nonWordItems, shown)
    realWordTop1 = share(realWordItems, first)
    realWordTopK = share(realWordItems, shown)
    falseCorrections = share(correctItems) { $0.rank != 1 }
    let micros = results.reduce(0) { $0 + $1.microseconds }
    let keystrokes = results.reduce(0) { $0 + $1.typed.count }
    if micros > 0 {
      wordsPerSecond = Double(results.count) / (micros / 1e6)
      microsecondsPerKeystroke = micros / Double(max(keystrokes, 1))
    }
  }

  /// The `metric → value` pairs for summary.json / summary.csv (nil for values that cannot be
  /// computed).
  public var metrics: [(String, Double?)] {
    func value(_ x: Double) -> Double? { x.isNaN ? nil : x }
    return [
      ("words", Double(words)), ("errors", Double(errors)), ("non_words", Double(nonWords)),
      ("real_words", Double(realWords)), ("top1", value(top1)), ("top\(top)", value(topK)),
      ("corrected_ratio", value(correctedRatio)), ("false_corrections", value(falseCorrections)),
      ("non_word_top1", value(nonWordTop1)), ("non_word_top\(top)", value(nonWordTopK)),
      ("real_word_top1", value(realWordTop1)), ("real_word_top\(top)", value(realWordTopK)),
      ("words_per_second", value(wordsPerSecond)), ("us_per_keystroke", value(microsecondsPerKeystroke)),
    ] + (plugin?.metrics(per: "word") ?? [])
  }
}
