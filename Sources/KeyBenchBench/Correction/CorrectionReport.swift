import Foundation
public import KeyBenchCore
import KeyBenchLanguageModel
public import KeyBenchResults
public import KeyBenchTyping

/// Writes a correction run's outputs: `results.csv`, `summary.csv`, `summary.json`, `report.md`
/// (formats in Reports/FORMATS.md, `correct` section). `summary.json` keeps the shared shape,
/// with one metrics object per corrector under `metrics.<corrector>`.
public struct CorrectionReport: BenchmarkReport {
  public static let benchmark = "correct"
  public struct Entry {
    public var summary: CorrectionSummary
    public var results: [CorrectionItemResult]
    /// A line for the report saying how the corrector was set up.
    public var setup: String
    /// Corrected ratio by text length (empty unless asked for).
    public var curve: [LengthCurvePoint]
    public init(summary: CorrectionSummary, results: [CorrectionItemResult], setup: String, curve: [LengthCurvePoint] = []) {
      self.summary = summary
      self.results = results
      self.setup = setup
      self.curve = curve
    }
  }

  public var entries: [Entry]
  /// Peers asked for but not installed, with the reason.
  public var missingPeers: [String]
  public var pairsPath: String
  public var lexicon: String
  public var lexiconWords: Int
  public var top: Int
  /// Plug-in parameters by corrector name (JSON objects).
  public var parameters: [String: JSONValue]
  public var notes: [String]
  /// Where the run came from (inputs, items, code, machine).
  public var provenance: Provenance
  /// Settings of the run beyond the correctors' parameters that change its numbers.
  public var settings: [String: JSONValue]
  /// The context model of a `--context` run (nil: every corrector ran without context).
  public var context: ContextModel?

  /// What the with-context pass used, for the report's statement of where the model came from.
  public struct ContextModel {
    /// The name the counts are stored under (`keybench-ingest --text`).
    public var name: String
    /// The running texts the counts came from.
    public var files: [String]
    public var tokens: Int
    public var sentences: Int
    /// Test sentences of ``TrainTestSplit`` length checked against the training text, and how many
    /// of them it holds verbatim (at most the tolerated share, or the run is refused).
    public var checkedSentences: Int
    public var sharedSentences: Int
    /// The suffix of a corrector's name in its with-context pass.
    public static let suffix = "+context"

    public init(name: String, files: [String], tokens: Int, sentences: Int, checkedSentences: Int, sharedSentences: Int) {
      self.name = name
      self.files = files
      self.tokens = tokens
      self.sentences = sentences
      self.checkedSentences = checkedSentences
      self.sharedSentences = sharedSentences
    }
  }

  public init(
    entries: [Entry], missingPeers: [String], pairsPath: String, lexicon: String, lexiconWords: Int, top: Int,
    parameters: [String: JSONValue], notes: [String], provenance: Provenance, settings: [String: JSONValue] = [:],
    context: ContextModel? = nil
  ) {
    self.context = context
    self.provenance = provenance
    self.settings = settings
    self.entries = entries
    self.missingPeers = missingPeers
    self.pairsPath = pairsPath
    self.lexicon = lexicon
    self.lexiconWords = lexiconWords
    self.top = top
    self.parameters = parameters
    self.notes = notes
  }

  /// Per pair (in file order), the group it clusters in, and what a group is; see ``Grouping``.
  public var grouping = Grouping(pairs: [])
  /// How the intervals are computed (`--bootstrap`).
  public var bootstrap = BootstrapSettings()

  /// The unit pairs cluster in: on a sentence-level set the sentence (its words share a writer
  /// and a context), on a word list the intended word (its misspellings are alike).
  public struct Grouping: Sendable {
    public var name: String
    public var groups: [String]

    /// The groups of the pairs at `positions` (a sample keeps each pair's sentence).
    public func subset(_ positions: [Int]) -> Grouping {
      var kept = self
      kept.groups = positions.map { groups[$0] }
      return kept
    }

    public init(pairs: [TypoPair]) {
      guard pairs.contains(where: { $0.previous != nil }) else {
        name = "intended word"
        groups = pairs.map { $0.intended.lowercased() }
        return
      }
      // A sentence's pairs carry ever longer previous words; anything else starts a new one.
      name = "sentence"
      var sentence = 0
      var last: [String]? = nil
      groups = pairs.map { pair in
        let previous = pair.previous ?? []
        if let last, previous.count > last.count, previous.starts(with: last) {} else { sentence += 1 }
        last = previous
        return "sentence \(sentence)"
      }
    }
  }

  /// The metrics every corrector is judged by, computed from results.csv rows.
  public static func rowMetrics(top: Int) -> [RowMetric] {
    let errors = RowMetric.Filter(column: "kind", values: ["correct"], exclude: true)
    var metrics = [RowMetric(name: "top1", higherIsBetter: true, description: "misspelled words whose intended word is the first suggestion", score: .rankAtMost(1), filter: errors)]
    if top > 1 {
      metrics.append(RowMetric(name: "top\(top)", higherIsBetter: true, description: "misspelled words whose intended word is among the \(top) suggestions (the seed's corrected-words ratio)", score: .rankAtMost(top), filter: errors))
    }
    metrics += [
      RowMetric(name: "false_corrections", higherIsBetter: false, description: "correctly typed words whose first suggestion is another word", score: .rankBeyond(1), filter: .init(column: "kind", values: ["correct"])),
      RowMetric(name: "non_word_top1", higherIsBetter: true, description: "non-word errors whose intended word is the first suggestion", score: .rankAtMost(1), filter: .init(column: "kind", values: ["non-word"])).slice,
      RowMetric(name: "real_word_top1", higherIsBetter: true, description: "real-word errors whose intended word is the first suggestion", score: .rankAtMost(1), filter: .init(column: "kind", values: ["real-word"])).slice,
    ]
    return metrics
  }

  public var groupName: String { grouping.name }
  public var declaredMetrics: [RowMetric] { Self.rowMetrics(top: top) }

  public func writeResults(to file: AtomicFileWriter) throws -> RunStatistics {
    try writeResults(try resultsCSV(), to: file)
  }

  /// `results.csv` in long form: the shared columns (item = the pair's 1-based number in the
  /// pair file as scored, group per ``Grouping``), then `typed` and `kind`.
  func resultsCSV() throws -> String {
    var lines = [ResultRow.header(extra: ["typed", "kind"])]
    for entry in entries {
      for r in entry.results {
        // The caller builds `grouping` from the same pairs the entries scored.
        precondition(r.index < grouping.groups.count, "pair \(r.index + 1) has no group: grouping not built from the scored pairs")
        let row = ResultRow(
          algorithm: entry.summary.corrector, item: String(r.index + 1), group: grouping.groups[r.index], target: r.intended,
          rank: r.rank, candidates: r.suggestions, timeMicroseconds: r.microseconds)
        lines.append(row.line(extra: [r.typed, r.kind.rawValue]))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  public var summaryCSV: String {
    Summary.csv(entries.flatMap { Summary.csvRows($0.summary.metrics, prefix: $0.summary.corrector) })
  }

  public func summaryJSON(_ statistics: RunStatistics) throws -> String {
    do {
      var metrics: [String: JSONValue] = [:]
      for entry in entries {
        var object = Summary.jsonObject(entry.summary.metrics)
        if !entry.curve.isEmpty {
          object["length_curve"] = .array(entry.curve.map {
            [
              "words": JSONValue($0.words), "texts": JSONValue($0.texts), "corrected_ratio_mean": .number($0.mean),
              "corrected_ratio_std": .number($0.standardDeviation),
            ]
          })
        }
        metrics[entry.summary.corrector] = .object(object)
      }
      return try Summary.json(
        bench: Self.benchmark, config: configuration,
        corpus: ["path": .string(pairsPath), "pairs": JSONValue(entries.first?.summary.words ?? 0)],
        metrics: metrics, provenance: provenance, statistics: try statistics.json(), kinds: Self.metricKinds)
    }
  }

  /// The effective configuration: every corrector's parameters and the run's settings.
  var configuration: JSONValue {
    .object(settings.merging([
      "correctors": .array(entries.map { .string($0.summary.corrector) }), "parameters": .object(parameters), "lexicon": .string(lexicon),
      "top": JSONValue(top), "missing_peers": .array(missingPeers.map(JSONValue.string)),
    ]) { $1 })
  }

  public func markdown(_ statistics: RunStatistics) throws -> String {
    try body + "\n" + statistics.markdown + "\n" + provenance.markdown(config: configuration)
  }

  var body: String {
    func pct(_ v: Double) -> String { NumberFormatting.cell(v, unit: "fraction") }
    func num(_ v: Double, _ unit: String) -> String { NumberFormatting.cell(v, unit: unit) }
    let k = top
    var lines = [
      "# Correction benchmark", "",
      "- pairs: `\(pairsPath)`",
      "- lexicon: \(lexicon) (\(NumberFormatting.grouped(lexiconWords)) suggestible words); \(k) suggestions per word",
    ]
    if let first = entries.first?.summary {
      lines.append(
        "- \(first.words) words: \(first.errors) typed wrongly (\(first.nonWords) non-words, \(first.realWords) real words), \(first.words - first.errors) typed correctly")
    }
    for entry in entries { lines.append("- `\(entry.summary.corrector)`: \(entry.setup)") }
    for peer in missingPeers { lines.append("- **peer \(peer)**") }
    lines += notes.map { "- \($0)" }
    lines += [
      "", "## Accuracy (over words typed wrongly)", "",
      "| corrector | top-1 | top-\(k) | non-word top-1 | non-word top-\(k) | real-word top-1 | real-word top-\(k) | false corrections | speed | time per keystroke |",
      "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for entry in entries {
      let s = entry.summary
      lines.append(
        "| \(s.corrector) | \(pct(s.top1)) | \(pct(s.topK)) | \(pct(s.nonWordTop1)) | \(pct(s.nonWordTopK)) | \(pct(s.realWordTop1)) | \(pct(s.realWordTopK)) | \(pct(s.falseCorrections)) | \(num(s.wordsPerSecond, "per s")) | \(num(s.microsecondsPerKeystroke, "µs")) |"
      )
    }
    if entries.contains(where: { [$0.summary.nonWordTop1, $0.summary.realWordTop1, $0.summary.falseCorrections].contains { !$0.isFinite } }) {
      lines += ["", "– : the pairs hold no item of that kind (non-word or real-word errors; false corrections are measured on correctly typed words)."]
    }
    lines += PluginMeasures.markdown(entries.compactMap { entry in entry.summary.plugin.map { (entry.summary.corrector, $0) } }, per: "word")
    if let context {
      lines += contextSection(context, pct: pct, num: num)
    }
    let curves = entries.filter { !$0.curve.isEmpty }
    if let lengths = curves.first?.curve.map(\.words) {
      lines += [
        "", "## Corrected ratio by text length (seed Fig. 4.4 / 4.5)", "",
        "Each text is a run of consecutive pairs typed by a fresh user (corrector reset); mean ± standard deviation over the texts.", "",
        "| corrector | " + lengths.map { "\($0) words" }.joined(separator: " | ") + " |",
        "|---|" + lengths.map { _ in "---|" }.joined(),
      ]
      for entry in curves {
        lines.append(
          "| \(entry.summary.corrector) | "
            + entry.curve.map { "\(pct($0.mean)) ± \(pct($0.standardDeviation)) (\($0.texts))" }.joined(separator: " | ") + " |")
      }
    }
    lines += [
      "",
      "Top-k counts a suggestion equal to the intended word ignoring case. Top-\(k) is seed 002 §4.3's corrected ratio: error words whose intended word is among the \(k) suggestions. False corrections: correctly typed words whose first suggestion is another word. Speed is one thread, wall clock per word including the corrector's own bookkeeping (peers: including the pipe round trip).",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The with/without-context table: each corrector's two passes side by side.
  func contextSection(_ context: ContextModel, pct: (Double) -> String, num: (Double, String) -> String) -> [String] {
    let files: String = context.files.map { "`\($0)`" }.joined(separator: ", ")
    var intro = "Each corrector ran twice over the same pairs: without context, then (`+context`) with each word's previous words in its sentence, as meant. "
    intro += "The context model `\(context.name)` is an interpolated Kneser-Ney trigram model trained on running texts only — \(files)"
    intro += " (\(context.tokens) words, \(context.sentences) sentences) — never on the test sentences: "
    intro += "\(context.sharedSentences) of the \(context.checkedSentences) test sentences of \(TrainTestSplit.checkedSentenceLength)+ words occur verbatim in that text "
    intro += "(more than \(Int(TrainTestSplit.toleratedShare * 100)) % is refused). Only `keyboard` uses the previous words among KeyBench's correctors "
    intro += "(weight `contextWeight` in its config); plug-ins and peers receive them as `previous` and may ignore them, then both passes score alike."
    var lines = [
      "", "## With and without context", "", intro, "",
      "| corrector | non-word top-1 | non-word top-1 +context | real-word top-1 | real-word top-1 +context | top-1 | top-1 +context | false corrections | false corrections +context | words per s | words per s +context |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    let byName = Dictionary(entries.map { ($0.summary.corrector, $0.summary) }, uniquingKeysWith: { first, _ in first })
    for entry in entries where !entry.summary.corrector.hasSuffix(ContextModel.suffix) {
      let a = entry.summary
      guard let b = byName[a.corrector + ContextModel.suffix] else { continue }
      lines.append(
        "| \(a.corrector) | \(pct(a.nonWordTop1)) | \(pct(b.nonWordTop1)) | \(pct(a.realWordTop1)) | \(pct(b.realWordTop1)) | \(pct(a.top1)) | \(pct(b.top1)) | \(pct(a.falseCorrections)) | \(pct(b.falseCorrections)) | \(num(a.wordsPerSecond, "per s")) | \(num(b.wordsPerSecond, "per s")) |"
      )
    }
    lines += [
      "", "False corrections: the share of correctly typed words (identity pairs) whose first suggestion is another word — what a corrector costs the user who typed right.",
    ]
    return lines
  }
}

extension CorrectionReport {
  /// How correction metrics are read (``MetricKind``).
  public static let metricKinds: [String: MetricKind] =
    MetricKind.declare(.accuracy, ["top1", "top4", "corrected_ratio", "non_word_top1", "non_word_top4", "real_word_top1", "real_word_top4"])
    .merging(MetricKind.declare(.errorRate, ["false_corrections"])) { $1 }
    .merging(MetricKind.declare(.time, ["us_per_keystroke"])) { $1 }
    .merging(MetricKind.declare(.rate, ["words_per_second"])) { $1 }
    .merging(MetricKind.declare(.count, ["errors", "non_words", "real_words", "words"])) { $1 }
}
