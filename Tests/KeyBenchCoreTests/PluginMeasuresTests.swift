import KeyBenchCore
import Testing

@Suite struct PluginMeasuresTests {
  /// The plug-in: 15 s asleep on one item of 60 while reporting 5 µs. The pipe stays the
  /// protocol's cost; the 15 s show up as unreported time, not as pipe.
  @Test func timeOutsideTimeUsIsUnreportedNotPipe() {
    var trips = Array(repeating: 25.0, count: 60)
    trips[17] = 15_000_025
    let measures = PluginMeasures.from(
      loadSeconds: 1.5, roundTrips: trips, reported: Array(repeating: 5, count: 60), failedItems: 0, outOfLexiconItems: 0)
    #expect(measures.ownMicroseconds == 5)
    #expect(measures.pipeMicroseconds == 20)
    #expect(measures.unreportedMicroseconds == 15_000_000.0 / 60)
    #expect(measures.loadSeconds == 1.5)
    let metrics = Dictionary(uniqueKeysWithValues: measures.metrics(per: "word").map { ($0.0, $0.1) })
    #expect(metrics["pipe_us_per_word"] == 20)
    #expect(metrics["plugin_load_seconds"] == 1.5)
    #expect(metrics["plugin_failed_items"] == 0)
  }

  @Test func withoutTimeUsOnlyTheRoundTripAndLoadAreKnown() {
    let measures = PluginMeasures.from(loadSeconds: 0.2, roundTrips: [10, 30], reported: [nil, nil], failedItems: 1, outOfLexiconItems: nil)
    #expect(measures.ownMicroseconds == nil && measures.pipeMicroseconds == nil && measures.unreportedMicroseconds == nil)
    #expect(measures.roundTripMicroseconds == 20)
    #expect(measures.cells == ["not reported", "not reported", "not reported", "0.200 s"])
    let names = measures.metrics(per: "gesture").map(\.0)
    #expect(names == ["plugin_load_seconds", "plugin_failed_items"])
  }
}
