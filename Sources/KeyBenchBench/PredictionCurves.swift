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

  /// One point per length that fits in the text (longer lengths are left out).
  public func measure(_ trained: any Predictor, sentences: [[String]]) throws -> [PredictionCurvePoint] {
    let total = sentences.reduce(0) { $0 + $1.count }
    let benchmark = PredictionBenchmark(suggestions: suggestions)
    var points: [PredictionCurvePoint] = []
    for length in lengths where length > 0 && length <= total {
      let count = min(maxSlices, total / length)
      let stride = total / count
      var ksr: [Double] = []
      var csr: [Double] = []
      for slice in 0..<count {
        let (summary, _) = try benchmark.run(
          trained.copy(), sentences: Self.words(sentences, from: slice * stride, count: length), firstIndex: slice * stride)
        ksr.append(summary.ksr)
        csr.append(summary.csr)
      }
      points.append(.init(
        length: length, slices: count, ksrMean: Self.mean(ksr), ksrStd: Self.standardDeviation(ksr),
        csrMean: Self.mean(csr), csrStd: Self.standardDeviation(csr)))
    }
    return points
  }

  /// Words `start ..< start + count` of the text, keeping sentence boundaries (a sentence cut by the
  /// slice start loses its earlier words as context).
  static func words(_ sentences: [[String]], from start: Int, count: Int) -> [[String]] {
    var result: [[String]] = []
    var position = 0
    let end = start + count
    for sentence in sentences {
      let next = position + sentence.count
      defer { position = next }
      guard next > start else { continue }
      guard position < end else { break }
      result.append(Array(sentence[max(0, start - position)..<min(sentence.count, end - position)]))
    }
    return result
  }

  static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

  static func standardDeviation(_ values: [Double]) -> Double? {
    guard values.count > 1 else { return nil }
    let m = mean(values)
    return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count - 1)).squareRoot()
  }
}
