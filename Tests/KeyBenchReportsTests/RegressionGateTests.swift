import KeyBenchCore
import KeyBenchReports
import Testing

@Suite struct RegressionGateTests {
  /// What the summaries declare (`metric_kinds`), as a swipe and a touch run would.
  static let declared: [String: MetricKind] = [
    "top1": .accuracy, "top4": .accuracy, "mrr": .accuracy, "decode_ms_median": .time, "gestures": .count, "key_error_rate": .errorRate,
    "ms_per_query": .time, "recall_at_3": .accuracy, "false_suggestion_rate": .errorRate,
  ]

  /// Kinds come from the declarations, by a metric's last name component; a name nobody declared
  /// is shown, never judged, however much it looks like an accuracy.
  @Test func judgesWhatTheSummariesDeclare() {
    var gate = RegressionGate()
    gate.kinds = Self.declared
    #expect(gate.kind(of: "best.ms_per_query") == .time)
    #expect(gate.kind(of: "best.recall_at_3") == .accuracy)
    #expect(gate.kind(of: "best.false_suggestion_rate") == .errorRate)
    #expect(gate.kind(of: "best.top9") == .count)
    let checks = gate.compare(baseline: ["top9": 0.9, "top1": 0.9], current: ["top9": 0.1, "top1": 0.1])
    #expect(checks.map(\.verdict) == [.regression, .info])
  }

  @Test func judgesAccuracyInPointsAndShowsTimingsUnjudged() {
    var gate = RegressionGate(defaultMaxDrop: 1, maxDrop: ["mrr": 0.1])
    gate.kinds = Self.declared
    let checks = gate.compare(
      baseline: ["top1": 0.80, "mrr": 0.70, "decode_ms_median": 2, "gestures": 100, "resolvers.static.key_error_rate": 0.05, "kept": 0.5],
      current: ["top1": 0.795, "mrr": 0.698, "decode_ms_median": 5, "gestures": 50, "resolvers.static.key_error_rate": 0.07])
    let verdict = Dictionary(uniqueKeysWithValues: checks.map { ($0.metric, $0.verdict) })
    #expect(verdict["top1"] == .pass)  // −0.5 points, within 1
    #expect(verdict["mrr"] == .regression)  // −0.2 points, over its own 0.1
    #expect(verdict["decode_ms_median"] == .info)  // 2.5× slower in one sample each: not judged
    #expect(checks.first { $0.metric == "decode_ms_median" }?.delta.hasPrefix("2.50×") == true)
    #expect(verdict["gestures"] == .info)
    #expect(verdict["resolvers.static.key_error_rate"] == .regression)  // +2 points of errors
    #expect(verdict["kept"] == .info)  // not a judged name: missing is only information
    #expect(gate.compare(baseline: ["top4": 0.9], current: [:])[0].verdict == .missing)
  }
}
