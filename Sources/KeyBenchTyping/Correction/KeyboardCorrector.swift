import Foundation
public import KeyBenchGeometry
import KeyBenchLexicon

/// KeyBench's own corrector: a noisy channel, argmax over words w of
/// `priorWeight · ln P(w) − cost(typed | w)`.
///
/// - P(w) is the LatinIME unigram probability of the word's frequency byte.
/// - cost(typed | w) is the cheapest alignment under an ``ErrorModel`` learned from real typo
///   pairs by `keybench-typos analyze`, whose substitution costs follow key adjacency on the
///   device layout.
/// - Candidates come from a symmetric-delete index (every word within `maxDeletes` deletions of
///   the typed word's first `prefix` letters) plus words with the same consonant skeleton, so
///   the lexicon is never scanned.
/// - The typed word itself, when known, competes with cost `ln(1/P(correct))`-free 0 plus
///   `knownWordBonus`, so a rare real word can still yield to a much likelier neighbour.
public final class KeyboardCorrector: Corrector {
  /// Tunable settings (JSON config; keys left out keep these defaults).
  public struct Config: Codable, Sendable, Equatable {
    /// Weight of the log prior against the channel cost.
    public var priorWeight = 0.5
    /// Pseudo-counts per letter pulling learned confusions towards the layout prior.
    public var smoothing = 20.0
    /// Candidates costing more than this (nats) are dropped.
    public var maxCost = 30.0
    /// Symmetric-delete depth and the prefix length it indexes.
    public var maxDeletes = 2
    public var prefix = 7
    /// Also propose words with the typed word's consonant skeleton.
    public var skeleton = true
    /// Score added to the typed word when it is itself a lexicon word (nats).
    public var knownWordBonus = 3.0

    public init() {}
  }

  public let name = "keyboard"
  public let config: Config
  private let lexicon: CorrectionLexicon
  private let model: ErrorModel
  private let index: DeleteIndex
  private let logPrior: [Float]
  private var stamps: [UInt32]
  private var stamp: UInt32 = 0
  private var rows: [Float] = []

  public init(
    lexicon: CorrectionLexicon, distribution: TypingErrorDistribution, layout: KeyboardLayout, config: Config = Config()
  ) throws {
    self.lexicon = lexicon
    self.config = config
    model = try ErrorModel(distribution: distribution, layout: layout, lexicon: lexicon, smoothing: config.smoothing)
    index = DeleteIndex(lexicon: lexicon, maxDeletes: config.maxDeletes, prefix: config.prefix)
    logPrior = lexicon.frequencies.map { Float(LatinIMEFrequency.logProbability($0)) }
    stamps = [UInt32](repeating: 0, count: lexicon.count)
  }

  public func suggestions(for typed: String, limit: Int) -> [String] {
    scored(typed, limit: limit).map { lexicon.words[$0.id] }
  }

  /// The best `limit` candidates with their scores, best first.
  func scored(_ typed: String, limit: Int) -> [(id: Int, score: Float)] {
    guard limit > 0 else { return [] }
    let codes = lexicon.encode(typed)
    stamp &+= 1
    if stamp == 0 {
      stamps = [UInt32](repeating: 0, count: stamps.count)
      stamp = 1
    }
    var top: [(id: Int, score: Float)] = []
    let weight = Float(config.priorWeight)
    let maxCost = Float(config.maxCost)
    let selfID = lexicon.id(of: typed)
    let bonus = Float(config.knownWordBonus)
    func consider(_ id: Int) {
      guard stamps[id] != stamp else { return }
      stamps[id] = stamp
      let prior = weight * logPrior[id] + (id == selfID ? bonus : 0)
      // Only an alignment cheaper than this can enter the list.
      var bound = maxCost
      if top.count == limit, let worst = top.last { bound = min(bound, prior - worst.score) }
      guard bound >= 0 else { return }
      let cost = model.cost(typed: codes, word: lexicon.word(id), bound: bound, rows: &rows)
      guard cost <= bound else { return }
      let score = prior - cost
      var position = top.count
      while position > 0 && (top[position - 1].score < score || (top[position - 1].score == score && top[position - 1].id > id)) {
        position -= 1
      }
      if position < limit {
        top.insert((id, score), at: position)
        if top.count > limit { top.removeLast() }
      }
    }
    if let selfID { consider(selfID) }
    index.forEachCandidate(of: codes, skeleton: config.skeleton, consider)
    return top
  }
}
