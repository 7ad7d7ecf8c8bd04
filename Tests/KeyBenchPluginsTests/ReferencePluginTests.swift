import KeyBenchLanguageModel
import Foundation
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchGeometry
import KeyBenchLexicon
import KeyBenchPlugins
import KeyBenchPrediction
import KeyBenchTestSupport
import Testing

/// The plug-ins shipped in Plugins/, run when their dependency is installed (Scripts/setup --peers).
@Suite struct ReferencePluginTests {
  static func plugin(_ relative: String, _ arguments: String = "") -> PluginSpec {
    let path = TestPaths.repository.appendingPathComponent("Plugins/\(relative)").path
    return PluginSpec(name: relative.split(separator: "/").first.map(String.init) ?? relative, command: "\(path) \(arguments)")
  }

  @Test(.enabled(if: ExecutablePath.which("hunspell") != nil, "needs hunspell (Scripts/setup --peers installs it)"))
  func hunspellThroughTheIspellAdapter() throws {
    let harness = try PluginHarness()
    let corrector = try harness.corrector(Self.plugin("ispell/plugin", "hunspell"))
    #expect(corrector.process.identity.reportedName == "hunspell")
    #expect(try corrector.suggestions(for: "house", limit: 4) == ["house"])
    #expect(try corrector.suggestions(for: "teh", limit: 4).contains("the"))
    #expect(try corrector.suggestions(for: "*star", limit: 4).count <= 4)
    try corrector.process.finish()
  }

  /// The old pipe driver read a dead speller's closed output as "accepted" for every later word;
  /// through the adapter, the first unanswered word stops the run.
  @Test func aSpellerThatDiesMidRunStopsTheRun() throws {
    let harness = try PluginHarness()
    let fake = harness.folder.url.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
    let speller = try harness.folder.write(
      "bin/hunspell", text: "#!/bin/sh\necho '@(#) International Ispell Version 3.2.06 (fake)'\nread a; echo '*'; echo\nread b; exit 9\n")
    chmod(speller, 0o755)
    let path = TestPaths.repository.appendingPathComponent("Plugins/ispell/plugin").path
    let corrector = try harness.corrector(PluginSpec(name: "hunspell", command: "env PATH=\(fake.path):$PATH \(path) hunspell"))
    #expect(try corrector.suggestions(for: "house", limit: 4) == ["house"])
    let failure = try #require(throws: PluginFailure.self) { try corrector.suggestions(for: "teh", limit: 4) }
    #expect(failure.reason.contains("hunspell exited (status 9) while checking 'teh'"), "\(failure.reason)")
  }

  @Test(.enabled(if: ExecutablePath.which("aspell") != nil, "needs aspell (Scripts/setup --peers installs it)"))
  func aspellThroughTheIspellAdapter() throws {
    let harness = try PluginHarness()
    let corrector = try harness.corrector(Self.plugin("ispell/plugin", "aspell"))
    #expect(try corrector.suggestions(for: "recieve", limit: 4).first == "receive")
    try corrector.process.finish()
  }

  @Test(.enabled(if: ExecutablePath.which("text2ngram") != nil, "needs presage's text2ngram (Scripts/setup --peers installs it)"))
  func presagePredictsFromTheSameTrainingText() throws {
    let harness = try PluginHarness()
    let training = TextTokenizer.sentences(in: String(repeating: "the white rabbit ran away. the white queen shouted. ", count: 5))
    let presage = try PluginPredictor(
      spec: Self.plugin("presage/plugin"), training: training, lexicon: nil, locale: "en", suggestions: 3, adaptation: false,
      workspace: harness.workspace, options: PluginHarness.options(timeout: 10, load: 60))
    #expect(try presage.suggest(previous: ["the"], prefix: "", count: 3).contains("white"))
    #expect(try presage.suggest(previous: ["the", "white"], prefix: "q", count: 3).first == "queen")
    #expect(try presage.suggest(previous: [], prefix: "rab", count: 3) == ["rabbit"])
    try presage.process.finish()
  }

  @Test func theNullPluginAnswersEverythingWithNothing() throws {
    let harness = try PluginHarness()
    let corrector = try harness.corrector(Self.plugin("null/plugin"))
    for word in ["teh", "", "x y"] { #expect(try corrector.suggestions(for: word, limit: 4).isEmpty) }
    #expect(corrector.process.reportedCount == 3)
    try corrector.process.finish()
  }

  /// The reference plug-in in a second language: the C example, built by its script, answers
  /// every word exactly as the Python example does.
  @Test(.enabled(if: ExecutablePath.which("cc") != nil, "needs a C compiler (cc)"))
  func theCExampleAnswersAsThePythonExample() throws {
    let harness = try PluginHarness()
    let binary = harness.folder.path("c-example")
    let built = try Run.tool(TestPaths.repository.appendingPathComponent("Plugins/c-example/build").path, [binary])
    try #require(built.status == 0, "\(built.stderr)")
    let c = try harness.corrector(PluginSpec(name: "c-example", command: ShellWords.quote(binary)))
    let python = try harness.corrector(Self.plugin("example/plugin"))
    #expect(c.process.identity.reportedName == "c-example")
    for word in ["the", "teh", "tne", "thenn", "x", "t\"é\\"] {
      let answer = try c.suggestions(for: word, limit: 4)
      #expect(answer == (try python.suggestions(for: word, limit: 4)), "\(word)")
    }
    #expect(try c.suggestions(for: "th", limit: 4) == ["the", "ten"])
    try c.process.finish()
    try python.process.finish()
    #expect(c.process.identity.measures?.ownMicroseconds != nil)
  }

  @Test func predictorCopiesResetThePluginAndCarryLearnedWords() throws {
    let harness = try PluginHarness()
    let spec = try harness.script(
      "predict-echo",
      body: """
        learned = ["%s>%s" % (" ".join(l["previous"]), l["word"]) for l in request.get("learn", [])]
        reply({"id": request["id"], "candidates": ["adapt=%s" % hello["settings"]["adapt"], "reset=%s" % request.get("reset", False)] + learned})
        """.replacingOccurrences(of: "hello[\"lexicon\"][\"words\"]", with: "0"))
    // The echo script reads lexicon words from the handshake; predict hands a lexicon too.
    let predictor = try PluginPredictor(
      spec: spec, training: [["a", "b"]], lexicon: harness.lexicon, locale: "en_US", suggestions: 3, adaptation: true,
      workspace: harness.workspace, options: PluginHarness.options(timeout: 5, load: 10))
    let first = predictor.copy()
    #expect(try first.suggest(previous: [], prefix: "", count: 9) == ["adapt=True", "reset=True"])
    first.learn(previous: ["we"], word: "go")
    #expect(try first.suggest(previous: ["we", "go"], prefix: "", count: 9) == ["adapt=True", "reset=False", "we>go"])
    try predictor.process.finish()
    // The static curve's process is told in its handshake that adaptation is off, and gets no words.
    let frozen = try PluginPredictor(
      spec: spec, training: [["a", "b"]], lexicon: harness.lexicon, locale: "en_US", suggestions: 3, adaptation: false,
      workspace: harness.workspace, options: PluginHarness.options(timeout: 5, load: 10)).copy()
    frozen.learn(previous: [], word: "ignored")
    #expect(try frozen.suggest(previous: [], prefix: "", count: 9) == ["adapt=False", "reset=True"])
  }

  @Test func swipeRequestsNameTheLayoutAndCarryThePoints() throws {
    let harness = try PluginHarness()
    let spec = try harness.script(
      "swipe-echo",
      body: """
        layout = hello["layouts"][request["layout"]]
        letters = sum(1 for key in layout["keys"] if key["kind"] == "letter")
        reply({"id": request["id"], "candidates": [request["layout"], "points=%d" % len(request["points"]), "letters=%d" % letters]})
        """)
    let layout = try DeviceCatalog.shipped().layout(named: "pixel6pro-gboard", locale: "en_US")
    let session = try PluginSwipeDecoder.Session(
      spec: spec, lexicon: harness.lexicon, layouts: [layout], top: 4, workspace: harness.workspace, options: PluginHarness.options(timeout: 5, load: 10))
    let decoding = try session.decoder(for: layout).decode(
      [TimedPoint(x: 1, y: 2, t: 0), TimedPoint(x: 3, y: 4, t: 16)], top: 4, probe: nil)
    #expect(decoding.candidates.map(\.word) == [layout.name, "points=2", "letters=\(layout.letterKeys.count)"])
    #expect(decoding.candidates.map(\.score) == [0, 1, 2])
    try session.process.finish()
  }
}

/// The reference plug-ins that need PyPI packages or only Python.
@Suite struct ThirdPartyPluginTests {
  /// symspellpy installed in the virtual environment Scripts/setup --peers makes.
  static var hasSymspell: Bool {
    let lib = TestPaths.repository.appendingPathComponent(".keybench/venv/lib")
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
    return versions.contains { FileManager.default.fileExists(atPath: lib.appendingPathComponent("\($0)/site-packages/symspellpy").path) }
  }

  @Test(.enabled(if: hasSymspell, "needs symspellpy in .keybench/venv (Scripts/setup --peers installs it)")) func symspellCorrectsWithinTwoEdits() throws {
    let harness = try PluginHarness()
    let corrector = try harness.corrector(ReferencePluginTests.plugin("symspell/plugin"))
    #expect(corrector.process.identity.reportedName == "symspellpy")
    #expect(try corrector.suggestions(for: "teh", limit: 4).first == "the")
    #expect(try corrector.suggestions(for: "then", limit: 4).first == "then")
    #expect(try corrector.suggestions(for: "xyzzyq", limit: 4).isEmpty)
    try corrector.process.finish()
  }

  @Test func shark2DecodesATraceThroughTheKeyCentres() throws {
    let harness = try PluginHarness()
    let layout = try DeviceCatalog.shipped().layout(named: "pixel6pro-gboard", locale: "en_US")
    let session = try PluginSwipeDecoder.Session(
      spec: ReferencePluginTests.plugin("shark2/plugin"), lexicon: harness.lexicon, layouts: [layout], top: 4,
      workspace: harness.workspace, options: PluginHarness.options(timeout: 10, load: 60))
    for word in ["the", "then", "ten"] {
      let centres = word.map { layout.key(for: $0)!.center }
      var points: [TimedPoint] = []
      for (a, b) in zip(centres, centres.dropFirst()) {
        for step in 0..<10 {
          let t = Double(step) / 10
          points.append(TimedPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, t: Double(points.count) * 10))
        }
      }
      points.append(TimedPoint(x: centres.last!.x, y: centres.last!.y, t: Double(points.count) * 10))
      #expect(try session.decoder(for: layout).decode(points, top: 4, probe: nil).candidates.first?.word == word)
    }
    try session.process.finish()
  }
}
