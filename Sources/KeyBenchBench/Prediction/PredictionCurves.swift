public import KeyBenchPrediction

/// Savings against the length of the text typed since the predictor was trained (seed 002 Fig. 4.2
/// with adaptation, Fig. 4.3 without): an adaptive predictor should gain, and vary less, as it sees
/// more of one writer's text.
public struct PredictionCurvePoint: Sendable, Equatable {
  /// Words per slice.
  public var length: Int
  /// Slices measured at this length.
  public var slices: Int
  public var ksrMean: Double
  /// Sample standard deviation over the slices (nil with one slice).
  public var ksrStd: Double?
  public var csrMean: Double
  public var csrStd: Double?
}

/// Measures a ``PredictionCurvePoint`` per length: the test text is cut into non-overlapping slices of
/// `length` words, spread evenly over it (at most `maxSlices`), and each slice is typed by a fresh
/// ``Predictor/copy()`` of the trained predictor, so every slice starts from the trained state.
public struct PredictionCurves: Sendable {
  public var lengths: [Int]
  public var maxSlices: Int
  public var suggestions: Int

  /// The lengths the seed's figures span.
  public static let defaultLengths = [100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000]

  public init(lengths: [Int] = Self.defaultLengths, maxSlices: Int = 10, suggestions: Int) {
    self.lengths = lengths
    self.maxSlices = maxSlices
    self.suggestions = suggestions
  }

  /// One point per length that fits in the text's `words` words (longer lengths are left out).
  /// Each length reads the text once, its slices typed as they stream by.
  public func measure(_ trained: any Predictor, text: some SentenceSource, words total: Int) throws -> [PredictionCurvePoint] {
    var points: [PredictionCurvePoint] = []
    for length in lengths where length > 0 && length <= total {
      let count = min(maxSlices, total / length)
      let stride = total / count
      var cutter = SliceCutter(starts: (0..<count).map { $0 * stride }, length: length)
      var typing: PredictionBenchmark.Typing?
      var ksr: [Double] = []
      var csr: [Double] = []
      try text.forEachSentence { sentence in
        try cutter.cut(sentence) { slice, part, ends in
          var current = typing ?? .init(predictor: trained.copy(), suggestions: suggestions, firstIndex: slice * stride)
          try current.type(Array(part)) { _ in }
          typing = current
          if ends {
            ksr.append(current.summary.ksr)
            csr.append(current.summary.csr)
            typing = nil
          }
        }
      }
      points.append(.init(
        length: length, slices: ksr.count, ksrMean: Self.mean(ksr), ksrStd: Self.standardDeviation(ksr),
        csrMean: Self.mean(csr), csrStd: Self.standardDeviation(csr)))
    }
    return points
  }

  static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

  static func standardDeviation(_ values: [Double]) -> Double? {
    guard values.count > 1 else { return nil }
    let m = mean(values)
    return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count - 1)).squareRoot()
  }
}

/// Cuts sentences, as they stream by, into the slices of words `start ..< start + length` for
/// increasing, non-overlapping `starts`, keeping sentence boundaries (a sentence cut by a slice's
/// start loses its earlier words as context).
struct SliceCutter {
  let starts: [Int]
  let length: Int
  /// Words of the text seen so far.
  private var position = 0
  /// The slice being filled.
  private var next = 0

  init(starts: [Int], length: Int) {
    self.starts = starts
    self.length = length
  }

  /// Calls `body` with each slice's part of `sentence` and whether the slice ends with it.
  mutating func cut(_ sentence: [String], _ body: (_ slice: Int, _ part: ArraySlice<String>, _ ends: Bool) throws -> Void) rethrows {
    let end = position + sentence.count
    defer { position = end }
    while next < starts.count {
      let start = starts[next]
      let stop = start + length
      guard start < end else { return }
      let part = sentence[(max(start, position) - position)..<(min(stop, end) - position)]
      let ends = stop <= end
      try body(next, part, ends)
      guard ends else { return }
      next += 1
    }
  }
}
