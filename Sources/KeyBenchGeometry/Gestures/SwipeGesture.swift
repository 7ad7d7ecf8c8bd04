/// One recorded or generated swipe: the target word and the finger's trace on a layout.
///
/// This is the record of KeyBench's swipe corpus format (`Corpora/FORMATS.md`, one JSON object
/// per line). Points are in the referenced layout's units with time in ms from the first point,
/// so a corpus can be decoded on the geometry it was drawn on.
public struct SwipeGesture: Sendable, Codable, Equatable {
  /// Stable within the corpus, e.g. `hws/0069j4rbe1si9pjqgfhks8sprm/17`.
  public var id: String
  /// The word the user was asked to swipe (the label), as given by the source.
  public var word: String
  /// Where the gesture comes from: `hws`, `synthetic`, ….
  public var source: String
  /// Anonymous user id when known.
  public var user: String?
  public var layout: LayoutReference
  public var points: [TimedPoint]
  /// Sorted, unique.
  public var flags: [Flag]
  /// Free-form facts from the source (study sentence, device, swipe hand and finger, …).
  public var metadata: [String: String]?
  /// The words typed before this one in its sentence, oldest first (empty: the sentence's first
  /// word; nil: unknown). What a keyboard's language model conditions on, so a benchmark can
  /// measure what sentence context buys.
  public var context: [String]?

  public init(
    id: String, word: String, source: String, user: String? = nil, layout: LayoutReference,
    points: [TimedPoint], flags: [Flag] = [], metadata: [String: String]? = nil, context: [String]? = nil
  ) {
    self.id = id
    self.word = word
    self.source = source
    self.user = user
    self.layout = layout
    self.points = points
    self.flags = Array(Set(flags)).sorted { $0.rawValue < $1.rawValue }
    self.metadata = metadata
    self.context = context
  }

  /// Facts about a gesture a benchmark may want to filter on.
  public enum Flag: String, Sendable, Codable, CaseIterable {
    /// The How We Swipe app rejected it (`is_err=1`: its own start/end-key and key-count check).
    case rejected
    /// Drawn on a landscape or tablet canvas (How We Swipe canvas width ≥ 600 CSS px).
    case landscape
    /// The label has characters outside `a`–`z` (capitals, accents, other scripts).
    case nonAlphabetic = "non-alphabetic"
  }

  /// Duration from first to last point in ms.
  public var duration: Double { (points.last?.t ?? 0) - (points.first?.t ?? 0) }
}

/// Which geometry a gesture was drawn on: a device profile (and variant), optionally resized.
public struct LayoutReference: Sendable, Codable, Hashable {
  /// A profile name from `Corpora/devices` (`iphone5`, `hws`, …).
  public var device: String
  /// Layout variant (`qwerty-en`); nil means the profile's default.
  public var variant: String?
  /// Canvas size when it differs from the profile's (every How We Swipe log has its own).
  public var width: Double?
  public var height: Double?

  public init(device: String, variant: String? = nil, width: Double? = nil, height: Double? = nil) {
    self.device = device
    self.variant = variant
    self.width = width
    self.height = height
  }
}

/// A touch sample: position in layout units, time in ms since the gesture began.
public struct TimedPoint: Sendable, Equatable, Codable {
  public var x: Double
  public var y: Double
  public var t: Double

  public init(x: Double, y: Double, t: Double) {
    self.x = x
    self.y = y
    self.t = t
  }

  // Encoded as a compact `[x, y, t]` triple: a corpus holds millions of points.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    x = try container.decode(Double.self)
    y = try container.decode(Double.self)
    t = try container.decode(Double.self)
    guard container.isAtEnd else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "a point is [x, y, t]; found more than three numbers")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(x)
    try container.encode(y)
    try container.encode(t)
  }
}

extension LayoutReference: CustomStringConvertible {
  /// `hws 360×197`, `iphone5/qwertz-de`: how messages name a layout (never a struct dump).
  public var description: String {
    var text = variant.map { "\(device)/\($0)" } ?? device
    if width != nil || height != nil {
      text += " " + [width, height].map { $0.map { Self.number($0) } ?? "?" }.joined(separator: "×")
    }
    return text
  }

  private static func number(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

extension SwipeGesture {
  /// Bounds on the values a gesture may hold, checked wherever gestures enter or leave KeyBench
  /// (corpus reader and writer, How We Swipe importer).
  ///
  /// They are far beyond any real recording (How We Swipe: canvases up to 1,367 px, points up to
  /// 1,368 px from the origin, 35 s and about 2,100 points at most) yet small enough that
  /// squared distances, durations and per-point arrays stay finite and bounded, so a damaged
  /// record is refused with its position instead of turning into inf/NaN scores or an allocation
  /// of gigabytes.
  public enum Limits {
    /// Largest |x| or |y| of a point, in layout units.
    public static let maximumCoordinate = 1_000_000.0
    /// Largest time of a point, in ms since the first point (one hour).
    public static let maximumTime = 3_600_000.0
    /// Most points in one gesture (half an hour of samples at 60 Hz).
    public static let maximumPoints = 100_000
    /// Largest canvas width or height, in layout units.
    public static let maximumCanvas = 100_000.0
    /// Context words per gesture, and characters per context word.
    public static let maximumContextWords = 1_000
    public static let maximumContextWordLength = 200
  }

  /// Why this gesture cannot be used, or nil when every value is in range.
  ///
  /// Checked: a non-empty id and word; 1…``Limits/maximumPoints`` points; every coordinate finite
  /// and within ±``Limits/maximumCoordinate``; every time finite, not negative (times count from
  /// the first point) and at most ``Limits/maximumTime``; no time before the first point's, so a
  /// duration (last minus first time) is never negative; a canvas, when given, with both sides
  /// finite, positive and at most ``Limits/maximumCanvas``. Times need not otherwise increase:
  /// real How We Swipe logs have a few samples logged out of order (one in about 9,000 gestures,
  /// 12 ms back, between the first and the last point).
  public var problem: String? {
    if let problem = Self.problem(id: id, word: word, layout: layout, context: context) { return problem }
    if points.isEmpty { return "it has no points" }
    if points.count > Limits.maximumPoints {
      return "it has \(points.count) points; at most \(Limits.maximumPoints) are accepted"
    }
    let start = points[0].t
    for (index, point) in points.enumerated() {
      if let problem = point.problem { return "point \(index + 1): \(problem)" }
      if point.t < start {
        return "point \(index + 1): the time \(point.t) ms is before the first point's \(start) ms (times count from the first point)"
      }
    }
    return nil
  }
}

extension SwipeGesture {
  /// Why a gesture with this id, word, layout and context cannot be used, whatever its points
  /// (the part of ``problem`` a reader that skips the points can check).
  public static func problem(id: String, word: String, layout: LayoutReference, context: [String]?) -> String? {
    if id.isEmpty { return "the id is empty" }
    if word.isEmpty { return "the word is empty" }
    if let problem = layout.problem { return problem }
    if let context {
      if context.count > Limits.maximumContextWords {
        return "its context has \(context.count) words; at most \(Limits.maximumContextWords) are accepted"
      }
      if let index = context.firstIndex(where: { $0.isEmpty || $0.count > Limits.maximumContextWordLength || $0.contains(where: \.isWhitespace) }) {
        return "context word \(index + 1) is empty, longer than \(Limits.maximumContextWordLength) characters or contains white space"
      }
    }
    return nil
  }
}

extension LayoutReference {
  /// Why this reference cannot name a geometry (an empty device, a canvas side that is missing,
  /// zero, negative, non-finite or absurdly large), or nil.
  public var problem: String? {
    if device.isEmpty { return "the layout names no device" }
    if variant?.isEmpty == true { return "the layout variant is empty" }
    switch (width, height) {
    case (nil, nil): return nil
    case (.some, nil): return "the layout gives a canvas width but no height"
    case (nil, .some): return "the layout gives a canvas height but no width"
    case (.some(let width), .some(let height)):
      for (name, value) in [("width", width), ("height", height)]
      where !(value.isFinite && value > 0 && value <= SwipeGesture.Limits.maximumCanvas) {
        return "the canvas \(name) \(value) is not a positive size of at most \(Int(SwipeGesture.Limits.maximumCanvas))"
      }
      return nil
    }
  }
}

extension TimedPoint {
  /// Why this point cannot be used (non-finite or out-of-range coordinates or time), or nil.
  public var problem: String? {
    let limit = SwipeGesture.Limits.maximumCoordinate
    for (name, value) in [("x", x), ("y", y)] where !(value.isFinite && abs(value) <= limit) {
      return value.isFinite ? "\(name) = \(value) is beyond ±\(Int(limit))" : "\(name) is \(value)"
    }
    guard t.isFinite else { return "the time is \(t)" }
    if t < 0 { return "the time \(t) ms is negative (times count from the first point)" }
    if t > SwipeGesture.Limits.maximumTime {
      return "the time \(t) ms is beyond \(Int(SwipeGesture.Limits.maximumTime)) ms (an hour)"
    }
    return nil
  }
}
