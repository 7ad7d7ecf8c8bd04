import Foundation
public import KeyBenchGeometry

/// Shape statistics of a swipe corpus, the quantities a synthetic model is calibrated on.
///
/// Per gesture, on the layout it was drawn on:
/// - points and duration (ms);
/// - path length ÷ the word's key-centre polyline length (words with two or more keys);
/// - start and end offset: distance of the first/last point from the first/last key centre,
///   in key widths;
/// - turning angle at each interior letter key: at the trace point nearest the key (searched in
///   order along the trace), the angle between the directions half a key width before and after
///   (0° straight on, 180° reversal).
public struct SwipeStatistics: Sendable {
  public var gestures = 0
  /// Gestures whose layout could not be resolved or whose word has no key on it.
  public var skipped = 0
  public var points = Distribution()
  public var duration = Distribution()
  public var lengthRatio = Distribution()
  public var startOffset = Distribution()
  public var endOffset = Distribution()
  /// Signed vertical offsets of the first and last points from their keys' centres, key widths,
  /// positive below: the systematic offset of touches (fingers land below their targets).
  public var startOffsetY = Distribution()
  public var endOffsetY = Distribution()
  public var turningAngle = Distribution()

  /// Collects statistics over `gestures`, resolving each gesture's layout with `layouts`.
  public init(gestures: some Sequence<SwipeGesture>, layouts: (LayoutReference) -> KeyboardLayout?) {
    var points: [Double] = []
    var duration: [Double] = []
    var ratio: [Double] = []
    var start: [Double] = []
    var end: [Double] = []
    var startY: [Double] = []
    var endY: [Double] = []
    var turning: [Double] = []
    for gesture in gestures {
      guard let layout = layouts(gesture.layout), let path = layout.path(for: gesture.word),
        let first = gesture.points.first, let last = gesture.points.last
      else {
        skipped += 1
        continue
      }
      self.gestures += 1
      let trace = gesture.points.map { Point(x: $0.x, y: $0.y) }
      points.append(Double(trace.count))
      duration.append(gesture.duration)
      let keyWidth = path.keys[0].width
      start.append(Point(x: first.x, y: first.y).distance(to: path.start) / keyWidth)
      end.append(Point(x: last.x, y: last.y).distance(to: path.end) / path.keys[path.keys.count - 1].width)
      startY.append((first.y - path.start.y) / keyWidth)
      endY.append((last.y - path.end.y) / path.keys[path.keys.count - 1].width)
      if path.keys.count > 1 && path.length > 0 {
        ratio.append(trace.pathLength / path.length)
      }
      turning += Self.turningAngles(trace: trace, path: path)
    }
    self.points = Distribution(points)
    self.duration = Distribution(duration)
    self.lengthRatio = Distribution(ratio)
    self.startOffset = Distribution(start)
    self.endOffset = Distribution(end)
    self.startOffsetY = Distribution(startY)
    self.endOffsetY = Distribution(endY)
    self.turningAngle = Distribution(turning)
  }

  /// Turning angles (degrees) of the trace at the word's interior keys.
  static func turningAngles(trace: [Point], path: WordPath) -> [Double] {
    guard path.keys.count > 2, trace.count > 2 else { return [] }
    var arc = [0.0]
    for (a, b) in zip(trace, trace.dropFirst()) { arc.append(arc[arc.count - 1] + a.distance(to: b)) }
    var angles: [Double] = []
    var searchFrom = 0
    for key in path.keys.dropFirst().dropLast() {
      // The nearest point at or after the previous key's match keeps keys in trace order.
      guard searchFrom < trace.count,
        let nearest = (searchFrom..<trace.count).min(by: {
          trace[$0].squaredDistance(to: key.center) < trace[$1].squaredDistance(to: key.center)
        })
      else { break }
      searchFrom = nearest
      let reach = key.width / 2
      guard let before = (0..<nearest).last(where: { arc[nearest] - arc[$0] >= reach }),
        let after = ((nearest + 1)..<trace.count).first(where: { arc[$0] - arc[nearest] >= reach })
      else { continue }
      let incoming = trace[before].angle(to: trace[nearest])
      let outgoing = trace[nearest].angle(to: trace[after])
      angles.append(angularDifference(incoming, outgoing) * 180 / .pi)
    }
    return angles
  }
}
