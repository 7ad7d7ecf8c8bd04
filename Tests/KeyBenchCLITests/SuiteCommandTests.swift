import Foundation
import KeyBenchTestSupport
import Testing

/// `keybench-suite` end to end on a small gesture suite with a grid: cached reruns, a killed run
/// that resumes to the same results, option checks against keybench-run's own help, shards and
/// their merge, the leaderboard.
@Suite struct SuiteCommandTests {
  static let text = String(repeating: "The quick brown fox jumps over the lazy dog; a puzzle for the queen. ", count: 30)

  static func suite(in dir: TemporaryDirectory, seeds: [Int], extra: String = "") throws -> String {
    let text = try dir.write("t.txt", text: Self.text)
    let scheme = TestPaths.repository.appendingPathComponent("Corpora/gesture/english.xml").path
    return try dir.write(
      "suite.json",
      text: """
        {"keybench_suite": 1, "name": "tiny",
         "runs": [{"name": "gesture", "bench": "gesture",
                   "args": {"scheme": "\(scheme)", "text": "\(text)", "device": "iphone5"\(extra)},
                   "grid": {"seed": \(seeds)}}]}
        """)
  }

  @Test func aSecondRunIsAllCachedAndMatchesTheFirst() throws {
    let dir = try TemporaryDirectory()
    let suite = try Self.suite(in: dir, seeds: [1, 2])
    let first = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("out"), "--jobs", "2"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("2 ran, 0 cached, 0 failed"))
    let before = try ProvenanceCheck.stablePart(ofRun: dir.path("out/runs/gesture[seed=1]"))
    let second = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("out")])
    #expect(second.stdout.contains("0 ran, 2 cached, 0 failed"), "\(second.stdout)")
    #expect(second.stderr.contains("gesture[seed=2]: cached"))
    #expect(try ProvenanceCheck.stablePart(ofRun: dir.path("out/runs/gesture[seed=1]")) == before)
    let status = try Run.product("keybench-suite", ["status", dir.path("out")])
    #expect(status.stdout.contains("2 of 2 finished"))
    let report = try Run.product("keybench-suite", ["report", dir.path("out")])
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stdout.contains("| ★ | 1 | gesture[seed=") && report.stdout.contains("english"), "\(report.stdout)")
    #expect(FileManager.default.fileExists(atPath: dir.path("out/leaderboard.csv")))
  }

  /// A log that cannot be written (a full disk; here a folder in its place) is reported as what it
  /// is, not as "exit 127" with an empty log (issue 43 item 13c).
  @Test func aRunWhoseLogCannotBeWrittenSaysWhy() throws {
    let dir = try TemporaryDirectory()
    let suite = try Self.suite(in: dir, seeds: [1])
    #expect(try Run.product("keybench-suite", ["run", suite, "--out", dir.path("first")]).status == 0)
    let logs = try FileManager.default.contentsOfDirectory(atPath: dir.path("first/logs")).filter { $0.hasSuffix(".log") }
    let runLog = try #require(logs.first { $0.hasPrefix("gesture") })
    try FileManager.default.createDirectory(atPath: dir.path("second/logs/\(runLog)"), withIntermediateDirectories: true)
    let second = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("second")])
    #expect(second.status == 2, "\(second.stderr)")
    #expect(second.stderr.contains("not started: cannot write its log") && !second.stderr.contains("exit 127"), "\(second.stderr)")
  }

  /// `"repeat": N` runs every run again in rounds (all runs, then all again), each round its own
  /// stored result; the gate judges round 1, the leaderboard takes the rounds' median time.
  @Test func repeatedSuitesRunInterleavedRounds() throws {
    let dir = try TemporaryDirectory()
    let plain = try Self.suite(in: dir, seeds: [1, 2])
    let text = try String(contentsOfFile: plain, encoding: .utf8)
    let suite = try dir.write("repeated.json", text: text.replacingOccurrences(of: "\"name\": \"tiny\",", with: "\"name\": \"tiny\", \"repeat\": 3,"))
    let run = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("out"), "--jobs", "1"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("6 ran, 0 cached, 0 failed"), "\(run.stdout)")
    // Interleaved: round 1 of both grid points before round 2 of either.
    let order = run.stderr.split(separator: "\n").filter { $0.contains(": done") }.map { line in
      String(line.split(separator: "]", maxSplits: 1)[1].split(separator: ":")[0]).trimmingCharacters(in: .whitespaces)
    }
    #expect(order == ["gesture[seed=1]", "gesture[seed=2]", "gesture[seed=1]#2", "gesture[seed=2]#2", "gesture[seed=1]#3", "gesture[seed=2]#3"], "\(order)")
    let plan = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.path("out/plan.json")))) as! [String: Any]
    let items = plan["items"] as! [[String: Any]]
    #expect(Set(items.compactMap { $0["key"] as? String }).count == 6, "every round its own result")
    #expect(items.filter { $0["round"] as? Int == 3 }.count == 2)
    let report = try Run.product("keybench-suite", ["report", dir.path("out")])
    #expect(report.status == 0, "\(report.stderr)")
    #expect(!report.stdout.contains("#2"), "rounds join their run's row: \(report.stdout)")
    // A round count out of range is refused, naming the field.
    let bad = try dir.write("bad.json", text: text.replacingOccurrences(of: "\"name\": \"tiny\",", with: "\"name\": \"tiny\", \"repeat\": 0,"))
    let refused = try Run.product("keybench-suite", ["run", bad, "--out", dir.path("bad")])
    #expect(refused.status == 2 && refused.stderr.contains("bad.json.repeat"), "\(refused.stderr)")
  }

  /// A run's own `"repeat"` repeats only that run (a benchmark suite's timing run sixteen times
  /// beside accuracy runs made once), its rounds interleaved with the suite's; pages read the
  /// rounds through `NAME#*` and excerpt a run's report.md.
  @Test func aRunsOwnRepeatRepeatsOnlyThatRun() throws {
    let dir = try TemporaryDirectory()
    let (suite, run, page) = try Self.runPages(
      in: dir, "bench", page: "bench",
      json: """
        {"keybench_suite": 1, "name": "bench",
         "runs": [{"name": "timed", "bench": "gesture", "repeat": 3, "args": {"scheme": "SCHEME", "text": "TEXT", "device": "iphone5", "limit": 20}},
                  {"name": "once", "bench": "gesture", "args": {"scheme": "SCHEME", "text": "TEXT", "device": "ipad4", "limit": 20}}],
         "figures": [{"page": "bench", "tables": [
           {"label": "run", "columns": [{"title": "words"}, {"title": "CER", "unit": "percent"}],
            "rows": [{"label": "timed", "values": ["median(timed#*:words)", "timed#3:schemes.english.cer"]}, {"label": "once", "values": ["once:words", "once#*:nothing"]}]},
           {"report": "once", "from": "| scheme", "until": "## "}]}]}
        """, jobs: ["--jobs", "1"])
    #expect(run.stdout.contains("4 ran, 0 cached, 0 failed"), "\(run.stdout)")
    let order = run.stderr.split(separator: "\n").filter { $0.contains(": done") }.map { line in
      String(line.split(separator: "]", maxSplits: 1)[1].split(separator: ":")[0]).trimmingCharacters(in: .whitespaces)
    }
    #expect(order == ["timed", "once", "timed#2", "timed#3"], "\(order)")
    #expect(page.contains(try Regex(#"\| timed \| 20 \| \d+\.\d\d % \|"#)), "\(page)")
    #expect(page.contains("| once | 20 | missing |"), "\(page)")
    #expect(page.contains("| scheme | CER |") && page.contains("| english (`"), "\(page)")
    // A run's round count is checked like the suite's.
    let bad = try dir.write("bad.json", text: try String(contentsOfFile: suite, encoding: .utf8).replacingOccurrences(of: "\"repeat\": 3", with: "\"repeat\": 101"))
    let refused = try Run.product("keybench-suite", ["run", bad, "--out", dir.path("bad"), "--dry-run"])
    #expect(refused.status == 2 && refused.stderr.contains(#"bad.json: runs[0] "timed".repeat: a whole number of rounds from 1 to 100"#), "\(refused.stderr)")
  }

  /// Writes `json` as NAME.json (TEXT standing for a small text, SCHEME for the English gesture
  /// scheme), runs it and writes its pages: the suite file, the run's result and the page PAGE.
  static func runPages(
    in dir: TemporaryDirectory, _ name: String, page: String, json: String, jobs: [String] = []
  ) throws -> (suite: String, run: Run.Result, page: String) {
    let text = try dir.write("t.txt", text: Self.text)
    let scheme = TestPaths.repository.appendingPathComponent("Corpora/gesture/english.xml").path
    let suite = try dir.write("\(name).json", text: json.replacingOccurrences(of: "TEXT", with: text).replacingOccurrences(of: "SCHEME", with: scheme))
    let run = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("out")] + jobs)
    #expect(run.status == 0, "\(run.stderr)")
    let report = try Run.product("keybench-suite", ["report", dir.path("out"), "--pages", dir.path("pages")])
    #expect(report.status == 0, "\(report.stderr)")
    return (suite, run, try String(contentsOfFile: dir.path("pages/\(page).md"), encoding: .utf8))
  }

  /// A page excerpts the Markdown a step wrote (`keybench-swipes stats --out`), as the
  /// calibration page shows the shape statistics of real and synthetic swipes.
  @Test func pagesExcerptAStepsMarkdown() throws {
    let dir = try TemporaryDirectory()
    let (_, _, page) = try Self.runPages(
      in: dir, "shapes", page: "calibration",
      json: """
        {"keybench_suite": 1, "name": "shapes",
         "steps": [{"name": "real", "tool": "keybench-swipes", "args": ["import-hws", "\(TestPaths.fixture("hws/raw_logs"))"], "output": "hws.jsonl"},
                   {"name": "shapes", "tool": "keybench-swipes", "args": ["stats", "${step:real}", "--label", "How We Swipe"], "output": "shapes.md"}],
         "runs": [{"name": "g", "bench": "gesture", "args": {"scheme": "SCHEME", "text": "TEXT", "device": "iphone5", "limit": 10}}],
         "figures": [{"page": "calibration", "tables": [{"title": "Shapes", "report": "shapes"}, {"report": "real"}]}]}
        """)
    #expect(page.contains("## Shapes\n\n| ") && page.contains("How We Swipe") && page.contains("| points per gesture, median |"), "\(page)")
    // A step whose output is not Markdown has nothing to excerpt.
    #expect(page.contains("`real`: missing (no report)"), "\(page)")
  }

  /// Stored text counts (`--context`, `--ngrams`) are inputs too: counts stored again from
  /// another text make the run stale, the same counts keep it cached. The run uses the default
  /// database, whose path is not on its command line.
  @Test func storedTextCountsArePartOfTheKey() throws {
    let dir = try TemporaryDirectory()
    func run(_ tool: String, _ arguments: [String]) throws -> Run.Result {
      try Run.tool(TestPaths.productsDirectory.appendingPathComponent(tool).path, arguments, directory: dir.url)
    }
    #expect(try run("keybench-ingest", [TestPaths.fixture("mini.combined")]).status == 0)
    #expect(try run("keybench-ingest", ["--text", TestPaths.fixture("context-en.txt"), "--name", "texts"]).status == 0)
    let pairs = dir.path("s.tsv")
    #expect(try run("keybench-typos", ["import", "keystrokes-sentences", TestPaths.fixture("sentences/raw.tsv"), "--out", pairs]).status == 0)
    let suite = try dir.write(
      "suite.json",
      text: """
        {"keybench_suite": 1, "name": "context",
         "runs": [{"name": "c", "bench": "correct", "args": {"lexicon": "de", "pairs": "\(pairs)", "corrector": "baseline", "context": "texts"}}]}
        """)
    let first = try run("keybench-suite", ["run", suite, "--out", dir.path("out")])
    #expect(first.stdout.contains("1 ran, 0 cached, 0 failed"), "\(first.stdout) \(first.stderr)")
    let same = try run("keybench-suite", ["run", suite, "--out", dir.path("out")])
    #expect(same.stdout.contains("0 ran, 1 cached, 0 failed"), "\(same.stdout)")
    let other = try dir.write("other.txt", text: String(repeating: "We went to their house and stayed there for a while. ", count: 40))
    #expect(try run("keybench-ingest", ["--text", other, "--name", "texts", "--replace-smaller"]).status == 0)
    let changed = try run("keybench-suite", ["run", suite, "--out", dir.path("out")])
    #expect(changed.stdout.contains("1 ran, 0 cached, 0 failed"), "\(changed.stdout)")
  }

  @Test func aKilledSuiteResumesToTheSameResults() throws {
    let dir = try TemporaryDirectory()
    let suite = try Self.suite(in: dir, seeds: [1, 2, 3, 4, 5, 6])
    let whole = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("whole")])
    #expect(whole.status == 0, "\(whole.stderr)")
    // Start again into another folder and kill it once the first result is stored.
    let process = Process()
    process.executableURL = TestPaths.productsDirectory.appendingPathComponent("keybench-suite")
    process.arguments = ["run", suite, "--out", dir.path("killed")]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let store = dir.url.appendingPathComponent("killed/store")
    let deadline = Date().addingTimeInterval(60)
    func finished() -> Int {
      ((try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []).filter {
        // Entries in the making are hidden (.KEY.tmp-PID) until sealed and renamed.
        !$0.hasPrefix(".") && FileManager.default.fileExists(atPath: store.appendingPathComponent($0).appendingPathComponent("summary.json").path)
      }.count
    }
    while finished() < 1 && Date() < deadline { usleep(2000) }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let done = finished()
    #expect(done >= 1 && done < 6, "killed after \(done) runs")
    let resumed = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("killed")])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stdout.contains("\(done) cached"), "\(resumed.stdout)")
    for seed in 1...6 {
      let name = "runs/gesture[seed=\(seed)]"
      let a = try Data(contentsOf: URL(fileURLWithPath: dir.path("whole/\(name)/results.csv")))
      let b = try Data(contentsOf: URL(fileURLWithPath: dir.path("killed/\(name)/results.csv")))
      #expect(a == b, "seed \(seed)")
    }
  }

  @Test func optionsAreCheckedAgainstKeybenchRun() throws {
    let dir = try TemporaryDirectory()
    let suite = try Self.suite(in: dir, seeds: [1], extra: #", "devise": "ipad4""#)
    let result = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("out")])
    #expect(result.status == 2)
    #expect(result.stderr.contains(#"suite.json: runs[0] "gesture".args.devise: keybench-run gesture has no option --devise (did you mean "device"?)"#), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.path("out/store")))
  }

  @Test func configFieldsAreCheckedAgainstThePrintedConfig() throws {
    let dir = try TemporaryDirectory()
    let inArgs = try Self.suite(in: dir, seeds: [1], extra: #", "config": {"strokes": {"noiseScal": 2}}"#)
    let result = try Run.product("keybench-suite", ["run", inArgs, "--out", dir.path("out"), "--dry-run"])
    #expect(result.status == 2)
    #expect(result.stderr.contains(#"suite.json: runs[0] "gesture".args.config: keybench-run gesture --config has no field strokes.noiseScal (did you mean "strokes.noiseScale"?)"#), "\(result.stderr)")
    let grid = try dir.write(
      "grid.json",
      text: #"{"keybench_suite": 1, "runs": [{"name": "g", "bench": "gesture", "args": {"text": "t.txt"}, "grid": {"config.geometry.circleShar": [0.1, 0.2]}}]}"#)
    let gridResult = try Run.product("keybench-suite", ["run", grid, "--out", dir.path("out2"), "--dry-run"])
    #expect(gridResult.status == 2)
    #expect(gridResult.stderr.contains(#"grid.json: runs[0] "g".grid.config.geometry.circleShar: keybench-run gesture --config has no field geometry.circleShar (did you mean "geometry.circleShare"?)"#), "\(gridResult.stderr)")
    // Real fields pass, at any depth and through the grid.
    let good = try Self.suite(in: dir, seeds: [1, 2], extra: #", "config": {"strokes": {"noiseScale": 2}}"#)
    #expect(try Run.product("keybench-suite", ["run", good, "--out", dir.path("out3"), "--dry-run"]).status == 0)
  }

  @Test func configValuesAreRangeCheckedBeforeAnythingRuns() throws {
    let dir = try TemporaryDirectory()
    let inArgs = try Self.suite(in: dir, seeds: [1], extra: #", "config": {"strokes": {"noiseScale": -1}}"#)
    let result = try Run.product("keybench-suite", ["run", inArgs, "--out", dir.path("out")])
    #expect(result.status == 2)
    #expect(result.stderr.contains(#"suite.json: runs[0] "gesture".args.config: bad gesture config: strokes.noiseScale"#), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.path("out/store")))
    let grid = try dir.write(
      "grid.json",
      text: #"{"keybench_suite": 1, "runs": [{"name": "g", "bench": "gesture", "args": {"text": "t.txt"}, "grid": {"config.strokes.noiseScale": [1, -1]}}]}"#)
    let gridResult = try Run.product("keybench-suite", ["run", grid, "--out", dir.path("out2"), "--dry-run"])
    #expect(gridResult.status == 2)
    #expect(gridResult.stderr.contains(#"grid.json: runs[0] "g".grid.config.strokes.noiseScale = -1: bad gesture config: strokes.noiseScale"#), "\(gridResult.stderr)")
  }

  @Test func aSuiteIngestsItsLexiconOnceAsAStep() throws {
    let dir = try TemporaryDirectory()
    let list = TestPaths.fixture("mini.combined")
    let suite = try dir.write(
      "lexicon.json",
      text: """
        {"keybench_suite": 1, "name": "own-lexicon",
         "steps": [
           {"name": "lexicon", "tool": "keybench-ingest", "args": ["\(list)", "--name", "de"], "output": "lexicons.sqlite"},
           {"name": "swipes", "tool": "keybench-swipes", "args": ["generate", "--lexicon", "de", "--db", "${step:lexicon}", "--device", "iphone5", "--count", "20", "--seed", "1"], "output": "s.jsonl"}],
         "runs": [{"name": "swipe", "bench": "swipe", "args": {"lexicon": "de", "db": "${step:lexicon}", "corpus": "${step:swipes}"}}]}
        """)
    let first = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("out")])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("1 ran, 0 cached, 0 failed (steps: 2 ran"), "\(first.stdout)")
    let store = try FileManager.default.subpathsOfDirectory(atPath: dir.path("out/store"))
    #expect(store.contains { $0.hasSuffix("/lexicons.sqlite") })
    #expect(!store.contains { $0.contains(".partial") })
    let again = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("out")])
    #expect(again.stdout.contains("0 ran, 1 cached, 0 failed (steps: 0 ran, 2 cached"), "\(again.stdout)")
    // The suite adds --db itself.
    let doubled = try dir.write("twice.json", text: #"{"keybench_suite": 1, "steps": [{"name": "l", "tool": "keybench-ingest", "args": ["x", "--db", "y"], "output": "l.sqlite"}], "runs": [{"name": "g", "bench": "gesture", "args": {}}]}"#)
    let refused = try Run.product("keybench-suite", ["run", doubled, "--out", dir.path("o2"), "--dry-run"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("leave out --db"), "\(refused.stderr)")
  }

  /// Figure rows read run metrics and the JSON a step wrote (`keybench-typos analyze`); a row
  /// naming no run or step stops the suite before anything runs.
  @Test func figurePagesReadRunsAndJSONSteps() throws {
    let dir = try TemporaryDirectory()
    let pairs = try dir.write("pairs.tsv", text: "typed\tintended\tcontext\tsource\nhwllo\thello\t\tt\nhelo\thello\t\tt\nhelllo\thello\t\tt\nhellp\thello\t\tt\n")
    let text = try dir.write("t.txt", text: Self.text)
    let scheme = TestPaths.repository.appendingPathComponent("Corpora/gesture/english.xml").path
    func suite(_ value: String) throws -> String {
      try dir.write(
        "figures.json",
        text: """
          {"keybench_suite": 1, "name": "figures",
           "steps": [{"name": "errors", "tool": "keybench-typos", "args": ["analyze", "\(pairs)"], "output": "errors.json"}],
           "runs": [{"name": "g", "bench": "gesture", "args": {"scheme": "\(scheme)", "text": "\(text)", "device": "iphone5", "limit": 20}}],
           "figures": [{"page": "p", "tables": [{"rows": [
             {"label": "near share", "value": "\(value)", "unit": "percent"},
             {"label": "words", "value": "g:words", "unit": "number"}]}]}]}
          """)
    }
    let bad = try Run.product("keybench-suite", ["run", try suite("error:operations.near"), "--out", dir.path("bad"), "--dry-run"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains(#"figures.json: figures[0].tables[0].rows[0].value: 'error' is no run or step of the suite (did you mean "errors"?)"#), "\(bad.stderr)")
    let good = try suite("errors:operations.near / sum(errors:operations.near, errors:operations.edit, errors:operations.insert, errors:operations.delete)")
    let run = try Run.product("keybench-suite", ["run", good, "--out", dir.path("out")])
    #expect(run.status == 0, "\(run.stderr)")
    let report = try Run.product("keybench-suite", ["report", dir.path("out"), "--pages", dir.path("pages")])
    #expect(report.status == 0, "\(report.stderr)")
    let page = try String(contentsOfFile: dir.path("pages/p.md"), encoding: .utf8)
    // hwllo and hellp: near slips (w by e, p by o); helo a missing letter; helllo an extra one;
    // no edit, which analyze still writes (as 0) so the sum has all its terms.
    #expect(page.contains("| near share | not given | 50.00 % |"), "\(page)")
    #expect(page.contains("| words | not given | 20 |"), "\(page)")
  }

  /// Shards written to different folders merge: a configuration object becomes a file inside
  /// each shard's own folder, and the plan's identity does not depend on where that is.
  @Test func shardsMergeIntoTheWholeSuite() throws {
    let dir = try TemporaryDirectory()
    let suite = try Self.suite(in: dir, seeds: [1, 2, 3], extra: #", "config": {}"#)
    for index in 1...2 {
      let shard = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("shard\(index)"), "--shard", "\(index)/2"])
      #expect(shard.status == 0, "\(shard.stderr)")
    }
    let merge = try Run.product("keybench-suite", ["merge", dir.path("shard1"), dir.path("shard2"), "--out", dir.path("merged")])
    #expect(merge.stdout.contains("3 of 3 runs finished"), "\(merge.stdout) \(merge.stderr)")
    let again = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("merged")])
    #expect(again.stdout.contains("0 ran, 3 cached"), "\(again.stdout)")
    #expect(try Run.product("keybench-suite", ["run", suite, "--out", dir.path("x"), "--shard", "3/2"]).status == 64)
    // A plan edited by hand so that two runs swap their keys shows neither under the other's name.
    let planPath = dir.path("merged/plan.json")
    var plan = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: planPath))) as! [String: Any]
    var items = plan["items"] as! [[String: Any]]
    (items[0]["key"], items[1]["key"]) = (items[1]["key"], items[0]["key"])
    plan["items"] = items
    try JSONSerialization.data(withJSONObject: plan).write(to: URL(fileURLWithPath: planPath))
    let status = try Run.product("keybench-suite", ["status", dir.path("merged")])
    #expect(status.stdout.contains("1 of 3 finished, 2 invalid") && status.stdout.contains("another command"), "\(status.stdout)")
  }

  @Test func submitWritesSlurmScriptsChainedByDependencies() throws {
    let dir = try TemporaryDirectory()
    let suite = try Self.suite(in: dir, seeds: [1, 2, 3])
    let dry = try Run.product("keybench-suite", ["submit", suite, "--out", dir.path("cluster"), "--shards", "3", "--jobs", "2", "--slurm-args", "--partition=short --time=00:10:00", "--dry-run"])
    #expect(dry.status == 0, "\(dry.stderr)")
    let array = try String(contentsOfFile: dir.path("cluster/slurm/array.sbatch"), encoding: .utf8)
    #expect(array.contains("#SBATCH --array=1-3"))
    #expect(array.contains("#SBATCH --cpus-per-task=2"))
    #expect(array.contains(#"--shard "${SLURM_ARRAY_TASK_ID}/3" --jobs 2"#))
    #expect(try String(contentsOfFile: dir.path("cluster/slurm/prepare.sbatch"), encoding: .utf8).contains("--steps-only"))
    #expect(try String(contentsOfFile: dir.path("cluster/slurm/finish.sbatch"), encoding: .utf8).contains("status \"$out\" --require-complete"))
    #expect(dry.stdout.contains("sbatch --parsable --dependency=afterok:$PREPARE --partition=short --time=00:10:00"))
    // The plan is there before any job runs: status works at once.
    let status = try Run.product("keybench-suite", ["status", dir.path("cluster")])
    #expect(status.stdout.contains("0 of 3 finished"))
    #expect(try Run.product("keybench-suite", ["status", dir.path("cluster"), "--require-complete"]).status == 2)
    // Without Slurm, submitting says so instead of pretending.
    let none = try Run.product("keybench-suite", ["submit", suite, "--out", dir.path("c2"), "--shards", "2"], environment: ["PATH": "/nonexistent"])
    #expect(none.status == 2)
    #expect(none.stderr.contains("sbatch is not on PATH"), "\(none.stderr)")
  }
}
