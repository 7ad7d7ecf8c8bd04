import KeyBenchCore
import Testing

/// `LO:HI:STEP` as a suite grid and `keybench-sweep --param` both read it.
@Suite struct NumericRangeTests {
  @Test func stepsLandOnTidyValuesWithTheEndIncluded() throws {
    #expect(try NumericRange.values("0.3:0.7:0.1") == [0.3, 0.4, 0.5, 0.6, 0.7])
    #expect(try NumericRange.values("1.5:2.5:0.25") == [1.5, 1.75, 2, 2.25, 2.5])
    #expect(try NumericRange.values("2:2:1") == [2])
    // A step that does not divide the span stops before HI.
    #expect(try NumericRange.values("0:1:0.3") == [0, 0.3, 0.6, 0.9])
  }

  @Test func oneLimitAndOneMessage() throws {
    #expect(try NumericRange.values("0:999:1").count == NumericRange.maximumValues)
    let tooMany = try #require(throws: NumericRange.Problem.self) { try NumericRange.values("0:1000:1") }
    #expect(tooMany.description == "'0:1000:1' gives 1001 values; a range gives at most 1,000 values")
    let endless = try #require(throws: NumericRange.Problem.self) { try NumericRange.values("0:1e300:1e-300") }
    #expect(endless.description.contains("infinitely many"))
    for bad in ["5:1:1", "0:1:0", "0:1", "a:1:1", "0:1:-1", "0:inf:1"] {
      #expect(throws: NumericRange.Problem.self) { try NumericRange.values(bad) }
    }
  }
}
