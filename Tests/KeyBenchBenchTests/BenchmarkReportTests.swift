import KeyBenchBench
import KeyBenchResults
import Testing

/// The declarations every benchmark makes through ``BenchmarkReport``.
@Suite struct BenchmarkReportTests {
  @Test func everyBenchmarkIsNamedAfterItsSubcommand() {
    let names = [
      SwipeReport.benchmark, CorrectionReport.benchmark, TouchReport.benchmark, GestureReport.benchmark, PredictionReport.benchmark,
      PhotoReport.benchmark,
    ]
    #expect(names == ["swipe", "correct", "touch", "gesture", "predict", "photos"])
  }

  /// Every metric computed from rows says what it measures, once per benchmark, so the statistics
  /// and the gate read it from the declaration (its direction included), never from its name.
  @Test func everyRowMetricIsDeclaredOnceWithADescription() {
    let declared: [(String, [RowMetric])] = [
      ("swipe", SwipeReport.rowMetrics(top: 4)), ("correct", CorrectionReport.rowMetrics(top: 4)),
      ("touch", TouchReport.rowMetrics(simulated: true, real: true)), ("gesture", GestureReport.rowMetrics),
      ("predict", PredictionReport.rowMetrics), ("photos", PhotoReport.rowMetrics(librarySize: 50, negatives: 0.1)),
    ]
    for (benchmark, metrics) in declared {
      #expect(!metrics.isEmpty, "\(benchmark)")
      #expect(Set(metrics.map(\.name)).count == metrics.count, "\(benchmark): a metric name declared twice")
      for metric in metrics { #expect(!metric.description.isEmpty, "\(benchmark): \(metric.name) has no description") }
    }
  }
}
