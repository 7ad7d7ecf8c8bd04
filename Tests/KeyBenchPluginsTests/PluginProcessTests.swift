import Foundation
import KeyBenchGeometry
import KeyBenchLexicon
import KeyBenchPlugins
import KeyBenchTestSupport
import Testing

/// Plug-ins as a researcher would write them, in Python without KeyBench's helper: the protocol
/// must be usable from scratch, and every way a plug-in can go wrong must stop the run with a
/// message naming it, the item and its stderr.
struct PluginHarness {
  let folder: TemporaryDirectory
  let workspace: PluginWorkspace
  let lexicon = Lexicon(
    name: "tiny", locale: "en_US",
    entries: [.init(word: "the", frequency: 250), .init(word: "then", frequency: 180), .init(word: "ten", frequency: 150)])

  init() throws {
    folder = try TemporaryDirectory()
    workspace = PluginWorkspace()
  }

  /// A Python plug-in whose request loop body is `body` (with `request`, `reply(dict)` in scope).
  func script(_ name: String, hello: String = "", body: String) throws -> PluginSpec {
    let text = """
      import json, sys, time
      hello = json.loads(sys.stdin.readline())
      \(hello)
      def reply(value):
          sys.stdout.write(json.dumps(value) + "\\n")
          sys.stdout.flush()
      reply({"type": "ready", "name": "\(name)", "version": "0.1", "config": {"lexicon_words": hello["lexicon"]["words"]}})
      for line in sys.stdin:
          request = json.loads(line)
      \(body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
      """
    let path = try folder.write("\(name).py", text: text)
    return PluginSpec(name: name, command: "python3 \(path)")
  }

  /// Limits for tests: short, so a wrong plug-in fails fast.
  static func options(timeout: Double = 5, load: Double = 10, onError: PluginProcess.ErrorPolicy = .stop) -> PluginProcess.Options {
    var options = PluginProcess.Options()
    options.timeout = timeout
    options.loadTimeout = load
    options.onError = onError
    return options
  }

  func corrector(_ spec: PluginSpec, timeout: Double = 5) throws -> PluginCorrector {
    try corrector(spec, options: Self.options(timeout: timeout))
  }

  func corrector(_ spec: PluginSpec, options: PluginProcess.Options) throws -> PluginCorrector {
    try PluginCorrector(
      spec: spec, lexicon: lexicon, layout: try DeviceCatalog.shipped().layout(named: "pixel6pro-gboard", locale: "en_US"),
      top: 4, workspace: workspace, options: options)
  }
}

@Suite struct PluginProcessTests {
  @Test func answersCarryLearnedWordsResetAndTimes() throws {
    let harness = try PluginHarness()
    // Echoes what it was told, so the test sees exactly what KeyBench sent.
    let spec = try harness.script(
      "echo",
      body: """
        told = [request["typed"], "learn=" + ",".join(request.get("learn", [])), "reset=%s" % request.get("reset", False)]
        reply({"id": request["id"], "candidates": told, "time_us": 7.5})
        """)
    let corrector = try harness.corrector(spec)
    #expect(corrector.process.identity.reportedName == "echo")
    #expect(corrector.process.identity.config == #"{"lexicon_words":3}"#)
    #expect(try corrector.suggestions(for: "teh", limit: 4) == ["teh", "learn=", "reset=False"])
    corrector.learn("the")
    corrector.learn("ten")
    #expect(try corrector.suggestions(for: "tne", limit: 4) == ["tne", "learn=the,ten", "reset=False"])
    corrector.reset()
    #expect(try corrector.suggestions(for: "a\"b\\c\té", limit: 2) == ["a\"b\\c\té", "learn="])
    #expect(corrector.process.ownMicrosecondsPerAnswer == 7.5)

    try corrector.process.finish()
  }

  @Test func theSentenceAroundAWordTravelsWhenThePairsHaveOne() throws {
    let harness = try PluginHarness()
    let spec = try harness.script("context", body: "reply({'id': request['id'], 'candidates': [request.get('context', 'none')]})")
    let corrector = try harness.corrector(spec)
    #expect(try corrector.suggestions(for: "their", context: "they went their way", limit: 4) == ["they went their way"])
    #expect(try corrector.suggestions(for: "teh", limit: 4) == ["none"])
    try corrector.process.finish()
  }

  @Test func aPluginThatExitsAtOnceIsNamedWithItsStderr() throws {
    let harness = try PluginHarness()
    let path = try harness.folder.write("dies.sh", text: "echo 'cannot load model.bin' >&2\nexit 3\n")
    let failure = try #require(throws: PluginFailure.self) {
      try harness.corrector(PluginSpec(name: "dies", command: "sh \(path)"))
    }
    #expect(failure.item == "handshake")
    #expect(failure.reason.contains("exited with status 3"), "\(failure.reason)")
    #expect(failure.stderrTail == ["cannot load model.bin"])
    #expect(failure.description.contains("plug-in 'dies'"))
  }

  @Test func aHangingPluginStopsTheRunAtTheTimeout() throws {
    let harness = try PluginHarness()
    let spec = try harness.script("hangs", body: "print('thinking', file=sys.stderr, flush=True)\ntime.sleep(60)")
    let corrector = try harness.corrector(spec, timeout: 0.3)
    let started = Date()
    let failure = try #require(throws: PluginFailure.self) { try corrector.suggestions(for: "teh", limit: 4) }
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(failure.reason.contains("no answer within"), "\(failure.reason)")
    #expect(failure.item == "item ? (typed 'teh')")
    #expect(failure.stderrTail == ["thinking"])
    // The failure sticks: no later word is asked or scored.
    #expect(throws: PluginFailure.self) { try corrector.suggestions(for: "the", limit: 4) }
  }

  @Test func garbageWrongIdsAndBadCandidatesAreRefused() throws {
    let harness = try PluginHarness()
    let cases: [(body: String, expected: String)] = [
      ("print('Loading... done', flush=True)", "not JSON"),
      ("reply([1, 2])", "not a JSON object"),
      ("reply({'id': request['id'] + 1, 'candidates': []})", "answered request id 2"),
      ("reply({'id': request['id']})", "no \"candidates\" list"),
      ("reply({'id': request['id'], 'candidates': ['the', 3]})", "candidates must be strings"),
      ("reply({'id': request['id'], 'candidates': [], 'time_us': -1})", "time_us"),
      // More of its own time than the whole round trip would make the pipe time negative.
      ("reply({'id': request['id'], 'candidates': [], 'time_us': 1e12})", "more than the whole round trip"),
      ("reply({'id': request['id'], 'error': 'model not trained'})", "reported an error: model not trained"),
      ("sys.stdout.write('{\"id\": 1'); sys.stdout.flush(); sys.exit(0)", "closed its output in the middle of a line"),
    ]
    for (index, entry) in cases.enumerated() {
      let corrector = try harness.corrector(try harness.script("bad\(index)", body: entry.body))
      let failure = try #require(throws: PluginFailure.self) { try corrector.suggestions(for: "teh", limit: 4) }
      #expect(failure.reason.contains(entry.expected), "case \(index): \(failure.reason)")
    }
  }

  /// Plug-in answers go through the strict JSON parser: a duplicate key or a trailing comma,
  /// which Foundation would read (keeping the last key), stops the run naming the output line.
  @Test func duplicateKeysAndTrailingCommasInAnswersAreRefusedWithTheLine() throws {
    let harness = try PluginHarness()
    let ready = #"{"type": "ready", "name": "strict", "version": "0.1"}"#
    let cases: [(ready: String, answer: String, item: String, expected: String)] = [
      (#"{"type": "ready", "name": "strict", "name": "other", "version": "0.1"}"#, "", "handshake",
       "stdout line 1: invalid JSON: key 'name' appears twice in one object"),
      (#"{"type": "ready", "name": "strict", "version": "0.1",}"#, "", "handshake",
       "stdout line 1: invalid JSON: expected a key in quotes, found '}'"),
      (ready, #"{"id": 1, "candidates": ["the"], "candidates": ["ten"]}"#, "item ? (typed 'teh')",
       "stdout line 2: invalid JSON: key 'candidates' appears twice in one object"),
      (ready, #"{"id": 1, "candidates": ["the", "ten",]}"#, "item ? (typed 'teh')",
       "stdout line 2: invalid JSON: unexpected ']' where a value was expected"),
    ]
    for (index, entry) in cases.enumerated() {
      let path = try harness.folder.write(
        "strict\(index).py",
        text: """
          import sys
          sys.stdin.readline()
          sys.stdout.write(\(PluginJSON.string(entry.ready)) + "\\n"); sys.stdout.flush()
          for line in sys.stdin:
              sys.stdout.write(\(PluginJSON.string(entry.answer)) + "\\n"); sys.stdout.flush()
          """)
      let spec = PluginSpec(name: "strict\(index)", command: "python3 \(path)")
      let failure = try #require(throws: PluginFailure.self) {
        try harness.corrector(spec).suggestions(for: "teh", limit: 4)
      }
      #expect(failure.item == entry.item && failure.reason.contains(entry.expected), "case \(index): \(failure.item): \(failure.reason)")
    }
  }

  @Test func aPluginThatDiesMidRunIsCaughtOnTheNextWord() throws {
    let harness = try PluginHarness()
    let spec = try harness.script(
      "crashes",
      body: """
        if request["id"] == 3:
            print("Segmentation fault (simulated)", file=sys.stderr, flush=True)
            sys.exit(139)
        reply({"id": request["id"], "candidates": [request["typed"]]})
        """)
    let corrector = try harness.corrector(spec)
    #expect(try corrector.suggestions(for: "one", limit: 4) == ["one"])
    #expect(try corrector.suggestions(for: "two", limit: 4) == ["two"])
    let failure = try #require(throws: PluginFailure.self) { try corrector.suggestions(for: "three", limit: 4) }
    #expect(failure.item == "item ? (typed 'three')")
    #expect(failure.reason.contains("exited with status 139"), "\(failure.reason)")
    #expect(failure.stderrTail.last == "Segmentation fault (simulated)")
  }

  @Test func aNonZeroExitAfterTheLastAnswerFailsTheRun() throws {
    let harness = try PluginHarness()
    let spec = try harness.script("exit1", hello: "import atexit, os; atexit.register(lambda: os._exit(1))", body: "reply({'id': request['id'], 'candidates': []})")
    let corrector = try harness.corrector(spec)
    _ = try corrector.suggestions(for: "teh", limit: 4)
    let failure = try #require(throws: PluginFailure.self) { try corrector.process.finish() }
    #expect(failure.reason.contains("exited with status 1"))
  }

  @Test func aBackgroundChildDoesNotKeepTheRunWaiting() throws {
    let harness = try PluginHarness()
    // The plug-in starts a child that outlives it and holds its pipes.
    let pidFile = harness.folder.path("child.pid")
    let spec = try harness.script(
      "lingers", hello: "import subprocess; open('\(pidFile)', 'w').write(str(subprocess.Popen(['sleep', '30']).pid))",
      body: "reply({'id': request['id'], 'candidates': [request['typed']]})")
    let corrector = try harness.corrector(spec)
    #expect(try corrector.suggestions(for: "teh", limit: 4) == ["teh"])
    let started = Date()
    try corrector.process.finish()
    #expect(Date().timeIntervalSince(started) < 5, "finish waited for the plug-in's child")
    // The child went with it.
    let child = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8)))
    usleep(200_000)
    // Gone, or a zombie waiting for whoever adopted it to reap it: not running either way.
    let state = FileManager.default.contents(atPath: "/proc/\(child)/stat").flatMap { bytes in
      bytes.lastIndex(of: UInt8(ascii: ")")).map { bytes[(bytes.index($0, offsetBy: 2))] }
    }
    #expect(state == nil || state == UInt8(ascii: "Z"), "the plug-in's child \(child) still runs")

    // A plug-in that exits mid-run while its child holds the pipe is named by its exit, not by
    // the timeout.
    let quits = try harness.script(
      "quits", hello: "import subprocess, os; subprocess.Popen(['sleep', '30'])",
      body: "if request['id'] == 2:\n    os._exit(3)\nreply({'id': request['id'], 'candidates': []})")
    let second = try harness.corrector(quits, timeout: 20)
    _ = try second.suggestions(for: "one", limit: 4)
    let asked = Date()
    let failure = try #require(throws: PluginFailure.self) { try second.suggestions(for: "two", limit: 4) }
    #expect(Date().timeIntervalSince(asked) < 5, "waited for the timeout")
    #expect(failure.reason.contains("exited with status 3"), "\(failure.reason)")
  }

  /// A child that leaves the plug-in's process group (setsid) is out of the group kill's reach;
  /// it is found by the token it inherited, ended and reported.
  @Test func aChildInASessionOfItsOwnIsEndedAndReported() throws {
    let harness = try PluginHarness()
    let pidFile = harness.folder.path("session.pid")
    let spec = try harness.script(
      "escapes", hello: "import subprocess; open('\(pidFile)', 'w').write(str(subprocess.Popen(['setsid', 'sleep', '60']).pid))",
      body: "reply({'id': request['id'], 'candidates': [request['typed']]})")
    let corrector = try harness.corrector(spec)
    #expect(try corrector.suggestions(for: "teh", limit: 4) == ["teh"])
    let child = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8)))
    func running() -> Bool {
      // Gone, or a zombie waiting to be reaped, is not running.
      let state = FileManager.default.contents(atPath: "/proc/\(child)/stat").flatMap { bytes in
        bytes.lastIndex(of: UInt8(ascii: ")")).map { bytes[(bytes.index($0, offsetBy: 2))] }
      }
      return state != nil && state != UInt8(ascii: "Z")
    }
    #expect(running(), "the plug-in's child \(child) should run in its own session until the plug-in ends")
    try corrector.process.finish()
    usleep(200_000)
    #expect(!running(), "the plug-in's child \(child) outlived it")
    #expect(corrector.process.leftBehind == ["\(child) sleep"])
    #expect(corrector.process.identity.log?.text.contains("plug-in escapes left 1 process behind (\(child) sleep); KeyBench ended it") == true)
  }

  @Test func specsAreCheckedBeforeAnythingStarts() throws {
    #expect(try PluginSpec(parsing: "mine=python3 my.py --beam 8") == PluginSpec(name: "mine", command: "python3 my.py --beam 8"))
    for bad in ["mine", "=cmd", "Mine=cmd", "mine=", "mine=  ", "a b=cmd", String(repeating: "x", count: 41) + "=cmd"] {
      #expect(throws: PluginSpecError.self, "\(bad)") { try PluginSpec(parsing: bad) }
    }
    #expect(throws: PluginSpecError.self) {
      try PluginSpec.checkUnique([PluginSpec(name: "keyboard", command: "x")], builtIn: ["baseline", "keyboard"])
    }
  }

  @Test func theLexiconExportHoldsTheSuggestibleWordsMostFrequentFirst() throws {
    let lexicon = Lexicon(
      name: "x", locale: "en_US",
      entries: [.init(word: "ten", frequency: 150), .init(word: "the", frequency: 250), .init(word: "zzz", frequency: 0),
        .init(word: "fhtagn", frequency: 200, isWord: false)])
    let lines = lexicon.exportTSV().split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    #expect(lines.map { $0[0] } == ["the", "ten"])
    #expect(lines.map { $0[1] } == ["250", "150"])
    #expect(Int(lines[0][2])! > Int(lines[1][2])!)
  }
}

@Suite struct PluginBackPressureTests {
  /// A plug-in that stops reading fills the pipe; the write must time out like a read would.
  @Test func aPluginThatStopsReadingTimesOut() throws {
    let harness = try PluginHarness()
    let spec = try harness.script("deaf", body: "time.sleep(60)")
    let corrector = try harness.corrector(spec, timeout: 0.5)
    let started = Date()
    let failure = try #require(throws: PluginFailure.self) {
      // 64 KiB pipes: a few requests of 100 KB cannot all be written.
      for _ in 0..<4 { _ = try corrector.suggestions(for: String(repeating: "x", count: 100_000), limit: 4) }
    }
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(failure.reason.contains("did not read its input") || failure.reason.contains("no answer within"), "\(failure.reason)")
  }
}

/// Issue 43: a plug-in can neither keep a run waiting nor slip answers past the one-per-request
/// rule, and a plug-in that no longer answers stops a skipping run after a few items.
@Suite struct PluginReliabilityTests {
  /// Whether `pid` still runs (gone, or a zombie waiting to be reaped, does not).
  static func running(_ pid: Int32) -> Bool {
    let state = FileManager.default.contents(atPath: "/proc/\(pid)/stat").flatMap { bytes in
      bytes.lastIndex(of: UInt8(ascii: ")")).map { bytes[(bytes.index($0, offsetBy: 2))] }
    }
    return state != nil && state != UInt8(ascii: "Z")
  }

  /// A daemon that leaves the plug-in's session, drops the token from its environment and keeps
  /// the plug-in's output open: the end of the run neither waits for its end of file nor leaves
  /// it running.
  @Test func aDaemonHoldingTheOutputWithoutTheTokenIsEndedNotWaitedFor() throws {
    let harness = try PluginHarness()
    let pidFile = harness.folder.path("daemon.pid")
    let spec = try harness.script(
      "daemon",
      hello: """
        import os
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                open('\(pidFile)', 'w').write(str(os.getpid()))
                os.execve('/bin/sleep', ['sleep', '60'], {k: v for k, v in os.environ.items() if k != 'KEYBENCH_PLUGIN_INSTANCE'})
            os._exit(0)
        """,
      body: "reply({'id': request['id'], 'candidates': [request['typed']]})")
    let corrector = try harness.corrector(spec)
    #expect(try corrector.suggestions(for: "teh", limit: 4) == ["teh"])
    // The daemon writes its PID once it runs, in its own time.
    let written = Date().addingTimeInterval(10)
    while (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap({ Int32($0) }) == nil && Date() < written { usleep(10_000) }
    let daemon = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8)))
    #expect(Self.running(daemon))
    let started = Date()
    try corrector.process.finish()
    #expect(Date().timeIntervalSince(started) < 8, "finish waited for the daemon's end of file")
    usleep(200_000)
    #expect(!Self.running(daemon), "the daemon \(daemon) outlived the plug-in")
    #expect(corrector.process.leftBehind == ["\(daemon) sleep"])
  }

  /// Under skip, a plug-in that stops answering costs a timeout per item; after
  /// maximumConsecutiveFailures items in a row the run stops instead of crawling on.
  @Test func skipGivesUpAfterConsecutiveUnansweredItems() throws {
    let harness = try PluginHarness()
    let spec = try harness.script(
      "stalls", body: "if request['typed'] != 'ok':\n    time.sleep(60)\nreply({'id': request['id'], 'candidates': ['ok']})")
    var options = PluginHarness.options(timeout: 0.3, onError: .skip)
    options.firstAnswerTimeout = 30
    let corrector = try harness.corrector(spec, options: options)
    // Answered items between failures reset the count.
    for word in ["a", "ok", "b", "ok"] { _ = try corrector.suggestions(for: word, limit: 4) }
    #expect(corrector.process.failedItems.count == 2)
    let started = Date()
    let failure = try #require(throws: PluginFailure.self) {
      for word in ["c", "d", "e", "f", "g", "h", "i", "j"] { _ = try corrector.suggestions(for: word, limit: 4) }
    }
    #expect(corrector.process.failedItems.count == 5, "it went on after \(PluginProcess.maximumConsecutiveFailures) in a row")
    #expect(failure.item == "item ? (typed 'e')", "\(failure.item)")
    #expect(failure.reason.hasPrefix("3 items in a row went unanswered, so the run stops"), "\(failure.reason)")
    #expect(failure.reason.contains("no answer within"), "\(failure.reason)")
    #expect(Date().timeIntervalSince(started) < 10)
  }

  /// An answer written before its request, a second answer to one request, and a line after the
  /// last answer are protocol errors naming the plug-in and the line.
  @Test func linesNobodyAskedForAreProtocolErrors() throws {
    let harness = try PluginHarness()
    let ahead = try harness.folder.write(
      "ahead.py",
      text: """
        import json, sys
        sys.stdin.readline()
        sys.stdout.write('{"type": "ready", "name": "ahead", "version": "1"}\\n{"id": 1, "candidates": ["guess"]}\\n'); sys.stdout.flush()
        for line in sys.stdin:
            request = json.loads(line)
            sys.stdout.write(json.dumps({"id": request["id"], "candidates": ["late"]}) + "\\n"); sys.stdout.flush()
        """)
    let first = try #require(throws: PluginFailure.self) {
      try harness.corrector(PluginSpec(name: "ahead", command: "python3 \(ahead)")).suggestions(for: "teh", limit: 4)
    }
    #expect(first.plugin == "ahead" && first.item == "item ? (typed 'teh')")
    #expect(first.reason.contains(#"nobody asked for before request id 1 was sent (stdout line 2: {"id": 1, "candidates": ["guess"]})"#), "\(first.reason)")

    let twice = try harness.script(
      "twice", body: "sys.stdout.write(json.dumps({'id': request['id'], 'candidates': ['a']}) + '\\n' + json.dumps({'id': request['id'], 'candidates': ['b']}) + '\\n'); sys.stdout.flush()")
    let corrector = try harness.corrector(twice)
    #expect(try corrector.suggestions(for: "one", limit: 4) == ["a"])
    let second = try #require(throws: PluginFailure.self) { try corrector.suggestions(for: "two", limit: 4) }
    #expect(second.reason.contains("before request id 2 was sent (stdout line 3:"), "\(second.reason)")

    let trailing = try harness.script(
      "trailing", hello: "import atexit; atexit.register(lambda: print('bye', flush=True))",
      body: "reply({'id': request['id'], 'candidates': []})")
    let last = try harness.corrector(trailing)
    _ = try last.suggestions(for: "one", limit: 4)
    let third = try #require(throws: PluginFailure.self) { try last.process.finish() }
    #expect(third.item == "end of input")
    #expect(third.reason.contains("wrote a line (stdout line 3: bye) after its last answer"), "\(third.reason)")
  }

  /// A name or version that cannot head a line of the report is refused at the handshake.
  @Test func unprintableOrOverlongNamesAreRefusedAtTheHandshake() throws {
    let harness = try PluginHarness()
    for (index, name) in ["bad\\\\u001b[31mname", "two\\\\nlines", String(repeating: "n", count: PluginProcess.maximumNameLength + 1)].enumerated() {
      let path = try harness.folder.write(
        "named\(index).py",
        text: """
          import sys
          sys.stdin.readline()
          sys.stdout.write('{"type": "ready", "name": "\(name)", "version": "1"}\\n'); sys.stdout.flush()
          sys.stdin.read()
          """)
      let failure = try #require(throws: PluginFailure.self) {
        try harness.corrector(PluginSpec(name: "named", command: "python3 \(path)"))
      }
      #expect(failure.item == "handshake" && failure.reason.contains("\"name\" in its ready line must"), "\(index): \(failure.reason)")
    }
  }

  /// A run killed with SIGKILL cannot remove its copies; the next workspace removes those of
  /// processes that no longer run, and leaves a running process's alone.
  @Test func workspacesOfDeadProcessesAreSweptAtTheNextStart() throws {
    let temporary = FileManager.default.temporaryDirectory
    var dead: Int32 = 4_000_000
    while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
    let stale = temporary.appendingPathComponent("keybench-plugins-\(dead)-DEADBEEF")
    let live = temporary.appendingPathComponent("keybench-plugins-\(getppid())-LIVE0000")
    for folder in [stale, live] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("word\t1\t1\n".utf8).write(to: folder.appendingPathComponent("lexicon-0.tsv"))
    }
    defer { try? FileManager.default.removeItem(at: live) }
    _ = PluginWorkspace()
    #expect(!FileManager.default.fileExists(atPath: stale.path), "a killed run's copy stayed")
    #expect(FileManager.default.fileExists(atPath: live.path), "a running process's workspace was removed")
  }
}
