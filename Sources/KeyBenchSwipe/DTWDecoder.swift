import Dispatch
import KeyBenchCore
import Foundation
public import KeyBenchGeometry

/// The swipe decoder of seed 000 ("iOS Swipe", ETH 2016), every concept switchable.
///
/// Pipeline for one trace, in the seed's order: input point reduction (§2.3); the start-point,
/// start-direction, end-point and length filters (§2.1), each counted; DTW of the trace against
/// every surviving key sequence (§2.2, basic or improved, with the locality constraint), sharing
/// columns between sequences with a common prefix (§2.5) and split across threads (§3.2, the
/// filters and the first pass too); then
/// word frequencies fused with the DTW cost (§2.6) and candidates de-duplicated by comparable
/// form. A per-swipe time limit (§4.6) stops scoring early and is counted.
public struct DTWDecoder: SwipeDecoder {
  public let lexicon: DecoderLexicon
  public let config: DTWDecoderConfig
  /// Helper threads for `threads` > 1, shared by copies of this decoder.
  let team: SliceTeam?

  public init(lexicon: DecoderLexicon, config: DTWDecoderConfig) {
    self.lexicon = lexicon
    self.config = config
    team = config.threads > 1 ? SliceTeam(helpers: config.threads - 1) : nil
  }

  public var label: String { Self.describe(config) }

  /// A label naming every switch of `config`.
  public static func describe(_ config: DTWDecoderConfig) -> String {
    let f = config.filters
    // The caps and the reduced length only when set, so labels of older runs still match.
    func radius(_ r: DTWDecoderConfig.Radius) -> String {
      r.enabled ? String(r.radius) + (r.maxKeys > 0 ? "/\(r.maxKeys)keys" : "") : "off"
    }
    let length = "\(f.length.a)-\(f.length.b)±\(f.length.c)" + (f.length.trace == .raw ? "" : "@\(f.length.trace.rawValue)")
    return "seed000-dtw(improved=\(config.dtw.improved), start=\(radius(f.startPoint)), "
      + "direction=\(f.startDirection.enabled ? String(f.startDirection.maxDeviation) : "off"), "
      + "end=\(radius(f.endPoint)), length=\(f.length.enabled ? length : "off"), "
      + "frequency=\(config.frequency.enabled ? String(config.frequency.weight) + (config.frequency.adaptive ? "×(m*+\(config.frequency.noiseFloor))" : "") : "off"), "
      + "first-pass=\(config.firstPass.enabled ? String(config.firstPass.keep) : "off"), "
      + "location=\(config.location.enabled ? String(config.location.weight) : "off"), "
      + (config.ends.enabled ? "ends=\(config.ends.start)/\(config.ends.end), " : "")
      + (config.coverage.enabled ? "coverage=\(config.coverage.weight), " : "")
      + "pruning=\(config.dtw.pruning), threads=\(config.threads))"
  }

  public func decode(_ trace: [TimedPoint], top: Int, probe: String?) -> SwipeDecoding {
    decode(trace, top: top, pruneFor: top, probe: probe)
  }

  /// The best `top` candidates of those DTW scored while pruning only for the best `pruneFor`
  /// (≤ `top`): those are exact, the rest are the best words pruning happened to leave scored.
  /// A re-ranker's pool this way costs little more DTW work than the `pruneFor` it shows.
  public func decode(_ trace: [TimedPoint], top: Int, pruneFor: Int, probe: String?) -> SwipeDecoding {
    let start = DispatchTime.now().uptimeNanoseconds
    var diagnostics = SwipeDecoding.Diagnostics()
    diagnostics.pointsIn = trace.count
    guard !trace.isEmpty else { return SwipeDecoding(candidates: [], diagnostics: diagnostics) }
    let all = trace.map(pitchPoint)
    let kept = InputReduction.keptIndices(points: all, times: trace.map(\.t), config: config.reduction)
    let points = kept.map { all[$0] }
    diagnostics.pointsUsed = points.count
    let traceLength = config.filters.length.trace == .reduced ? points.pathLength : all.pathLength
    let probeSequences = probe.map(lexicon.sequenceIndices(matching:)) ?? []

    // Filters (§2.1), counted in words, and the location channel's distances, split across
    // threads: with the first pass they are most of a decode, DTW of its survivors the rest.
    let screened = screen(
      startPointCandidates(all[0]), trace: all, traceLength: traceLength, probe: probeSequences, threads: config.threads)
    for (stage, name) in Self.filterStages.enumerated() {
      diagnostics.stages.append(.init(
        name: name, kept: screened.words[stage], probeKept: probeSequences.isEmpty ? nil : screened.probeKept[stage]))
    }

    // Location channel and the cheap first pass (KeyBench extensions).
    var candidates: [Int]
    let locationCost: [Double]
    (candidates, locationCost) = firstPass(
      screened.kept, trace: all, pointCount: points.count, distances: usesLocation ? screened.distances : nil)
    if config.firstPass.enabled { record(Self.firstPassStage, candidates, probeSequences, &diagnostics, isFilter: false) }

    // DTW over the survivors, in sorted order, split across threads that share their pruning
    // bounds (``PruningBoard``), so a chunk that starts late prunes as hard as one thread would.
    let warping = WarpingColumns(points: points, config: config.dtw)
    let deadline = config.timeLimitMs > 0 ? start + UInt64(config.timeLimitMs * 1e6) : UInt64.max
    let threads = max(1, min(config.threads, candidates.count / 64 + 1))
    // Two slices a thread (of 32 sequences at least), as in ``screen(_:trace:traceLength:probe:threads:)``.
    let slices = threads > 1 ? max(threads, min(2 * threads, candidates.count / 32)) : 1
    let bounds = (0..<slices).map { t in (candidates.count * t / slices)..<(candidates.count * (t + 1) / slices) }
    let results = ChunkResults(count: slices)
    let board = slices > 1 ? PruningBoard(chunks: slices) : nil
    let (survivors, extraCost) = (candidates, locationCost)
    candidates = []
    forEachSlice(slices, threads: threads) { t in
      let extra = extraCost.isEmpty ? [] : Array(extraCost[bounds[t]])
      results.store(
        t, score(
          Array(survivors[bounds[t]]), extra: extra, warping: warping, top: min(top, max(1, pruneFor)), deadline: deadline,
          board: board.map { ($0, t) }))
    }
    var scored: [(sequence: Int, cost: Double)] = []
    for result in results.all {
      scored += result.scored
      diagnostics.columnsComputed += result.columns
      diagnostics.sequencesPruned += result.pruned
      diagnostics.timeLimitHit = diagnostics.timeLimitHit || result.timedOut
    }
    diagnostics.sequencesScored = scored.count
    var decoding = SwipeDecoding(candidates: [], diagnostics: diagnostics)
    (decoding.candidates, decoding.evidence) = rank(scored, pointCount: points.count, top: top)
    return decoding
  }

  /// A trace point in pitches, corrected for the systematic touch offset.
  func pitchPoint(_ point: TimedPoint) -> Point {
    Point(
      x: point.x / lexicon.pitch - config.touchOffset.x, y: point.y / lexicon.pitch - config.touchOffset.y)
  }

  // MARK: Filters

  func record(
    _ name: String, _ candidates: [Int], _ probe: [Int], _ diagnostics: inout SwipeDecoding.Diagnostics,
    isFilter: Bool = true
  ) {
    let words = candidates.reduce(0) { $0 + lexicon.wordsPerSequence($1) }
    // Candidates are sorted, so membership is a binary search.
    let probeKept = probe.isEmpty ? nil : Self.containsAny(probe, sorted: candidates)
    diagnostics.stages.append(.init(name: name, kept: words, probeKept: probeKept, isFilter: isFilter))
  }

  /// Sequences whose first key is one of ``keysNear(_:filter:)`` the first point; all
  /// sequences when the filter is off. Sorted by key sequence: sequences are numbered in key
  /// order, so each first key's list is one ascending run and keys are visited in that order.
  func startPointCandidates(_ first: Point) -> [Int] {
    let filter = config.filters.startPoint
    let near = filter.enabled ? keysNear(first, filter: filter) : lexicon.centres.map { _ in true }
    var result: [Int] = []
    for key in lexicon.centres.indices where near[key] {
      result += lexicon.byFirstKey[key]
    }
    assert(zip(result, result.dropFirst()).allSatisfy { $0 < $1 }, "start-point candidates out of key order")
    return result
  }

  func filterDirection(_ candidates: [Int], trace: [Point]) -> [Int] {
    let filter = config.filters.startDirection
    guard filter.enabled else { return candidates }
    var travelled = 0.0
    var ahead: Point?
    for (a, b) in zip(trace, trace.dropFirst()) {
      travelled += a.distance(to: b)
      if travelled >= filter.lookahead {
        ahead = b
        break
      }
    }
    // A trace shorter than the lookahead has no measurable direction: keep everything.
    guard let ahead else { return candidates }
    let direction = trace[0].angle(to: ahead)
    let limit = filter.maxDeviation * .pi / 180
    let (angles, adjacent) = (lexicon.startAngles, lexicon.adjacentStarts)
    return candidates.filter { index in
      // One-key words (no angle, NaN) and neighbouring first keys are exempt.
      let angle = angles[index]
      guard !angle.isNaN, !adjacent[index] else { return true }
      return angularDifference(angle, direction) <= limit
    }
  }

  func filterEndPoint(_ candidates: [Int], last: Point) -> [Int] {
    let filter = config.filters.endPoint
    guard filter.enabled else { return candidates }
    let near = keysNear(last, filter: filter)
    let lastKey = lexicon.lastKey
    return candidates.filter { near[Int(lastKey[$0])] }
  }

  /// Per key of the layout, whether its centre lies within the filter's radius of `point` and,
  /// with a cap, is among the `maxKeys` nearest such keys (ties to the lower key index, so the
  /// choice does not depend on the order distances come out).
  func keysNear(_ point: Point, filter: DTWDecoderConfig.Radius) -> [Bool] {
    let distances = lexicon.centres.map { $0.distance(to: point) }
    var near = distances.map { $0 <= filter.radius }
    let inside = near.indices.filter { near[$0] }
    if filter.maxKeys > 0 && inside.count > filter.maxKeys {
      let ranked = inside.sorted { (distances[$0], $0) < (distances[$1], $1) }
      for key in ranked.dropFirst(filter.maxKeys) { near[key] = false }
    }
    return near
  }

  func filterLength(_ candidates: [Int], traceLength: Double) -> [Int] {
    let filter = config.filters.length
    guard filter.enabled else { return candidates }
    let lengths = lexicon.lengths
    return candidates.filter { index in
      let length = lengths[index]
      return (filter.a * traceLength <= length && length <= filter.b * traceLength)
        || abs(length - traceLength) <= filter.c
    }
  }

  // MARK: First pass

  /// The first pass's stage name in diagnostics and reports.
  static let firstPassStage = "first pass"

  /// The first pass and the evidence beside DTW: with `firstPass`, the best `keep` of
  /// `candidates` by location distance and frequency (still sorted); and for each kept sequence
  /// the cost the location channel, ``DTWDecoderConfig/Ends`` and ``DTWDecoderConfig/Coverage``
  /// add to its DTW cost (summed over the `pointCount` reduced trace points; empty when no
  /// extension is on). All are known before DTW and never negative, so pruning on DTW's bound
  /// stays exact.
  ///
  /// - Parameter distances: the candidates' ``locationDistances(_:channel:)`` when already
  ///   computed (by threads, ``screen(_:trace:traceLength:probe:threads:)``).
  func firstPass(
    _ candidates: [Int], trace: [Point], pointCount: Int, distances: [Double]? = nil
  ) -> (kept: [Int], extraCost: [Double]) {
    let (kept, locationCost) = locationPass(candidates, trace: trace, pointCount: pointCount, distances: distances)
    let (ends, coverage) = (config.ends, config.coverage)
    guard ends.enabled || coverage.enabled, let first = trace.first, let last = trace.last else { return (kept, locationCost) }
    // Per point, like the location channel's cost.
    let points = Double(pointCount)
    let (start, end, reach) = (ends.start * points, ends.end * points, coverage.weight * points)
    let centres = lexicon.centres
    let nearest = coverage.enabled ? centres.map(trace.polylineDistance) : []
    return (
      kept,
      kept.enumerated().map { position, index in
        var cost = locationCost.isEmpty ? 0 : locationCost[position]
        let keys = lexicon.keys(of: index)
        if ends.enabled {
          let d0 = first.distance(to: centres[Int(keys[keys.startIndex])])
          let d1 = last.distance(to: centres[Int(lexicon.lastKey[index])])
          cost += start * d0 * d0 + end * d1 * d1
        }
        if coverage.enabled { cost += reach * keys.reduce(0) { $0 + nearest[Int($1)] } / Double(keys.count) }
        return cost
      }
    )
  }

  /// Whether the first pass or the location channel needs each candidate's location distance.
  var usesLocation: Bool { config.firstPass.enabled || config.location.enabled }

  /// The location channel for `trace`.
  func locationChannel(_ trace: [Point]) -> LocationChannel { LocationChannel(trace: trace, count: config.location.samples) }

  /// The first pass and the location channel alone (see ``firstPass(_:trace:pointCount:distances:)``).
  func locationPass(
    _ candidates: [Int], trace: [Point], pointCount: Int, distances known: [Double]? = nil
  ) -> (kept: [Int], extraCost: [Double]) {
    guard usesLocation else { return (candidates, []) }
    var kept = candidates
    var distances = known ?? locationDistances(candidates, channel: locationChannel(trace))
    if let best = firstPassChoice(candidates, distances: distances) {
      kept = best.map { candidates[$0] }
      distances = best.map { distances[$0] }
    }
    // Per point in the DTW cost's unit (pitches²), summed over the reduced trace's points.
    let scale = config.location.enabled ? config.location.weight * Double(pointCount) : 0
    return (kept, distances.map { scale * $0 * $0 })
  }

  /// The positions (ascending) of the first pass's best `keep` of `candidates` by location
  /// distance and frequency, ties to the earlier; nil when the first pass keeps them all.
  func firstPassChoice(_ candidates: [Int], distances: [Double]) -> [Int]? {
    guard config.firstPass.enabled && candidates.count > config.firstPass.keep else { return nil }
    let weight = config.firstPass.frequencyWeight
    var order = candidates.indices.map { i in
      Ranked(priority: distances[i] - weight * lexicon.bestLogProbability[candidates[i]], position: i)
    }
    // Only which candidates are the best `keep` matters, not their order: a selection, not a
    // sort of the thousands that pass the filters (the sort was nearly a third of the first pass).
    return Ranked.selectSmallest(config.firstPass.keep, in: &order).map(\.position).sorted()
  }

  /// The location channel's mean distance of each of `candidates` from the trace.
  func locationDistances(_ candidates: ArraySlice<Int>, channel: LocationChannel) -> [Double] {
    let keyCount = lexicon.centres.count
    return lexicon.flatKeys.withUnsafeBufferPointer { keys in
      lexicon.centres.withUnsafeBufferPointer { centres in
        lexicon.centreDistances.withUnsafeBufferPointer { table in
          candidates.map { index in
            let range = Int(lexicon.keyStart[index])..<Int(lexicon.keyStart[index + 1])
            return channel.meanDistance(
              keys: UnsafeBufferPointer(rebasing: keys[range]), centres: centres, length: lexicon.lengths[index]
            ) { table[Int($0) * keyCount + Int($1)] }
          }
        }
      }
    }
  }

  func locationDistances(_ candidates: [Int], channel: LocationChannel) -> [Double] { locationDistances(candidates[...], channel: channel) }

  /// A first-pass candidate: its priority (lower is better) and its position, which breaks ties
  /// so that the best `keep` are one definite set.
  struct Ranked {
    var priority: Double
    var position: Int

    static func < (a: Ranked, b: Ranked) -> Bool {
      a.priority < b.priority || (a.priority == b.priority && a.position < b.position)
    }

    /// The `count` smallest of `items` (in no particular order), by quickselect: items are
    /// reordered in place, expected linear time.
    static func selectSmallest(_ count: Int, in items: inout [Ranked]) -> ArraySlice<Ranked> {
      guard count < items.count else { return items[...] }
      guard count > 0 else { return [] }
      var low = 0
      var high = items.count - 1
      // Invariant: the answer's boundary (index `count`) lies in low...high.
      while low < high {
        // Median of three as the pivot, for sorted or reversed runs.
        let middle = low + (high - low) / 2
        if items[middle] < items[low] { items.swapAt(middle, low) }
        if items[high] < items[low] { items.swapAt(high, low) }
        if items[high] < items[middle] { items.swapAt(high, middle) }
        let pivot = items[middle]
        var i = low
        var j = high
        while i <= j {
          while items[i] < pivot { i += 1 }
          while pivot < items[j] { j -= 1 }
          if i <= j {
            items.swapAt(i, j)
            i += 1
            j -= 1
          }
        }
        if count <= j { high = j } else if count >= i { low = i } else { break }
      }
      return items[..<count]
    }
  }

  // MARK: Scoring

  struct ChunkResult: Sendable {
    var scored: [(sequence: Int, cost: Double)] = []
    var columns = 0
    var timedOut = false
    /// Sequences skipped because their prefix could not reach the top list.
    var pruned = 0
  }

  /// DTW costs of `sequences` (sorted), reusing the columns of the shared key prefix.
  ///
  /// With `dtw.pruning`, a prefix is abandoned as soon as no word below it can enter the top
  /// list: DTW costs only grow from column to column, so the smallest cost in a prefix's last
  /// column, fused with the best frequency among the candidates, bounds every word that shares
  /// the prefix (``Fusion/cannotBeat(_:)``). The bound is exact, so pruning never changes the
  /// ranking.
  ///
  /// - Parameters:
  ///   - extra: a cost added to each sequence's DTW cost (location channel, ends and coverage
  ///     from ``firstPass(_:trace:pointCount:distances:)``), aligned with `sequences`, or empty.
  ///     It is never negative, so DTW columns stay lower bounds.
  ///   - board: the chunks of one decode and this chunk's place among them: each publishes
  ///     what its leaders prove and prunes with the others' proofs too (still exact, see
  ///     ``Fusion/Certificate``).
  func score(
    _ sequences: [Int], extra: [Double], warping: WarpingColumns, top: Int, deadline: UInt64,
    board: (PruningBoard, chunk: Int)? = nil
  ) -> ChunkResult {
    var result = ChunkResult()
    // stack[k]: the columns added by key k of the current prefix, the path length after it,
    // and whether the prefix was abandoned.
    var stack: [(columns: [WarpingColumns.Column], length: Double, pruned: Bool)] = []
    // Columns popped off the stack keep their storage for the next ones: no allocation per part.
    var pool: [WarpingColumns.Column] = []
    // Slices of the lexicon's flat key array (no copy per sequence), indexed from their start.
    var previousKeys: ArraySlice<UInt8> = []
    var fusion = Fusion(config: config.frequency, pointCount: warping.points.count, leaders: config.dtw.pruning ? top : 0)
    let bestLogProbability = sequences.map { lexicon.bestLogProbability[$0] }.max() ?? 0
    // The other chunks' proofs, refreshed once per sequence (a lock, not one per column).
    var others: [Fusion.Certificate] = []
    var published = fusion.certificate
    for (count, index) in sequences.enumerated() {
      if count % 128 == 0 && DispatchTime.now().uptimeNanoseconds > deadline {
        result.timedOut = true
        break
      }
      if let (board, chunk) = board {
        if fusion.certificate != published {
          published = fusion.certificate
          if let published { board.publish(published, chunk: chunk) }
        }
        board.read(except: chunk, into: &others)
      }
      let keys = lexicon.keys(of: index)
      let (k, p) = (keys.startIndex, previousKeys.startIndex)
      var shared = 0
      if config.dtw.prefixCache {
        while shared < min(keys.count, previousKeys.count) && keys[k + shared] == previousKeys[p + shared] {
          shared += 1
        }
      }
      // An abandoned prefix still on the stack abandons every word that extends it.
      if shared > 0 && shared == stack.count && stack[shared - 1].pruned {
        result.pruned += 1
        continue
      }
      while stack.count > shared { pool += stack.removeLast().columns }
      var abandoned = false
      for position in shared..<keys.count {
        let key = lexicon.centres[Int(keys[k + position])]
        let previousKey = position > 0 ? lexicon.centres[Int(keys[k + position - 1])] : nil
        let lengthSoFar = position > 0 ? stack[position - 1].length : 0
        var column = position > 0 ? stack[position - 1].columns.last : nil
        var added: [WarpingColumns.Column] = []
        for part in warping.parts(key: key, previous: previousKey, lengthSoFar: lengthSoFar) {
          var next = pool.popLast() ?? WarpingColumns.Column(cost: [], position: [])
          next.cost.removeAll(keepingCapacity: true)
          next.position.removeAll(keepingCapacity: true)
          warping.extend(&next, for: part, after: column)
          column = next
          added.append(next)
        }
        result.columns += added.count
        abandoned = (fusion.canPrune || !others.isEmpty)
          && fusion.cannotBeat(.init(cost: column!.cost.min()!, logProbability: bestLogProbability), given: others)
        stack.append((added, lengthSoFar + (previousKey.map { $0.distance(to: key) } ?? 0), abandoned))
        if abandoned { break }
      }
      previousKeys = keys.prefix(stack.count)
      if abandoned {
        result.pruned += 1
        continue
      }
      let cost = stack[stack.count - 1].columns.last!.cost.last! + (extra.isEmpty ? 0 : extra[count])
      result.scored.append((index, cost))
      for word in lexicon.words(of: index) where cost < .infinity {
        fusion.offer(word.comparable, .init(cost: cost, logProbability: word.logProbability))
      }
    }
    return result
  }

  /// Fuses frequencies with the DTW cost and keeps the best `top`, one per match key, with
  /// each kept candidate's evidence (for a re-ranker).
  func rank(
    _ scored: [(sequence: Int, cost: Double)], pointCount: Int, top: Int
  ) -> ([SwipeDecoding.Candidate], [SwipeDecoding.Evidence]) {
    let fusion = Fusion(config: config.frequency, pointCount: pointCount, leaders: 0)
    let best = scored.map(\.cost).min() ?? .infinity
    var all: [(candidate: SwipeDecoding.Candidate, evidence: SwipeDecoding.Evidence)] = []
    for (index, cost) in scored where cost < .infinity {
      for word in lexicon.words(of: index) {
        let score = fusion.score(.init(cost: cost, logProbability: word.logProbability), bestCost: best)
        all.append((.init(word: word.word, score: score), .init(sequence: index, cost: cost, logProbability: word.logProbability)))
      }
    }
    all.sort { $0.candidate.score < $1.candidate.score || ($0.candidate.score == $1.candidate.score && $0.candidate.word < $1.candidate.word) }
    var seen = Set<String>()
    var ranked: [SwipeDecoding.Candidate] = []
    var evidence: [SwipeDecoding.Evidence] = []
    for entry in all where ranked.count < top {
      if seen.insert(SwipeDecoding.matchKey(entry.candidate.word)).inserted {
        ranked.append(entry.candidate)
        evidence.append(entry.evidence)
      }
    }
    return (ranked, evidence)
  }
}

/// Per-thread results, written once each from `concurrentPerform`.
private final class ChunkResults: @unchecked Sendable {
  private var results: [DTWDecoder.ChunkResult]
  private let lock = NSLock()
  init(count: Int) { results = Array(repeating: .init(), count: count) }
  func store(_ index: Int, _ result: DTWDecoder.ChunkResult) { lock.withLock { results[index] = result } }
  var all: [DTWDecoder.ChunkResult] { lock.withLock { results } }
}
