import Foundation
public import KeyBenchCore
public import KeyBenchGeometry

/// Draws human-like swipes of words on a keyboard layout.
///
/// The model, in order:
/// 1. **Aiming.** The finger aims at each key of the word's path (repeated letters once,
///    non-letters skipped, as seed 000 §1.1) with a 2-D Gaussian error scaled from the device's
///    Bi & Zhai touch spread; the first and last keys get their own scale.
/// 2. **Strokes.** Each key-to-key movement is a minimum-jerk stroke (Flash & Hogan 1985):
///    position follows 10τ³ − 15τ⁴ + 6τ⁵, so speed is bell-shaped — slow near keys, fast
///    between them. A stroke's duration grows with its length in mm after Cao & Zhai's CLC
///    model, with log-normal variation.
/// 3. **Corner cutting.** Consecutive strokes overlap in time and their displacements add
///    (superposition of submovements, Flash & Henis 1991), so the trace bends before reaching a
///    key and passes inside corners instead of stopping on every key.
///    Sharp turns get less overlap than gentle ones (people slow down for sharp corners).
///    Strokes bow sideways into arcs (a thumb pivots), to one side per gesture.
/// 4. **Sampling.** Points are taken at the device's touch rate with timing jitter and sensor
///    noise, after a short dwell on the first key and before lifting on the last.
///
/// Minimum-jerk superposition was chosen over sigma-lognormal because its few parameters map
/// directly onto the statistics being calibrated (duration, corner cutting, end-point spread).
public struct SwipeSynthesizer: Sendable {
  public let config: SwipeSynthesisConfig
  public let layout: KeyboardLayout
  public let spread: TouchSpread
  public let millimetersPerUnit: Double
  public let samplingRate: Double

  public init(config: SwipeSynthesisConfig, layout: KeyboardLayout, profile: DeviceProfile) {
    self.config = config
    self.layout = layout
    spread = profile.touchSpread
    millimetersPerUnit = profile.millimetersPerUnit
    samplingRate = config.samplingRate ?? profile.touchSamplingHz
  }

  /// Longest gesture sampled, in ms (10 minutes); longer ones are compressed in time.
  public static let maximumDurationMs = 600_000.0
  /// Longest word swiped, in characters (LatinIME words have at most 48); longer words are
  /// skipped and counted by the generator, since stroke sampling grows with length squared.
  public static let maximumWordLength = 64

  /// The points of one swipe of `word`, or nil when no character of it has a key.
  public func points(for word: String, using random: inout SeededGenerator) -> [TimedPoint]? {
    guard let path = layout.path(for: word) else { return nil }
    let keys = path.keys
    // 1. Aimed targets.
    let targets: [Point] = keys.indices.map { index in
      let scale =
        index == 0 ? config.startAimSpread
        : index == keys.count - 1 ? config.endAimSpread : config.interiorAimSpread
      return Point(
        x: keys[index].center.x + random.nextGaussian() * spread.sigmaX * scale,
        y: keys[index].center.y + config.aimOffsetY * keys[index].width + random.nextGaussian() * spread.sigmaY * scale)
    }
    // 2–3. Overlapping minimum-jerk strokes at this gesture's tempo.
    let tempo = exp(random.nextGaussian() * config.tempoVariation)
    let side: Double = random.nextUnit() < 0.5 ? -1 : 1
    var strokes: [(start: Double, duration: Double, from: Point, to: Point, bow: Double)] = []
    var start = config.startDwell * tempo
    for index in targets.indices.dropLast() {
      let millimetres = max(targets[index].distance(to: targets[index + 1]) * millimetersPerUnit, 1)
      let duration =
        tempo * config.strokeTimeScale * pow(millimetres, config.strokeTimeExponent)
        * exp(random.nextGaussian() * config.strokeTimeVariation)
      let bow = config.curvature * side * (1 + 0.5 * random.nextGaussian())
      strokes.append((start, duration, targets[index], targets[index + 1], bow))
      // The overlap with the next stroke shrinks with the turn at the key between them.
      var overlap = config.overlap
      if index + 2 < targets.count {
        let turn = angularDifference(
          targets[index].angle(to: targets[index + 1]), targets[index + 1].angle(to: targets[index + 2]))
        overlap *= 1 - config.cornerSlowdown * turn / .pi
      }
      start += duration * (1 - overlap)
    }
    var end =
      (strokes.last.map { $0.start + $0.duration } ?? config.startDwell * tempo)
      + config.endDwell * tempo
    // A far tail of the tempo and stroke-time draws on a long word could ask for hours of
    // samples; such a gesture is compressed in time to the longest one KeyBench samples.
    if !(end <= Self.maximumDurationMs) {
      let factor = Self.maximumDurationMs / end
      strokes = strokes.map { ($0.start * factor, $0.duration * factor, $0.from, $0.to, $0.bow) }
      end = Self.maximumDurationMs
    }
    func position(at t: Double) -> Point {
      var point = targets[0]
      for stroke in strokes {
        let tau = min(max((t - stroke.start) / stroke.duration, 0), 1)
        let s = tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
        let dx = stroke.to.x - stroke.from.x
        let dy = stroke.to.y - stroke.from.y
        // Bow along the stroke's normal (−dy, dx); zero at both ends of the stroke.
        let arc = stroke.bow * sin(.pi * s)
        point.x += dx * s - dy * arc
        point.y += dy * s + dx * arc
      }
      return point
    }
    // 4. Sampling.
    let period = 1000 / samplingRate
    let noise = config.sensorNoise / millimetersPerUnit
    var samples: [TimedPoint] = []
    var t = 0.0
    while true {
      let time = min(t, end)
      let p = position(at: time)
      samples.append(
        TimedPoint(
          x: Self.round(p.x + random.nextGaussian() * noise, 100),
          y: Self.round(p.y + random.nextGaussian() * noise, 100),
          t: Self.round(time, 1)))
      if time >= end { break }
      t += max(period + random.nextGaussian() * config.samplingJitter, 1)
    }
    return samples
  }

  private static func round(_ value: Double, _ scale: Double) -> Double {
    (value * scale).rounded() / scale
  }
}
