import Foundation
import KeyBenchTestSupport
import Testing

/// Where a result's machine reference came from: a run on its own measures it and says so; a run
/// started by a suite records the suite's one reading (figure, measurer and time), the same in
/// every run of the suite.
@Suite struct MachineReferenceCommandTests {
  static func host(_ folder: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("summary.json"))
    let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require((summary["provenance"] as? [String: Any])?["host"] as? [String: Any])
  }

  @Test func aRunRecordsWhoMeasuredItsReference() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 4, seed: 3)
    let alone = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", dir.path("alone")],
      environment: ["KEYBENCH_MACHINE_REFERENCE": ""])
    #expect(alone.status == 0, "\(alone.stderr)")
    let own = try #require(try Self.host(dir.path("alone"))["machine_reference"] as? [String: Any])
    #expect(own["measured_by"] as? String == "this process")
    #expect((own["method"] as? String)?.contains("SHA-256") == true)

    let handed = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", dir.path("handed")],
      environment: ["KEYBENCH_MACHINE_REFERENCE": "0.5 1795999123 keybench-suite 4242"])
    #expect(handed.status == 0, "\(handed.stderr)")
    let host = try Self.host(dir.path("handed"))
    #expect(host["machine_reference_seconds"] as? Double == 0.5)
    let reference = try #require(host["machine_reference"] as? [String: Any])
    #expect(reference["measured_by"] as? String == "keybench-suite pid 4242")
    #expect(reference["measured_utc"] as? String == "2026-11-30T00:38:43Z")
    let report = try String(contentsOfFile: dir.path("handed/report.md"), encoding: .utf8)
    #expect(report.contains("machine reference 0.500 s") && report.contains("measured by keybench-suite pid 4242"), "\(report)")

    let bad = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", dir.path("bad")],
      environment: ["KEYBENCH_MACHINE_REFERENCE": "fast"])
    #expect(bad.status == 0 && bad.stderr.contains("ignoring KEYBENCH_MACHINE_REFERENCE='fast'"), "\(bad.stderr)")
    #expect((try Self.host(dir.path("bad"))["machine_reference"] as? [String: Any])?["measured_by"] as? String == "this process")
  }

  @Test func aSuitesRunsShareTheSuitesReading() throws {
    let dir = try TemporaryDirectory()
    let suite = try SuiteCommandTests.suite(in: dir, seeds: [1, 2])
    let result = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("out")], environment: ["KEYBENCH_MACHINE_REFERENCE": ""])
    #expect(result.status == 0, "\(result.stderr)")
    let hosts = try [1, 2].map { try Self.host(dir.path("out/runs/gesture[seed=\($0)]")) }
    let references = try hosts.map { try #require($0["machine_reference"] as? [String: Any]) }
    let measurer = try #require(references[0]["measured_by"] as? String)
    #expect(measurer.hasPrefix("keybench-suite pid "), "\(measurer)")
    #expect(references[1]["measured_by"] as? String == measurer)
    #expect(references[1]["measured_utc"] as? String == references[0]["measured_utc"] as? String)
    #expect(hosts[0]["machine_reference_seconds"] as? Double == hosts[1]["machine_reference_seconds"] as? Double)
  }
}
