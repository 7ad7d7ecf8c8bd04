import Foundation
public import KeyBenchCore

/// Writes a correction run's outputs: `results.csv`, `summary.csv`, `summary.json`, `report.md`
/// (formats in Reports/FORMATS.md, `correct` section). `summary.json` keeps the shared shape,
/// with one metrics object per corrector under `metrics.<corrector>`.
public struct CorrectionReport {
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
  public var parameters: [String: Any]
  public var notes: [String]
  /// Where the run came from (inputs, items, code, machine).
  public var provenance: Provenance
  /// Settings of the run beyond the correctors' parameters that change its numbers.
  public var settings: [String: Any]

  public init(
    entries: [Entry], missingPeers: [String], pairsPath: String, lexicon: String, lexiconWords: Int, top: Int,
    parameters: [String: Any], notes: [String], provenance: Provenance, settings: [String: Any] = [:]
  ) {
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

  public func write(to directory: String) throws {
    let folder = try OutputFolder(replacing: directory)
    try folder.write(files: [("results.csv", resultsCSV), ("summary.csv", summaryCSV), ("summary.json", try summaryJSON), ("report.md", try markdown)])
    try folder.commit()
  }

  var resultsCSV: String {
    var lines = [CSV.row(["corrector", "index", "typed", "intended", "kind", "rank", "suggestions", "us"])]
    for entry in entries {
      for r in entry.results {
        lines.append(
          CSV.row([
            entry.summary.corrector, String(r.index), r.typed, r.intended, r.kind.rawValue, r.rank.map(String.init) ?? "",
            r.suggestions.joined(separator: " "), String(format: "%.1f", r.microseconds),
          ]))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  var summaryCSV: String {
    Summary.csv(entries.flatMap { Summary.csvRows($0.summary.metrics, prefix: $0.summary.corrector) })
  }

  var summaryJSON: String {
    get throws {
      var metrics: [String: Any] = [:]
      for entry in entries {
        var object = Summary.jsonObject(entry.summary.metrics)
        if !entry.curve.isEmpty {
          object["length_curve"] = entry.curve.map {
            ["words": $0.words, "texts": $0.texts, "corrected_ratio_mean": $0.mean, "corrected_ratio_std": $0.standardDeviation]
          }
        }
        metrics[entry.summary.corrector] = object
      }
      return try Summary.json(
        bench: "correct", config: configuration, corpus: ["path": pairsPath, "pairs": entries.first?.summary.words ?? 0],
        metrics: metrics, provenance: provenance)
    }
  }

  /// The effective configuration: every corrector's parameters and the run's settings.
  var configuration: [String: Any] {
    settings.merging([
      "correctors": entries.map(\.summary.corrector), "parameters": parameters, "lexicon": lexicon, "top": top,
      "missing_peers": missingPeers,
    ]) { $1 }
  }

  var markdown: String {
    get throws { try body + "\n" + provenance.markdown(config: configuration) }
  }

  var body: String {
    func pct(_ v: Double) -> String { v.isFinite ? String(format: "%.1f %%", v * 100) : "–" }
    func num(_ v: Double, _ decimals: Int) -> String { v.isFinite ? String(format: "%.\(decimals)f", v) : "–" }
    let k = top
    var lines = [
      "# Correction benchmark", "",
      "- pairs: `\(pairsPath)`",
      "- lexicon: \(lexicon) (\(lexiconWords) suggestible words); \(k) suggestions per word",
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
      "| corrector | top-1 | top-\(k) | corrected ratio | non-word top-1 | non-word top-\(k) | real-word top-1 | real-word top-\(k) | false corrections | words/s | µs/keystroke |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for entry in entries {
      let s = entry.summary
      lines.append(
        "| \(s.corrector) | \(pct(s.top1)) | \(pct(s.topK)) | \(pct(s.correctedRatio)) | \(pct(s.nonWordTop1)) | \(pct(s.nonWordTopK)) | \(pct(s.realWordTop1)) | \(pct(s.realWordTopK)) | \(pct(s.falseCorrections)) | \(num(s.wordsPerSecond, 0)) | \(num(s.microsecondsPerKeystroke, 2)) |"
      )
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
      "Top-k counts a suggestion equal to the intended word ignoring case. The corrected ratio is seed 002 §4.3's: error words whose intended word is among the \(k) suggestions. False corrections: correctly typed words whose first suggestion is another word. Speed is one thread, wall clock per word including the corrector's own bookkeeping (peers: including the pipe round trip).",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
