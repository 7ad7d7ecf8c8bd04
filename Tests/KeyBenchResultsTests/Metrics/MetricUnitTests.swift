import KeyBenchResults
import Testing

/// One reading of units from metric names, for reports and sweeps alike.
@Suite struct MetricUnitTests {
  @Test func namesImplyTheirUnits() {
    for share in ["top1", "decoders.shark2.top4", "top1_low", "in_lexicon_top1", "mrr", "ksr_3", "filters.length.recall", "filters.length.kept_median", "coverage", "false_correction_rate", "accuracy"] {
      #expect(MetricUnit.implied(by: share) == "fraction", "\(share)")
    }
    #expect(MetricUnit.implied(by: "decode_ms_median") == "ms")
    #expect(MetricUnit.implied(by: "time_us_mean") == "µs")
    #expect(MetricUnit.implied(by: "resolvers.static.ns_per_touch") == "ns")
    #expect(MetricUnit.implied(by: "predictions_per_second") == "per s")
    #expect(MetricUnit.implied(by: "peak_resident_mib") == "MiB")
    // Counts are plain numbers, even when a share-like word is inside another component.
    for count in ["gestures", "dtw_columns_mean", "top_words", "recall.count"] {
      #expect(MetricUnit.implied(by: count) == "", "\(count)")
    }
  }
}
