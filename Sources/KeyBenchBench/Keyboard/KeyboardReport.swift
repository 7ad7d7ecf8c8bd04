import Foundation
public import KeyBenchCore
import KeyBenchKeyboard
public import KeyBenchResults

/// Writes a keyboard run: `results.csv` (one row per keyboard, word and task), `summary.csv`,
/// `summary.json` (`bench` = `keyboard`; `metrics.keyboards.<name>.<metric>`) and `report.md`.
///
/// Every accuracy is a row metric with a cluster-bootstrap interval over typists; kebbie's
/// overall score, a weighted sum of four of them, gets its own interval from the same kind of
/// resampling (``WeightedRatios``).
public struct KeyboardReport: BenchmarkReport {
  public static let benchmark = "keyboard"
  public let scored: [KeyboardScorer.Scored]
  public let sentences: [TypedSentence]
  public let options: KeyboardRunner.Options
  public let layout: String
  public let provenance: Provenance
  public var bootstrap = BootstrapSettings()
  /// Every keyboard's rows as one table, built once: results.csv, the statistics, the overall
  /// score and the console lines all read it.
  let table: ResultTable

  public init(
    scored: [KeyboardScorer.Scored], sentences: [TypedSentence], options: KeyboardRunner.Options, layout: String, provenance: Provenance
  ) throws {
    (self.scored, self.sentences, self.options, self.layout, self.provenance) = (scored, sentences, options, layout, provenance)
    table = try ResultTable(table: CSVTable(header: ResultRow.columns + KeyboardScorer.columns, rows: scored.flatMap(\.rows), path: "results.csv"))
  }

  public var groupName: String { "typist" }
  public var declaredMetrics: [RowMetric] { Self.rowMetrics }

  static let corrections = RowMetric.Filter(column: "kind", values: ["correct-typo", "correct-clean"])
  static func only(_ kind: String) -> RowMetric.Filter { RowMetric.Filter(column: "kind", values: [kind]) }

  /// kebbie's definitions (a word typed with an error is a positive; a hit is the first — or,
  /// for the top-3 variants, any of the first three — candidates equal to the intended word),
  /// then what kebbie lacks: error rates of the committed text and false corrections.
  public static let rowMetrics: [RowMetric] = [
    RowMetric(name: "correction_accuracy", higherIsBetter: true, description: "kebbie auto-correction accuracy: words whose first candidate is the intended word", score: .rankAtMost(1), filter: corrections).slice,
    RowMetric(name: "correction_precision", higherIsBetter: true, description: "kebbie precision: typo words corrected ÷ (typo words corrected + clean words changed)", score: .columns("tp1", over: "tpfp1"), filter: corrections).slice,
    RowMetric(name: "correction_recall", higherIsBetter: true, description: "kebbie recall: words typed with an error whose first candidate is the intended word", score: .rankAtMost(1), filter: only("correct-typo")).slice,
    RowMetric(name: "correction_f", higherIsBetter: true, description: "kebbie F-β (β = 0.9) of precision and recall, as one ratio: 1.81·TP ÷ (1.81·TP + 0.81·FN + FP)", score: .columns("f1_num", over: "f1_den"), filter: corrections),
    RowMetric(name: "correction_top3_accuracy", higherIsBetter: true, description: "kebbie top-3 accuracy: the intended word among the first three candidates", score: .rankAtMost(3), filter: corrections).slice,
    RowMetric(name: "correction_top3_precision", higherIsBetter: true, description: "kebbie top-3 precision", score: .columns("tp3", over: "tpfp3"), filter: corrections).slice,
    RowMetric(name: "correction_top3_recall", higherIsBetter: true, description: "kebbie top-3 recall", score: .rankAtMost(3), filter: only("correct-typo")).slice,
    RowMetric(name: "correction_top3_f", higherIsBetter: true, description: "kebbie top-3 F-β (β = 0.9)", score: .columns("f3_num", over: "f3_den"), filter: corrections).slice,
    RowMetric(name: "completion_top1", higherIsBetter: true, description: "kebbie auto-completion: the begun word's first completion is the intended word", score: .rankAtMost(1), filter: only("complete")).slice,
    RowMetric(name: "completion_top3", higherIsBetter: true, description: "kebbie auto-completion top-3", score: .rankAtMost(3), filter: only("complete")),
    RowMetric(name: "next_top1", higherIsBetter: true, description: "kebbie next-word prediction: the first prediction is the next word", score: .rankAtMost(1), filter: only("next")).slice,
    RowMetric(name: "next_top3", higherIsBetter: true, description: "kebbie next-word prediction top-3", score: .rankAtMost(3), filter: only("next")),
    RowMetric(name: "swipe_top1", higherIsBetter: true, description: "kebbie swipe resolution: the first word is the swiped word", score: .rankAtMost(1), filter: only("swipe")),
    RowMetric(name: "swipe_top3", higherIsBetter: true, description: "kebbie swipe resolution top-3", score: .rankAtMost(3), filter: only("swipe")).slice,
    RowMetric(name: "wer_literal", higherIsBetter: false, description: "word error rate of the text as the taps spelled it (each tap's nearest key)", score: .columns("literal_errors", over: "words"), filter: corrections).slice,
    RowMetric(name: "wer", higherIsBetter: false, description: "word error rate of the committed text (the first correction committed)", score: .columns("errors", over: "words"), filter: corrections).slice,
    RowMetric(name: "cer_literal", higherIsBetter: false, description: "character error rate (Levenshtein ÷ intended characters) of the literal taps", score: .columns("literal_char_errors", over: "chars"), filter: corrections).slice,
    RowMetric(name: "cer", higherIsBetter: false, description: "character error rate of the committed text", score: .columns("char_errors", over: "chars"), filter: corrections).slice,
    RowMetric(name: "false_corrections", higherIsBetter: false, description: "correctly typed words the first candidate changed (× 100: per 100 correctly typed words)", score: .rankBeyond(1), filter: only("correct-clean")).slice,
  ]

  /// kebbie's overall score: its weights and the metrics they weigh.
  public static let overallWeights: [(String, Double)] = [("next_top3", 0.15), ("completion_top3", 0.2), ("correction_f", 0.4), ("swipe_top1", 0.25)]

  var columns: [String] { ResultRow.columns + KeyboardScorer.columns }

  public func writeResults(to file: AtomicFileWriter) throws -> RunStatistics {
    try file.write(CSV.row(columns) + "\n")
    for keyboard in scored {
      var text = ""
      for row in keyboard.rows {
        text += CSV.row(row)
        text += "\n"
      }
      try file.write(text)
    }
    return try RunStatistics(
      table: table, metrics: declaredMetrics, group: groupName, resamples: bootstrap.resamples, seed: bootstrap.seed, level: bootstrap.level,
      spreadMetric: "correction_f")
  }

  /// kebbie's overall score of each keyboard with its interval, from the same rows.
  func overall(intervals: Bool = true) throws -> [(keyboard: String, value: Double?, interval: Interval?)] {
    try scored.map { keyboard in
      let indices = table.indices(of: keyboard.keyboard)
      let parts = try Self.overallWeights.map { name, weight in
        (weight: weight, ratio: try RunStatistics.sample(Self.rowMetrics.first { $0.name == name }!, indices: indices, table: table))
      }
      let combined = WeightedRatios(parts)
      // --bootstrap 0: no intervals, as for every row metric.
      let interval = intervals && bootstrap.resamples > 0 ? try combined.interval(resamples: bootstrap.resamples, seed: bootstrap.seed, level: bootstrap.level) : nil
      return (keyboard.keyboard, combined.value, interval)
    }
  }

  /// Median and 99th percentile of a task's call times in µs.
  static func latency(_ times: [Double]) -> (median: Double, p99: Double)? {
    guard !times.isEmpty else { return nil }
    let sorted = times.sorted()
    func q(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))] }
    return (q(0.5), q(0.99))
  }

  var wordCount: Int { sentences.reduce(0) { $0 + $1.words.reduce(0) { $0 + $1.words } } }

  func values(_ statistics: RunStatistics, overall: [(keyboard: String, value: Double?, interval: Interval?)]) -> [(String, Double?)] {
    var lines: [(String, Double?)] = [("sentences", Double(sentences.count)), ("words", Double(wordCount)), ("typists", Double(Set(sentences.map(\.typist)).count))]
    for keyboard in scored {
      let prefix = "keyboards.\(keyboard.keyboard)."
      if let score = overall.first(where: { $0.keyboard == keyboard.keyboard }) { lines.append((prefix + "overall", score.value)) }
      for estimate in statistics.metrics where estimate.algorithm == keyboard.keyboard { lines.append((prefix + estimate.name, estimate.value)) }
      lines += [(prefix + "resident_mib", keyboard.residentMiB), (prefix + "peak_resident_mib", keyboard.peakMiB)]
      for task in KeyboardTask.allCases {
        guard let times = keyboard.times[task], let latency = Self.latency(times) else { continue }
        lines += [(prefix + "\(task.rawValue)_us_median", latency.median), (prefix + "\(task.rawValue)_us_p99", latency.p99)]
      }
    }
    return lines
  }

  /// `metric,value` rows: the point values of summary.json's metrics (no intervals).
  public var summaryCSV: String {
    guard let points = try? pointStatistics(), let overall = try? overall(intervals: false) else {
      return Summary.csv(["sentences,\(sentences.count)", "words,\(wordCount)"])
    }
    return Summary.csv(values(points, overall: overall).map { "\($0.0),\($0.1.map(CSV.number) ?? "")" })
  }

  /// Every row metric's point value (no resampling), for the lines that carry no interval.
  func pointStatistics() throws -> RunStatistics {
    try RunStatistics(table: table, metrics: declaredMetrics, group: groupName, resamples: 0)
  }

  public func summaryJSON(_ statistics: RunStatistics) throws -> String {
    let overall = try overall()
    var metrics = Summary.jsonObject(values(statistics, overall: overall))
    var intervals: [String: JSONValue] = [:]
    for score in overall {
      intervals[score.keyboard] = score.interval.map { ["low": .number($0.low), "high": .number($0.high), "level": .number($0.level)] } ?? .null
    }
    metrics["overall_intervals"] = .object(intervals)
    return try Summary.json(
      bench: Self.benchmark, config: try configuration,
      corpus: ["path": .string(options.sentences), "sentences": JSONValue(sentences.count), "words": JSONValue(wordCount)],
      metrics: JSONValue.nesting(metrics.map { ($0.key, $0.value) }), provenance: provenance, statistics: try statistics.json(), kinds: Self.metricKinds)
  }

  var configuration: JSONValue {
    get throws {
      [
        "device": .string(options.device), "layout": .string(layout), "noise": .string(options.noise.rawValue), "typists": JSONValue(options.typists),
        "top": JSONValue(options.top), "seed": JSONValue(options.seed), "ngrams": JSONValue(options.ngrams),
        "keyboards": .array(options.keyboards.map(JSONValue.string)), "swipes": JSONValue(options.swipes),
        "simulation": try JSONValue(encoding: options.simulation), "decoder": try JSONValue(encoding: options.decoder),
      ]
    }
  }

  public func markdown(_ statistics: RunStatistics) throws -> String {
    let overall = try overall()
    func cell(_ keyboard: String, _ metric: String) -> String {
      guard let e = statistics.metrics.first(where: { $0.algorithm == keyboard && $0.name == metric }), let value = e.value else { return "–" }
      return NumberFormatting.percent(value, low: e.low, high: e.high)
    }
    var lines = [
      "# Keyboard benchmark", "",
      "- device `\(options.device)` (`\(layout)`), noise model `\(options.noise.rawValue)`, \(Set(sentences.map(\.typist)).count) typists, \(sentences.count) sentences, \(wordCount) words of `\(options.sentences)`, seed \(options.seed)",
      "- text model: \(options.ngrams.map { "`\($0)`" } ?? "none"); top \(options.top) candidates scored", "",
      "95 % intervals over typists in brackets (cluster-robust t; overall: cluster bootstrap, as it weighs four tasks together). kebbie's definitions: a word typed with an error is a positive; a hit is the first (top-3: any of the first three) candidate equal to the intended word; overall = 0.15 × next top-3 + 0.2 × completion top-3 + 0.4 × correction F (β 0.9) + 0.25 × swipe top-1. A task a keyboard does not answer scores 0 (shown as unanswered).", "",
      "## kebbie's tasks", "",
      "| keyboard | overall | correction F | precision | recall | accuracy | completion top-3 | next top-3 | swipe top-1 |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for keyboard in scored {
      let name = keyboard.keyboard
      let score = overall.first { $0.keyboard == name }
      let o = score?.value.map { NumberFormatting.percent($0, low: score?.interval?.low, high: score?.interval?.high) } ?? "–"
      func task(_ t: KeyboardTask, _ metric: String) -> String { keyboard.tasks.contains(t) ? cell(name, metric) : "unanswered" }
      lines.append("| \(name) | \(o) | \(task(.correct, "correction_f")) | \(task(.correct, "correction_precision")) | \(task(.correct, "correction_recall")) | \(task(.correct, "correction_accuracy")) | \(task(.complete, "completion_top3")) | \(task(.next, "next_top3")) | \(task(.swipe, "swipe_top1")) |")
    }
    lines += [
      "", "## Committed text (Fowler et al.'s comparison)", "",
      "Word and character error rates of the text as the taps spelled it (literal) and as committed (the first correction), and correctly typed words changed by the keyboard.", "",
      "| keyboard | WER literal | WER committed | CER literal | CER committed | false corrections (of clean words) |",
      "|---|---:|---:|---:|---:|---:|",
    ]
    for keyboard in scored where keyboard.tasks.contains(.correct) {
      let name = keyboard.keyboard
      lines.append("| \(name) | \(cell(name, "wer_literal")) | \(cell(name, "wer")) | \(cell(name, "cer_literal")) | \(cell(name, "cer")) | \(cell(name, "false_corrections")) |")
    }
    lines += [
      "", "## Latency per call (median / 99th percentile) and memory",
      "", "Keyboards run one after the other in one process: resident memory after each, and the process's peak so far.", "",
      "| keyboard | correct | complete | next | swipe | resident | peak |", "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for keyboard in scored {
      let cells = KeyboardTask.allCases.map { task in
        keyboard.times[task].flatMap(Self.latency).map { NumberFormatting.time($0.median, unit: "µs") + " / " + NumberFormatting.time($0.p99, unit: "µs") } ?? "–"
      }
      let memory = [keyboard.residentMiB, keyboard.peakMiB].map { $0.map { NumberFormatting.value($0, unit: "MiB") } ?? "–" }
      lines.append("| \(keyboard.keyboard) | " + (cells + memory).joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n\n" + statistics.markdown + "\n" + (try provenance.markdown(config: configuration))
  }
}

extension KeyboardReport {
  /// How keyboard metrics are read (``MetricKind``).
  public static let metricKinds: [String: MetricKind] =
    MetricKind.declare(.accuracy, rowMetrics.filter(\.higherIsBetter).map(\.name) + ["overall"])
    .merging(MetricKind.declare(.errorRate, rowMetrics.filter { !$0.higherIsBetter }.map(\.name))) { $1 }
    .merging(MetricKind.declare(.time, KeyboardTask.allCases.flatMap { ["\($0.rawValue)_us_median", "\($0.rawValue)_us_p99"] })) { $1 }
    .merging(MetricKind.declare(.count, ["sentences", "words", "typists", "resident_mib", "peak_resident_mib"])) { $1 }
}

extension KeyboardReport {
  /// One line per keyboard for the terminal: overall and each task's headline, no intervals.
  public func consoleLines() throws -> [String] {
    let statistics = try pointStatistics()
    let overall = try overall(intervals: false)
    func pct(_ keyboard: String, _ metric: String) -> String {
      statistics.metrics.first { $0.algorithm == keyboard && $0.name == metric }?.value.map(NumberFormatting.percent) ?? "–"
    }
    return scored.map { k in
      let o = overall.first { $0.keyboard == k.keyboard }?.value.map(NumberFormatting.percent) ?? "–"
      return "\(k.keyboard): overall \(o), correction F \(pct(k.keyboard, "correction_f")), completion top-3 \(pct(k.keyboard, "completion_top3")), next top-3 \(pct(k.keyboard, "next_top3")), swipe top-1 \(pct(k.keyboard, "swipe_top1")), WER \(pct(k.keyboard, "wer_literal")) → \(pct(k.keyboard, "wer"))"
    }
  }
}
