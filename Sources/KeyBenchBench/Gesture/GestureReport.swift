import Foundation
public import KeyBenchCore
import KeyBenchGesture
public import KeyBenchResults

/// Writes a gesture run's outputs: `results.csv`, `summary.csv`, `summary.json`, `report.md`.
///
/// `summary.json` has the shared shape (`Reports/FORMATS.md`) with `bench` = `gesture` and
/// `metrics.schemes.<name>.<metric>` per scheme.
public struct GestureReport: BenchmarkReport {
  public static let benchmark = "gesture"
  public let runs: [GestureBenchmark.SchemeRun]
  public let summary: GestureSummary
  public let config: GestureBenchmark.Config
  public let device: String
  public let text: String
  public let seed: UInt64
  /// Where the run came from (inputs, items, code, machine).
  public let provenance: Provenance

  public init(
    runs: [GestureBenchmark.SchemeRun], summary: GestureSummary, config: GestureBenchmark.Config, device: String,
    text: String, seed: UInt64, provenance: Provenance
  ) {
    self.provenance = provenance
    self.runs = runs
    self.summary = summary
    self.config = config
    self.device = device
    self.text = text
    self.seed = seed
  }

  /// How the intervals are computed (`--bootstrap`).
  public var bootstrap = BootstrapSettings()

  /// What one group of the statistics is: the word (see ``resultsCSV``).
  public var groupName: String { "word" }

  public var declaredMetrics: [RowMetric] { Self.rowMetrics }

  public func writeResults(to file: AtomicFileWriter) throws -> RunStatistics {
    try writeResults(resultsCSV, to: file)
  }

  /// The accuracy metrics every scheme is judged by, computed from results.csv rows; the
  /// movement figures (strokes, crossings, path per character) are the scheme's cost, not
  /// samples of an error, and stay in `metrics` only.
  public static let rowMetrics = [
    RowMetric(
      name: "cer", higherIsBetter: false,
      description: "character errors (edits between decoded and intended word, plus a space tap not decoded as a space) over characters (letters and the spaces between words)",
      score: .columns("char_errors", over: "chars")),
    RowMetric(name: "word_error_rate", higherIsBetter: false, description: "words decoded with any error", score: .rankBeyond(1)),
  ]

  /// `results.csv` in long form: one row per scheme and word, the shared columns first
  /// (algorithm = the scheme's name; item = the word's 1-based position among the words
  /// entered; group = the word; target = the word; rank 1 when decoded without error, else
  /// empty; candidates = the decoded word; no time), then `edits`, `space_error` (1 when the
  /// space tapped before the word was not decoded as a space), `char_errors` (edits plus that
  /// space), `chars` (letters plus the space before the word), `points`, `crossings`,
  /// `path_mm`, `ideal_path_mm`, `qwerty_path_mm`.
  ///
  /// The group is the word: every scheme draws a word's stroke through the same fields, so
  /// its occurrences fail or succeed together (the noise differs, the letters' borders do
  /// not), and frequent words ("the", "and") would otherwise count as many independent
  /// samples. Resampling words asks how the rates would vary over other texts with other
  /// words; the entered stream carries no sentence boundaries to group by instead.
  var resultsCSV: String {
    var lines = [
      ResultRow.header(extra: [
        "edits", "space_error", "char_errors", "chars", "points", "crossings", "path_mm", "ideal_path_mm", "qwerty_path_mm",
      ])
    ]
    for run in runs {
      for r in run.words {
        let row = ResultRow(
          algorithm: run.scheme.name, item: String(r.index + 1), group: r.word, target: r.word, rank: r.edits == 0 ? 1 : nil,
          candidates: [r.decoded], timeMicroseconds: nil)
        lines.append(row.line(extra: [
          String(r.edits), r.spaceError ? "1" : "0", String(r.characterErrors), String(r.characters), String(r.points),
          String(r.crossings), CSV.fixed(r.pathMillimeters, decimals: 2), CSV.fixed(r.idealPathMillimeters, decimals: 2),
          CSV.fixed(r.qwertyPathMillimeters, decimals: 2),
        ]))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func values(_ row: GestureSummary.Row) -> [(String, Double)] {
    [
      ("cer", row.characterErrorRate), ("word_error_rate", row.wordErrorRate), ("strokes_per_char", row.strokesPerCharacter),
      ("crossings_per_char", row.crossingsPerCharacter), ("border_crossings_per_letter", row.borderCrossingsPerLetter),
      ("path_mm_per_letter", row.pathMillimetersPerLetter), ("ideal_path_mm_per_letter", row.idealPathMillimetersPerLetter),
      ("qwerty_path_mm_per_letter", row.qwertyPathMillimetersPerLetter),
    ]
  }

  public var summaryCSV: String {
    var lines: [String] = []
    if let first = summary.rows.first { lines += ["words,\(first.words)", "chars,\(first.characters)"] }
    for row in summary.rows {
      lines += Self.values(row).map { "schemes.\(row.scheme).\($0.0),\(CSV.number($0.1))" }
    }
    return Summary.csv(lines)
  }

  public func summaryJSON(_ statistics: RunStatistics) throws -> String {
    do {
      var schemes: [String: JSONValue] = [:]
      for row in summary.rows {
        schemes[row.scheme] = .object(Dictionary(uniqueKeysWithValues: Self.values(row).map { ($0.0, JSONValue($0.1)) }))
      }
      let metrics: [String: JSONValue] = [
        "words": JSONValue(summary.rows.first?.words ?? 0), "chars": JSONValue(summary.rows.first?.characters ?? 0), "schemes": .object(schemes),
      ]
      let corpus: JSONValue = ["path": .string(text), "words": JSONValue(summary.rows.first?.words ?? 0)]
      return try Summary.json(
        bench: Self.benchmark, config: try configuration, corpus: corpus, metrics: metrics, provenance: provenance,
        statistics: try statistics.json(), kinds: Self.metricKinds)
    }
  }

  /// The effective configuration (the scheme files are inputs too, with their digests).
  var configuration: JSONValue {
    get throws {
      ["schemes": .array(runs.map { .string($0.source) }), "device": .string(device), "seed": JSONValue(seed), "parameters": try JSONValue(encoding: config)]
    }
  }

  public func markdown(_ statistics: RunStatistics) throws -> String {
    try body + "\n" + statistics.markdown + "\n" + provenance.markdown(config: configuration)
  }

  var body: String {
    func pct(_ v: Double) -> String { NumberFormatting.cell(v, unit: "fraction") }
    func f(_ v: Double, _ unit: String = "") -> String { NumberFormatting.cell(v, unit: unit) }
    let words = summary.rows.first?.words ?? 0
    var lines = [
      "# Gesture keyboard benchmark (seed 001)", "",
      "- device: `\(device)`; text: `\(text)` (\(NumberFormatting.grouped(words)) words), seed \(seed)",
      "- touch view: \(config.geometry.viewShare) of the keyboard's shorter side, circle radius \(config.geometry.circleShare) of the view; finger speed \(f(config.strokes.speedMillimetersPerSecond, "mm/s")), aiming noise × \(config.strokes.noiseScale) of the device's Bi & Zhai spread",
      "", "Each word is one stroke (out to each letter's field, across borders for border letters, back to",
      "the circle); each space a tap on the circle. CER: edits ÷ characters (letters and spaces).",
      "Crossings: region changes inside strokes (circle ↔ field, field ↔ field) per character. Border",
      "crossings per letter: the scheme's movement cost, weighted by the text's letter frequencies",
      "(0 for a middle letter, 1 or 2 for border letters). Path per letter: simulated stroke, its",
      "noiseless aim-point path, and an ideal QWERTY swipe of the same words on the device's keyboard.", "",
      "## Schemes, ranked by movement cost", "",
      "| scheme | CER | word errors | strokes/char | crossings/char | border crossings/letter | path per letter | ideal per letter | QWERTY swipe per letter |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in summary.rows {
      lines.append(
        "| \(row.scheme) (`\(row.source)`) | \(pct(row.characterErrorRate)) | \(pct(row.wordErrorRate)) | \(f(row.strokesPerCharacter)) | \(f(row.crossingsPerCharacter)) | \(f(row.borderCrossingsPerLetter)) | \(f(row.pathMillimetersPerLetter, "mm")) | \(f(row.idealPathMillimetersPerLetter, "mm")) | \(f(row.qwertyPathMillimetersPerLetter, "mm")) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension GestureReport {
  /// How gesture-keyboard metrics are read (``MetricKind``).
  public static let metricKinds: [String: MetricKind] =
    MetricKind.declare(.errorRate, ["cer", "word_error_rate"])
    .merging(MetricKind.declare(.count, [
      "border_crossings_per_letter", "chars", "crossings_per_char", "ideal_path_mm_per_letter", "path_mm_per_letter",
      "qwerty_path_mm_per_letter", "strokes_per_char", "words",
    ])) { $1 }
}
