public import KeyBenchGeometry

/// A SHARK2-style swipe decoder: template matching in two channels fused with the word prior.
///
/// After Kristensson & Zhai, "SHARK²: A Large Vocabulary Shorthand Writing System for Pen-based
/// Computers", UIST 2004 (https://doi.org/10.1145/1029632.1029640); FlorisBoard's glide typing
/// classifier follows the same design. A word's template is the polyline through its key centres.
/// For one trace:
///
/// 1. Pruning: only words whose first key lies within `pruning.startRadius` of the trace's first
///    point and whose last key lies within `pruning.endRadius` of its last point are looked at
///    (a lookup in ``Shark2Index``, never a scan), then words of implausible path length.
/// 2. The trace and each surviving template are resampled to `samples` equidistant points.
/// 3. Location channel: the weighted mean distance between point i of trace and template, in
///    pitches, ends weighted more (SHARK2 weights points by position too; its zero-cost "tunnel"
///    is left out, so near-misses still rank among themselves).
/// 4. Shape channel: the same distance after both paths are centred and scaled to a unit box, so
///    a word drawn small or displaced still matches its shape.
/// 5. Each channel distance d becomes a Gaussian likelihood exp(−d²/2σ²); their product with the
///    prior P(w)^`priorWeight` ranks the words. Scores are the negative logarithm, lower better.
///
/// Templates are not stored: building one costs about as much as reading a cached one, so the
/// decoder holds no memory per word beyond the shared ``DecoderLexicon`` and a sequence index.
/// Scoring stops early for a word whose partial cost (prior plus a bound on location from the
/// end keys alone, then prior plus location) already exceeds the `top`-th best distinct word's
/// cost; every term is non-negative, so this never changes the ranking. Buckets nearest the
/// trace's ends are scored first and each bucket is sorted by prior, so a bucket is usually left
/// after a few words.
///
/// - Complexity: O(candidates × samples) per trace, candidates the words left after pruning.
public struct Shark2Decoder: SwipeDecoder {
  public let lexicon: DecoderLexicon
  public let config: Shark2Config
  let index: Shark2Index
  let locationWeights: [Double]
  let shapeWeights: [Double]
  /// ``DecoderLexicon/centres``, held here so that templates are built from the decoder's own storage.
  let centres: [Point]

  /// The names of the pruning stages, in order, as diagnostics report them.
  public static let stageNames = ["start point", "end point", "length"]

  /// - Precondition: `config` passes validation (``Shark2Config/validationErrors()`` is empty).
  public init(lexicon: DecoderLexicon, config: Shark2Config) {
    precondition(config.validationErrors().isEmpty, "invalid Shark2Config: \(config.validationErrors())")
    self.lexicon = lexicon
    self.config = config
    index = Shark2Index(lexicon: lexicon)
    locationWeights = Shark2Geometry.locationWeights(count: config.samples, endWeight: config.location.endWeight)
    shapeWeights = Array(repeating: 1 / Double(config.samples), count: config.samples)
    centres = lexicon.centres
  }

  public var label: String { Self.describe(config) }

  /// A label naming every parameter that changes the ranking.
  public static func describe(_ config: Shark2Config) -> String {
    let p = config.pruning
    let length = p.length.enabled ? "\(p.length.a)-\(p.length.b)±\(p.length.c)" : "off"
    return "shark2(samples=\(config.samples), start=\(p.startRadius), end=\(p.endRadius), length=\(length), "
      + "σshape=\(config.shape.sigma), σlocation=\(config.location.sigma), ends=\(config.location.endWeight), "
      + "prior=\(config.priorWeight))"
  }

  public func decode(_ trace: [TimedPoint], top: Int, probe: String?) -> SwipeDecoding {
    var diagnostics = SwipeDecoding.Diagnostics()
    diagnostics.pointsIn = trace.count
    guard !trace.isEmpty, top > 0 else { return SwipeDecoding(candidates: [], diagnostics: diagnostics) }
    let points = trace.map {
      Point(x: $0.x / lexicon.pitch - config.touchOffset.x, y: $0.y / lexicon.pitch - config.touchOffset.y)
    }
    let n = config.samples
    diagnostics.pointsUsed = n
    var scratch = Scratch(capacity: n)
    Shark2Geometry.resample(points, count: n, xs: &scratch.traceX, ys: &scratch.traceY)
    Shark2Geometry.normalise(scratch.traceX, scratch.traceY, into: &scratch.traceShapeX, &scratch.traceShapeY)

    let starts = nearKeys(points[0], radius: config.pruning.startRadius)
    let ends = nearKeys(points[points.count - 1], radius: config.pruning.endRadius)
    let isEnd = (0..<index.keyCount).map { ends.contains($0) }
    let traceLength = Shark2Geometry.length(points)
    let probeSequences = probe.map(lexicon.sequenceIndices(matching:)) ?? []
    func probeKept(_ kept: (Int) -> Bool) -> Bool? {
      probeSequences.isEmpty ? nil : probeSequences.contains(where: kept)
    }
    let startsNear = { (s: Int) in starts.contains(Int(lexicon.flatKeys[Int(lexicon.keyStart[s])])) }
    let endsNear = { (s: Int) in isEnd[Int(lexicon.lastKey[s])] }
    diagnostics.stages.append(
      .init(name: Self.stageNames[0], kept: starts.reduce(0) { $0 + index.firstKeyWords[$1] }, probeKept: probeKept(startsNear)))
    diagnostics.stages.append(
      .init(
        name: Self.stageNames[1],
        kept: starts.reduce(0) { sum, first in ends.reduce(sum) { $0 + index.words(first: first, last: $1) } },
        probeKept: probeKept { startsNear($0) && endsNear($0) }))

    var leaders = Shark2Leaders(capacity: top)
    var lengthKept = 0
    var scored = 0
    // Nearest keys first, so that good words are found early and bound the rest.
    let first = points[0]
    let last = points[points.count - 1]
    let locationVariance2 = 2 * config.location.sigma * config.location.sigma
    let lengths = lexicon.lengths
    let bestLogProbability = lexicon.bestLogProbability
    let endOrder = ends.sorted(by: nearer(last))
    for start in starts.sorted(by: nearer(first)) {
      for end in endOrder {
        let bucket = index.bucket(first: start, last: end)
        for raw in bucket where lengthFits(lengths[Int(raw)], traceLength: traceLength) {
          lengthKept += lexicon.wordsPerSequence(Int(raw))
        }
        // Every template of the bucket starts and ends on these key centres, and resampling
        // keeps both ends, so their weighted distances bound the location channel from below.
        let endsOff = locationWeights[0] * Shark2Geometry.distance(first, centres[start])
          + locationWeights[n - 1] * Shark2Geometry.distance(last, centres[end])
        let bound = endsOff * endsOff / locationVariance2 * (1 - 1e-9)
        for raw in bucket {
          let sequence = Int(raw)
          // Sorted by prior: once the prior and the bound rule a word out, they rule out the rest.
          if leaders.excludes(bound - config.priorWeight * bestLogProbability[sequence]) { break }
          guard lengthFits(lengths[sequence], traceLength: traceLength) else { continue }
          if score(sequence, scratch: &scratch, into: &leaders) { scored += 1 }
        }
      }
    }
    diagnostics.stages.append(
      .init(
        name: Self.stageNames[2], kept: lengthKept,
        probeKept: probeKept { startsNear($0) && endsNear($0) && lengthFits(lexicon.lengths[$0], traceLength: traceLength) }))
    diagnostics.sequencesScored = scored
    return SwipeDecoding(
      candidates: leaders.ranked.map { .init(word: $0.word, score: $0.cost) }, diagnostics: diagnostics)
  }

  /// Orders key indices by the distance of their centres to `point`, then by index.
  func nearer(_ point: Point) -> (Int, Int) -> Bool {
    { a, b in
      let da = Shark2Geometry.distance(centres[a], point)
      let db = Shark2Geometry.distance(centres[b], point)
      return da < db || (da == db && a < b)
    }
  }

  /// Keys whose centre lies within `radius` pitches of `point`, ascending.
  func nearKeys(_ point: Point, radius: Double) -> [Int] {
    lexicon.centres.indices.filter { lexicon.centres[$0].distance(to: point) <= radius }
  }

  /// The length test of ``DTWDecoderConfig/Length``, on the template's path length.
  func lengthFits(_ length: Double, traceLength: Double) -> Bool {
    let filter = config.pruning.length
    guard filter.enabled else { return true }
    return (filter.a * traceLength <= length && length <= filter.b * traceLength)
      || abs(length - traceLength) <= filter.c
  }

  /// Buffers reused for every template of one trace.
  struct Scratch {
    var traceX: [Double] = []
    var traceY: [Double] = []
    var traceShapeX: [Double] = []
    var traceShapeY: [Double] = []
    var templateX: [Double] = []
    var templateY: [Double] = []
    var shapeX: [Double] = []
    var shapeY: [Double] = []
    var keyPoints: [Point] = []

    init(capacity: Int) {
      for path in [\Scratch.traceX, \.traceY, \.traceShapeX, \.traceShapeY, \.templateX, \.templateY, \.shapeX, \.shapeY] {
        self[keyPath: path].reserveCapacity(capacity)
      }
    }
  }

  /// Scores the words of sequence `sequence` against the trace in `scratch` and offers them to
  /// `leaders`; returns whether the template was built (false: the prior alone ruled every word out).
  func score(_ sequence: Int, scratch: inout Scratch, into leaders: inout Shark2Leaders) -> Bool {
    // Words are sorted by prior, best first: the first word's prior bounds them all.
    let priorCost = -config.priorWeight * lexicon.bestLogProbability[sequence]
    guard !leaders.excludes(priorCost) else { return false }
    scratch.keyPoints.removeAll(keepingCapacity: true)
    for key in lexicon.keys(of: sequence) { scratch.keyPoints.append(centres[Int(key)]) }
    Shark2Geometry.resample(scratch.keyPoints, count: config.samples, xs: &scratch.templateX, ys: &scratch.templateY)
    let location = Shark2Geometry.weightedMeanDistance(
      scratch.traceX, scratch.traceY, scratch.templateX, scratch.templateY, weights: locationWeights)
    let locationCost = location * location / (2 * config.location.sigma * config.location.sigma)
    guard !leaders.excludes(priorCost + locationCost) else { return true }
    Shark2Geometry.normalise(scratch.templateX, scratch.templateY, into: &scratch.shapeX, &scratch.shapeY)
    let shape = Shark2Geometry.weightedMeanDistance(
      scratch.traceShapeX, scratch.traceShapeY, scratch.shapeX, scratch.shapeY, weights: shapeWeights)
    let channels = locationCost + shape * shape / (2 * config.shape.sigma * config.shape.sigma)
    for word in lexicon.words(of: sequence) {
      let cost = channels - config.priorWeight * word.logProbability
      if leaders.excludes(cost) { break }
      leaders.offer(word: word.word, key: word.comparable, cost: cost)
    }
    return true
  }
}

/// The best `capacity` words with distinct match keys seen so far, and the bound they set.
struct Shark2Leaders {
  struct Entry {
    var word: String
    var key: String
    var cost: Double
  }

  let capacity: Int
  private(set) var entries: [Entry] = []

  init(capacity: Int) {
    self.capacity = capacity
    entries.reserveCapacity(capacity)
  }

  /// Whether a word costing at least `cost` can no longer be ranked: `capacity` distinct words
  /// already cost less. (Equal costs are kept: ties are broken by the word.)
  func excludes(_ cost: Double) -> Bool {
    entries.count == capacity && cost > entries[entries.count - 1].cost
  }

  /// Records a word; entries stay sorted by (cost, word), one per match key.
  mutating func offer(word: String, key: String, cost: Double) {
    func before(_ a: (Double, String), _ b: (Double, String)) -> Bool { a.0 < b.0 || (a.0 == b.0 && a.1 < b.1) }
    if let existing = entries.firstIndex(where: { $0.key == key }) {
      guard before((cost, word), (entries[existing].cost, entries[existing].word)) else { return }
      entries.remove(at: existing)
    } else if entries.count == capacity {
      guard before((cost, word), (entries[capacity - 1].cost, entries[capacity - 1].word)) else { return }
      entries.removeLast()
    }
    let position = entries.firstIndex { before((cost, word), ($0.cost, $0.word)) } ?? entries.count
    entries.insert(Entry(word: word, key: key, cost: cost), at: position)
  }

  /// Best first.
  var ranked: [Entry] { entries }
}
