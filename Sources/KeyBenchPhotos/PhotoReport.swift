import Foundation
public import KeyBenchCore

/// Writes a photo run's outputs: `results.csv`, `summary.csv`, `summary.json`, `report.md`
/// (formats in Reports/FORMATS.md, `photos` section), each atomically.
public struct PhotoReport {
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
  public var parameters: [String: Any]
  /// Per COCO category: the resolved synset name, the rule that chose it and its ImageNet classes.
  public var categories: [(name: String, synset: String, rule: Int, imageNet: Int)]
  public var database: (synsets: Int, links: Int, labels: Int)
  public var notes: [String]
  /// Where the run came from (inputs, items, code, machine).
  public var provenance: Provenance

  public init(
    entries: [Entry], settings: Settings, parameters: [String: Any], categories: [(name: String, synset: String, rule: Int, imageNet: Int)],
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

  public func write(to directory: String) throws {
    let folder = try OutputFolder(replacing: directory)
    try folder.write(files: [("results.csv", resultsCSV), ("summary.csv", summaryCSV), ("summary.json", try summaryJSON), ("report.md", try markdown)])
    try folder.commit()
  }

  var covered: Int { categories.filter { $0.imageNet > 0 }.count }

  var resultsCSV: String {
    var lines = [CSV.row(["ranker", "query", "caption_id", "image_id", "negative", "nouns", "rank", "suggested", "top_image_id"])]
    for entry in entries {
      for r in entry.results {
        lines.append(
          CSV.row([
            entry.summary.ranker, String(r.query), String(r.captionID), String(r.imageID), r.negative ? "1" : "0", String(r.nouns),
            r.rank.map(String.init) ?? "", String(r.suggested), r.topImageID.map(String.init) ?? "",
          ]))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  var summaryCSV: String {
    Summary.csv(
      entries.flatMap { Summary.csvRows($0.summary.metrics, prefix: $0.summary.ranker) } + ["imagenet_covered_categories,\(covered)"])
  }

  var summaryJSON: String {
    get throws {
      var metrics: [String: Any] = [:]
      for entry in entries { metrics[entry.summary.ranker] = Summary.jsonObject(entry.summary.metrics) }
      let s = settings
      return try Summary.json(
        bench: "photos", config: configuration,
        corpus: [
          "path": s.captions, "labels": s.labels, "queries": entries.first?.summary.queries ?? 0, "photos": s.photos,
          "unlabelled_targets": s.unlabelledTargets, "categories": categories.count, "imagenet_covered_categories": covered,
        ],
        metrics: metrics, provenance: provenance)
    }
  }

  /// The effective configuration (WordNet's files are inputs, named with digests in the provenance).
  var configuration: [String: Any] {
    let s = settings
    return [
      "rankers": entries.map(\.summary.ranker), "parameters": parameters, "track": s.track.rawValue, "library_size": s.librarySize,
      "distractors": s.distractors.rawValue, "negatives": s.negatives, "seed": s.seed, "images": s.images,
    ]
  }

  var markdown: String {
    get throws { try body + "\n" + provenance.markdown(config: configuration) }
  }

  var body: String {
    func f(_ v: Double) -> String { v.isFinite ? String(format: "%.3f", v) : "–" }
    let s = settings
    let first = entries.first?.summary
    var lines = [
      "# Photo prediction benchmark", "",
      "- captions: `\(s.captions)` (\(first?.queries ?? 0) queries, \(first?.negatives ?? 0) negative), images: \(s.images) (\(s.photos) photos; \(s.unlabelledTargets) queries target a photo without labels)",
      "- labels: `\(s.labels)`, track `\(s.track.rawValue)`" + (s.track == .imagenet ? " (each COCO category replaced by the ImageNet-1k classes at or below its synset)" : " (COCO categories as WordNet synsets, box area fractions)"),
      "- library: \(s.librarySize) photos, \(s.distractors.rawValue) distractors, \(Int((s.negatives * 100).rounded())) % negative queries (target left out), seed \(s.seed)",
      "- WordNet: `\(s.wordNet)`; label database: \(database.labels) labels linked from \(database.synsets) synsets by \(database.links) links",
    ]
    for entry in entries { lines.append("- `\(entry.summary.ranker)`: \(entry.setup)") }
    lines += notes.map { "- \($0)" }
    lines += [
      "", "| ranker | Recall@1 | Recall@3 | Recall@5 | MRR | target suggested | false-suggestion rate | ms/query |", "|---|---|---|---|---|---|---|---|",
    ]
    for entry in entries {
      let m = entry.summary
      lines.append(
        "| \(m.ranker) | \(f(m.recallAt1)) | \(f(m.recallAt3)) | \(f(m.recallAt5)) | \(f(m.mrr)) | \(f(Double(m.found) / Double(m.positives))) | \(f(m.falseSuggestionRate)) | \(String(format: "%.4f", m.msPerQuery)) |"
      )
    }
    lines += [
      "",
      "For context only: seed 003 (DeepBoard) reports a photo prediction accuracy of \(Self.seedAccuracy) in an informal study with three users (20 insertions, only supported categories, the intended photo counted as predicted when it appeared); it is not measured the same way as these numbers.",
      "",
      "Recall@k: share of positive queries whose target photo is among the first k suggested (score above 0; equal scores keep the library's random order). MRR: mean of 1/rank (0 when not suggested). False-suggestion rate: share of negative queries (target not in the library) where any photo was suggested. ms/query: noun extraction plus scoring the library, one thread.",
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
