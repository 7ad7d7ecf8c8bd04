/// Every parameter of the seed-000 decoder, each concept switchable for ablation.
///
/// Lengths are in key pitches (the horizontal distance between neighbouring key centres), so
/// one configuration serves every device. Defaults: the seed's where it gives numbers (A = 0.75
/// and B = 1.5 are its length bounds; KeyBench's defaults are wider), otherwise chosen on the
/// first 1,500 How We Swipe gestures (see the swipe benchmark report); the filters are set
/// conservatively, as the seed's were (recall ≥ 96 % on that set). Decoded from JSON; missing keys keep their defaults
/// and unknown keys are rejected, naming them.
public struct DTWDecoderConfig: Sendable, Codable, Equatable {
  public var filters = Filters()
  public var dtw = DTW()
  public var reduction = Reduction()
  public var frequency = Frequency()
  /// Systematic touch offset, in pitches (y down), subtracted from every trace point before
  /// decoding. KeyBench extension: touches land below their targets (How We Swipe: first
  /// points 0.11 pitches, last points 0.14 pitches below the key centres). Default chosen on
  /// the How We Swipe dev gestures (+1.1 pt top-1); set it to 0 for the seed's behaviour.
  public var touchOffset = Offset(x: 0, y: 0.15)
  /// Per-swipe time limit in ms (seed 000 §4.6: 1 s); 0 disables it.
  public var timeLimitMs: Double = 1000
  /// Worker threads for scoring candidate words.
  public var threads = 1

  public init() {}

  /// A displacement in pitches.
  public struct Offset: Sendable, Codable, Equatable {
    public var x = 0.0
    public var y = 0.0
    public init(x: Double = 0, y: Double = 0) {
      self.x = x
      self.y = y
    }
  }

  /// The four filters of seed 000 §2.1, applied in this order.
  public struct Filters: Sendable, Codable, Equatable {
    public var startPoint = Radius(enabled: true, radius: 1.5)
    public var startDirection = StartDirection()
    public var endPoint = Radius(enabled: true, radius: 2.0)
    public var length = Length()
    public init() {}
  }

  /// Keys whose centre lies within `radius` key pitches of the first (or last) point.
  public struct Radius: Sendable, Codable, Equatable {
    public var enabled: Bool
    public var radius: Double
    public init(enabled: Bool, radius: Double) {
      self.enabled = enabled
      self.radius = radius
    }
  }

  /// The direction from the first point to the point about `lookahead` pitches along the
  /// trace; words whose first segment deviates by more than `maxDeviation` degrees are dropped,
  /// except words whose first two letters are neighbouring keys.
  public struct StartDirection: Sendable, Codable, Equatable {
    public var enabled = true
    public var lookahead = 1.0
    public var maxDeviation = 75.0
    public init() {}
  }

  /// A·ℓ ≤ ℓ(w) ≤ B·ℓ, or |ℓ(w) − ℓ| ≤ C (pitches), ℓ the trace length.
  public struct Length: Sendable, Codable, Equatable {
    public var enabled = true
    public var a = 0.55
    public var b = 1.6
    public var c = 2.0
    public init() {}
  }

  /// Dynamic time warping between the trace and the word's ideal swipe (§2.2).
  public struct DTW: Sendable, Codable, Equatable {
    /// Segments ("perfect swipe") with the saved position on the segment; false: the basic
    /// point-to-point DTW against key centres sampled every `basicSpacing` pitches.
    public var improved = true
    public var basicSpacing = 0.25
    /// Improved DTW only: a point matched to the same segment as its predecessor may not match
    /// behind it (§2.2.2, the "stititill" case).
    public var savedPosition = true
    /// Locality band (§2.2.3): a trace point is matched only to parts of the word whose path
    /// length so far differs from the trace's by at most `localityAbsolute` pitches plus
    /// `localityRelative` × the longer of the two; 0/0 disables the constraint.
    public var localityAbsolute = 2.0
    public var localityRelative = 0.35
    /// Reuse DTW columns across words sharing a key-sequence prefix (§2.5).
    public var prefixCache = true
    /// Abandon a prefix once no word extending it can reach the top list (KeyBench extension;
    /// exact: the bound never prunes a word that would have been ranked).
    public var pruning = true
    public init() {}
  }

  /// Input point reduction (§2.3): a point B between the last kept A and the newest C is kept
  /// when the gap since A is long, the triangle ABC is large, or the angle at B is sharp.
  public struct Reduction: Sendable, Codable, Equatable {
    public var enabled = true
    public var maxGapMs = 300.0
    /// Triangle area threshold in pitches².
    public var minArea = 0.2
    /// Keep B when the angle ABC is below this, in degrees.
    public var maxAngle = 130.0
    public init() {}
  }

  /// Frequency fusion after DTW (§2.6). Words are ranked by m(w) − λ · ln P(w), m(w) the DTW
  /// cost per point (pitches²). Without `adaptive`, λ = `weight` (the seed's fixed trade-off;
  /// ≈ 0.01 suits How We Swipe). With it (KeyBench extension), λ = `weight` × (m* +
  /// `noiseFloor`), m* the best word's cost per point: a sloppy trace, whose best match is
  /// still far off, says less about the word, so the prior counts for more (+1.1 points top-1
  /// on all How We Swipe gestures; defaults chosen on the first 1,500).
  public struct Frequency: Sendable, Codable, Equatable {
    public var enabled = true
    public var weight = 0.06
    public var adaptive = true
    public var noiseFloor = 0.1
    public init() {}
  }
}
