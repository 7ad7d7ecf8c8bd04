import Foundation
import KeyBenchTestSupport
import Testing

/// A suite's store trusts only sealed entries: every way an entry can be damaged after it was
/// stored is reported by `status`, fails `--require-complete`, and is run again by `run` (never
/// served as `cached`); two suites started at once into one folder do not race.
@Suite struct SuiteStoreTests {
  /// Ways a stored result can go wrong after it was written, each applied to one entry.
  static let damages: [(name: String, apply: @Sendable (URL, URL) throws -> Void)] = [
    ("truncated summary", { entry, _ in
      let file = entry.appendingPathComponent("summary.json")
      let data = try Data(contentsOf: file)
      try data.prefix(data.count / 2).write(to: file)
    }),
    ("empty summary", { entry, _ in try Data().write(to: entry.appendingPathComponent("summary.json")) }),
    ("NaN in the summary", { entry, _ in
      let file = entry.appendingPathComponent("summary.json")
      let text = try String(contentsOf: file, encoding: .utf8)
      let damaged = text.replacingOccurrences(of: #""schema_version"\s*:\s*2"#, with: #""schema_version": NaN"#, options: .regularExpression)
      #expect(damaged != text)
      try damaged.write(to: file, atomically: true, encoding: .utf8)
    }),
    ("invalid UTF-8 in the results", { entry, _ in
      let file = entry.appendingPathComponent("results.csv")
      var data = try Data(contentsOf: file)
      data.replaceSubrange(data.count - 3..<data.count, with: [0xFF, 0xFE, 0x0A])
      try data.write(to: file)
    }),
    ("an added file", { entry, _ in try Data("x".utf8).write(to: entry.appendingPathComponent("extra.txt")) }),
    ("no manifest", { entry, _ in try FileManager.default.removeItem(at: entry.appendingPathComponent(".keybench-entry.json")) }),
    ("a symbolic link to another entry", { entry, other in
      try FileManager.default.removeItem(at: entry)
      try FileManager.default.createSymbolicLink(at: entry, withDestinationURL: other)
    }),
    ("a plain file", { entry, _ in
      try FileManager.default.removeItem(at: entry)
      try Data("{}".utf8).write(to: entry)
    }),
  ]

  @Test func damagedEntriesAreNeverCached() throws {
    let dir = try TemporaryDirectory()
    let suite = try SuiteCommandTests.suite(in: dir, seeds: [1, 2])
    let out = dir.path("out")
    let first = try Run.product("keybench-suite", ["run", suite, "--out", out])
    #expect(first.status == 0, "\(first.stderr)")
    let entry = URL(fileURLWithPath: dir.path("out/runs/gesture[seed=1]")).resolvingSymlinksInPath()
    let other = URL(fileURLWithPath: dir.path("out/runs/gesture[seed=2]")).resolvingSymlinksInPath()
    let original = try Data(contentsOf: entry.appendingPathComponent("results.csv"))
    for (name, apply) in Self.damages {
      try apply(entry, other)
      let status = try Run.product("keybench-suite", ["status", out, "--require-complete"])
      #expect(status.status == 2, "\(name): \(status.stdout)")
      #expect(status.stdout.contains("invalid gesture gesture[seed=1]") && status.stdout.contains("1 of 2 finished, 1 invalid"), "\(name): \(status.stdout)")
      let again = try Run.product("keybench-suite", ["run", suite, "--out", out])
      #expect(again.status == 0, "\(name): \(again.stderr)")
      #expect(again.stdout.contains("1 ran, 1 cached, 0 failed"), "\(name): \(again.stdout)")
      #expect(again.stderr.contains("ran again: the stored result failed its check"), "\(name): \(again.stderr)")
      #expect(try Data(contentsOf: entry.appendingPathComponent("results.csv")) == original, "\(name): the rerun gives the same rows")
      let whole = try Run.product("keybench-suite", ["status", out, "--require-complete"])
      #expect(whole.status == 0 && whole.stdout.contains("2 of 2 finished"), "\(name): \(whole.stdout)")
    }
  }

  /// Two whole suites started at once into one folder: the second is refused while the first
  /// holds it (or, if the first was done by then, finds everything cached). Shards share the
  /// folder and take turns on each item. Nothing is stored twice or half.
  @Test func oneWholeSuiteAtATimeAndShardsShare() throws {
    let dir = try TemporaryDirectory()
    let suite = try SuiteCommandTests.suite(in: dir, seeds: [1, 2, 3, 4, 5, 6])
    let out = dir.path("out")
    let tool = TestPaths.productsDirectory.appendingPathComponent("keybench-suite").path
    func start(_ arguments: [String], log: String) throws -> Process {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = ["run", suite, "--out", out] + arguments
      _ = FileManager.default.createFile(atPath: dir.path(log), contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: dir.path(log)))
      process.standardError = process.standardOutput
      try process.run()
      return process
    }
    let first = try start([], log: "first.log")
    // The second starts once the first holds the folder.
    let lock = dir.path("out/.keybench-suite.lock")
    let deadline = Date().addingTimeInterval(30)
    while ((try? String(contentsOfFile: lock, encoding: .utf8)) ?? "").isEmpty && Date() < deadline { usleep(1000) }
    let second = try start([], log: "second.log")
    first.waitUntilExit()
    second.waitUntilExit()
    let secondLog = try String(contentsOfFile: dir.path("second.log"), encoding: .utf8)
    #expect(first.terminationStatus == 0)
    #expect(
      (second.terminationStatus == 2 && secondLog.contains("is in use by another keybench-suite (pid \(first.processIdentifier)"))
        || (second.terminationStatus == 0 && secondLog.contains("0 ran, 6 cached")), "\(secondLog)")
    // Shards into one folder at once: both finish, every run once.
    let shards = try [1, 2].map { try start(["--shard", "\($0)/2"], log: "shard\($0).log") }
    for process in shards { process.waitUntilExit() }
    #expect(shards.allSatisfy { $0.terminationStatus == 0 })
    let status = try Run.product("keybench-suite", ["status", out, "--require-complete"])
    #expect(status.status == 0 && status.stdout.contains("6 of 6 finished"), "\(status.stdout)")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path("out/store")).filter { $0.contains(".tmp-") }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }
}

/// A plug-in's code is part of its result's key: editing the plug-in, a module beside it, or a
/// file it declares in `keybench-plugin.files` makes the stored result stale.
@Suite struct SuitePluginKeyTests {
  @Test func anEditedPluginIsNeverServedAStaleResult() throws {
    let dir = try TemporaryDirectory()
    func run(_ tool: String, _ arguments: [String]) throws -> Run.Result {
      try Run.tool(TestPaths.productsDirectory.appendingPathComponent(tool).path, arguments, directory: dir.url)
    }
    #expect(try run("keybench-ingest", [TestPaths.fixture("mini.combined")]).status == 0)
    let pairs = try dir.write("pairs.tsv", text: "typed\tintended\tcontext\tsource\nteh\tthe\t\ttest\nwrod\tword\t\ttest\n")
    // A plug-in in its own folder, importing a module beside it and a declared helper outside it.
    let plugins = TestPaths.repository.appendingPathComponent("Plugins").path
    try FileManager.default.createDirectory(atPath: dir.path("mine"), withIntermediateDirectories: true)
    _ = try dir.write("mine/answers.py", text: "ANSWER = 'the'\n")
    _ = try dir.write("shared.py", text: "# shared helper\n")
    _ = try dir.write("mine/keybench-plugin.files", text: "../shared.py\n")
    let plugin = try dir.write(
      "mine/plugin",
      text: """
        #!/usr/bin/env python3
        import os, sys
        sys.path.insert(0, "\(plugins)")
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import answers, keybench_plugin
        keybench_plugin.serve(lambda hello: ({"name": "mine", "version": "1", "config": {}}, lambda request: [answers.ANSWER]))
        """)
    chmod(plugin, 0o755)
    let suite = try dir.write(
      "suite.json",
      text: """
        {"keybench_suite": 1, "name": "plug-in",
         "runs": [{"name": "c", "bench": "correct", "args": {"lexicon": "de", "pairs": "\(pairs)", "corrector": "baseline", "plugin": ["mine=\(plugin)"]}}]}
        """)
    let first = try run("keybench-suite", ["run", suite, "--out", dir.path("out")])
    #expect(first.stdout.contains("1 ran, 0 cached, 0 failed"), "\(first.stdout) \(first.stderr)")
    #expect(try run("keybench-suite", ["run", suite, "--out", dir.path("out")]).stdout.contains("0 ran, 1 cached"))
    for (file, text) in [("mine/plugin", nil), ("mine/answers.py", "ANSWER = 'word'\n"), ("shared.py", "# shared helper, edited\n")] {
      let path = dir.path(file)
      let edited = try text ?? (String(contentsOfFile: path, encoding: .utf8) + "\n# edited\n")
      try edited.write(toFile: path, atomically: false, encoding: .utf8)
      let again = try run("keybench-suite", ["run", suite, "--out", dir.path("out")])
      #expect(again.stdout.contains("1 ran, 0 cached, 0 failed"), "after editing \(file): \(again.stdout) \(again.stderr)")
    }
  }
}

/// Where a suite's paths are read from: its own folder, whatever folder `keybench-suite` is
/// started in; `--dry-run` lists what is missing before anything runs.
@Suite struct SuitePathTests {
  @Test func relativePathsAreReadFromTheSuitesFolder() throws {
    let dir = try TemporaryDirectory()
    try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("suite"), withIntermediateDirectories: true)
    _ = try dir.write("suite/t.txt", text: SuiteCommandTests.text)
    let scheme = TestPaths.repository.appendingPathComponent("Corpora/gesture/english.xml").path
    let suite = try dir.write(
      "suite/s.json",
      text: """
        {"keybench_suite": 1, "name": "relative",
         "runs": [{"name": "g", "bench": "gesture", "args": {"scheme": "\(scheme)", "text": "t.txt", "device": "iphone5"}},
                  {"name": "h", "bench": "gesture", "args": {"scheme": "\(scheme)", "text": "missing/x.txt", "device": "iphone5"}}]}
        """)
    let elsewhere = dir.url.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let tool = TestPaths.productsDirectory.appendingPathComponent("keybench-suite").path
    let dry = try Run.tool(tool, ["run", suite, "--out", "out", "--dry-run"], directory: elsewhere)
    #expect(dry.status == 2, "\(dry.stdout) \(dry.stderr)")
    #expect(dry.stdout.contains("missing input: missing/x.txt") && !dry.stdout.contains("missing input: t.txt"), "\(dry.stdout)")
    #expect(dry.stderr.contains("1 input is missing"), "\(dry.stderr)")
    let run = try Run.tool(tool, ["run", suite, "--out", "out", "--only", "g"], directory: elsewhere)
    #expect(run.status == 0 && run.stdout.contains("1 ran"), "\(run.stdout) \(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("out/runs/g/summary.json").path))
  }

  /// A command run from a folder below the project finds the project's database; from anywhere
  /// else the message names the fixes.
  @Test func theLexiconDatabaseIsFoundFromSubfolders() throws {
    let dir = try TemporaryDirectory()
    let project = dir.url.appendingPathComponent("project")
    let sub = project.appendingPathComponent("a/b")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    let products = TestPaths.productsDirectory
    #expect(try Run.tool(products.appendingPathComponent("keybench-ingest").path, [TestPaths.fixture("mini.combined")], directory: project).status == 0)
    let pairs = try dir.write("pairs.tsv", text: "typed\tintended\tcontext\tsource\nteh\tthe\t\ttest\n")
    let arguments = ["correct", "--lexicon", "de", "--pairs", pairs, "--corrector", "baseline", "--out", dir.path("run")]
    let below = try Run.tool(products.appendingPathComponent("keybench-run").path, arguments, directory: sub)
    #expect(below.status == 0, "\(below.stderr)")
    let outside = try Run.tool(products.appendingPathComponent("keybench-run").path, arguments, directory: dir.url)
    #expect(outside.status != 0 && outside.stderr.contains("--db FILE") && outside.stderr.contains("KEYBENCH_HOME"), "\(outside.stderr)")
  }
}

/// A suite killed outright (SIGKILL, as an out-of-memory killer or a cluster's hard limit does)
/// takes its running benchmark with it, instead of leaving it to store a result later.
@Suite struct SuiteChildTests {
  @Test func childrenEndWithTheirSuite() throws {
    let dir = try TemporaryDirectory()
    #expect(try Run.tool(TestPaths.productsDirectory.appendingPathComponent("keybench-ingest").path, [TestPaths.fixture("mini.combined")], directory: dir.url).status == 0)
    let pairs = try dir.write("pairs.tsv", text: "typed\tintended\tcontext\tsource\nteh\tthe\t\ttest\n")
    // A plug-in that takes a minute to load keeps keybench-run busy.
    let plugin = try dir.write("slow", text: "#!/bin/sh\nsleep 60\n")
    chmod(plugin, 0o755)
    let suite = try dir.write(
      "suite.json",
      text: """
        {"keybench_suite": 1, "name": "slow",
         "runs": [{"name": "c", "bench": "correct", "args": {"lexicon": "de", "pairs": "\(pairs)", "corrector": "baseline", "plugin": ["slow=\(plugin)"]}}]}
        """)
    let process = Process()
    process.executableURL = TestPaths.productsDirectory.appendingPathComponent("keybench-suite")
    process.arguments = ["run", suite, "--out", dir.path("out")]
    process.currentDirectoryURL = dir.url
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    func children() -> [Int32] {
      ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }.filter { pid in
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        let line = String(decoding: data, as: UTF8.self)
        return line.contains("keybench-run") && line.contains(dir.path("out"))
      }
    }
    let started = Date().addingTimeInterval(30)
    while children().isEmpty && Date() < started { usleep(10_000) }
    #expect(!children().isEmpty, "keybench-run started")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let deadline = Date().addingTimeInterval(10)
    while !children().isEmpty && Date() < deadline { usleep(10_000) }
    #expect(children().isEmpty, "keybench-run outlived its suite: \(children())")

    // Interrupted (Ctrl-C), the suite says what it kept and how to resume, and leaves nothing.
    let interrupted = Process()
    interrupted.executableURL = process.executableURL
    interrupted.arguments = ["run", suite, "--out", dir.path("out")]
    interrupted.currentDirectoryURL = dir.url
    let errors = Pipe()
    interrupted.standardOutput = FileHandle.nullDevice
    interrupted.standardError = errors
    try interrupted.run()
    let again = Date().addingTimeInterval(30)
    while children().isEmpty && Date() < again { usleep(10_000) }
    kill(interrupted.processIdentifier, SIGINT)
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    interrupted.waitUntilExit()
    #expect(interrupted.terminationStatus == 128 + SIGINT, "\(said)")
    #expect(said.contains("suite: interrupted: 0 of 1 runs finished and kept") && said.contains("Resume with the same command: ") && said.contains("run \(suite) --out"), "\(said)")
    #expect(children().isEmpty)
    let store = try FileManager.default.contentsOfDirectory(atPath: dir.path("out/store")).filter { $0.contains(".tmp-") }
    #expect(store.isEmpty, "\(store)")
  }
}

/// What a suite prints reaches its reader, or the suite says it did not.
@Suite struct SuiteOutputErrorTests {
  @Test func aFullDiskOnStandardOutputIsAFailure() throws {
    let dir = try TemporaryDirectory()
    let suite = try SuiteCommandTests.suite(in: dir, seeds: [1, 2])
    #expect(try Run.product("keybench-suite", ["run", suite, "--out", dir.path("out"), "--only", "gesture[seed=1]"]).status == 0)
    let status = Process()
    status.executableURL = TestPaths.productsDirectory.appendingPathComponent("keybench-suite")
    status.arguments = ["report", dir.path("out")]
    status.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let errors = Pipe()
    status.standardError = errors
    try status.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    status.waitUntilExit()
    #expect(status.terminationStatus == 2 && said.contains("cannot write standard output"), "\(said)")
    // The leaderboard of a half-finished suite says so.
    let board = try String(contentsOfFile: dir.path("out/leaderboard.md"), encoding: .utf8)
    #expect(board.contains("**Incomplete: 1 of 2 runs finished"), "\(board)")
  }
}
