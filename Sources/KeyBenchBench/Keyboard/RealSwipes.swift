import Foundation
import KeyBenchCore
import KeyBenchCorpora
public import KeyBenchGeometry

/// Real swipes (How We Swipe) of the words the typists swipe, moved onto the run's keyboard.
///
/// A human gesture of the same word is the most honest swipe to ask a keyboard about; it was made
/// on another keyboard, so its points are carried over by the per-axis linear map that best takes
/// the source layout's letter-key centres to the target's (least squares over the letters both
/// have): QWERTY rows keep their stagger, so the trace still passes the same keys in the same way.
public struct RealSwipes: Sendable {
  /// Traces by lower-cased word, each already on the target layout, in corpus order.
  public let traces: [String: [[TimedPoint]]]
  /// Gestures read, kept (accepted, layout known, mapped) and the words they cover.
  public let read: Int
  public let kept: Int

  /// Reads `path` (a keybench-swipes corpus) and maps its accepted gestures onto `target`.
  public init(path: String, target: KeyboardLayout, catalog: DeviceCatalog) throws {
    let resolver = LayoutResolver(catalog: catalog)
    var traces: [String: [[TimedPoint]]] = [:]
    var read = 0, kept = 0
    var maps: [LayoutReference: ((Double) -> Double, (Double) -> Double)?] = [:]
    try SwipeCorpus.read(path: path, layouts: nil) { gesture in
      read += 1
      guard gesture.flags.isEmpty, gesture.points.count >= 2 else { return }
      let mapping: ((Double) -> Double, (Double) -> Double)?
      if let cached = maps[gesture.layout] {
        mapping = cached
      } else {
        mapping = resolver.layout(for: gesture.layout).flatMap { Self.map(from: $0, to: target) }
        maps[gesture.layout] = .some(mapping)
      }
      guard let map = mapping else { return }
      kept += 1
      traces[gesture.word.lowercased(), default: []].append(gesture.points.map { TimedPoint(x: map.0($0.x), y: map.1($0.y), t: $0.t) })
    }
    guard kept > 0 else { throw CommandFailure("\(path): no accepted gesture on a known layout to swipe with") }
    (self.traces, self.read, self.kept) = (traces, read, kept)
  }

  /// The per-axis least-squares map from `source`'s letter centres to `target`'s; nil when they
  /// share fewer than three letters.
  static func map(from source: KeyboardLayout, to target: KeyboardLayout) -> ((Double) -> Double, (Double) -> Double)? {
    let pairs = source.letterKeys.compactMap { key in key.letter.flatMap { target.key(for: $0) }.map { (key.center, $0.center) } }
    guard pairs.count >= 3 else { return nil }
    func fit(_ xs: [Double], _ ys: [Double]) -> ((Double) -> Double)? {
      let n = Double(xs.count)
      let mx = xs.reduce(0, +) / n, my = ys.reduce(0, +) / n
      let sxx = zip(xs, xs).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - mx) }
      guard sxx > 0 else { return nil }
      let slope = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / sxx
      return { my + slope * ($0 - mx) }
    }
    guard let x = fit(pairs.map(\.0.x), pairs.map(\.1.x)), let y = fit(pairs.map(\.0.y), pairs.map(\.1.y)) else { return nil }
    return (x, y)
  }
}
