import Foundation
import KeyBenchTestSupport
import Testing

/// The edges a reliability probe found after the first hardening round: outputs that are not
/// regular files, read-only databases, baselines and sweep tables that would let a number through
/// unjudged, empty algorithm lists and inputs that yield nothing — each ends in one located
/// message and a non-zero exit, with earlier files untouched.
@Suite struct BoundaryCommandTests {
  private func bounded(_ name: String, _ arguments: [String]) throws -> Run.Result {
    try Run.tool("/usr/bin/timeout", ["30", TestPaths.productsDirectory.appendingPathComponent(name).path] + arguments)
  }

  @Test func anOutputOnlyEverReplacesARegularFile() throws {
    let dir = try TemporaryDirectory()
    let list = try dir.write("norvig.txt", text: "the: teh hte\nand: adn\n")
    let fifo = dir.path("fifo")
    #expect(mkfifo(fifo, 0o644) == 0)
    let target = try dir.write("target.tsv", text: "keep me\n")
    let link = dir.path("link.tsv")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    for (out, kind) in [(fifo, "a FIFO"), (link, "a symbolic link"), (dir.path(""), "a folder")] {
      let result = try bounded("keybench-typos", ["import", "norvig", list, "--out", out])
      #expect(result.status == 2, "\(kind): \(result.stderr)")
      #expect(result.stderr.contains("is \(kind)"), "\(result.stderr)")
    }
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
  }

  @Test func aReadingCommandNeverTurnsAFileIntoADatabase() throws {
    let dir = try TemporaryDirectory()
    let empty = try dir.write("empty.sqlite", text: "")
    let text = try dir.write("not.sqlite", text: "hello\n")
    // Someone else's SQLite database.
    let foreign = dir.path("foreign.sqlite")
    _ = try Run.tool("/usr/bin/python3", ["-c", "import sqlite3; c = sqlite3.connect('\(foreign)'); c.execute('create table t (x)'); c.commit()"])
    let tables = "import sqlite3; print(sorted(r[0] for r in sqlite3.connect('\(foreign)').execute(\"select name from sqlite_master where type='table'\")))"
    for (db, reason) in [(empty, "is empty"), (text, "is not a SQLite database"), (foreign, "not a KeyBench lexicon database")] {
      for arguments in [["--db", db, "--list"], ["--db", db, "--export", "de", "--out", dir.path("x.tsv")]] {
        let result = try bounded("keybench-ingest", arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(reason), "\(result.stderr)")
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
    #expect(try Run.tool("/usr/bin/python3", ["-c", tables]).stdout == "['t']\n")
    #expect(try String(contentsOfFile: text, encoding: .utf8) == "hello\n")
  }

  @Test func aBaselineWithoutANumberForAJudgedMetricIsRefused() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 30, seed: 3)
    let run = dir.path("run")
    #expect(try Run.product("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", run]).status == 0)
    let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(run)/summary.json"))) as! [String: Any]
    for (index, value) in [NSNull(), "0.9" as Any, true as Any, ["x": 1] as Any].enumerated() {
      var forged = summary
      var metrics = forged["metrics"] as! [String: Any]
      // top1 and in_lexicon_top1 are judged on the rows; coverage only by its summary number.
      metrics["coverage"] = value
      forged["metrics"] = metrics
      let folder = dir.path("forged\(index)")
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try JSONSerialization.data(withJSONObject: forged).write(to: URL(fileURLWithPath: "\(folder)/summary.json"))
      try FileManager.default.copyItem(atPath: "\(run)/results.csv", toPath: "\(folder)/results.csv")
      let gate = try bounded("keybench-report", ["gate", "--baseline", folder, "--current", run])
      #expect(gate.status == 2, "\(value): \(gate.stdout)")
      #expect(gate.stderr.contains("coverage") && gate.stderr.contains("cannot be judged"), "\(gate.stderr)")
    }
  }

  @Test func damagedSweepTablesAndPartialMergesAreRefused() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 30, seed: 3)
    let arguments = ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--param", "filters.length.a=0.5,0.7,0.9,1.1"]
    let full = dir.path("full")
    // A time as the objective would crown the slowest configuration (issue 43).
    let timed = try Run.product("keybench-sweep", arguments + ["--objective", "decode_ms_median", "--out", dir.path("timed")])
    #expect(timed.status == 64 && timed.stderr.contains("not an accuracy"), "\(timed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.path("timed")))
    // A sample spread over users, and the users said (issue 41): 8 gestures are 8 users, too few.
    let sampled = try Run.product("keybench-sweep", arguments + ["--sample", "8", "--out", dir.path("sampled")])
    #expect(sampled.status == 0, "\(sampled.stderr)")
    #expect(sampled.stderr.contains("8 gestures of 8 users") && sampled.stderr.contains("warning: 8 users"), "\(sampled.stderr)")
    #expect(try Run.product("keybench-sweep", arguments + ["--out", full]).status == 0)
    // An edited journal row (top1 = 7) would land on the Pareto frontier when resumed.
    let journal = "\(full)/sweep.journal.csv"
    var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
    let header = lines[0].split(separator: ",").map(String.init)
    let column = try #require(header.firstIndex(of: "top1"))
    var fields = lines[2].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    fields[column] = "7"
    lines[2] = fields.joined(separator: ",")
    try (lines.joined(separator: "\n") + "\n").write(toFile: journal, atomically: true, encoding: .utf8)
    let resumed = try bounded("keybench-sweep", arguments + ["--out", full])
    #expect(resumed.status == 2)
    #expect(resumed.stderr.contains("sweep.journal.csv:3") && resumed.stderr.contains("top1 = 7"), "\(resumed.stderr)")

    // Half the shards merged look like a finished sweep: refused unless asked for.
    let half = dir.path("half")
    #expect(try Run.product("keybench-sweep", arguments + ["--shard", "2/2", "--out", half]).status == 0)
    let partial = try bounded("keybench-report", ["merge", half, "--out", dir.path("merged")])
    #expect(partial.status == 2)
    #expect(partial.stderr.contains("merged 2 of 4 configurations") && partial.stderr.contains("c0000"), "\(partial.stderr)")
    let allowed = try bounded("keybench-report", ["merge", half, "--allow-partial", "--out", dir.path("merged2")])
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(allowed.stderr.contains("--allow-partial"))

    // One field under two spellings would be swept twice with one value applied.
    for name in ["filters..length.a", ".filters.length.a", "filters.length.a."] {
      let twice = try bounded("keybench-sweep", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--param", "\(name)=0.5", "--out", dir.path("n")])
      #expect(twice.status == 64, "\(name): \(twice.stderr)")
    }
  }

  @Test func emptyAlgorithmListsAndInputsThatYieldNothingAreRefused() throws {
    let dir = try TemporaryDirectory()
    let (db, _) = try SwipeFixture.make(in: dir, count: 10, seed: 3)
    let pairs = try dir.write("p.tsv", text: "typed\tintended\tcontext\tsource\nhnud\thund\t\tx\n")
    let text = try dir.write("t.txt", text: String(repeating: "Der Hund lief über die Straße. ", count: 20))
    for arguments in [
      ["correct", "--lexicon", "de", "--db", db, "--pairs", pairs, "--corrector", ","],
      ["correct", "--lexicon", "de", "--db", db, "--pairs", pairs, "--corrector", "baseline,,keyboard"],
      ["predict", "--train", text, "--text", text, "--predictor", ""],
    ] {
      let result = try bounded("keybench-run", arguments + ["--out", dir.path("o")])
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir.path("o")))
    }
    // A letter model trained on no letter.
    let digits = try dir.write("digits.txt", text: "123 456 789\n")
    let touch = try bounded("keybench-run", ["touch", "--train", digits, "--text", text, "--out", dir.path("t")])
    #expect(touch.status == 2)
    #expect(touch.stderr.contains("hold no letter"), "\(touch.stderr)")
    // A word list with nothing to swipe on the layout writes no corpus.
    let words = try dir.write("w.txt", text: "123\n@@@\n")
    let generated = try bounded("keybench-swipes", ["generate", "--words", words, "--device", "iphone5", "--seed", "1", "--out", dir.path("g.jsonl")])
    #expect(generated.status == 2, "\(generated.stderr)")
    #expect(generated.stderr.contains("no word could be swiped"), "\(generated.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.path("g.jsonl")))
  }

  @Test func messagesKeepTheirLocationAndStayShort() throws {
    let dir = try TemporaryDirectory()
    // JSON errors name a line (Foundation on Linux gives no position; KeyBench finds it).
    let config = try dir.write("c.json", text: "{\n  \"dtw\": {\n    \"pruning\": tru\n  }\n}\n")
    let result = try bounded("keybench-run", ["swipe", "--config", config, "--print-config"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("c.json:3: bad decoder config: invalid JSON"), "\(result.stderr)")
    // Configs share the strict JSON layer: duplicate keys and trailing commas are refused by line.
    for (name, text, line) in [("d.json", "{\n  \"topK\": 4,\n  \"topK\": 5\n}\n", 3), ("t.json", "{\n  \"dtw\": {\"pruning\": true,}\n}\n", 2)] {
      let file = try dir.write(name, text: text)
      let refused = try bounded("keybench-run", ["swipe", "--config", file, "--print-config"])
      #expect(refused.status == 2 && refused.stderr.contains("\(name):\(line): bad decoder config: invalid JSON"), "\(refused.stderr)")
    }
    // A whole number given as a fraction names the field.
    let fraction = try dir.write("f.json", text: #"{"context": {"pool": 2.5}}"#)
    let named = try bounded("keybench-run", ["swipe", "--config", fraction, "--print-config"])
    #expect(named.stderr.contains("f.json:1: bad decoder config: wrong type or value at 'context.pool'"), "\(named.stderr)")
    // A megabyte key is not echoed whole.
    let huge = try dir.write("h.json", text: "{\"" + String(repeating: "k", count: 1 << 20) + "\": 1}")
    let clipped = try bounded("keybench-run", ["swipe", "--config", huge, "--print-config"])
    #expect(clipped.status == 2)
    #expect(clipped.stderr.utf8.count < 2000, "\(clipped.stderr.utf8.count) bytes")
    #expect(clipped.stderr.contains("more bytes)"))
  }
}
