import Foundation
import KeyBenchTestSupport
import Testing

/// Timings made by a suite instead of a script's loop: `keybench-ingest --measure` as a step
/// repeated in interleaved rounds, read by a page as the median of its rounds (Suites/ingest.json).
@Suite struct MeasuringStepTests {
  /// One round's numbers as JSON, and no lexicon database is made or opened.
  @Test func ingestMeasureWritesOneRoundAndTouchesNoDatabase() throws {
    let dir = try TemporaryDirectory()
    let tool = TestPaths.productsDirectory.appendingPathComponent("keybench-ingest").path
    let measured = try Run.tool(tool, [TestPaths.fixture("mini.combined"), "--measure", "--out", dir.path("m.json")], directory: dir.url)
    #expect(measured.status == 0, "\(measured.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("m.json"))) as? [String: Any])
    #expect(object["name"] as? String == "de" && object["words"] as? Int == 22, "\(object)")
    for field in ["ingest_ms", "replace_ms", "load_ms"] {
      let value = try #require(object[field] as? Double, "\(field)")
      #expect(value > 0 && value < 60_000, "\(field): \(value)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.path(".keybench")), "--measure made a database")

    for (arguments, message) in [
      (["--measure"], "give exactly one"),
      ([TestPaths.fixture("mini.combined"), "--measure", "--db", dir.path("x.sqlite")], "leave out --db"),
      ([TestPaths.fixture("mini.combined"), "--measure", "--verify"], "leave out --verify"),
      ([TestPaths.fixture("mini.combined"), "--out", dir.path("y.json")], "--out goes with --export NAME or --measure"),
    ] {
      let refused = try Run.tool(tool, arguments, directory: dir.url)
      #expect(refused.status == 64 && refused.stderr.contains(message), "\(arguments): \(refused.status) \(refused.stderr)")
    }
  }

  /// A suite of measuring steps alone: every round runs (its own key), rounds interleave, runs
  /// and pages read round 1 as NAME and all rounds as NAME#*; a rerun measures nothing again.
  @Test func repeatedStepsRunInterleavedRoundsThatPagesRead() throws {
    let dir = try TemporaryDirectory()
    let list = TestPaths.fixture("mini.combined")
    let suite = try dir.write(
      "ingest.json",
      text: """
        {"keybench_suite": 1, "name": "ingest",
         "steps": [{"name": "a", "tool": "keybench-ingest", "args": ["\(list)", "--measure"], "output": "a.json", "repeat": 3},
                   {"name": "b", "tool": "keybench-ingest", "args": ["\(list)", "--measure", "--name", "b"], "output": "b.json", "repeat": 2}],
         "figures": [{"page": "ingest", "tables": [{"label": "list", "columns": [{"title": "words"}, {"title": "median ms", "unit": "ms"}],
           "rows": [{"label": "a", "values": ["a:words", "median(a#*:ingest_ms)"]}, {"label": "b", "values": ["b:words", "max(b#*:load_ms)"]}]}]}]}
        """)
    let run = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("out")])
    #expect(run.status == 0, "\(run.stderr)")
    let order = run.stderr.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("suite: step "), let colon = line.dropFirst(12).firstIndex(of: ":") else { return nil }
      return String(line.dropFirst(12)[..<colon])
    }
    #expect(order == ["a", "b", "a#2", "b#2", "a#3"], "\(run.stderr)")
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("out/plan.json"))) as? [String: Any])
    let keys = (plan["items"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
    #expect(keys.count == 5 && Set(keys).count == 5, "\(keys)")
    let report = try Run.product("keybench-suite", ["report", dir.path("out"), "--pages", dir.path("pages")])
    #expect(report.status == 0, "\(report.stderr)")
    let board = try Run.product("keybench-suite", ["report", dir.path("out")])
    #expect(board.status == 2 && board.stderr.contains("has steps only, so no leaderboard"), "\(board.stderr)")
    let page = try String(contentsOfFile: dir.path("pages/ingest.md"), encoding: .utf8)
    #expect(page.contains("| a | 22 | ") && page.contains("| b | 22 | ") && !page.contains("missing"), "\(page)")
    let again = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("out")])
    #expect(again.stdout.contains("steps: 0 ran, 5 cached"), "\(again.stdout)")
    // A step's rounds are bounded like a run's.
    let many = try dir.write("many.json", text: #"{"keybench_suite": 1, "steps": [{"name": "a", "tool": "keybench-ingest", "args": ["x", "--measure"], "output": "a.json", "repeat": 101}]}"#)
    let refused = try Run.product("keybench-suite", ["run", many, "--out", dir.path("o2"), "--dry-run"])
    #expect(refused.status == 2 && refused.stderr.contains("steps[0] \"a\".repeat: a whole number of rounds from 1 to 100"), "\(refused.stderr)")
  }
}
