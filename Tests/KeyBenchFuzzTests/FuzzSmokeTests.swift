import KeyBenchFuzz
import Testing

@Suite struct FuzzSmokeTests {
  @Test func targetsAreNamedUniquely() {
    let names = FuzzTargets.all.map(\.name)
    #expect(Set(names).count == names.count)
  }
}
