public import KeyBenchLanguageModel
import Foundation
public import KeyBenchCore
public import KeyBenchResults

/// Writes a prediction run's outputs: `results.csv`, `summary.csv`, `summary.json`, `report.md`
/// (formats in Reports/FORMATS.md, `predict` section), each atomically so earlier outputs survive a failure.
public struct PredictionReport: BenchmarkReport {
  public static let benchmark = "predict"
  public struct Entry {
    public var summary: PredictionSummary
    /// A line saying how the predictor was set up.
    public var setup: String
    /// Text-length curves with adaptation on and off (empty when not measured).
    public var adaptiveCurve: [PredictionCurvePoint]
    public var staticCurve: [PredictionCurvePoint]
    public init(
      summary: PredictionSummary, setup: String, adaptiveCurve: [PredictionCurvePoint] = [], staticCurve: [PredictionCurvePoint] = []
    ) {
      self.summary = summary
      self.setup = setup
      self.adaptiveCurve = adaptiveCurve
      self.staticCurve = staticCurve
    }

    /// The curves by name as they appear in summary.json and curves.csv.
    var curves: [(name: String, points: [PredictionCurvePoint])] {
      [("adaptive", adaptiveCurve), ("static", staticCurve)].filter { !$0.points.isEmpty }
    }
  }

  public var entries: [Entry]
  /// results.csv, written while the predictors typed (``ResultsSpool``).
  public var rows: ResultsSpool
  public var trainingFiles: [String]
  public var testFile: String
  public var training: NGramCounts
  /// Test sentences of 6+ words also found verbatim in training (below the refusal threshold).
  public var sharedSentences: Int
  public var lexicon: String?
  public var vocabularyWords: Int
  public var suggestions: Int
  /// Plug-in parameters by predictor (JSON objects).
  public var parameters: [String: JSONValue]
  public var notes: [String]
  /// Where the run came from (inputs, items, code, machine).
  public var provenance: Provenance
  /// Settings of the run beyond the predictors' parameters that change its numbers.
  public var settings: [String: JSONValue]

  public init(
    entries: [Entry], rows: ResultsSpool, trainingFiles: [String], testFile: String, training: NGramCounts, sharedSentences: Int,
    lexicon: String?, vocabularyWords: Int, suggestions: Int, parameters: [String: JSONValue], notes: [String],
    provenance: Provenance, settings: [String: JSONValue] = [:]
  ) {
    self.provenance = provenance
    self.settings = settings
    self.entries = entries
    self.rows = rows
    self.trainingFiles = trainingFiles
    self.testFile = testFile
    self.training = training
    self.sharedSentences = sharedSentences
    self.lexicon = lexicon
    self.vocabularyWords = vocabularyWords
    self.suggestions = suggestions
    self.parameters = parameters
    self.notes = notes
  }

  /// How the intervals are computed (`--bootstrap`).
  public var bootstrap = BootstrapSettings()

  public var declaredMetrics: [RowMetric] { Self.rowMetrics }

  public func writeResults(to file: AtomicFileWriter) throws -> RunStatistics {
    try rows.copy(to: file)
    return try rows.finish(bootstrap)
  }

  /// `curves.csv`: savings by text length, adaptation on and off.
  public var extraFiles: [(name: String, text: String)] { [("curves.csv", curvesCSV)] }

  /// Consecutive test words per group of the statistics.
  ///
  /// Neighbouring words are not independent samples: they share a passage's topic and names,
  /// and an adaptive predictor (kannsch's frequency adaptation, ngram's cache) carries what it
  /// learnt from one word to the next, so its hits come in runs. A block of 100 consecutive
  /// words (a paragraph or so) keeps those runs together, spans several sentences (one
  /// sentence, ~20 words, is shorter than the adaptation's memory) and still leaves many
  /// blocks to resample (Alice: ~270). 100 words is also the shortest slice of the text-length
  /// curves, and touch groups its simulated taps in blocks of the same length.
  public static let wordsPerBlock = 100

  /// What one group of the statistics is.
  public static let groupName = "text block"
  public var groupName: String { Self.groupName }

  /// The group of the word at 0-based position `index`: `block 1` for words 1–100, and so on.
  public static func blockLabel(index: Int) -> String { "block \(index / wordsPerBlock + 1)" }

  /// The metrics every predictor is judged by, computed from results.csv rows; each is the
  /// summary's metric of the same name, from the same counts.
  public static let rowMetrics = [
    RowMetric(
      name: "ksr", higherIsBetter: true,
      description: "keystroke saving rate: keystrokes saved by the suggestions over the letters and spaces typed without them",
      score: .columns("keystrokes_saved", over: "keystrokes_unaided")),
    RowMetric(
      name: "csr", higherIsBetter: true, description: "character saving ratio (seed 002 §4.2): characters not typed thanks to a hit over all letters",
      score: .columns("saved_characters", over: "length")).slice,
    RowMetric(name: "next_top1", higherIsBetter: true, description: "words that are the first suggestion before any character is typed", score: .rankAtMost(1)).slice,
    RowMetric(name: "next_top3", higherIsBetter: true, description: "words among the first 3 suggestions before any character is typed", score: .rankAtMost(3)),
  ] + PredictionBenchmark.reportedCounts.map { count in
    RowMetric(
      name: "ksr_at_\(count)", higherIsBetter: true,
      description: "keystroke saving rate with \(count) suggestion\(count == 1 ? "" : "s") shown",
      score: .columns("keystrokes_saved_at_\(count)", over: "keystrokes_unaided"))
  }

  /// `results.csv` in long form: one row per predictor and test word, the shared columns first
  /// (algorithm = the predictor; item = the word's 1-based position in the test text; group =
  /// its block of ``wordsPerBlock`` words; target = the word; rank and candidates = the
  /// next-word suggestions before any character was typed; time_us = the word's `suggest`
  /// calls), then these: `length`, `hit_prefix` (characters typed when the word was first among
  /// the suggestions, empty if never), `keystrokes`, `keystrokes_unaided`, `keystrokes_saved`,
  /// `saved_characters`, and `keystrokes_saved_at_N` for each of
  /// ``PredictionBenchmark/reportedCounts``.
  public static let extraColumns =
    ["length", "hit_prefix", "keystrokes", "keystrokes_unaided", "keystrokes_saved", "saved_characters"]
    + PredictionBenchmark.reportedCounts.map { "keystrokes_saved_at_\($0)" }

  /// The results.csv fields of `predictor`'s result `r`, in ``ResultRow/columns`` +
  /// ``extraColumns`` order.
  public static func fields(predictor: String, _ r: PredictionWordResult) -> [String] {
    let row = ResultRow(
      algorithm: predictor, item: String(r.index + 1), group: blockLabel(index: r.index), target: r.word,
      rank: r.nextRank, candidates: r.nextSuggestions, timeMicroseconds: r.microseconds)
    return row.fields + [
      String(r.length), r.hitPrefix.map(String.init) ?? "", String(r.keystrokes), String(r.keystrokesUnaided),
      String(r.keystrokesUnaided - r.keystrokes), String(r.savedCharacters),
    ] + PredictionBenchmark.reportedCounts.map { String(r.keystrokesSaved(at: $0)) }
  }

  var curvesCSV: String {
    var lines = [CSV.row(["predictor", "adaptation", "length", "slices", "ksr_mean", "ksr_std", "csr_mean", "csr_std"])]
    for entry in entries {
      for (name, points) in entry.curves {
        for p in points {
          lines.append(
            CSV.row([
              entry.summary.predictor, name == "adaptive" ? "on" : "off", String(p.length), String(p.slices), CSV.number(p.ksrMean),
              p.ksrStd.map(CSV.number) ?? "", CSV.number(p.csrMean), p.csrStd.map(CSV.number) ?? "",
            ]))
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  public var summaryCSV: String {
    Summary.csv(entries.flatMap { Summary.csvRows($0.summary.metrics, prefix: $0.summary.predictor) })
  }

  public func summaryJSON(_ statistics: RunStatistics) throws -> String {
    do {
      var metrics: [String: JSONValue] = [:]
      for entry in entries {
        var object = Summary.jsonObject(entry.summary.metrics)
        for (name, points) in entry.curves {
          let suffix = name == "adaptive" ? "" : "_static"
          func point(_ length: Int, _ mean: Double, _ std: Double?, _ slices: Int) -> JSONValue {
            ["x": JSONValue(length), "mean": .number(mean), "std": std.map(JSONValue.number) ?? .null, "slices": JSONValue(slices)]
          }
          object["ksr_by_length" + suffix] = .array(points.map { point($0.length, $0.ksrMean, $0.ksrStd, $0.slices) })
          object["csr_by_length" + suffix] = .array(points.map { point($0.length, $0.csrMean, $0.csrStd, $0.slices) })
        }
        metrics[entry.summary.predictor] = .object(object)
      }
      return try Summary.json(
        bench: Self.benchmark, config: configuration,
        corpus: [
          "path": .string(testFile), "words": JSONValue(entries.first?.summary.words ?? 0), "training_tokens": JSONValue(training.tokens),
          "training_sentences": JSONValue(training.sentences), "shared_sentences": JSONValue(sharedSentences),
        ],
        metrics: metrics, provenance: provenance, statistics: try statistics.json(), kinds: Self.metricKinds)
    }
  }

  /// The effective configuration: every predictor's parameters and the run's settings.
  var configuration: JSONValue {
    .object(settings.merging([
      "predictors": .array(entries.map { .string($0.summary.predictor) }), "parameters": .object(parameters), "lexicon": JSONValue(lexicon),
      "top": JSONValue(suggestions), "training": .array(trainingFiles.map(JSONValue.string)),
    ]) { $1 })
  }

  /// Seed Fig. 4.2/4.3 as a table: savings by slice length, adaptation on and off.
  var curveMarkdown: [String] {
    let measured = entries.filter { !$0.curves.isEmpty }
    guard !measured.isEmpty else { return [] }
    func cell(_ mean: Double, _ std: Double?) -> String {
      NumberFormatting.percent(mean) + (std.map { " ± " + NumberFormatting.fixed($0 * 100, decimals: 2) + " pt" } ?? "")
    }
    var lines = [
      "", "## Savings by text length (seed Fig. 4.2 with adaptation, Fig. 4.3 without)", "",
      "Each slice of the test text is typed by a fresh copy of the trained predictor; mean ± standard deviation over the slices.",
      "", "| predictor | words | slices | KSR adaptive | KSR static | CSR adaptive | CSR static |", "|---|---|---|---|---|---|---|",
    ]
    for entry in measured {
      let lengths = Array(Set(entry.adaptiveCurve.map(\.length) + entry.staticCurve.map(\.length))).sorted()
      for length in lengths {
        let on = entry.adaptiveCurve.first { $0.length == length }
        let off = entry.staticCurve.first { $0.length == length }
        lines.append(
          "| \(entry.summary.predictor) | \(NumberFormatting.grouped(length)) | \((on ?? off).map { NumberFormatting.grouped($0.slices) } ?? "–") | \(on.map { cell($0.ksrMean, $0.ksrStd) } ?? "–") | \(off.map { cell($0.ksrMean, $0.ksrStd) } ?? "–") | \(on.map { cell($0.csrMean, $0.csrStd) } ?? "–") | \(off.map { cell($0.csrMean, $0.csrStd) } ?? "–") |"
        )
      }
    }
    return lines
  }

  public func markdown(_ statistics: RunStatistics) throws -> String {
    try body + "\n" + statistics.markdown + "\n" + provenance.markdown(config: configuration)
  }

  /// What the predictors were trained on, in counts.
  var trainingCounts: String {
    let g = NumberFormatting.grouped
    let words = g(training.tokens), sentences = g(training.sentences), distinct = g(training.vocabularySize)
    return "\(words) words in \(sentences) sentences, \(distinct) distinct words, \(g(training.bigrams.count)) bigrams, \(g(training.trigrams.count)) trigrams"
  }

  /// The test text's size, in counts.
  var testCounts: String {
    let words = NumberFormatting.grouped(entries.first?.summary.words ?? 0)
    let letters = NumberFormatting.grouped(entries.first?.summary.characters ?? 0)
    return "\(words) words, \(letters) letters"
  }

  var body: String {
    func pct(_ v: Double) -> String { NumberFormatting.cell(v, unit: "fraction") }
    let k = suggestions
    var lines = [
      "# Prediction benchmark", "",
      "- test text: `\(testFile)` (\(testCounts))",
      "- training text (disjoint from the test text; \(sharedSentences) test sentences of \(TrainTestSplit.checkedSentenceLength)+ words also occur in it verbatim): "
        + trainingFiles.map { "`\($0)`" }.joined(separator: ", "),
      "- training: \(trainingCounts)",
      "- vocabulary: \(NumberFormatting.grouped(vocabularyWords)) words" + (lexicon.map { " (training words plus LatinIME lexicon `\($0)` words unseen in training)" } ?? " (training words only)"),
      "- \(k) suggestions",
    ]
    for entry in entries { lines.append("- `\(entry.summary.predictor)`: \(entry.setup)") }
    lines += notes.map { "- \($0)" }
    let counts = PredictionBenchmark.reportedCounts
    lines += [
      "",
      "| predictor | KSR | character saving ratio | next-word top-1 | next-word top-3 | "
        + counts.map { "KSR \($0) shown" }.joined(separator: " | ") + " | speed |",
      "|---|---|---|---|---|" + String(repeating: "---|", count: counts.count) + "---|",
    ]
    for entry in entries {
      let s = entry.summary
      let speed = NumberFormatting.cell(s.predictionsPerSecond, unit: "per s")
      let cells: [String] = [s.predictor, pct(s.ksr), pct(s.csr), pct(s.nextTop1Rate), pct(s.nextTop3Rate)] + counts.map { pct(s.ksr(at: $0)) } + [speed]
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    lines += PluginMeasures.markdown(entries.compactMap { entry in entry.summary.plugin.map { (entry.summary.predictor, $0) } }, per: "prediction")
    lines += curveMarkdown
    lines += [
      "",
      "KSR (keystroke saving rate, common protocol): each word is typed character by character; once it is among the \(k) suggestions (ignoring case) one tap inserts it with its space, so a hit after p characters costs p + 1 keystrokes and a miss costs length + 1; KSR = 1 − keystrokes ÷ (letters + one space per word). Character saving ratio (seed 002 §4.2): characters not typed thanks to a hit ÷ all letters. KSR N shown: the same with N suggestions on screen, each count typed by its own fresh copy of a built-in predictor (told only that count; an external process is asked once per keystroke for \(counts.max() ?? 5) and each count read from the ranks). Next-word top-1/top-3: the word is first / among the first 3 suggestions before any character is typed. Speed: `suggest` calls per second on one thread. results.csv holds every predictor's row per test word; the intervals below resample blocks of \(Self.wordsPerBlock) consecutive test words.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}

extension PredictionReport {
  /// How prediction metrics are read (``MetricKind``).
  public static let metricKinds: [String: MetricKind] =
    MetricKind.declare(.accuracy, ["ksr", "csr", "next_top1", "next_top3"] + PredictionBenchmark.reportedCounts.map { "ksr_at_\($0)" })
    .merging(MetricKind.declare(.rate, ["predictions_per_second"])) { $1 }
    .merging(MetricKind.declare(.count, ["characters", "keystrokes", "predictions", "saved_characters", "words"])) { $1 }
}
