import Foundation
import KeyBenchCore
public import KeyBenchPhotos
public import KeyBenchResults

/// `keybench-run photos`: reads the captions, labels and WordNet, builds the label database and
/// the rankers, and runs every caption as a message against drawn photo libraries.
public struct PhotoRunner: Benchmark {
  /// Which images serve as targets and distractors: all, or one half by image id (tune on one
  /// half, report on the other).
  public enum Images: String, CaseIterable, Sendable {
    case all
    case firstHalf = "first-half"
    case secondHalf = "second-half"
  }

  public struct Options {
    public var captions: String
    public var labels: String
    /// COCO categories and ImageNet-1k classes TSVs (default: beside `labels`).
    public var categories: String?
    public var imageNetClasses: String?
    public var librarySize: Int
    public var distractors: LibraryDraw.Distractors
    public var negatives: Double
    public var track: PhotoTrack
    public var rankers: [String]
    /// Images used as targets and distractors.
    public var images: Images
    public var bestConfig: WeightedRanker.Config
    public var steps: LabelDatabase.Steps
    public var seed: UInt64
    public var wordNet: String?
    public var limit: Int?
    /// `--sample N`: N captions spread over as many images as possible.
    public var sample: (count: Int, seed: UInt64)?
    public var bootstrap: BootstrapSettings

    public init(
      captions: String, labels: String, categories: String?, imageNetClasses: String?, librarySize: Int,
      distractors: LibraryDraw.Distractors, negatives: Double, track: PhotoTrack, rankers: [String], images: Images,
      bestConfig: WeightedRanker.Config, steps: LabelDatabase.Steps, seed: UInt64, wordNet: String?, limit: Int?,
      bootstrap: BootstrapSettings
    ) {
      self.captions = captions
      self.labels = labels
      self.categories = categories
      self.imageNetClasses = imageNetClasses
      self.librarySize = librarySize
      self.distractors = distractors
      self.negatives = negatives
      self.track = track
      self.rankers = rankers
      self.images = images
      self.bestConfig = bestConfig
      self.steps = steps
      self.seed = seed
      self.wordNet = wordNet
      self.limit = limit
      self.bootstrap = bootstrap
    }
  }

  /// Names accepted by `--ranker`.
  public static let known = ["exact", "synonyms", "hypernyms", "hyponyms", "best"]

  public let options: Options

  public init(options: Options) { self.options = options }

  public func run() throws -> PhotoReport {
    let o = options
    let folder = URL(fileURLWithPath: o.labels).deletingLastPathComponent()
    let categoriesPath = o.categories ?? folder.appendingPathComponent("coco_categories.tsv").path
    let imageNetPath = o.imageNetClasses ?? folder.appendingPathComponent("imagenet1k_classes.tsv").path
    // The small inputs first, so a bad one is reported before WordNet is loaded.
    var labelled = try CocoCorpus.imageLabels(path: o.labels)
    let allCaptions = try CocoCorpus.captions(path: o.captions)
    let categoryList = try CocoCorpus.categories(path: categoriesPath)
    let wordNet = try WordNet.load(directory: o.wordNet)
    var tracks = PhotoTracks(wordNet: wordNet, categories: categoryList)
    try tracks.project(imageNetClasses: imageNetPath)
    let half = labelled.count / 2
    if o.images == .firstHalf { labelled = Array(labelled.prefix(half)) }
    if o.images == .secondHalf { labelled = Array(labelled.dropFirst(half)) }
    let collection = try tracks.collection(o.track, images: labelled, labelsPath: o.labels)
    let (queries, items) = try self.queries(allCaptions, of: Set(labelled.map(\.imageID)))
    let database = LabelDatabase(labels: collection.labels, wordNet: wordNet, steps: o.steps)
    let rankers = rankers(database: database, wordNet: wordNet)
    let draw = LibraryDraw(size: o.librarySize, distractors: o.distractors, categories: labelled.map { Set($0.labels.map(\.name)) })
    let benchmark = PhotoBenchmark(draw: draw, negatives: o.negatives, seed: o.seed)
    let runs = benchmark.run(rankers: rankers, extractor: NounExtractor(wordNet: wordNet), captions: queries, photos: collection.photos)
    let unlabelled = Set(collection.photos.filter { $0.labels.isEmpty }.map(\.id))

    var parameters: [String: JSONValue] = [
      "database": [
        "hypernym_steps": JSONValue(o.steps.hypernyms), "hyponym_steps": JSONValue(o.steps.hyponyms), "related_steps": JSONValue(o.steps.related),
      ]
    ]
    if o.rankers.contains("best") { parameters["best"] = try JSONValue(encoding: o.bestConfig) }
    let settings = PhotoReport.Settings(
      captions: o.captions, labels: o.labels, wordNet: wordNet.directory, track: o.track, librarySize: o.librarySize,
      distractors: draw.distractors, negatives: o.negatives, seed: o.seed, images: o.images.rawValue, photos: collection.photos.count,
      unlabelledTargets: queries.filter { unlabelled.contains($0.imageID) }.count)
    let categoryRows = tracks.resolutions.map {
      (name: $0.category, synset: $0.synset.map(wordNet.name(of:)) ?? "none", rule: $0.rule, imageNet: tracks.projection[$0.category]?.count ?? 0)
    }
    var report = PhotoReport(
      entries: zip(rankers, runs).map { PhotoReport.Entry(summary: $1.0, results: $1.1, setup: $0.setup) }, settings: settings,
      parameters: parameters, categories: categoryRows,
      database: (database.linkedSynsets, database.linkCount, collection.labels.count),
      notes: (o.sample.map { ["\($0.count) captions spread over images (--sample, seed \($0.seed))"] } ?? [])
        + (o.limit.map { ["only the first \($0) captions"] } ?? []),
      provenance: Provenance(
        inputs: try Provenance.inputs(
          [("captions", o.captions), ("labels", o.labels), ("categories", categoriesPath), ("imagenet_classes", imageNetPath)]
            + WordNet.files.map { ("wordnet", (wordNet.directory as NSString).appendingPathComponent($0)) }),
        items: items, seed: o.seed))
    report.bootstrap = o.bootstrap
    return report
  }

  /// The captions of the chosen images, up to `limit`, and how many were read and left out.
  func queries(_ all: [Caption], of ids: Set<Int>) throws -> ([Caption], Provenance.Items) {
    var queries = all.filter { ids.contains($0.imageID) }
    guard !queries.isEmpty else { throw CommandFailure("\(options.captions): no caption names an image of \(options.labels) (\(options.images.rawValue))") }
    var items = Provenance.Items(unit: "captions", read: all.count)
    items.exclude(all.count - queries.count, options.images == .all ? "image not in the labels" : "image not in the \(options.images.rawValue) of the labels")
    if let sample = options.sample, queries.count > sample.count {
      let kept = SpreadSample.positions(
        groups: queries.map { String($0.imageID) }, ids: queries.map { String($0.id) }, count: sample.count, seed: sample.seed)
      items.exclude(queries.count - kept.count, "outside --sample \(sample.count) (seed \(sample.seed))")
      queries = kept.map { queries[$0] }
    }
    if let limit = options.limit, queries.count > limit {
      items.exclude(queries.count - limit, "beyond --limit \(limit)")
      queries = Array(queries.prefix(limit))
      let images = Set(queries.map(\.imageID)).count
      if let warning = RunStatistics.limitWarning(limit: limit, items: "captions", groups: images, group: "image") { StandardError.print(warning) }
    }
    for line in items.skipLines { StandardError.print("photos: \(line)") }
    // A caption's id is its item in results.csv, which must name each item once.
    for (a, b) in zip(queries, queries.dropFirst()) where a.id == b.id {
      throw CommandFailure("\(options.captions): caption id \(a.id) appears twice; COCO caption ids are unique")
    }
    return (queries, items)
  }

  /// The rankers asked for, in the order given.
  func rankers(database: LabelDatabase, wordNet: WordNet) -> [any PhotoRanker] {
    options.rankers.compactMap { name -> (any PhotoRanker)? in
      if name == "best" { return WeightedRanker(database: database, wordNet: wordNet, config: options.bestConfig) }
      guard let level = LinkCountRanker.Level.allCases.first(where: { $0.name == name }) else { return nil }
      return LinkCountRanker(level: level, database: database, wordNet: wordNet)
    }
  }
}
