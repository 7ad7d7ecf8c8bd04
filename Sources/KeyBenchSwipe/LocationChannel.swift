public import KeyBenchGeometry

/// Where the finger went, compared point by point with where a word's keys are: the location
/// channel of SHARK2 (Kristensson & Zhai 2004), used by the seed-000 decoder as a cheap first
/// pass and as a second score beside DTW (KeyBench extension).
///
/// Trace and word are both resampled at `count` points spaced equally along their paths; the
/// channel is the mean distance (pitches) between corresponding points. Unlike DTW it cannot warp,
/// so it is a few hundred operations per word — cheap enough to rank every filtered candidate and
/// keep only the best for DTW — and it penalises words whose keys the trace passes in the wrong
/// proportions, which DTW's free warping forgives.
public struct LocationChannel: Sendable {
  /// The trace's equidistant samples, pitches.
  public let samples: [Point]

  /// - Precondition: `trace` is not empty and `count` ≥ 2 (the config's range).
  public init(trace: [Point], count: Int) {
    var xs: [Double] = []
    var ys: [Double] = []
    Shark2Geometry.resample(trace, count: count, xs: &xs, ys: &ys)
    samples = zip(xs, ys).map { Point(x: $0, y: $1) }
  }

  /// Mean distance between the trace samples and the same number of samples along the polyline
  /// through `centres` of `keys` (whose length is `length`), walking the polyline once.
  public func meanDistance(keys: [UInt8], centres: [Point], length: Double) -> Double {
    keys.withUnsafeBufferPointer { keys in
      centres.withUnsafeBufferPointer { centres in
        meanDistance(keys: keys, centres: centres, length: length) { centres[Int($0)].distance(to: centres[Int($1)]) }
      }
    }
  }

  /// The same over buffers, for the decoder's flat key storage (no copies per word), with the
  /// distance between two keys' centres from `centreDistance` (the decoder reads it from a table
  /// instead of taking a square root per segment).
  @inline(__always)
  func meanDistance(
    keys: UnsafeBufferPointer<UInt8>, centres: UnsafeBufferPointer<Point>, length: Double,
    centreDistance: (UInt8, UInt8) -> Double
  ) -> Double {
    let n = samples.count
    guard n > 0, let first = keys.first else { return 0 }
    guard keys.count > 1, length > 0 else {
      let key = centres[Int(first)]
      return samples.reduce(0) { $0 + $1.distance(to: key) } / Double(n)
    }
    let step = length / Double(n - 1)
    var total = 0.0
    var segment = 1
    var from = centres[Int(keys[0])]
    var to = centres[Int(keys[1])]
    var segmentLength = centreDistance(keys[0], keys[1])
    var travelled = 0.0  // path length at `from`
    for i in 0..<n {
      let target = min(Double(i) * step, length)
      while travelled + segmentLength < target && segment + 1 < keys.count {
        travelled += segmentLength
        segment += 1
        from = to
        to = centres[Int(keys[segment])]
        segmentLength = centreDistance(keys[segment - 1], keys[segment])
      }
      let t = segmentLength > 0 ? min(1, max(0, (target - travelled) / segmentLength)) : 0
      let point = Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
      total += samples[i].distance(to: point)
    }
    return total / Double(n)
  }
}
