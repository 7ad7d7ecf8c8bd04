import Foundation
public import KeyBenchCorpora

/// The figures a swipe run is judged by, computed from per-gesture results only.
public struct SwipeSummary: Sendable {
  public var gestures = 0
  /// Share of gestures whose target is a (suggestible) lexicon word.
  public var coverage = 0.0
  public var top1 = 0.0
  /// Share with the target among the first `top` candidates (top-4 by default).
  public var topK = 0.0
  public var top = 4
  /// Mean of the Yandex Cup swipe weights 1, 0.1, 0.09, 0.08 at the target's rank.
  public var mrr = 0.0
  public var inLexiconTop1 = 0.0
  public var inLexiconTopK = 0.0
  public var stages: [Stage] = []
  /// Median over gestures of lexicon size ÷ words left after all filters.
  public var reductionFactorMedian = 0.0
  public var decodeMs = Distribution()
  /// Mean DTW columns computed per gesture; nil when the decoder computed none (no DTW).
  public var dtwColumnsMean: Double?
  public var timeLimitHits = 0
  public var byDevice: [Group] = []
  public var byWordLength: [Group] = []
  /// Accuracy after re-ranking with sentence context, nil for a run without context.
  public var context: Context?

  /// The same gestures scored after context re-ranking.
  public struct Context: Sendable {
    public var top1: Double
    public var topK: Double
    public var mrr: Double
    /// Gestures whose corpus gave their previous words (the others keep the plain ranking).
    public var gesturesWithContext: Int
    /// Top-1 without and with context over the gestures with context only.
    public var withContextTop1Before: Double
    public var withContextTop1After: Double
  }

  public struct Stage: Sendable {
    public var name: String
    /// Share of the lexicon kept after this stage: median, p90, max.
    public var keptMedian: Double
    public var keptP90: Double
    public var keptMax: Double
    /// Share of gestures (with an in-lexicon target) whose target survived this stage.
    public var recall: Double
  }

  public struct Group: Sendable {
    public var name: String
    public var gestures: Int
    public var top1: Double
    public var topK: Double
    public var decodeMsMedian: Double
  }

  /// The stages the results report, by name in first-seen order: a decoder may skip a stage for
  /// some gestures (or an external one report different stages).
  static func stageNames(_ results: [SwipeItemResult]) -> [String] {
    var names: [String] = []
    for result in results { for stage in result.stages where !names.contains(stage.name) { names.append(stage.name) } }
    return names
  }

  /// Yandex Cup 2021 swipe metric weights by rank.
  public static let mrrWeights = [1.0, 0.1, 0.09, 0.08]

  public init(results: [SwipeItemResult], lexiconSize: Int, top: Int) {
    self.top = top
    gestures = results.count
    guard !results.isEmpty else { return }
    let n = Double(results.count)
    func share(_ predicate: (SwipeItemResult) -> Bool, in items: [SwipeItemResult]) -> Double {
      items.isEmpty ? .nan : Double(items.filter(predicate).count) / Double(items.count)
    }
    coverage = share({ $0.inLexicon }, in: results)
    top1 = share({ $0.rank == 1 }, in: results)
    topK = share({ ($0.rank ?? .max) <= top }, in: results)
    mrr = results.reduce(0) { sum, r in
      sum + (r.rank.flatMap { $0 <= Self.mrrWeights.count ? Self.mrrWeights[$0 - 1] : nil } ?? 0)
    } / n
    let inLexicon = results.filter(\.inLexicon)
    inLexiconTop1 = share({ $0.rank == 1 }, in: inLexicon)
    inLexiconTopK = share({ ($0.rank ?? .max) <= top }, in: inLexicon)
    let size = Double(max(lexiconSize, 1))
    // Each stage is summarised over the gestures that went through it.
    let names = Self.stageNames(results)
    if !names.isEmpty {
      stages = names.map { name in
        let passed = results.compactMap { result in result.stages.first { $0.name == name } }
        let kept = Distribution(passed.map { Double($0.kept) / size })
        let probed = passed.compactMap(\.probeKept)
        return Stage(
          name: name, keptMedian: kept.median, keptP90: kept.quantile(0.9), keptMax: kept.quantile(1),
          recall: probed.isEmpty ? .nan : Double(probed.filter { $0 }.count) / Double(probed.count))
      }
      // After the filters, not after a ranking cut like the first pass (the seed's measure).
      reductionFactorMedian = Distribution(results.map { result in
        size / Double(max(result.stages.last(where: \.isFilter)?.kept ?? 1, 1))
      }).median
    }
    decodeMs = Distribution(results.map { $0.decodeMicroseconds / 1000 })
    timeLimitHits = results.filter(\.timeLimitHit).count
    let columns = results.reduce(0) { $0 + $1.dtwColumns }
    dtwColumnsMean = columns > 0 ? Double(columns) / n : nil
    func groups(_ key: (SwipeItemResult) -> String, order: (String, String) -> Bool) -> [Group] {
      Dictionary(grouping: results, by: key).map { name, items in
        Group(
          name: name, gestures: items.count, top1: share({ $0.rank == 1 }, in: items),
          topK: share({ ($0.rank ?? .max) <= top }, in: items),
          decodeMsMedian: Distribution(items.map { $0.decodeMicroseconds / 1000 }).median)
      }.sorted { order($0.name, $1.name) }
    }
    if results.contains(where: { $0.contextCandidates != nil }) {
      let withContext = results.filter(\.hadContext)
      context = Context(
        top1: share({ $0.contextRank == 1 }, in: results), topK: share({ ($0.contextRank ?? .max) <= top }, in: results),
        mrr: results.reduce(0) { sum, r in
          sum + (r.contextRank.flatMap { $0 <= Self.mrrWeights.count ? Self.mrrWeights[$0 - 1] : nil } ?? 0)
        } / n,
        gesturesWithContext: withContext.count,
        withContextTop1Before: share({ $0.rank == 1 }, in: withContext),
        withContextTop1After: share({ $0.contextRank == 1 }, in: withContext))
    }
    byDevice = groups({ $0.device }, order: <)
    byWordLength = groups(
      { String(min($0.word.count, 10)) + ($0.word.count >= 10 ? "+" : "") },
      order: { (Int($0.prefix(while: \.isNumber)) ?? 0) < (Int($1.prefix(while: \.isNumber)) ?? 0) })
  }
}
