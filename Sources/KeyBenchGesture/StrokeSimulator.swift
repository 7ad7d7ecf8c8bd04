public import KeyBenchCore
public import KeyBenchGeometry

/// One continuous touch: from finger down to finger up.
public struct Stroke: Sendable, Equatable {
  public var points: [Point]
  public init(points: [Point]) { self.points = points }
}

/// Enters text on the gesture keyboard with seed 001's "complicated movements": each word is one
/// stroke that starts in the circle and, per letter, goes out to the letter's field, crosses
/// borders for border letters, and returns to the circle; a space is a tap on the circle.
///
/// The finger aims at a point in each field (and back at the circle's centre) with the device's
/// touch spread (Bi & Zhai) as aiming error, moving in straight lines at `speed`, sampled at the
/// device's touch rate. With `noiseScale` 0 the strokes are ideal.
public struct StrokeSimulator: Sendable {
  public struct Config: Sendable, Codable, Equatable {
    /// Finger speed in mm/s between aim points.
    public var speedMillimetersPerSecond = 120.0
    /// Multiplies the device's touch spread (0 = noiseless).
    public var noiseScale = 1.0
    public init() {}
  }

  /// The longest word a stroke is simulated for, in letters. A benchmark scores each word by
  /// edit distance (quadratic in its length), so longer runs of letters (a missing space in a
  /// text, a pasted hash) get no stroke: ``aimPoints(for:)`` and ``stroke(for:)`` return nil and
  /// a runner skips and counts them. Real words are far shorter (German compounds rarely pass 60).
  public static let maximumWordLength = 100

  /// A straight movement between two aim points is sampled at the device's rate but at most this
  /// often, so an extreme speed, rate or noise cannot make a stroke unboundedly long (realistic
  /// profiles need well under 100 samples per movement).
  public static let maximumSamplesPerSegment = 1000

  /// Whether `word` is longer than ``maximumWordLength`` (checked without counting all of it).
  public static func isTooLong(_ word: String) -> Bool {
    !word.dropFirst(maximumWordLength).isEmpty
  }

  public let scheme: LetterScheme
  public let geometry: GestureGeometry
  public let spread: TouchSpread
  public let samplingHz: Double
  public let config: Config

  public init(scheme: LetterScheme, geometry: GestureGeometry, spread: TouchSpread, samplingHz: Double, config: Config = Config()) {
    self.scheme = scheme
    self.geometry = geometry
    self.spread = spread
    self.samplingHz = samplingHz
    self.config = config
  }

  /// The aim points of `word`'s stroke (circle, fields…, circle per letter); nil if the scheme
  /// lacks a letter or the word is longer than ``maximumWordLength``.
  public func aimPoints(for word: String) -> [Point]? {
    guard !Self.isTooLong(word) else { return nil }
    var points = [geometry.center]
    for letter in word {
      guard let placement = scheme.placement(of: letter) else { return nil }
      let direction = placement.steps.signum()
      for step in 0...placement.crossings {
        points.append(geometry.aim(at: placement.field.turned(step * direction)))
      }
      points.append(geometry.center)
    }
    return points
  }

  /// The stroke for `word` with aiming noise from `generator`; nil when ``aimPoints(for:)`` is.
  public func stroke(for word: String, using generator: inout SeededGenerator) -> Stroke? {
    guard let aims = aimPoints(for: word) else { return nil }
    let noisy = aims.map { aim in
      Point(
        x: aim.x + generator.nextGaussian() * spread.sigmaX * config.noiseScale,
        y: aim.y + generator.nextGaussian() * spread.sigmaY * config.noiseScale)
    }
    let step = config.speedMillimetersPerSecond / geometry.millimetersPerUnit / samplingHz
    var points = [noisy[0]]
    for (a, b) in zip(noisy, noisy.dropFirst()) {
      let length = a.distance(to: b)
      let wanted = (length / step).rounded(.up)
      let samples = wanted.isFinite ? Int(min(max(wanted, 1), Double(Self.maximumSamplesPerSegment))) : 1
      for i in 1...samples {
        let t = Double(i) / Double(samples)
        points.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
      }
    }
    return Stroke(points: points)
  }

  /// A tap on the circle (space), with aiming noise.
  public func spaceTap(using generator: inout SeededGenerator) -> Stroke {
    let c = geometry.center
    return Stroke(points: [Point(
      x: c.x + generator.nextGaussian() * spread.sigmaX * config.noiseScale,
      y: c.y + generator.nextGaussian() * spread.sigmaY * config.noiseScale)])
  }
}
