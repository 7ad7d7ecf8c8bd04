import Foundation
import KeyBenchCorpora
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchPlugins
import KeyBenchTestSupport
import Testing

/// The rough edges a researcher met writing plug-ins from the documentation (issue 32), each
/// run again: every one now gets the behaviour PROTOCOL.md describes.
@Suite struct PluginContractTests {
  static func options(_ change: (inout PluginProcess.Options) -> Void) -> PluginProcess.Options {
    var options = PluginHarness.options()
    change(&options)
    return options
  }

  @Test func swipeIgnoresCandidatesBeyondTheLimitAndNamesTheGestureOnAContractError() throws {
    let harness = try PluginHarness()
    let spec = try harness.script(
      "many",
      body: """
        if request["id"] == 2:
            print("about to repeat myself", file=sys.stderr, flush=True)
            reply({"id": request["id"], "candidates": ["the", "then", "the"]})
        else:
            reply({"id": request["id"], "candidates": ["the", "then", "ten", "them", "they", "there"]})
        """)
    let layout = try DeviceCatalog.shipped().layout(named: "pixel6pro-gboard", locale: "en_US")
    let session = try PluginSwipeDecoder.Session(
      spec: spec, lexicon: harness.lexicon, layouts: [layout], top: 4, workspace: harness.workspace, options: PluginHarness.options())
    let decoder = session.decoder(for: layout)
    let points = [TimedPoint(x: 1, y: 2, t: 0), TimedPoint(x: 3, y: 4, t: 16)]
    decoder.begin(item: "hws/u1/0")
    #expect(try decoder.decode(points, top: 4, probe: nil).candidates.map(\.word) == ["the", "then", "ten", "them"])
    decoder.begin(item: "hws/u1/1")
    let failure = try #require(throws: PluginFailure.self) { try decoder.decode(points, top: 4, probe: nil) }
    #expect(failure.plugin == "many")
    #expect(failure.item == "item hws/u1/1 (2 points on \(layout.name))")
    #expect(failure.reason.contains("must be distinct") && failure.reason.contains("'the' appears twice"), "\(failure.reason)")
    #expect(failure.stderrTail == ["about to repeat myself"])
  }

  @Test func skippedItemsAreListedAndACrashedPluginStartsAgain() throws {
    let harness = try PluginHarness()
    let spec = try harness.script(
      "flaky",
      body: """
        if request["typed"] == "boom":
            reply({"id": request["id"], "error": "no model for 'boom'"})
        elif request["typed"] == "crash":
            print("segfault (simulated)", file=sys.stderr, flush=True)
            sys.exit(139)
        else:
            reply({"id": request["id"], "candidates": [request["typed"]], "time_us": 3})
        """)
    let corrector = try harness.corrector(spec, options: PluginHarness.options(onError: .skip))
    let words = ["the", "boom", "ten", "crash", "then"]
    var answers: [[String]] = []
    for (index, word) in words.enumerated() {
      corrector.begin(item: String(index + 1))
      answers.append(try corrector.suggestions(for: word, limit: 4))
    }
    #expect(answers == [["the"], [], ["ten"], [], ["then"]])
    #expect(corrector.process.failedItems.map(\.item) == ["2", "4"])
    #expect(corrector.process.failedItems[0].reason == "reported an error: no model for 'boom'")
    #expect(corrector.process.failedItems[1].reason.contains("exited with status 139"), "\(corrector.process.failedItems[1].reason)")
    #expect(corrector.process.restarts == 1)
    try corrector.process.finish()
    let identity = corrector.process.identity
    #expect(identity.failedItems.count == 2)
    #expect(identity.measures?.failedItems == 2)
    #expect(identity.measures?.requests == 3)
    // Both processes' stderr is kept, with a line where the second one starts.
    let log = try #require(identity.log)
    #expect(log.text.contains("segfault (simulated)") && log.text.contains("starting the plug-in again"), "\(log.text)")
  }

  @Test func commandsRunAsInAShell() throws {
    let harness = try PluginHarness()
    let spec = try harness.script(
      "env", hello: "import os",
      body: "reply({'id': request['id'], 'candidates': [os.environ.get('KB_MODE', 'unset'), sys.argv[1]]})")
    for command in [
      "KB_MODE='fast lane' \(spec.command) 'one arg'",
      "env KB_MODE='fast lane' \(spec.command) \"one arg\"",
    ] {
      let corrector = try harness.corrector(PluginSpec(name: "env", command: command))
      #expect(try corrector.suggestions(for: "x", limit: 4) == ["fast lane", "one arg"], "\(command)")
      try corrector.process.finish()
    }
  }

  @Test func theStderrIsKeptCappedAndSaysWhenCut() throws {
    let harness = try PluginHarness()
    let spec = try harness.script(
      "chatty", hello: "sys.stderr.write('start of log\\n' + 'x' * 1500000 + '\\nend of log\\n'); sys.stderr.flush()",
      body: "reply({'id': request['id'], 'candidates': []})")
    let corrector = try harness.corrector(spec)
    _ = try corrector.suggestions(for: "teh", limit: 4)
    try corrector.process.finish()
    let log = try #require(corrector.process.identity.log)
    #expect(log.cut)
    #expect(log.bytes > 1_500_000)
    #expect(log.text.utf8.count <= Provenance.Plugin.Log.limit)
    #expect(log.text.hasPrefix("start of log") && log.text.hasSuffix("end of log\n"))
    #expect(log.text.contains("bytes of this log cut here"))
  }

  @Test func anUnflushedAnswerIsFoundLongBeforeTheLoadTimeout() throws {
    let harness = try PluginHarness()
    // print() without flush into a pipe: the ready line stays in Python's buffer.
    let path = try harness.folder.write(
      "buffered.py",
      text: """
        import json, sys
        hello = json.loads(sys.stdin.readline())
        print(json.dumps({"type": "ready", "name": "buffered", "version": "1"}))
        for line in sys.stdin:
            print(json.dumps({"id": json.loads(line)["id"], "candidates": []}))
        """)
    let options = Self.options {
      $0.loadTimeout = 600
      $0.firstAnswerTimeout = 1
    }
    let failure = try #require(throws: PluginFailure.self) {
      // Unset, in case the environment running the tests sets it.
      try harness.corrector(PluginSpec(name: "buffered", command: "env -u PYTHONUNBUFFERED python3 \(path)"), options: options)
    }
    #expect(failure.item == "handshake")
    #expect(failure.reason.contains("--plugin-first-answer-timeout") && failure.reason.contains("PYTHONUNBUFFERED"), "\(failure.reason)")
    // The advice works: the same program unbuffered runs.
    let fixed = try harness.corrector(PluginSpec(name: "buffered", command: "PYTHONUNBUFFERED=1 python3 \(path)"), options: options)
    #expect(try fixed.suggestions(for: "teh", limit: 4).isEmpty)
    try fixed.process.finish()
  }

  @Test func answersOutsideTheLexiconAreCountedOrRefused() throws {
    let harness = try PluginHarness()
    // The harness lexicon is the, then, ten; the typed word itself is always allowed.
    let spec = try harness.script(
      "inventive",
      body: "reply({'id': request['id'], 'candidates': [request['typed'], 'the', 'thxe'] if request['typed'] == 'tje' else ['The']})")
    let counting = try harness.corrector(spec)
    for word in ["tje", "teh", "tje"] { _ = try counting.suggestions(for: word, limit: 4) }
    try counting.process.finish()
    #expect(counting.process.identity.measures?.outOfLexiconItems == 2)

    let refusing = try harness.corrector(spec, options: Self.options { $0.refuseUnknownWords = true })
    #expect(try refusing.suggestions(for: "teh", limit: 4) == ["The"])
    refusing.begin(item: "2")
    let failure = try #require(throws: PluginFailure.self) { try refusing.suggestions(for: "tje", limit: 4) }
    #expect(failure.item == "item 2 (typed 'tje')")
    #expect(failure.reason.contains("'thxe', which is not in the lexicon"), "\(failure.reason)")
    // Beyond the limit nothing is checked: the word is not scored.
    let limited = try harness.corrector(spec, options: Self.options { $0.refuseUnknownWords = true })
    #expect(try limited.suggestions(for: "tje", limit: 2) == ["tje", "the"])
  }

  @Test func handshakeAndNumberMistakesGetMessagesSayingWhatIsWrong() throws {
    let harness = try PluginHarness()
    let nan = try harness.script("nan", body: "reply({'id': request['id'], 'candidates': [], 'time_us': float('nan')})")
    let failure = try #require(throws: PluginFailure.self) { try harness.corrector(nan).suggestions(for: "teh", limit: 4) }
    #expect(failure.reason.contains("non-finite number (NaN or Infinity) for \"time_us\""), "\(failure.reason)")

    let path = try harness.folder.write(
      "noname.py", text: "import json, sys\nsys.stdin.readline()\nprint(json.dumps({'type': 'ready', 'name': '', 'version': '1'}), flush=True)\nsys.stdin.read()\n")
    let unnamed = try #require(throws: PluginFailure.self) { try harness.corrector(PluginSpec(name: "noname", command: "python3 \(path)")) }
    #expect(unnamed.reason.contains("\"name\" in its ready line must be a non-empty string"), "\(unnamed.reason)")
  }

  @Test func namesOfAlgorithmsNotSelectedAreStillRefused() throws {
    let reserved = ["baseline", "kannsch", "keyboard", "hunspell", "aspell"]
    for name in ["keyboard", "aspell"] {
      let error = try #require(throws: PluginSpecError.self) {
        try PluginSpec.checkUnique([PluginSpec(name: name, command: "x")], builtIn: ["baseline"], reserved: reserved)
      }
      #expect(error.description.contains("even when it is not selected"), "\(error.description)")
    }
    try PluginSpec.checkUnique([PluginSpec(name: "mine", command: "x")], builtIn: ["baseline"], reserved: reserved)
  }

  @Test func aDeterminismReplayFindsAnswersThatChangeBetweenProcesses() throws {
    let harness = try PluginHarness()
    // Like ties broken by Python's per-process hash seed: the second process orders differently.
    let starts = harness.folder.path("starts")
    let spec = try harness.script(
      "ties", hello: "import os\nrun = os.path.getsize('\(starts)') if os.path.exists('\(starts)') else 0\nopen('\(starts)', 'a').write('x')",
      body: "words = ['alpha', 'beta', request['typed']]\nreply({'id': request['id'], 'candidates': words if run == 0 or request['typed'] != 'c' else words[::-1]})")
    let options = Self.options { $0.determinismItems = 5 }
    let corrector = try harness.corrector(spec, options: options)
    for (index, word) in ["a", "b", "c", "d", "e", "f"].enumerated() {
      corrector.begin(item: String(index + 1))
      _ = try corrector.suggestions(for: word, limit: 6)
    }
    try corrector.process.finish()
    let finding = try #require(corrector.process.identity.determinism)
    #expect(finding.replayed == 5 && finding.differing == 1)
    #expect(finding.firstDifference == #"item 3 (typed 'c'): ["alpha","beta","c"], then ["c","beta","alpha"]"#, "\(finding)")
    // The replay's exchanges are not counted in the run's times.
    #expect(corrector.process.identity.measures?.requests == 6)

    let steady = try harness.script("steady", body: "reply({'id': request['id'], 'candidates': sorted({'b', 'a', request['typed']})})")
    let checked = try harness.corrector(steady, options: options)
    for word in ["x", "y"] { _ = try checked.suggestions(for: word, limit: 4) }
    try checked.process.finish()
    #expect(checked.process.identity.determinism == .init(replayed: 2, differing: 0, firstDifference: nil))
  }
}
