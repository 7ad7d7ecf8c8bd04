import Foundation
import KeyBenchTestSupport
import Testing

/// Issue 43: a KeyBench tool that is interrupted (Ctrl-C, SIGTERM) or ends takes the processes
/// it started with it and leaves nothing in the temporary folder.
@Suite struct InterruptionCommandTests {
  /// Starts `tool` with `arguments`, its temporary folder `temporary`, stdout and stderr discarded.
  static func start(_ tool: String, _ arguments: [String], temporary: String) throws -> Process {
    let process = Process()
    process.executableURL = TestPaths.productsDirectory.appendingPathComponent(tool)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// The PID written to `path`, waiting up to 30 s for it.
  static func pid(in path: String) throws -> Int32 {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if let text = try? String(contentsOfFile: path, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
        return pid
      }
      usleep(20_000)
    }
    throw TestSupportError("no PID in \(path) after 30 s")
  }

  /// Whether `pid` still runs (gone, or a zombie waiting to be reaped, does not).
  static func running(_ pid: Int32) -> Bool {
    let state = FileManager.default.contents(atPath: "/proc/\(pid)/stat").flatMap { bytes in
      bytes.lastIndex(of: UInt8(ascii: ")")).map { bytes[(bytes.index($0, offsetBy: 2))] }
    }
    return state != nil && state != UInt8(ascii: "Z")
  }

  /// Waits up to 10 s for `pid` to stop running.
  static func ended(_ pid: Int32) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while running(pid) && Date() < deadline { usleep(20_000) }
    return !running(pid)
  }

  /// A plug-in busy on an item (in a process group of its own, so Ctrl-C at a terminal does not
  /// reach it) is ended with the run, and the run's copies for it are removed.
  @Test(arguments: [SIGINT, SIGTERM])
  func anInterruptedRunEndsItsBusyPluginAndRemovesItsFiles(signal: Int32) throws {
    let dir = try TemporaryDirectory()
    let temporary = dir.path("tmp")
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    let db = dir.path("l.sqlite")
    #expect(try Run.product("keybench-ingest", [TestPaths.fixture("mini.combined"), "--db", db]).status == 0)
    let pairs = try dir.write("p.tsv", text: "typed\tintended\tcontext\tsource\nhnud\tund\t\tx\nhsus\tHaus\t\tx\n")
    let pidFile = dir.path("plugin.pid")
    let plugin = try dir.write(
      "busy.py",
      text: """
        import json, os, sys, time
        sys.stdin.readline()
        print(json.dumps({"type": "ready", "name": "busy", "version": "1"}), flush=True)
        for line in sys.stdin:
            open('\(pidFile)', 'w').write(str(os.getpid()))
            end = time.time() + 120
            while time.time() < end:
                pass
        """)
    let run = try Self.start(
      "keybench-run",
      ["correct", "--lexicon", "de", "--db", db, "--pairs", pairs, "--corrector", "baseline", "--bootstrap", "0", "--out", dir.path("run"),
       "--plugin-timeout", "300", "--plugin", "busy=python3 \(plugin)"],
      temporary: temporary)
    let busy = try Self.pid(in: pidFile)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).contains { $0.hasPrefix("keybench-plugins-") })
    kill(run.processIdentifier, signal)
    run.waitUntilExit()
    #expect(run.terminationStatus == 128 + signal)
    #expect(Self.ended(busy), "the busy plug-in \(busy) outlived the run")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
    #expect(!FileManager.default.fileExists(atPath: dir.path("run")))
  }

  /// SIGTERM to `keybench-report time-ratio` ends the benchmark command it is timing and
  /// removes its scratch folder.
  @Test func anInterruptedTimeRatioEndsItsCommandAndRemovesItsScratch() throws {
    let dir = try TemporaryDirectory()
    let temporary = dir.path("tmp")
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    let pidFile = dir.path("command.pid")
    let command = try dir.write("slow.sh", text: "#!/bin/sh\nmkdir -p \"$2\"\necho $$ > \(pidFile)\nexec sleep 60\n")
    chmod(command, 0o755)
    let timing = try Self.start("keybench-report", ["time-ratio", "--repeat", "2", "--", command, "::", command], temporary: temporary)
    let child = try Self.pid(in: pidFile)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).contains { $0.hasPrefix("keybench-time-") })
    kill(timing.processIdentifier, SIGTERM)
    timing.waitUntilExit()
    #expect(timing.terminationStatus == 128 + SIGTERM)
    #expect(Self.ended(child), "the timed command \(child) outlived time-ratio")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
  }

  /// A crash (here SIGSEGV, as a runtime failure or a refused allocation would end it) runs no
  /// Swift code, yet the files the run had in flight are removed: predict's rows written beside
  /// the run folder as it types.
  @Test func aCrashedRunLeavesNoFilesInFlight() throws {
    let dir = try TemporaryDirectory()
    let sentence = "the cat sat on the mat with the small dog and the old man walked to the house"
    let train = try dir.write("train.txt", text: (0..<200).map { "\(sentence) \($0)." }.joined(separator: "\n"))
    let test = try dir.write("test.txt", text: (0..<20_000).map { _ in "a small bird sang under the old tree in the garden." }.joined(separator: "\n"))
    let run = Process()
    run.executableURL = TestPaths.productsDirectory.appendingPathComponent("keybench-run")
    run.arguments = ["predict", "--train", train, "--text", test, "--curve-slices", "0", "--out", dir.path("run")]
    run.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    run.standardOutput = FileHandle.nullDevice
    run.standardError = FileHandle.nullDevice
    try run.run()
    func inFlight() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir.url.path)) ?? []).filter { $0.hasPrefix(".run.") } }
    let deadline = Date().addingTimeInterval(60)
    while inFlight().isEmpty && run.isRunning && Date() < deadline { usleep(20_000) }
    #expect(!inFlight().isEmpty, "no rows file while typing")
    usleep(300_000)
    kill(run.processIdentifier, SIGSEGV)
    run.waitUntilExit()
    #expect(run.terminationReason == .uncaughtSignal && run.terminationStatus == SIGSEGV)
    #expect(inFlight() == [])
    #expect(!FileManager.default.fileExists(atPath: dir.path("run")))
  }

  /// What a plug-in calls itself reaches report.md as plain text, never as markup.
  @Test func aPluginsSelfChosenNameIsPlainTextInTheReport() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("l.sqlite")
    #expect(try Run.product("keybench-ingest", [TestPaths.fixture("mini.combined"), "--db", db]).status == 0)
    let pairs = try dir.write("p.tsv", text: "typed\tintended\tcontext\tsource\nhnud\tund\t\tx\n")
    let name = "<img src=x onerror=alert(1)> **bold** | [link](x) `code`"
    let plugin = try dir.write(
      "named.py",
      text: """
        import keybench_plugin
        keybench_plugin.serve(lambda hello: ({"name": \(try String(decoding: JSONSerialization.data(withJSONObject: name, options: .fragmentsAllowed), as: UTF8.self)), "version": "1_0", "config": {"q": "a`b"}}, lambda request: []))
        """)
    let out = dir.path("run")
    let run = try Run.product(
      "keybench-run",
      ["correct", "--lexicon", "de", "--db", db, "--pairs", pairs, "--corrector", "baseline", "--bootstrap", "0", "--out", out,
       "--plugin", "named=python3 \(plugin)"])
    #expect(run.status == 0, "\(run.stderr)")
    let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
    let unescaped = report.replacingOccurrences(of: "\\<", with: "")
    #expect(!unescaped.contains("<img") && !report.contains("**bold**") && !report.contains("| [link]"), "\(report)")
    #expect(report.contains(#"\<img src=x onerror=alert(1)\> \*\*bold\*\* \| \[link\](x) \`code\` 1\_0, config ``{"q":"a`b"}``"#), "\(report)")
    // The raw name stays in summary.json, where JSON escapes it.
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/summary.json"))) as? [String: Any])
    let plugins = try #require((summary["provenance"] as? [String: Any])?["plugins"] as? [[String: Any]])
    #expect(plugins.first?["reported_name"] as? String == name)
  }
}
