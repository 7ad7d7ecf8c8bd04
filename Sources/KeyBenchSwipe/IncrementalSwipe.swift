public import KeyBenchGeometry

/// Decodes while the finger moves (seed 000 §2.4): DTW rows are added as points arrive.
///
/// The first point fixes the start-point candidates; once the trace has gone one lookahead
/// far, the start-direction filter runs and the candidates' ideal swipes are laid out as a
/// prefix tree of DTW columns (shared prefixes, §2.5). From then on every kept point adds one
/// row to every column, with the same column code the batch decoder uses. ``finish(top:probe:)``
/// applies the end-point and length filters and the first pass, which need the whole trace, and ranks the
/// survivors exactly as ``DTWDecoder/decode(_:top:probe:)`` does, so both give the same answer.
///
///     let session = IncrementalSwipe(decoder: decoder)
///     for point in touches { session.add(point) }   // while swiping
///     let result = session.finish(top: 4, probe: nil)  // on lift-off
public final class IncrementalSwipe {
  public let decoder: DTWDecoder
  private var raw: [Point] = []
  private var reduction: InputReduction
  private var warping: WarpingColumns
  private var candidates: [Int]?
  /// Path length of the raw trace so far, pitches.
  private var travelled = 0.0
  private var nodes: [Node] = []
  /// For each candidate sequence, the node holding its last column.
  private var leaf: [Int: Int] = [:]

  /// One part of an ideal swipe in the prefix tree, with its DTW column.
  private struct Node {
    var part: WarpingColumns.Part
    var parent: Int?
    var column = WarpingColumns.Column(cost: [], position: [])
  }

  public init(decoder: DTWDecoder) {
    self.decoder = decoder
    reduction = InputReduction(config: decoder.config.reduction)
    warping = WarpingColumns(points: [], config: decoder.config.dtw)
  }

  /// DTW columns laid out so far (0 until the start direction is known).
  public var columns: Int { nodes.count }
  /// Trace points whose rows every column already holds.
  public var rows: Int { warping.points.count }

  /// Adds the next touch point (layout units, ms).
  public func add(_ point: TimedPoint) {
    let scaled = decoder.pitchPoint(point)
    travelled += raw.last.map { $0.distance(to: scaled) } ?? 0
    raw.append(scaled)
    if let kept = reduction.offer(scaled, time: point.t) { accept(kept) }
    if candidates == nil && directionKnown { buildTree() }
  }

  /// Finishes the swipe and ranks words, as ``DTWDecoder/decode(_:top:probe:)`` would.
  public func finish(top: Int, probe: String?) -> SwipeDecoding {
    var diagnostics = SwipeDecoding.Diagnostics()
    diagnostics.pointsIn = raw.count
    guard !raw.isEmpty else { return SwipeDecoding(candidates: [], diagnostics: diagnostics) }
    if let kept = reduction.finish() { accept(kept) }
    if candidates == nil { buildTree() }
    diagnostics.pointsUsed = warping.points.count
    let probeSequences = probe.map(decoder.lexicon.sequenceIndices(matching:)) ?? []
    var survivors = candidates ?? []
    var stages: [(String, [Int])] = []
    let start = decoder.startPointCandidates(raw[0])
    stages.append(("start point", start))
    stages.append(("start direction", survivors))
    survivors = decoder.filterEndPoint(survivors, last: raw[raw.count - 1])
    stages.append(("end point", survivors))
    let reduced = decoder.config.filters.length.trace == .reduced
    survivors = decoder.filterLength(survivors, traceLength: reduced ? warping.points.pathLength : travelled)
    stages.append(("length", survivors))
    let extraCost: [Double]
    (survivors, extraCost) = decoder.firstPass(survivors, trace: raw, pointCount: warping.points.count)
    if decoder.config.firstPass.enabled { stages.append((DTWDecoder.firstPassStage, survivors)) }
    for (name, kept) in stages {
      decoder.record(name, kept, probeSequences, &diagnostics, isFilter: name != DTWDecoder.firstPassStage)
    }
    let scored = survivors.enumerated().map { position, sequence in
      (sequence: sequence, cost: (nodes[leaf[sequence]!].column.cost.last ?? .infinity) + (extraCost.isEmpty ? 0 : extraCost[position]))
    }
    diagnostics.sequencesScored = scored.count
    diagnostics.columnsComputed = nodes.count
    return SwipeDecoding(
      candidates: decoder.rank(scored, pointCount: warping.points.count, top: top).0, diagnostics: diagnostics)
  }

  private var directionKnown: Bool {
    let filter = decoder.config.filters.startDirection
    return !raw.isEmpty && (!filter.enabled || travelled >= filter.lookahead)
  }

  private func accept(_ index: Int) {
    warping.append(raw[index])
    for node in nodes.indices { extend(node) }
  }

  private func extend(_ node: Int) {
    let parentColumn = nodes[node].parent.map { nodes[$0].column }
    warping.extend(&nodes[node].column, for: nodes[node].part, after: parentColumn)
  }

  /// Lays out the start-point and direction survivors as a prefix tree and catches its
  /// columns up with the points kept so far.
  private func buildTree() {
    let survivors = decoder.filterDirection(decoder.startPointCandidates(raw[0]), trace: raw)
    candidates = survivors
    let lexicon = decoder.lexicon
    var path: [(node: Int, length: Double)] = []
    var previousKeys: [UInt8] = []
    for index in survivors {
      let keys = Array(lexicon.keys(of: index))
      var shared = 0
      while shared < min(keys.count, previousKeys.count) && keys[shared] == previousKeys[shared] { shared += 1 }
      path.removeLast(path.count - shared)
      for position in shared..<keys.count {
        let key = lexicon.centres[Int(keys[position])]
        let previousKey = position > 0 ? lexicon.centres[Int(keys[position - 1])] : nil
        let lengthSoFar = position > 0 ? path[position - 1].length : 0
        var parent = position > 0 ? path[position - 1].node : nil
        for part in warping.parts(key: key, previous: previousKey, lengthSoFar: lengthSoFar) {
          nodes.append(Node(part: part, parent: parent))
          parent = nodes.count - 1
          extend(nodes.count - 1)
        }
        path.append((parent!, lengthSoFar + (previousKey.map { $0.distance(to: key) } ?? 0)))
      }
      previousKeys = keys
      leaf[index] = path[path.count - 1].node
    }
  }
}
