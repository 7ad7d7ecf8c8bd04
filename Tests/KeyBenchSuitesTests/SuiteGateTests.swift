import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import KeyBenchTestSupport
import Testing

@testable import KeyBenchSuites

/// The suite gate's JUnit file stays readable by CI whatever the failed item's log held.
@Suite struct SuiteGateTests {
  @Test func aFailedItemsColouredLogMakesWellFormedJUnit() throws {
    let dir = try TemporaryDirectory()
    // A plug-in's standard error as a terminal shows it: colour escapes, a bell, a NUL.
    let log = try dir.write("c.log", bytes: Array("keybench-run correct …\n\u{1B}[31mboom\u{07}\u{00}\nexit 3\n".utf8))
    let item = SuitePlan.Item(
      kind: .run, name: "c", entry: "c", tool: "keybench-run", bench: "correct", arguments: [], output: nil,
      key: String(repeating: "a", count: 64), folder: dir.url)
    let failed = SuiteRunner.Outcome(item: item, state: .failed, seconds: 1, exitCode: 2, log: log)
    let junit = SuiteGate.toolFailure(failed, command: ["keybench-run", "correct"]).junit
    let document = try XMLDocument(xmlString: junit)
    let error = try #require(try document.nodes(forXPath: "//error").first)
    #expect(error.stringValue?.contains("␛[31mboom␇␀") == true, "\(junit)")
  }
}
