import KeyBenchResults

/// The 95 % intervals a run's summary declares (`statistics`), looked up by algorithm and metric
/// for the figures' whiskers; empty for a run written without them.
struct RunIntervals {
  private var byKey: [String: ClosedRange<Double>] = [:]

  init(_ run: RunFolder) {
    guard let statistics = run.statistics else { return }
    for m in statistics.metrics {
      guard let low = m.low, let high = m.high, low <= high else { continue }
      byKey["\(m.algorithm)\u{0}\(m.name)"] = low...high
    }
  }

  /// The interval in percent (for the charts' percent axes).
  func percent(_ algorithm: String, _ metric: String) -> ClosedRange<Double>? {
    byKey["\(algorithm)\u{0}\(metric)"].map { ($0.lowerBound * 100)...($0.upperBound * 100) }
  }
}
