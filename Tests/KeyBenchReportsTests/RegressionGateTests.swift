import KeyBenchReports
import Testing

@Suite struct RegressionGateTests {
  @Test func judgesPhotoMetricsByName() {
    #expect(RegressionGate.kind(of: "best.ms_per_query") == .time)
    #expect(RegressionGate.kind(of: "best.recall_at_3") == .accuracy)
    #expect(RegressionGate.kind(of: "best.false_suggestion_rate") == .errorRate)
  }

  @Test func judgesAccuracyInPointsAndShowsTimingsUnjudged() {
    let gate = RegressionGate(defaultMaxDrop: 1, maxDrop: ["mrr": 0.1])
    let checks = gate.compare(
      baseline: ["top1": 0.80, "mrr": 0.70, "decode_ms_median": 2, "gestures": 100, "resolvers.static.key_error_rate": 0.05, "kept": 0.5],
      current: ["top1": 0.795, "mrr": 0.698, "decode_ms_median": 5, "gestures": 50, "resolvers.static.key_error_rate": 0.07])
    let verdict = Dictionary(uniqueKeysWithValues: checks.map { ($0.metric, $0.verdict) })
    #expect(verdict["top1"] == .pass)  // −0.5 points, within 1
    #expect(verdict["mrr"] == .regression)  // −0.2 points, over its own 0.1
    #expect(verdict["decode_ms_median"] == .info)  // 2.5× slower in one sample each: not judged
    #expect(checks.first { $0.metric == "decode_ms_median" }?.delta.hasPrefix("×2.50") == true)
    #expect(verdict["gestures"] == .info)
    #expect(verdict["resolvers.static.key_error_rate"] == .regression)  // +2 points of errors
    #expect(verdict["kept"] == .info)  // not a judged name: missing is only information
    #expect(RegressionGate().compare(baseline: ["top4": 0.9], current: [:])[0].verdict == .missing)
  }
}
