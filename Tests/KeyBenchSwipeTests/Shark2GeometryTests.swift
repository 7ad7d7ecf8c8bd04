import KeyBenchGeometry
import KeyBenchSwipe
import Testing

/// The geometry under SHARK2's two channels.
@Suite struct Shark2GeometryTests {
  @Test func resampleSpacesPointsEquallyAlongThePath() {
    var xs: [Double] = []
    var ys: [Double] = []
    // An L: 3 right, then 1 down; 5 points are 1 apart along the path.
    let path = [Point(x: 0, y: 0), Point(x: 3, y: 0), Point(x: 3, y: 1)]
    Shark2Geometry.resample(path, count: 5, xs: &xs, ys: &ys)
    #expect(xs == [0, 1, 2, 3, 3])
    #expect(ys == [0, 0, 0, 0, 1])
    Shark2Geometry.resample([Point(x: 2, y: 5)], count: 3, xs: &xs, ys: &ys)
    #expect(xs == [2, 2, 2] && ys == [5, 5, 5])
  }

  @Test func normalisingRemovesPositionAndSize() {
    var sx: [Double] = [], sy: [Double] = []
    var tx: [Double] = [], ty: [Double] = []
    let xs = [0.0, 2, 4], ys = [0.0, 1, 0]
    Shark2Geometry.normalise(xs, ys, into: &sx, &sy)
    Shark2Geometry.normalise(xs.map { $0 * 3 + 10 }, ys.map { $0 * 3 - 7 }, into: &tx, &ty)
    let weights = [1.0, 1, 1].map { $0 / 3 }
    #expect(Shark2Geometry.weightedMeanDistance(sx, sy, tx, ty, weights: weights) < 1e-12)
    #expect(abs((sx.max()! - sx.min()!) - 1) < 1e-12, "the larger side becomes 1")
    #expect(abs(sx.reduce(0, +)) < 1e-12 && abs(sy.reduce(0, +)) < 1e-12, "the centroid moves to the origin")
  }

  @Test func locationWeightsFavourTheEndsAndSumToOne() {
    let weights = Shark2Geometry.locationWeights(count: 5, endWeight: 3)
    #expect(abs(weights.reduce(0, +) - 1) < 1e-12)
    #expect(abs(weights[0] / weights[2] - 3) < 1e-12 && weights[0] == weights[4])
    let flat = Shark2Geometry.locationWeights(count: 4, endWeight: 1)
    #expect(flat.allSatisfy { abs($0 - 0.25) < 1e-12 })
  }
}
