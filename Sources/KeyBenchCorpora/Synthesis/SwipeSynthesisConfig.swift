public import KeyBenchCore
/// Every parameter of the synthetic swipe model, with units; loaded from JSON (`--config`).
///
/// The defaults were fitted on the How We Swipe canvas by random search over these parameters
/// (one in five accepted portrait gestures) and checked on all of them; see
/// `Reports/calibration/hws.md`. The stroke-time exponent is Cao & Zhai's and was not fitted.
/// Config files are merged over these defaults (``JSONConfig``), so a file sets only what it changes.
public struct SwipeSynthesisConfig: Sendable, Codable, Equatable {
  /// Aiming error at the first key, as a multiple of the device's touch spread σ (per axis).
  public var startAimSpread = 0.95
  /// Aiming error at keys between the first and the last, × σ.
  public var interiorAimSpread = 1.2
  /// Aiming error at the last key, × σ.
  public var endAimSpread = 1.6
  /// Systematic vertical offset of every aimed point, in key widths (positive: below the key's
  /// centre). Fingers land below their targets — on How We Swipe the first and last points lie
  /// 0.11 and 0.14 key widths below their keys' centres on average — and a decoder that corrects
  /// for it (``DTWDecoderConfig/touchOffset``) is only tested fairly by swipes that have it.
  public var aimOffsetY = 0.12
  /// Duration of one key-to-key stroke T = scale · D^exponent (T in ms, D in mm), after Cao &
  /// Zhai's CLC model of line strokes in gesture typing (CHI 2007: 68.8 ms · D^0.469).
  public var strokeTimeScale = 83.0
  public var strokeTimeExponent = 0.469
  /// Spread of a stroke's duration: σ of ln T (speed varies from stroke to stroke).
  public var strokeTimeVariation = 0.2
  /// Spread of a whole gesture's tempo: σ of the log of a factor applied to all its stroke
  /// durations and dwells (some people swipe slowly, some fast).
  public var tempoVariation = 0.7
  /// How far strokes bow sideways, as a fraction of their length at the middle of the stroke.
  /// Thumbs pivot, so strokes are arcs rather than chords; the side is kept for a whole
  /// gesture and the size varies by stroke (σ = half the mean).
  public var curvature = 0.17
  /// Fraction of each stroke that overlaps the next one in time (0 = stop at every key, no
  /// corner cutting; larger values cut corners more).
  public var overlap = 0.69
  /// How much a sharp turn reduces the overlap at its key: the overlap there is
  /// `overlap × (1 − cornerSlowdown × θ/180°)` for a turn of θ. People slow down for sharp turns
  /// and blend gentle ones (the speed–curvature power law), so traces keep sharp corners sharp.
  public var cornerSlowdown = 1.0
  /// Time the finger rests on the first key before moving, ms.
  public var startDwell = 85.0
  /// Time the finger rests on the last key before lifting, ms.
  public var endDwell = 12.0
  /// σ of the time between samples around the device's sampling period, ms.
  public var samplingJitter = 1.5
  /// σ of the touch sensor's position noise, mm.
  public var sensorNoise = 0.1
  /// Sampling rate in Hz; nil uses the device profile's.
  public var samplingRate: Double?

  public init() {}

  /// Problems that make the model meaningless or its work unbounded, each naming the field and
  /// its allowed range (negative times, overlap outside 0..<1, spreads so large that a gesture
  /// would take hours to sample).
  public func validationErrors() -> [String] {
    var check = RangeCheck()
    check.number("startAimSpread", startAimSpread, in: 0...10)
    check.number("interiorAimSpread", interiorAimSpread, in: 0...10)
    check.number("endAimSpread", endAimSpread, in: 0...10)
    check.number("aimOffsetY", aimOffsetY, in: -2...2)
    check.positive("strokeTimeScale", strokeTimeScale, atMost: 2000)
    check.number("strokeTimeExponent", strokeTimeExponent, in: 0...2)
    check.number("strokeTimeVariation", strokeTimeVariation, in: 0...2)
    check.number("tempoVariation", tempoVariation, in: 0...2)
    check.number("curvature", curvature, in: 0...2)
    if !(overlap.isFinite && (0..<1).contains(overlap)) {
      check.fail("overlap must be a finite number in 0…1 (1 excluded), got \(overlap)")
    }
    check.number("cornerSlowdown", cornerSlowdown, in: 0...1)
    check.number("startDwell", startDwell, in: 0...10_000)
    check.number("endDwell", endDwell, in: 0...10_000)
    check.number("samplingJitter", samplingJitter, in: 0...100)
    check.number("sensorNoise", sensorNoise, in: 0...100)
    if let samplingRate { check.number("samplingRate", samplingRate, in: 1...10_000) }
    return check.errors
  }
}

extension SwipeSynthesisConfig: ValidatedConfig {}
