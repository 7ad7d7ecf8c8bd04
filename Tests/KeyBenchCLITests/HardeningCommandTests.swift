import Foundation
import KeyBenchTestSupport
import Testing

/// Bad parameters, bad files and interruptions end in one clear message and leave earlier
/// results intact — end to end on the built tools with the fixture lexicon.
@Suite struct HardeningCommandTests {
  /// A lexicon database and 40 synthetic swipes of its words, in `dir`.
  private func inputs(in dir: TemporaryDirectory) throws -> (db: String, corpus: String) {
    try SwipeFixture.make(in: dir, count: 40, seed: 3)
  }

  /// Runs a product under a 30 s watchdog, so a tool that blocks fails the test instead of hanging it.
  private func bounded(_ name: String, _ arguments: [String]) throws -> Run.Result {
    try Run.tool("/usr/bin/timeout", ["30", TestPaths.productsDirectory.appendingPathComponent(name).path] + arguments)
  }

  @Test func configValuesOutsideTheirRangeAreRefusedNamingTheField() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try inputs(in: dir)
    let cases: [(json: String, field: String)] = [
      (#"{"timeLimitMs": 1e20}"#, "timeLimitMs"),
      (#"{"dtw": {"improved": false, "basicSpacing": 0}}"#, "dtw.basicSpacing"),
      (#"{"filters": {"startPoint": {"radius": -1}}}"#, "filters.startPoint.radius"),
      (#"{"frequency": {"weight": -0.5}}"#, "frequency.weight"),
      (#"{"threads": -3}"#, "threads"),
      (#"{"filters": {"length": {"a": 1.2, "b": 0.9}}}"#, "filters.length.b"),
      (#"{"ends": {"start": -0.1}}"#, "ends.start"),
      (#"{"ends": {"end": 1e300}}"#, "ends.end"),
      (#"{"coverage": {"weight": -1}}"#, "coverage.weight"),
    ]
    for (index, item) in cases.enumerated() {
      let config = try dir.write("c\(index).json", text: item.json)
      let out = dir.path("o\(index)")
      let result = try bounded("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--config", config, "--out", out])
      #expect(result.status == 2, "\(item.json): \(result.stderr)")
      #expect(result.stderr.contains(config) && result.stderr.contains(item.field), "\(item.json): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: out))
    }
    // The same ranges hold for a swept value: a usage error before any data is read.
    let sweep = try bounded(
      "keybench-sweep",
      ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--param", "dtw.basicSpacing=0.2,0", "--out", dir.path("sweep")])
    #expect(sweep.status == 64)
    #expect(sweep.stderr.contains("dtw.basicSpacing=0"))
    #expect(!FileManager.default.fileExists(atPath: dir.path("sweep")))
    // Other benchmarks' configs and the generator's.
    let touch = try dir.write("touch.json", text: #"{"model": {"order": 9}, "resolvers": {"sigmaScale": 0}}"#)
    let text = try dir.write("t.txt", text: "Der Hund lief über die Straße und fand einen Ball.\n")
    let touched = try bounded("keybench-run", ["touch", "--text", text, "--train", corpus, "--config", touch, "--out", dir.path("t")])
    #expect(touched.status == 2)
    #expect(touched.stderr.contains("model.order") && touched.stderr.contains("resolvers.sigmaScale"))
    let generator = try dir.write("g.json", text: #"{"tempoVariation": 1e9, "endDwell": 1e300}"#)
    let generated = try bounded(
      "keybench-swipes",
      ["generate", "--lexicon", "de", "--db", db, "--device", "iphone5", "--config", generator, "--seed", "1", "--out", dir.path("g.jsonl")])
    #expect(generated.status == 2)
    #expect(generated.stderr.contains("tempoVariation") && generated.stderr.contains("endDwell"))
    // Invalid UTF-8 in a config file: the line of the first bad byte, not a parser crash.
    let broken = try dir.write("broken.json", bytes: Array("{\n\"threads\": 1,\n\"x\": \"".utf8) + [0xC3, 0x28] + Array("\"}\n".utf8))
    let bad = try bounded("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--config", broken, "--out", dir.path("b")])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("broken.json:3: bad decoder config: invalid UTF-8"), "\(bad.stderr)")
  }

  @Test func commandLineNumbersAreRangeChecked() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try inputs(in: dir)
    let base = ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", dir.path("o")]
    for extra in [["--limit=-5"], ["--limit", "0"], ["--threads", "0"], ["--threads", "-3"], ["--threads", "100000"], ["--top", "0"]] {
      let result = try bounded("keybench-run", base + extra)
      #expect(result.status == 64, "\(extra): \(result.stderr)")
    }
    let pairs = try dir.write("p.tsv", text: "typed\tintended\tcontext\tsource\nhaus\thaus\t\tx\n")
    for extra in [["--limit=-5"], ["--suggestions", "0"]] {
      let result = try bounded("keybench-run", ["correct", "--lexicon", "de", "--db", db, "--pairs", pairs, "--out", dir.path("c")] + extra)
      #expect(result.status == 64, "\(extra): \(result.stderr)")
    }
    let sweep = try bounded(
      "keybench-sweep", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--param", "filters.length.a=0.5", "--limit=-5", "--out", dir.path("s")])
    #expect(sweep.status == 64)
    for count in ["0", "1000000000"] {
      let result = try bounded(
        "keybench-swipes", ["generate", "--lexicon", "de", "--db", db, "--device", "iphone5", "--count", count, "--seed", "1", "--out", dir.path("g.jsonl")])
      #expect(result.status == 64, "--count \(count): \(result.stderr)")
    }
    let gate = try bounded("keybench-report", ["gate", "--baseline", dir.path("a"), "--current", dir.path("b"), "--default-max-drop", "nan"])
    #expect(gate.status == 64)
    // A correction run with nothing left to score fails instead of printing NaN.
    let capitals = try dir.write("caps.tsv", text: "typed\tintended\tcontext\tsource\nHaus\tHaus\t\tx\n")
    let none = try bounded("keybench-run", ["correct", "--lexicon", "de", "--db", db, "--pairs", capitals, "--lowercase-only", "--out", dir.path("n")])
    #expect(none.status == 2)
    #expect(none.stderr.contains("1 of 1 pairs skipped: not lower-case letters"))
    #expect(none.stderr.contains("no pair left to score"))
  }

  @Test func gateRefusesValuesNoBenchmarkProduces() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try inputs(in: dir)
    let run = dir.path("run")
    #expect(try Run.product("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", run]).status == 0)
    var summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(run)/summary.json"))) as! [String: Any]
    var metrics = summary["metrics"] as! [String: Any]
    metrics["top1"] = 1e308
    summary["metrics"] = metrics
    try FileManager.default.createDirectory(atPath: dir.path("forged"), withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: summary).write(to: URL(fileURLWithPath: dir.path("forged/summary.json")))
    let gate = try bounded("keybench-report", ["gate", "--baseline", run, "--current", dir.path("forged")])
    #expect(gate.status == 2)
    #expect(gate.stderr.contains("top1 = 1e+308"))
  }

  @Test func resultFoldersAreReplacedWholeAndInterruptionsLeaveNothingBehind() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try inputs(in: dir)
    let out = dir.path("run")
    let arguments = ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", out]
    #expect(try Run.product("keybench-run", arguments).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: "\(out)/summary.json"))
    // A leftover of a killed run (its process is gone) is swept by the next run.
    let stale = dir.path(".run.partial-999999")
    try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
    #expect(try Run.product("keybench-run", arguments + ["--limit", "10"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(try Data(contentsOf: URL(fileURLWithPath: "\(out)/summary.json")) != before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix(".run") } == [])
    // A folder holding someone's other files is never replaced.
    let mine = dir.path("mine")
    try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
    _ = try dir.write("mine/thesis.tex", text: "\\documentclass{article}\n")
    let refused = try Run.product("keybench-run", Array(arguments.dropLast()) + [mine])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("thesis.tex"))
    #expect(FileManager.default.fileExists(atPath: "\(mine)/thesis.tex"))

    // SIGTERM while a corpus is being written: exit 143, no temporary file left.
    let big = dir.path("big.jsonl")
    let process = Process()
    process.executableURL = TestPaths.productsDirectory.appendingPathComponent("keybench-swipes")
    process.arguments = ["generate", "--lexicon", "de", "--db", db, "--device", "iphone5", "--count", "2000000", "--seed", "1", "--out", big]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(20)
    func temporaries() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: dir.url.path)) ?? []).filter { $0.hasPrefix(".big.jsonl.tmp-") }
    }
    while temporaries().isEmpty && Date() < deadline { usleep(20_000) }
    #expect(!temporaries().isEmpty)
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == 143)
    #expect(temporaries().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: big))
  }

  @Test func aWrongOutputFolderIsRefusedBeforeAnyWork() throws {
    let dir = try TemporaryDirectory()
    let (db, _) = try inputs(in: dir)
    let file = try dir.write("taken.txt", text: "not a folder\n")
    let missing = dir.path("no-such-input")
    // Every input named is missing: the message must be the one about --out, given first.
    let runs: [[String]] = [
      ["swipe", "--lexicon", "de", "--db", db, "--corpus", missing],
      ["correct", "--lexicon", "de", "--db", db, "--pairs", missing],
      ["touch", "--text", missing, "--train", missing],
      ["gesture", "--text", missing],
      ["predict", "--text", missing, "--train", missing],
      ["photos", "--captions", missing, "--labels", missing],
    ]
    for arguments in runs {
      for out in [file, "\(file)/below"] {
        let result = try bounded("keybench-run", arguments + ["--out", out])
        #expect(result.status == 2, "\(arguments[0]) --out \(out)")
        #expect(result.stderr.contains(file) && result.stderr.contains("folder"), "\(arguments[0]): \(result.stderr)")
        #expect(!result.stderr.contains("no-such-input"), "\(arguments[0]) read its inputs first: \(result.stderr)")
      }
    }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a folder\n")
  }

  @Test func sweepJournalSurvivesATornLineAndRefusesSymlinks() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try inputs(in: dir)
    let arguments = ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--param", "filters.length.a=0.5,0.7,0.9"]
    let full = dir.path("full")
    #expect(try Run.product("keybench-sweep", arguments + ["--out", full]).status == 0)
    let journal = "\(full)/sweep.journal.csv"
    var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
    let original = lines
    // Interrupted while writing the last row: half of it on disk, no line break.
    let torn = String(lines.removeLast().prefix(12))
    try (lines.joined(separator: "\n") + "\n" + torn).write(toFile: journal, atomically: true, encoding: .utf8)
    let resumed = try Run.product("keybench-sweep", arguments + ["--out", full])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stderr.contains("dropped a torn last line"))
    #expect(resumed.stdout.contains("ran 1, resumed 2"))
    let after = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(after.count == original.count)
    // Resumed rows keep full precision (shortest exact text, not 6 digits), like fresh ones: the
    // rows carried over are byte for byte the rows first written. (Whether any value needs more
    // than 6 digits depends on the run's timings, so that is not asserted.)
    #expect(Array(after.prefix(3)) == Array(original.prefix(3)))
    #expect(after.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == after[0].split(separator: ",").count })

    // A journal that is a symlink (it would be appended to outside --out) is refused.
    let linked = dir.path("linked")
    try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: true)
    let outside = try dir.write("outside.csv", text: "")
    try FileManager.default.createSymbolicLink(atPath: "\(linked)/sweep.journal.csv", withDestinationPath: outside)
    // The same inputs as the sweep in `full`, so the journal itself is what is refused.
    try FileManager.default.copyItem(atPath: "\(full)/provenance.json", toPath: "\(linked)/provenance.json")
    let refused = try Run.product("keybench-sweep", arguments + ["--out", linked])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("symbolic link"))
    #expect(try String(contentsOfFile: outside, encoding: .utf8).isEmpty)
  }

  @Test func aFIFOIsRefusedInsteadOfBlocking() throws {
    let dir = try TemporaryDirectory()
    let (db, _) = try inputs(in: dir)
    let fifo = dir.path("pipe.jsonl")
    #expect(mkfifo(fifo, 0o600) == 0)
    let swipe = try bounded("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", fifo, "--out", dir.path("o")])
    #expect(swipe.status == 2)
    #expect(swipe.stderr.contains("not a regular file"))
    let config = try bounded("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", fifo, "--config", fifo, "--print-config"])
    #expect(config.status == 2)
    #expect(config.stderr.contains("not a regular file"))
  }
}
