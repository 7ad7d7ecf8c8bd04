import KeyBenchGeometry
import Testing

/// How close a trace came to a point (the swipe decoder's coverage term asks it of every key).
@Suite struct PolylineDistanceTests {
  @Test func distanceToAPolylineProjectsOntoEverySegment() {
    let path = [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 3)]
    func distance(_ x: Double, _ y: Double, _ trace: [Point] = path) -> Double {
      trace.polylineDistance(to: Point(x: x, y: y))
    }
    #expect(abs(distance(2, 1) - 1) < 1e-12)  // above the first segment
    #expect(abs(distance(5, 2) - 1) < 1e-12)  // beside the last segment
    #expect(abs(distance(4, 5) - 2) < 1e-12)  // beyond the last point
    #expect(abs(distance(-3, -4) - 5) < 1e-12)  // before the first point
    #expect(distance(4, 1.5) == 0)  // on the path
    #expect(abs(distance(1, 1, [Point(x: 1, y: 3)]) - 2) < 1e-12)  // a one-point trace (a tap)
    #expect(distance(0, 0, []) == .infinity)
  }
}
