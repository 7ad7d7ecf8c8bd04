import KeyBenchCore
public import KeyBenchPhotos

/// How one query fared with one ranker.
public struct PhotoQueryResult: Sendable, Equatable {
  public var query: Int
  public var captionID: Int
  public var imageID: Int
  /// The target was left out of the library (a negative query).
  public var negative: Bool
  /// Nouns found in the message.
  public var nouns: Int
  /// 1-based rank of the target among the suggested photos (nil: not suggested or negative).
  public var rank: Int?
  /// Photos with a positive score.
  public var suggested: Int
  /// The image shown first (nil: nothing suggested).
  public var topImageID: Int?
  /// The first ``shownPhotos`` suggested photos (score above 0), best first, by image id.
  public var shownImageIDs: [Int] = []
  /// Noun extraction plus scoring the library, in microseconds.
  public var microseconds: Double = 0

  /// Photos listed per query in results.csv (the target's rank may lie beyond them).
  public static let shownPhotos = 10
}

/// The retrieval metrics of one ranker over one run.
public struct PhotoSummary: Sendable {
  public var ranker: String
  public var queries = 0
  public var negatives = 0
  public var hits1 = 0
  public var hits3 = 0
  public var hits5 = 0
  public var found = 0
  public var reciprocalRanks = 0.0
  public var falseSuggestions = 0
  public var seconds = 0.0

  public var positives: Int { queries - negatives }
  public var recallAt1: Double { Double(hits1) / Double(positives) }
  public var recallAt3: Double { Double(hits3) / Double(positives) }
  public var recallAt5: Double { Double(hits5) / Double(positives) }
  /// Mean reciprocal rank of the target (0 when it is not suggested).
  public var mrr: Double { reciprocalRanks / Double(positives) }
  /// Negative queries where any photo was suggested.
  public var falseSuggestionRate: Double { negatives > 0 ? Double(falseSuggestions) / Double(negatives) : .nan }
  public var msPerQuery: Double { queries > 0 ? seconds * 1000 / Double(queries) : .nan }

  /// The `summary.json` metrics for this ranker (Reports/FORMATS.md, `photos`).
  public var metrics: [(String, Double?)] {
    func finite(_ v: Double) -> Double? { v.isFinite ? v : nil }
    return [
      ("queries", Double(queries)), ("negatives", Double(negatives)), ("recall_at_1", finite(recallAt1)),
      ("recall_at_3", finite(recallAt3)), ("recall_at_5", finite(recallAt5)), ("mrr", finite(mrr)),
      ("found", finite(Double(found) / Double(positives))), ("false_suggestion_rate", finite(falseSuggestionRate)),
      ("ms_per_query", finite(msPerQuery)),
    ]
  }
}

/// Runs captions as messages against drawn photo libraries through every ``PhotoRanker``.
///
/// Each caption's image is its target; a fraction of queries (`negatives`, chosen with the
/// seed) leave the target out and count a false suggestion when any photo scores above 0.
/// Ties keep the library's shuffled order, so they are broken at random, never in the target's
/// favour. Timing covers noun extraction and scoring, one thread.
public struct PhotoBenchmark: Sendable {
  public var draw: LibraryDraw
  public var negatives: Double
  public var seed: UInt64

  public init(draw: LibraryDraw, negatives: Double, seed: UInt64) {
    self.draw = draw
    self.negatives = negatives
    self.seed = seed
  }

  /// `captions` must name images of `photos` (index by ``imageIndex``).
  public func run(
    rankers: [any PhotoRanker], extractor: NounExtractor, captions: [Caption], photos: [Photo]
  ) -> [(PhotoSummary, [PhotoQueryResult])] {
    var index: [Int: Int] = [:]
    for (i, photo) in photos.enumerated() { index[photo.id] = i }
    var rng = SeededGenerator(seed: seed)
    var out = rankers.map { (PhotoSummary(ranker: $0.name), [PhotoQueryResult]()) }
    let clock = ContinuousClock()
    for (q, caption) in captions.enumerated() {
      guard let target = index[caption.imageID] else { continue }
      let negative = rng.nextUnit() < negatives
      let library = draw.draw(target: target, negative: negative, using: &rng).map { photos[$0] }
      let position = library.firstIndex { $0.id == caption.imageID }
      for (r, ranker) in rankers.enumerated() {
        let start = clock.now
        let nouns = extractor.nouns(in: caption.text)
        let scores = ranker.scores(nouns: nouns, library: library)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        out[r].0.seconds += seconds
        var rank: Int? = nil
        if let position, scores[position] > 0 {
          let s = scores[position]
          rank = 1 + scores.indices.filter { scores[$0] > s || (scores[$0] == s && $0 < position) }.count
        }
        let suggested = scores.filter { $0 > 0 }.count
        let top = scores.indices.max { scores[$0] < scores[$1] || (scores[$0] == scores[$1] && $0 > $1) }
        // The order ranks count in: higher score first, equal scores in library order.
        let shown = scores.indices.filter { scores[$0] > 0 }
          .sorted { scores[$0] > scores[$1] || (scores[$0] == scores[$1] && $0 < $1) }
          .prefix(PhotoQueryResult.shownPhotos).map { library[$0].id }
        var summary = out[r].0
        summary.queries += 1
        if negative {
          summary.negatives += 1
          if suggested > 0 { summary.falseSuggestions += 1 }
        } else if let rank {
          summary.found += 1
          summary.reciprocalRanks += 1 / Double(rank)
          if rank <= 1 { summary.hits1 += 1 }
          if rank <= 3 { summary.hits3 += 1 }
          if rank <= 5 { summary.hits5 += 1 }
        }
        out[r].0 = summary
        out[r].1.append(
          PhotoQueryResult(
            query: q, captionID: caption.id, imageID: caption.imageID, negative: negative, nouns: nouns.count, rank: rank,
            suggested: suggested, topImageID: suggested > 0 ? top.map { library[$0].id } : nil, shownImageIDs: shown,
            microseconds: seconds * 1e6))
      }
    }
    return out
  }
}
