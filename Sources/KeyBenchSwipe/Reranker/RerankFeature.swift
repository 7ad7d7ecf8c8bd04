import Foundation
public import KeyBenchGeometry

/// What a swipe re-ranker may weigh for one candidate: the evidence of every channel, measured
/// from the trace and the candidate's key sequence.
///
/// No feature names a word or a user: each is a distance, a cost, a ratio, a frequency or a
/// rank, so a model trained on some users' gestures carries over to other users and other
/// words. Raw values are in the channels' own units (pitches, pitches² per point, natural
/// logarithms); the model standardises them with the means and scales it was trained with.
public enum RerankFeature: String, CaseIterable, Codable, Sendable {
  /// The seed-000 decoder's fused score (lower is better): its own weighting of everything below.
  case decoderScore = "decoder_score"
  /// ln of the candidate's 1-based rank in the decoder's list.
  case decoderRank = "log_decoder_rank"
  /// The DTW cost per reduced trace point (pitches²), without the channels beside it.
  case dtw = "dtw_per_point"
  /// The DTW cost per point minus the best candidate's: how far behind the leader it is.
  case dtwBehind = "dtw_behind_best"
  /// The location channel: mean distance (pitches) between equidistant samples of trace and word.
  case location = "location_distance"
  /// Distance (pitches) from the trace's first point to the word's first key centre.
  case startDistance = "start_distance"
  /// Distance (pitches) from the trace's last point to the word's last key centre.
  case endDistance = "end_distance"
  /// Mean over the word's keys of the distance from the key centre to the trace polyline.
  case coverageMean = "coverage_mean"
  /// The largest of those distances: the key the finger came least near.
  case coverageMax = "coverage_max"
  /// SHARK2's shape channel: mean distance between trace and template centred and scaled to a unit box.
  case shark2Shape = "shark2_shape"
  /// SHARK2's location channel: ends-weighted mean distance between trace and template samples (pitches).
  case shark2Location = "shark2_location"
  /// ln(the word's path length through its key centres ÷ the trace's length).
  case lengthRatio = "log_length_ratio"
  /// The absolute value of ``lengthRatio``: too long and too short are both suspect.
  case lengthMismatch = "abs_log_length_ratio"
  /// The word's ln P in the lexicon (its frequency).
  case logProbability = "log_probability"
  /// ln P × the best candidate's DTW cost per point: a sloppy trace, whose best match is still
  /// far off, says less about the word, so the prior should count for more.
  case priorOnNoisyTrace = "log_probability_x_best_dtw"
  /// Keys of the word per reduced trace point.
  case keysPerPoint = "keys_per_point"
  /// Letters of the word (a swipe draws keys, so letters repeated on one key are invisible).
  case letters = "letters"
  /// Letters beyond the word's keys (`too` has one): only time can tell them.
  case repeatedLetters = "repeated_letters"
  /// Letters × ln(gesture duration in ms): longer words take longer to draw.
  case lettersByDuration = "letters_x_log_duration"
  /// Keys × ln(gesture duration in ms).
  case keysByDuration = "keys_x_log_duration"
  /// Mean distance (pitches) from each sharp corner of the trace to the word's nearest key: the
  /// finger turns at keys, so a corner far from every key of the word speaks against it.
  case cornerMiss = "corner_miss"
  /// |sharp corners of the trace − sharp turns of the word's key path|.
  case cornerCountDifference = "corner_count_difference"
  /// Mean distance (pitches) from each key where the word's path turns sharply to the trace's
  /// nearest corner (to the trace when it has none): a turn the finger never made.
  case turnMiss = "turn_miss"
  /// Mean distance (pitches) from each point where the finger slowed down to the word's
  /// nearest key: people slow down on the keys they aim at.
  case pauseMiss = "pause_miss"
  /// ln(P(word | previous words) ÷ P(word)) from the context model; 0 without context and for a
  /// prompt's first word (``ContextGate``: no previous words, nothing to condition on). The
  /// context features come last, each this ratio × one ``ContextGate`` value, and enter the
  /// score linearly only, so context re-ranking after the model (``ContextFusion`` with
  /// ``RerankerModel/contextFusionWeights``) is exactly the model with them filled in.
  case context = "context_log_ratio"
  /// The ratio × ``ContextGate/trust(_:previous:)``: how well the text model predicted the words
  /// already typed. Context after a phrase should count for more than after a list of random
  /// words, and the words typed so far tell which it is.
  case contextByTrust = "context_log_ratio_x_trust"

  /// How many features at the end are context features (0 without context, never fed to the
  /// hidden layer): one per ``ContextGate``.
  public static let contextFeatures = ContextGate.count

  /// The context features of a candidate whose log ratio is `ratio` after previous words with
  /// gates `gates` (``ContextGate/values(_:previous:)``).
  public static func contextValues(ratio: Double, gates: [Double]) -> [Double] { gates.map { ratio * $0 } }
}

extension DTWDecoder {
  /// The features of every candidate of `decoding` (which this decoder returned for `trace`),
  /// in candidate order, the context features left at 0 (``RerankFeature/contextValues(ratio:gates:)`` fills them in).
  ///
  /// - Precondition: `decoding.evidence` is aligned with its candidates (this decoder made it).
  public func rerankFeatures(_ trace: [TimedPoint], _ decoding: SwipeDecoding, shark2 samples: Int) -> [[Double]] {
    precondition(decoding.evidence.count == decoding.candidates.count, "decoding without evidence")
    guard !trace.isEmpty, !decoding.candidates.isEmpty else { return [] }
    let all = trace.map(pitchPoint)
    let points = Double(max(decoding.diagnostics.pointsUsed, 1))
    let traceLength = all.pathLength
    let (first, last) = (all[0], all[all.count - 1])
    let centres = lexicon.centres
    // How near the trace comes to each key, measured only for the keys the candidates use.
    var nearest = [Double](repeating: -1, count: centres.count)
    let channel = LocationChannel(trace: all, count: config.location.samples)
    let shark2 = Shark2Channels(trace: all, samples: samples)
    let corners = Corners.of(all)
    let pauses = Corners.pauses(all, times: trace.map(\.t))
    let logDuration = log(max(trace[trace.count - 1].t - trace[0].t, 50))
    let evidence = decoding.evidence
    let (ends, coverage, location) = (config.ends, config.coverage, config.location)
    var rows: [[Double]] = []
    var dtws: [Double] = []
    for (position, item) in evidence.enumerated() {
      let keys = Array(lexicon.keys(of: item.sequence))
      let d0 = first.distance(to: centres[Int(keys[0])])
      let d1 = last.distance(to: centres[Int(keys[keys.count - 1])])
      let reach = keys.map { key in
        if nearest[Int(key)] < 0 { nearest[Int(key)] = all.polylineDistance(to: centres[Int(key)]) }
        return nearest[Int(key)]
      }
      let coverageMean = reach.reduce(0, +) / Double(keys.count)
      let wordLength = lexicon.lengths[item.sequence]
      let locationDistance = channel.meanDistance(keys: keys, centres: centres, length: wordLength)
      // The channels the decoder added to DTW, taken out again (the same terms as its first pass).
      var extra = 0.0
      if location.enabled { extra += location.weight * points * locationDistance * locationDistance }
      if ends.enabled { extra += points * (ends.start * d0 * d0 + ends.end * d1 * d1) }
      if coverage.enabled { extra += coverage.weight * points * coverageMean }
      let dtw = max(0, item.cost - extra) / points
      dtws.append(dtw)
      let wordCentres = keys.map { centres[Int($0)] }
      let (shape, shark2Location) = shark2.distances(template: wordCentres)
      let ratio = log(max(wordLength, 0.05) / max(traceLength, 0.05))
      let letters = Double(decoding.candidates[position].word.filter(\.isLetter).count)
      let keyCount = Double(keys.count)
      let turns = Corners.turns(wordCentres)
      rows.append([
        decoding.candidates[position].score, log(Double(position + 1)), dtw, 0, locationDistance, d0, d1,
        coverageMean, reach.max() ?? 0, shape, shark2Location, ratio, abs(ratio), item.logProbability, 0,
        keyCount / points, letters, max(0, letters - keyCount), letters * logDuration, keyCount * logDuration,
        Corners.meanDistance(from: corners, to: wordCentres), abs(Double(corners.count - turns.count)),
        Corners.meanDistance(from: turns, to: corners.isEmpty ? all : corners),
        Corners.meanDistance(from: pauses, to: wordCentres),
      ] + Array(repeating: 0, count: RerankFeature.contextFeatures))
      // The row is positional: it must list every feature, in the enum's order.
      assert(rows[rows.count - 1].count == RerankFeature.allCases.count, "a feature row out of step with RerankFeature")
    }
    let best = dtws.min() ?? 0
    let (behind, prior, noisy) = (
      RerankFeature.allCases.firstIndex(of: .dtwBehind)!, RerankFeature.allCases.firstIndex(of: .logProbability)!,
      RerankFeature.allCases.firstIndex(of: .priorOnNoisyTrace)!
    )
    for i in rows.indices {
      rows[i][behind] = dtws[i] - best
      rows[i][noisy] = rows[i][prior] * best
    }
    return rows
  }
}

/// SHARK2's shape and location distances of words against one trace, the trace resampled once.
struct Shark2Channels {
  let samples: Int
  let traceX: [Double], traceY: [Double]
  let shapeX: [Double], shapeY: [Double]
  let locationWeights: [Double]
  let shapeWeights: [Double]

  init(trace: [Point], samples: Int) {
    self.samples = samples
    var (xs, ys, sx, sy) = ([Double](), [Double](), [Double](), [Double]())
    Shark2Geometry.resample(trace, count: samples, xs: &xs, ys: &ys)
    Shark2Geometry.normalise(xs, ys, into: &sx, &sy)
    (traceX, traceY, shapeX, shapeY) = (xs, ys, sx, sy)
    locationWeights = Shark2Geometry.locationWeights(count: samples, endWeight: Shark2Config().location.endWeight)
    shapeWeights = Array(repeating: 1 / Double(samples), count: samples)
  }

  /// (shape distance, location distance) of the template through the key centres `template`.
  func distances(template: [Point]) -> (shape: Double, location: Double) {
    var (xs, ys, sx, sy) = ([Double](), [Double](), [Double](), [Double]())
    Shark2Geometry.resample(template, count: samples, xs: &xs, ys: &ys)
    let location = Shark2Geometry.weightedMeanDistance(traceX, traceY, xs, ys, weights: locationWeights)
    Shark2Geometry.normalise(xs, ys, into: &sx, &sy)
    return (Shark2Geometry.weightedMeanDistance(shapeX, shapeY, sx, sy, weights: shapeWeights), location)
  }
}

/// Sharp corners of a path: where the direction turns by more than ``threshold``.
enum Corners {
  /// A turn sharper than this (radians, 60°) is a corner.
  static let threshold = Double.pi / 3
  /// Samples the trace is resampled to before corners are looked for, so jitter between close
  /// points does not count as turning.
  static let samples = 32

  /// The corner points of `trace` (pitches), after equidistant resampling.
  static func of(_ trace: [Point]) -> [Point] {
    guard trace.count > 2 else { return [] }
    var (xs, ys) = ([Double](), [Double]())
    Shark2Geometry.resample(trace, count: samples, xs: &xs, ys: &ys)
    let points = zip(xs, ys).map { Point(x: $0, y: $1) }
    // The turn over two samples each side, so a rounded corner spread over a few samples still
    // counts; a corner is the sharpest sample of its neighbourhood.
    let reach = 2
    let angles = points.indices.map { i in
      i < reach || i + reach >= points.count ? 0 : turn(points[i - reach], points[i], points[i + reach])
    }
    return points.indices.compactMap { i in
      let around = max(0, i - reach)...min(points.count - 1, i + reach)
      let sharpest = around.allSatisfy { angles[$0] < angles[i] || (angles[$0] == angles[i] && $0 >= i) }
      return angles[i] > threshold && sharpest ? points[i] : nil
    }
  }

  /// The interior key centres of a word's path where it turns sharply.
  static func turns(_ centres: [Point]) -> [Point] {
    guard centres.count > 2 else { return [] }
    return (1..<(centres.count - 1)).filter { turn(centres[$0 - 1], centres[$0], centres[$0 + 1]) > threshold }.map { centres[$0] }
  }

  /// Points where the finger moved slowest: local minima of speed below half the median speed
  /// (speed over each point's two neighbours).
  static func pauses(_ trace: [Point], times: [Double]) -> [Point] {
    guard trace.count > 4 else { return [] }
    let speeds = (1..<(trace.count - 1)).map { i in
      trace[i - 1].distance(to: trace[i + 1]) / max(times[i + 1] - times[i - 1], 1)
    }
    let median = speeds.sorted()[speeds.count / 2]
    return speeds.indices.compactMap { k in
      let slow = speeds[k] < 0.5 * median
      let minimum = (k == 0 || speeds[k] <= speeds[k - 1]) && (k == speeds.count - 1 || speeds[k] < speeds[k + 1])
      return slow && minimum ? trace[k + 1] : nil
    }
  }

  /// Mean over `points` of the distance to the nearest of `targets` (0 without points or targets).
  static func meanDistance(from points: [Point], to targets: [Point]) -> Double {
    guard !points.isEmpty, !targets.isEmpty else { return 0 }
    return points.reduce(0) { sum, point in sum + targets.map { $0.distance(to: point) }.min()! } / Double(points.count)
  }

  /// The angle (0…π) between the directions a → b and b → c; 0 when either has no length.
  static func turn(_ a: Point, _ b: Point, _ c: Point) -> Double {
    let (ux, uy, vx, vy) = (b.x - a.x, b.y - a.y, c.x - b.x, c.y - b.y)
    let lengths = ((ux * ux + uy * uy) * (vx * vx + vy * vy)).squareRoot()
    guard lengths > 1e-12 else { return 0 }
    return acos(max(-1, min(1, (ux * vx + uy * vy) / lengths)))
  }
}
