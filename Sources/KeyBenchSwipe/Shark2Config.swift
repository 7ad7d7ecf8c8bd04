public import KeyBenchCore

/// Every parameter of ``Shark2Decoder``.
///
/// Lengths are in key pitches (the horizontal distance between neighbouring key centres), so one
/// configuration serves every device, as ``DTWDecoderConfig`` does. The shape channel works on
/// traces scaled so that the larger side of their bounding box is 1, so its σ has no unit.
/// Decoded from JSON; missing keys keep their defaults and unknown keys are rejected, naming them.
/// Defaults were chosen on the first 500 How We Swipe gestures (the dev set of the swipe
/// benchmark); only the ratio of the σs to the prior matters for the ranking, so `priorWeight`
/// stays 1 and the σs carry the tuning.
public struct Shark2Config: Sendable, Codable, Equatable {
  /// Equidistant points both the trace and every template are resampled to. SHARK2 compares
  /// point i with point i, so more points resolve sharper corners but cost linearly more; on the
  /// How We Swipe dev gestures 16 decoded as well as 32 (top-1 within a gesture of 500) in half
  /// the time, since a finger's trace carries few more corners than the word has letters.
  public var samples = 16
  public var pruning = Pruning()
  public var shape = Shape()
  public var location = Location()
  /// How much the word's prior counts: the score adds −`priorWeight` · ln P(w). 1 is the plain
  /// Bayesian product of the channel likelihoods and the prior; below 1 trusts the trace more.
  public var priorWeight = 1.0
  /// Systematic touch offset, in pitches (y down), subtracted from every trace point. Touches land
  /// below their targets (see ``DTWDecoderConfig/touchOffset``); the location channel compares
  /// absolute positions, so it is the channel this corrects.
  public var touchOffset = DTWDecoderConfig.Offset(x: 0, y: 0.15)

  public init() {}

  /// Cheap tests that discard most of the lexicon before any template is built.
  public struct Pruning: Sendable, Codable, Equatable {
    /// A word is kept only if its first key's centre lies within this many pitches of the
    /// trace's first point.
    public var startRadius = 1.5
    /// A word is kept only if its last key's centre lies within this many pitches of the trace's
    /// last point (ends drift more than starts: the finger lifts while moving).
    public var endRadius = 1.75
    public var length = DTWDecoderConfig.Length()
    public init() {}
  }

  /// The shape channel: mean distance between the normalised trace and the normalised template.
  public struct Shape: Sendable, Codable, Equatable {
    /// Standard deviation of the Gaussian, in units of the normalised box side.
    public var sigma = 0.05
    public init() {}
  }

  /// The location channel: weighted mean distance between trace and template points, in pitches.
  public struct Location: Sendable, Codable, Equatable {
    /// Standard deviation of the Gaussian, in pitches.
    public var sigma = 0.12
    /// Weight of the first and last point relative to the middle one (weights change linearly in
    /// between). Ends are where a finger aims and middles where it cuts corners, so values above 1
    /// trust the ends more; 1 is a plain mean.
    public var endWeight = 4.0
    public init() {}
  }
}

extension Shark2Config: ValidatedConfig {
  /// Every field within a range that keeps decoding meaningful and bounded: a zero σ divides by
  /// zero, a negative radius empties every candidate list, thousands of samples only burn time.
  public func validationErrors() -> [String] {
    var check = RangeCheck()
    check.integer("samples", samples, in: Self.sampleRange)
    check.number("pruning.startRadius", pruning.startRadius, in: 0.1...50)
    check.number("pruning.endRadius", pruning.endRadius, in: 0.1...50)
    check.number("pruning.length.a", pruning.length.a, in: 0...10)
    check.number("pruning.length.b", pruning.length.b, in: 0...100)
    check.number("pruning.length.c", pruning.length.c, in: 0...100)
    if pruning.length.a.isFinite, pruning.length.b.isFinite, pruning.length.b < pruning.length.a {
      check.fail("pruning.length.b (\(pruning.length.b)) must not be below pruning.length.a (\(pruning.length.a))")
    }
    check.number("shape.sigma", shape.sigma, in: 0.001...10)
    check.number("location.sigma", location.sigma, in: 0.01...50)
    check.number("location.endWeight", location.endWeight, in: 0.01...100)
    check.number("priorWeight", priorWeight, in: 0...100)
    check.number("touchOffset.x", touchOffset.x, in: -5...5)
    check.number("touchOffset.y", touchOffset.y, in: -5...5)
    return check.errors
  }

  /// The allowed number of resampled points: two are the least a path has, 1,024 far more than
  /// any trace's resolution.
  public static let sampleRange = 2...1024
}
