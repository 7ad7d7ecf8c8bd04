import Foundation
@testable import KeyBenchCore
import Testing

/// The reading a parent hands its runs: written and read back as the same figure, time and
/// measurer; anything malformed or out of range is refused (the run then measures its own).
@Suite struct MachineReferenceTests {
  @Test func aHandedOnReadingNamesItsMeasurer() throws {
    let own = MachineReference.Reading(seconds: 0.148, measured: Date(timeIntervalSince1970: 1_795_999_123.5), measuredBy: "this process")
    let value = MachineReference.environmentValue(own)
    let read = try #require(MachineReference.parse(value))
    #expect(read.seconds == 0.148)
    #expect(read.measured == own.measured)
    #expect(read.measuredBy.hasSuffix(" pid \(getpid())") && !read.isOwn, "\(read.measuredBy)")
    // A child passes its parent's reading on unchanged.
    #expect(MachineReference.parse(MachineReference.environmentValue(read)) == read)
  }

  @Test func malformedValuesAreRefused() {
    for text in ["", "0.1", "x 1795999123 keybench-suite 4", "0 1795999123 keybench-suite 4", "-1 1795999123 keybench-suite 4",
      "0.1 1795999123 keybench-suite 0", "0.1 nan keybench-suite 4", "0.1 1795999123 keybench-suite 4 extra", "inf 1 a 4"]
    {
      #expect(MachineReference.parse(text) == nil, "\(text)")
    }
  }

  @Test func ownMeasurementIsPositive() {
    let reading = MachineReference.measureNow()
    #expect(reading.isOwn && reading.seconds > 0 && reading.seconds.isFinite)
  }
}
