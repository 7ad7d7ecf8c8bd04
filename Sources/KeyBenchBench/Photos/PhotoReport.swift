import Foundation
public import KeyBenchCore
public import KeyBenchResults
public import KeyBenchPhotos

/// Writes a photo run's outputs: `results.csv`, `summary.csv`, `summary.json`, `report.md`
/// (formats in Reports/FORMATS.md, `photos` section), each atomically.
public struct PhotoReport: BenchmarkReport {
  public static let benchmark = "photos"
  public struct Entry {
    public var summary: PhotoSummary
    public var results: [PhotoQueryResult]
    public var setup: String
    public init(summary: PhotoSummary, results: [PhotoQueryResult], setup: String) {
      self.summary = summary
      self.results = results
      self.setup = setup
    }
  }

  /// The run's settings, echoed into `summary.json` and the report.
  public struct Settings {
    public var captions: String
    public var labels: String
    public var wordNet: String
    public var track: PhotoTrack
    public var librarySize: Int
    public var distractors: LibraryDraw.Distractors
    public var negatives: Double
    public var seed: UInt64
    public var images: String
    public var photos: Int
    public var unlabelledTargets: Int
    public init(
      captions: String, labels: String, wordNet: String, track: PhotoTrack, librarySize: Int, distractors: LibraryDraw.Distractors,
      negatives: Double, seed: UInt64, images: String, photos: Int, unlabelledTargets: Int
    ) {
      self.captions = captions
      self.labels = labels
      self.wordNet = wordNet
      self.track = track
      self.librarySize = librarySize
      self.distractors = distractors
      self.negatives = negatives
      self.seed = seed
      self.images = images
      self.photos = photos
      self.unlabelledTargets = unlabelledTargets
    }
  }

  public var entries: [Entry]
  public var settings: Settings
  public var parameters: [String: JSONValue]
  /// Per COCO category: the resolved synset name, the rule that chose it and its ImageNet classes.
  public var categories: [(name: String, synset: String, rule: Int, imageNet: Int)]
  public var database: (synsets: Int, links: Int, labels: Int)
  public var notes: [String]
  /// Where the run came from (inputs, items, code, machine).
  public var provenance: Provenance

  public init(
    entries: [Entry], settings: Settings, parameters: [String: JSONValue], categories: [(name: String, synset: String, rule: Int, imageNet: Int)],
    database: (synsets: Int, links: Int, labels: Int), notes: [String], provenance: Provenance
  ) {
    self.provenance = provenance
    self.entries = entries
    self.settings = settings
    self.parameters = parameters
    self.categories = categories
    self.database = database
    self.notes = notes
  }

  /// The seed 003 user-study figure the report prints for context (not a comparable measurement).
  public static let seedAccuracy = 0.77

  /// How the intervals are computed (`--bootstrap`).
  public var bootstrap = BootstrapSettings()

  /// What one group of the statistics is: the target image, whose captions (about five per
  /// COCO image) describe the same photo and share its labels, so they succeed or fail together.
  public var groupName: String { "image" }

  public var declaredMetrics: [RowMetric] { Self.rowMetrics(librarySize: settings.librarySize, negatives: settings.negatives) }

  /// Libraries up to this size declare `mrr` as a row metric: its definition lists one weight
  /// (1 ÷ rank) per possible rank, and beyond this the list would outgrow the summary.
  public static let mrrLibraryLimit = 1_000

  /// The metrics every ranker is judged by, computed from results.csv rows; each is the
  /// summary's metric of the same name. `mrr` only for libraries of up to ``mrrLibraryLimit``
  /// photos, `false_suggestion_rate` only when the run has negative queries.
  public static func rowMetrics(librarySize: Int, negatives: Double) -> [RowMetric] {
    let positive = RowMetric.Filter(column: "negative", values: ["0"])
    // Recall@1 and the false-suggestion rate are the headline; deeper recall and MRR are slices.
    var metrics = [1, 3, 5].map { k in
      RowMetric(
        name: "recall_at_\(k)", higherIsBetter: true,
        description: "positive queries whose target photo is among the first \(k) suggested", score: .rankAtMost(k), filter: positive,
        headline: k == 1)
    }
    if librarySize <= mrrLibraryLimit {
      metrics.append(RowMetric(
        name: "mrr", higherIsBetter: true, description: "mean of 1 ÷ the target's rank over positive queries (0 when not suggested)",
        score: .rankWeights((1...max(librarySize, 1)).map { 1 / Double($0) }), filter: positive).slice)
    }
    if negatives > 0 {
      metrics.append(RowMetric(
        name: "false_suggestion_rate", higherIsBetter: false,
        description: "negative queries (target left out of the library) where any photo was suggested",
        score: .columns("false_suggestion", over: "negative"), filter: .init(column: "negative", values: ["1"])))
    }
    return metrics
  }

  var covered: Int { categories.filter { $0.imageNet > 0 }.count }

  /// Streams `results.csv` in long form and returns the statistics of the rows written: one
  /// row per ranker and caption, the shared columns first (algorithm = the ranker; item = the
  /// caption's COCO id; group = its image's id; target = that image id; rank = the target's
  /// 1-based rank among the suggested photos, empty when not suggested or negative;
  /// candidates = the first ``PhotoQueryResult/shownPhotos`` suggested photos by image id,
  /// best first; time_us = noun extraction plus scoring), then `query` (0-based position among
  /// the captions run), `negative` (1/0), `nouns` (found in the caption), `suggested` (photos
  /// scoring above 0), `false_suggestion` (1 when a negative query got any suggestion).
  ///
  /// Each row is formatted straight into the file's buffer and scored as it is written
  /// (``StreamedStatistics``, the metric definitions a reader applies), so the text is neither
  /// held whole nor parsed back.
  ///
  /// - Throws: ``InputFileError`` when a caption would appear twice for a ranker, or the file
  ///   cannot be written.
  public func writeResults(to file: AtomicFileWriter) throws -> RunStatistics {
    let columns = ResultRow.columns + Self.resultColumns
    try file.write(CSV.row(columns) + "\n")
    var statistics = try StreamedStatistics(header: columns, metrics: declaredMetrics, groupName: groupName)
    let separator = Array(String(ResultRow.candidateSeparator).utf8)
    for entry in entries {
      var captions = Set<Int>()
      let algorithm = CSV.bytes(entry.summary.ranker)
      for r in entry.results {
        guard captions.insert(r.captionID).inserted else {
          throw InputFileError(path: "results.csv", kind: .malformed, reason: "caption \(r.captionID) appears twice for ranker '\(entry.summary.ranker.prefix(80))'")
        }
        try file.append { bytes in
          func number(_ value: Int) {
            bytes.append(0x2C)
            CSV.append(value, to: &bytes)
          }
          bytes += algorithm
          number(r.captionID)
          number(r.imageID)
          number(r.imageID)
          bytes.append(0x2C)
          if let rank = r.rank { CSV.append(rank, to: &bytes) }
          bytes.append(0x2C)
          for (index, image) in r.shownImageIDs.enumerated() {
            if index > 0 { bytes += separator }
            CSV.append(image, to: &bytes)
          }
          bytes.append(0x2C)
          CSV.append(r.microseconds, decimals: 1, to: &bytes)
          number(r.query)
          number(r.negative ? 1 : 0)
          number(r.nouns)
          number(r.suggested)
          number(Self.falseSuggestion(r))
          bytes.append(0x0A)
        }
        try statistics.add(algorithm: entry.summary.ranker, group: String(r.imageID), rank: r.rank) { column in
          switch column {
          case "query": String(r.query)
          case "negative": r.negative ? "1" : "0"
          case "nouns": String(r.nouns)
          case "suggested": String(r.suggested)
          case "false_suggestion": String(Self.falseSuggestion(r))
          default: nil
          }
        }
      }
    }
    return try statistics.finish(bootstrap)
  }

  static let resultColumns = ["query", "negative", "nouns", "suggested", "false_suggestion"]

  /// 1 when a negative query (its target left out) got any suggestion, else 0.
  static func falseSuggestion(_ r: PhotoQueryResult) -> Int { r.negative && r.suggested > 0 ? 1 : 0 }

  public var summaryCSV: String {
    Summary.csv(
      entries.flatMap { Summary.csvRows($0.summary.metrics, prefix: $0.summary.ranker) } + ["imagenet_covered_categories,\(covered)"])
  }

  public func summaryJSON(_ statistics: RunStatistics) throws -> String {
    do {
      var metrics: [String: JSONValue] = [:]
      for entry in entries { metrics[entry.summary.ranker] = .object(Summary.jsonObject(entry.summary.metrics)) }
      let s = settings
      return try Summary.json(
        bench: Self.benchmark, config: configuration,
        corpus: [
          "path": .string(s.captions), "labels": .string(s.labels), "queries": JSONValue(entries.first?.summary.queries ?? 0),
          "photos": JSONValue(s.photos), "unlabelled_targets": JSONValue(s.unlabelledTargets), "categories": JSONValue(categories.count),
          "imagenet_covered_categories": JSONValue(covered),
        ],
        metrics: metrics, provenance: provenance, statistics: try statistics.json(), kinds: Self.metricKinds)
    }
  }

  /// The effective configuration (WordNet's files are inputs, named with digests in the provenance).
  var configuration: JSONValue {
    let s = settings
    return [
      "rankers": .array(entries.map { .string($0.summary.ranker) }), "parameters": .object(parameters), "track": .string(s.track.rawValue),
      "library_size": JSONValue(s.librarySize), "distractors": .string(s.distractors.rawValue), "negatives": .number(s.negatives),
      "seed": JSONValue(s.seed), "images": .string(s.images),
    ]
  }

  public func markdown(_ statistics: RunStatistics) throws -> String {
    try body + "\n" + statistics.markdown + "\n" + provenance.markdown(config: configuration)
  }

  var body: String {
    func f(_ v: Double) -> String { NumberFormatting.cell(v, unit: "fraction") }
    let s = settings
    let first = entries.first?.summary
    var lines = [
      "# Photo prediction benchmark", "",
      "- captions: `\(s.captions)` (\(NumberFormatting.grouped(first?.queries ?? 0)) queries, \(NumberFormatting.grouped(first?.negatives ?? 0)) negative), images: \(s.images) (\(NumberFormatting.grouped(s.photos)) photos; \(s.unlabelledTargets) queries target a photo without labels)",
      "- labels: `\(s.labels)`, track `\(s.track.rawValue)`" + (s.track == .imagenet ? " (each COCO category replaced by the ImageNet-1k classes at or below its synset)" : " (COCO categories as WordNet synsets, box area fractions)"),
      "- library: \(s.librarySize) photos, \(s.distractors.rawValue) distractors, \(Int((s.negatives * 100).rounded())) % negative queries (target left out), seed \(s.seed)",
      "- WordNet: `\(s.wordNet)`; label database: \(database.labels) labels linked from \(database.synsets) synsets by \(database.links) links",
    ]
    for entry in entries { lines.append("- `\(entry.summary.ranker)`: \(entry.setup)") }
    lines += notes.map { "- \($0)" }
    lines += [
      "", "| ranker | Recall@1 | Recall@3 | Recall@5 | MRR | target suggested | false-suggestion rate | time per query |", "|---|---|---|---|---|---|---|---|",
    ]
    for entry in entries {
      let m = entry.summary
      lines.append(
        "| \(m.ranker) | \(f(m.recallAt1)) | \(f(m.recallAt3)) | \(f(m.recallAt5)) | \(f(m.mrr)) | \(f(Double(m.found) / Double(m.positives))) | \(f(m.falseSuggestionRate)) | \(NumberFormatting.time(m.msPerQuery, unit: "ms")) |"
      )
    }
    lines += [
      "",
      "For context only: seed 003 (DeepBoard) reports a photo prediction accuracy of \(Self.seedAccuracy) in an informal study with three users (20 insertions, only supported categories, the intended photo counted as predicted when it appeared); it is not measured the same way as these numbers.",
      "",
      "Recall@k: share of positive queries whose target photo is among the first k suggested (score above 0; equal scores keep the library's random order). MRR: mean of 1/rank (0 when not suggested), as a percentage like the recalls. False-suggestion rate: share of negative queries (target not in the library) where any photo was suggested. Time per query: noun extraction plus scoring the library, one thread.",
      "",
      "## COCO categories → WordNet",
      "",
      "ImageNet-1k coverage: \(covered) of \(categories.count) categories have at least one ImageNet class at or below their synset; none for: "
        + categories.filter { $0.imageNet == 0 }.map(\.name).joined(separator: ", ") + ".",
      "",
      "Mapping rules (Sources/KeyBenchPhotos/CategorySynsets.swift) changed: "
        + categories.filter { $0.rule != 0 && $0.rule != 3 }.map { "\($0.name) → \($0.synset) (rule \($0.rule))" }.joined(separator: ", ") + ".",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}

extension PhotoReport {
  /// How photo-prediction metrics are read (``MetricKind``).
  public static let metricKinds: [String: MetricKind] =
    MetricKind.declare(.accuracy, ["recall_at_1", "recall_at_3", "recall_at_5", "mrr"])
    .merging(MetricKind.declare(.errorRate, ["false_suggestion_rate"])) { $1 }
    .merging(MetricKind.declare(.time, ["ms_per_query"])) { $1 }
    .merging(MetricKind.declare(.count, ["found", "negatives", "queries"])) { $1 }
}
