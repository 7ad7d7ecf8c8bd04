public import KeyBenchGeometry

/// One touch with the key it was meant for and what had been typed before it.
public struct Tap: Sendable, Equatable {
  /// Stable within its set: the tap's number in the text, or `<gesture id>/first|last`.
  public var id: String
  /// Key index in the set's ``TouchKeyboard``.
  public var intended: Int
  public var context: LetterContext
  public var point: Point
  /// The unit the tap clusters in for intervals (its taps are not independent): the block of
  /// text a simulated tap was typed in (``TapSimulator/blockLabel(word:)``), the user (else the
  /// gesture) a real tap came from.
  public var group: String

  public init(id: String, intended: Int, context: LetterContext, point: Point, group: String) {
    self.id = id
    self.intended = intended
    self.context = context
    self.point = point
    self.group = group
  }
}

/// Taps on one keyboard geometry (a device profile, or one How We Swipe canvas).
public struct TapSet: Sendable {
  /// `iphone5`, or `hws 360x197` for a canvas.
  public var name: String
  /// `simulated` or `hws`.
  public var source: String
  public var keyboard: TouchKeyboard
  /// The device's predicted (Bi & Zhai) spread: what the Gaussian resolver assumes.
  public var spread: TouchSpread
  public var taps: [Tap]

  public init(name: String, source: String, keyboard: TouchKeyboard, spread: TouchSpread, taps: [Tap]) {
    self.name = name
    self.source = source
    self.keyboard = keyboard
    self.spread = spread
    self.taps = taps
  }

  /// Mean and standard deviation of the taps' offsets from their intended key centres.
  public var measuredSpread: SpreadMeasurement {
    SpreadMeasurement(offsets: taps.map {
      let center = keyboard.centers[$0.intended]
      return Point(x: $0.point.x - center.x, y: $0.point.y - center.y)
    })
  }
}

/// Offsets of touches from their targets: systematic part (mean) and spread (σ), per axis.
public struct SpreadMeasurement: Sendable, Equatable {
  public var count: Int
  public var meanX: Double
  public var meanY: Double
  public var sigmaX: Double
  public var sigmaY: Double

  public init(offsets: [Point]) {
    count = offsets.count
    let n = Double(max(offsets.count, 1))
    meanX = offsets.reduce(0) { $0 + $1.x } / n
    meanY = offsets.reduce(0) { $0 + $1.y } / n
    let mx = meanX
    let my = meanY
    let denominator = Double(max(offsets.count - 1, 1))
    sigmaX = (offsets.reduce(0) { $0 + ($1.x - mx) * ($1.x - mx) } / denominator).squareRoot()
    sigmaY = (offsets.reduce(0) { $0 + ($1.y - my) * ($1.y - my) } / denominator).squareRoot()
  }
}
