import KeyBenchResults
import Testing

@Suite struct HolmTests {
  /// [0.01, 0.04, 0.03, 0.005], m = 4. Sorted: 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 gives
  /// 0.02, 0.03, 0.06, 0.04; the running maximum makes the last 0.06. In input order:
  /// [0.03, 0.06, 0.06, 0.02].
  @Test func workedByHand() {
    let adjusted = Holm.adjust([0.01, 0.04, 0.03, 0.005])
    let expected = [0.03, 0.06, 0.06, 0.02]
    #expect(adjusted.count == 4)
    for (value, want) in zip(adjusted, expected) { #expect(abs(value - want) < 1e-15) }
  }

  @Test func matchesStatsmodels() throws {
    for reference in try StatisticsReference.load().holm {
      let adjusted = Holm.adjust(reference.pValues)
      #expect(adjusted.count == reference.adjusted.count)
      for (value, want) in zip(adjusted, reference.adjusted) {
        #expect(abs(value - want) < 1e-15, "\(reference.pValues): \(adjusted) vs \(reference.adjusted)")
      }
    }
  }

  @Test func monotoneCappedAndOrderPreserving() {
    let p = [0.5, 0.6, 0.001, 0.2, 0.001]
    let adjusted = Holm.adjust(p)
    for i in p.indices {
      #expect(adjusted[i] >= p[i] && adjusted[i] <= 1)
      for j in p.indices where p[i] <= p[j] { #expect(adjusted[i] <= adjusted[j]) }
    }
    // 0.5·3 and 0.6·1 both cap at 1.
    #expect(adjusted[0] == 1 && adjusted[1] == 1)
    #expect(Holm.adjust([]) == [])
    #expect(Holm.adjust([0.03]) == [0.03])
  }
}
