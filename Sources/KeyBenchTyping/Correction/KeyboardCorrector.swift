public import KeyBenchCore
import Foundation
public import KeyBenchGeometry
public import KeyBenchLanguageModel
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
/// - The typed word itself, when known, competes at channel cost 0 with `knownWordBonus` added,
///   so a rare real word can still yield to a much likelier neighbour.
/// - With a context model and the sentence's previous words, every candidate's score gains
///   `contextWeight · ln(P(w | two previous words) ÷ P(w))` from the Kneser-Ney trigram model
///   (``WordContextModel``), clamped to ±``contextLimit`` nats: the only evidence that can turn a
///   real word into another one (`there` → `their` after `to`).
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
    /// Deletions on the typed and the lexicon side together (4: no cap).
    public var maxTotalDeletes = 3
    public var prefix = 7
    /// Also propose words with the typed word's consonant skeleton.
    public var skeleton = true
    /// Score added to the typed word when it is itself a lexicon word (nats).
    public var knownWordBonus = 3.0
    /// Weight of the context log ratio ln(P(w | previous) ÷ P(w)) in a candidate's score, when the
    /// run gives a context model and the pair carries previous words (0: context ignored).
    public var contextWeight = 1.0

    public init() {}
  }

  /// The largest context log ratio, in nats, either way: one n-gram never seen (or seen once) in
  /// the training text must not outweigh the error model on its own.
  public static let contextLimit = 5.0

  public let name = "keyboard"
  public let config: Config
  private let lexicon: CorrectionLexicon
  private let model: ErrorModel
  private let index: DeleteIndex
  /// ln P by frequency byte: 256 values that stay in cache, where a per-word array (640 KB for
  /// 160k words) would cost a cache miss per candidate — the corrector's largest single cost.
  private let logPriorOfByte: [Float]
  private var candidates: CandidateSet
  private var rows: [Float] = []
  private var ordered: [UInt32] = []
  private var letterCounts: [UInt8] = []
  private var insertions = ErrorModel.TypedInsertions()
  private let contextModel: WordContextModel?
  /// The context model's id of each lexicon word (nil: the text never showed it).
  private let contextIDs: [Int32?]

  /// - Parameter contextModel: the language model whose context ratio is fused when a request
  ///   carries previous words (nil: context is ignored).
  public init(
    lexicon: CorrectionLexicon, distribution: TypingErrorDistribution, layout: KeyboardLayout, config: Config = Config(),
    contextModel: WordContextModel? = nil
  ) throws {
    self.lexicon = lexicon
    self.config = config
    self.contextModel = contextModel
    contextIDs = contextModel.map { model in lexicon.words.map { model.wordID($0) } } ?? []
    model = try ErrorModel(distribution: distribution, layout: layout, lexicon: lexicon, smoothing: config.smoothing)
    index = DeleteIndex(
      lexicon: lexicon, maxDeletes: config.maxDeletes, maxTotalDeletes: config.maxTotalDeletes, prefix: config.prefix)
    logPriorOfByte = (0...255).map { Float(LatinIMEFrequency.logProbability(UInt8($0))) }
    candidates = CandidateSet(wordCount: lexicon.count)
  }

  public func suggestions(for typed: String, limit: Int) -> [String] {
    scored(typed, limit: limit).map { lexicon.words[$0.id] }
  }

  public func suggestions(for typed: String, context: String?, previous: [String]?, limit: Int) -> [String] {
    scored(typed, previous: previous, limit: limit).map { lexicon.words[$0.id] }
  }

  /// The best `limit` candidates with their scores, best first.
  ///
  /// Candidates are scored from the most frequent down, so once the list is full, a candidate
  /// whose prior less the cheapest single edit (every word but the typed one needs one) cannot
  /// beat the worst listed score ends the search: every later one is rarer still.
  ///
  /// With previous words and a context model, each candidate's context ratio can add at most
  /// `contextWeight · contextLimit`, and only to words seen after the last previous word, so past
  /// the plain stop only those are scored, until even that boost cannot help.
  func scored(_ typed: String, previous: [String]? = nil, limit: Int) -> [(id: Int, score: Float)] {
    guard limit > 0 else { return [] }
    let sentence: WordContextModel.Context? =
      config.contextWeight > 0 ? previous.flatMap { words in contextModel?.context(words) } : nil
    let contextWeight = Float(config.contextWeight)
    let maxBoost = sentence == nil ? 0 : contextWeight * Float(Self.contextLimit)
    let codes = lexicon.encode(typed)
    // Locals and raw buffers in the hot loop: class properties would pay an exclusivity check
    // per access.
    var candidates = self.candidates
    self.candidates = CandidateSet(wordCount: 0)
    defer {
      candidates.removeAll()
      self.candidates = candidates
    }
    let selfID = lexicon.id(of: typed)
    if let selfID { candidates.insert(CandidateSet.candidate(id: selfID, frequency: lexicon.frequencies[selfID])) }
    index.collectCandidates(of: codes, skeleton: config.skeleton, into: &candidates)
    let found = candidates.found
    var top: [(id: Int, score: Float)] = []
    let weight = Float(config.priorWeight)
    let maxCost = Float(config.maxCost)
    let bonus = Float(config.knownWordBonus)
    let lengthCost = model.cheapestLengthChange
    let cheapestEdit = model.cheapestEdit
    // Letters of the typed word, to bound the number of edits a candidate needs from below.
    var counts = self.letterCounts
    self.letterCounts = []
    defer { self.letterCounts = counts }
    if counts.count < 256 { counts = [UInt8](repeating: 0, count: 256) }
    for code in codes { counts[Int(code)] &+= 1 }
    defer { for code in codes { counts[Int(code)] = 0 } }
    var rows = self.rows
    self.rows = []
    defer { self.rows = rows }
    model.prepare(codes, into: &insertions)
    // Candidates go in chunks: first a lower bound on each one's cost from its letters, for the
    // whole chunk, and only then the scoring, which stops early.
    let chunk = 16
    var letterBounds = [Float](repeating: 0, count: chunk)
    var lengths = [Int](repeating: 0, count: chunk)
    let insertions = self.insertions
    let cheapestMiss = model.cheapestMiss
    let cheapestExtra = model.cheapestExtra
    let typedExtra = codes.reduce(Float(0)) { $0 + cheapestExtra[Int($1)] }
    var ordered = self.ordered
    self.ordered = []
    defer { self.ordered = ordered }
    lexicon.withLetters { letters in
      // Most frequent first, by a counting sort on the frequency byte (words with equal bytes
      // have equal priors, so their order cannot change the early stop), cheaper than a
      // comparison sort. The byte comes with the candidate from the index: the words past the
      // early stop (most of them) are never read.
      ordered.removeAll(keepingCapacity: true)
      ordered.append(contentsOf: repeatElement(0, count: found.count))
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 257) { starts in
        starts.initialize(repeating: 0)
        for candidate in found { starts[255 - Int(CandidateSet.frequency(candidate)) + 1] += 1 }
        for index in 1..<257 { starts[index] += starts[index - 1] }
        for candidate in found {
          let slot = 255 - Int(CandidateSet.frequency(candidate))
          ordered[starts[slot]] = candidate
          starts[slot] += 1
        }
      }
      // The typed word itself first: its bonus can put it above more frequent words, so it must
      // not wait behind the early stop of the rarer-and-rarer scan.
      if let selfID {
        var prior = weight * logPriorOfByte[Int(letters.frequency(selfID))] + bonus
        if let sentence, let model = contextModel {
          prior += contextWeight * Float(model.logRatio(wordID: contextIDs[selfID], in: sentence, limit: Self.contextLimit))
        }
        let cost = model.cost(typed: codes, insertions: insertions, word: letters.word(selfID), bound: maxCost, rows: &rows)
        if cost <= maxCost { top.append((selfID, prior - cost)) }
      }
      var first = 0
      scoring: while first < ordered.count {
        var end = min(first + chunk, ordered.count)
        // The chunk ends where the frequency alone stops the scan (the list only gets better while
        // the chunk is scored), so no word past the stop is read.
        if top.count == limit, let worst = top.last {
          var stop = first
          while stop < end
            && weight * logPriorOfByte[Int(CandidateSet.frequency(ordered[stop]))] - cheapestEdit + maxBoost - worst.score >= 0
          {
            stop += 1
          }
          if stop == first { break scoring }
          end = stop
        }
        // The chunk's words are first read together, so their cache misses overlap; the letter
        // loop below, which branches on every letter, would otherwise take them one by one.
        for position in first..<end { lengths[position - first] = letters.word(CandidateSet.id(ordered[position])).count }
        counts.withUnsafeMutableBufferPointer { counts in
          for position in first..<end {
            // Letters of the word the typed word lacks each cost at least their cheapest miss, and
            // typed letters the word lacks their cheapest extra (as multisets).
            var missed: Float = 0
            var sharedExtra: Float = 0
            let word = letters.word(CandidateSet.id(ordered[position]))
            for code in word {
              if counts[Int(code)] > 0 {
                counts[Int(code)] -= 1
                sharedExtra += cheapestExtra[Int(code)]
              } else {
                missed += cheapestMiss[Int(code)]
              }
            }
            for code in word { counts[Int(code)] = 0 }
            for code in codes { counts[Int(code)] &+= 1 }
            letterBounds[position - first] = max(missed, typedExtra - sharedExtra)
          }
        }
        for position in first..<end {
          let id = CandidateSet.id(ordered[position])
          guard id != selfID else { continue }
          var prior = weight * logPriorOfByte[Int(CandidateSet.frequency(ordered[position]))]
          // A word other than the typed one needs at least one edit.
          if top.count == limit, let worst = top.last, prior - cheapestEdit - worst.score < 0 {
            // Every later candidate is rarer: none can beat the list even with the largest context
            // boost; before that, only words the context favours (seen after its last word) can.
            if prior - cheapestEdit + maxBoost - worst.score < 0 { break scoring }
            guard let sentence, let model = contextModel, model.mayFavour(wordID: contextIDs[id], in: sentence) else { continue }
          }
          if let sentence, let model = contextModel {
            prior += contextWeight * Float(model.logRatio(wordID: contextIDs[id], in: sentence, limit: Self.contextLimit))
          }
          // Only an alignment cheaper than this can enter the list.
          var bound = maxCost
          if top.count == limit, let worst = top.last {
            bound = min(bound, prior - worst.score)
            if bound < 0 { continue }
          }
          guard Float(abs(lengths[position - first] - codes.count)) * lengthCost <= bound else { continue }
          let word = letters.word(id)
          // The letter bound is summed in another order than the alignment: a hair of slack.
          guard letterBounds[position - first] * 0.999 <= bound else { continue }
          let cost = model.cost(typed: codes, insertions: insertions, word: word, bound: bound, rows: &rows)
          guard cost <= bound else { continue }
          let score = prior - cost
          var rank = top.count
          while rank > 0 && (top[rank - 1].score < score || (top[rank - 1].score == score && top[rank - 1].id > id)) {
            rank -= 1
          }
          if rank < limit {
            top.insert((id, score), at: rank)
            if top.count > limit { top.removeLast() }
          }
        }
        first = end
      }
    }
    return top
  }
}

extension KeyboardCorrector.Config: ValidatedConfig {
  /// Ranges that keep the noisy channel meaningful and its candidate generation bounded
  /// (symmetric deletes grow combinatorially with `maxDeletes`).
  public func validationErrors() -> [String] {
    var check = RangeCheck()
    check.number("priorWeight", priorWeight, in: 0...10)
    check.number("smoothing", smoothing, in: 0...1_000_000)
    check.number("maxCost", maxCost, in: 0...1000)
    // The delete index stores the count in 2 bits.
    check.integer("maxDeletes", maxDeletes, in: 0...3)
    check.integer("maxTotalDeletes", maxTotalDeletes, in: 0...6)
    // Deletes per word grow as prefix³ (maxDeletes 3): 12 keeps the index within a few 100 MB.
    check.integer("prefix", prefix, in: 1...12)
    check.number("knownWordBonus", knownWordBonus, in: 0...100)
    check.number("contextWeight", contextWeight, in: 0...10)
    return check.errors
  }
}
