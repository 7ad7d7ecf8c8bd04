import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchKeyboard
import KeyBenchLexicon
import KeyBenchPlugins
import KeyBenchResults
import KeyBenchTestSupport
import KeyBenchTyping
import Testing

@testable import KeyBenchBench

/// The keyboard benchmark's typists, its metric definitions against kebbie's own scorer, and
/// its refusals.
@Suite struct KeyboardBenchmarkTests {
  static func simulator(_ kind: NoiseModelKind, commonTypos: [String: [String]] = [:]) throws -> TypistSimulator {
    let profile = try DeviceCatalog.shipped().profile(named: "iphone6s")
    let errors = try TypingErrorDistribution.read(path: TestPaths.repository.appendingPathComponent("Corpora/typos/keystrokes-en.json").path)
    return TypistSimulator(
      kind: kind, layout: profile.layout(forLocale: "en"), profile: profile, errors: errors, config: TypistSimulator.Config(),
      commonTypos: commonTypos)
  }

  static let sentence = KeyboardTokenizer.words("“Well,” she said — it's the U.S. team's 2nd win (of 12)!")

  @Test func tokenizerDropsSentencePunctuationAndKeepsWordInnerMarks() {
    #expect(Self.sentence == ["Well", "she", "said", "-", "it's", "the", "U", "S", "team's", "2nd", "win", "of", "12"])
  }

  @Test func typistsAreDeterministicAndTheirTapsSpellWhatWasTyped() throws {
    let simulator = try Self.simulator(.keybench)
    let words = Array(repeating: ["the", "quick", "brown", "foxes", "jumped", "over", "lazy", "dogs"], count: 10).flatMap { $0 }
    let a = simulator.type(words, index: 3, typist: 1, seed: 7)
    #expect(a == simulator.type(words, index: 3, typist: 1, seed: 7))
    #expect(a != simulator.type(words, index: 3, typist: 1, seed: 8))
    let layout = simulator.layout
    for word in a.words {
      #expect(word.taps.count == word.typed.count)
      // Each tap's nearest key is the typed letter; numbers and marks carry no tap.
      for (character, tap) in zip(word.typed, word.taps) {
        if let tap { #expect(layout.nearestKey(to: tap)?.letter == Character(character.lowercased())) }
      }
      if word.typos == 0 { #expect(word.typed == word.intended) }
      if let length = word.completionLength { #expect((1..<min(word.intended.count, word.typed.count)).contains(length)) }
    }
    // Some words carry slips, most do not (3 % of keystrokes plus the touch model: Fowler et
    // al.'s literal taps misspelled 38 % of words).
    let pooled = (0..<10).flatMap { simulator.type(words, index: $0, typist: $0, seed: 7).words }
    let slipped = pooled.filter { $0.typos > 0 }.count
    #expect(slipped >= pooled.count / 20 && slipped <= pooled.count * 3 / 5, "\(slipped) of \(pooled.count)")
    // Typists differ from each other, deterministically.
    #expect(simulator.typist(1, seed: 7).offset != simulator.typist(2, seed: 7).offset)
    #expect(simulator.typist(1, seed: 7).offset == simulator.typist(1, seed: 7).offset)
  }

  @Test func realSwipesAreMovedOntoTheRunsKeyboardByItsLetterCentres() throws {
    let catalog = try DeviceCatalog.shipped()
    let source = try catalog.profile(named: "iphone5").layout(forLocale: "en")
    let target = try catalog.profile(named: "pixel6pro-gboard").layout(forLocale: "en")
    let (x, y) = try #require(RealSwipes.map(from: source, to: target))
    // Every letter's centre lands within a fifth of a key of the same letter on the target.
    for key in source.letterKeys {
      let goal = try #require(target.key(for: key.letter!))
      let moved = Point(x: x(key.center.x), y: y(key.center.y))
      #expect(target.nearestKey(to: moved)?.label == key.label)
      #expect(abs(moved.x - goal.center.x) < 0.2 * goal.width && abs(moved.y - goal.center.y) < 0.2 * goal.height)
    }
    let (sx, sy) = try #require(RealSwipes.map(from: target, to: target))
    #expect(abs(sx(123.4) - 123.4) < 1e-9 && abs(sy(56.7) - 56.7) < 1e-9)
  }

  @Test func kebbieNoiseUsesTheCommonTyposAndKebbiesSpread() throws {
    let simulator = try Self.simulator(.kebbie, commonTypos: ["because": ["becuase"]])
    let typed = (0..<400).map { simulator.type(["because"], index: $0, typist: 0, seed: 1).words[0] }
    // kebbie swaps in a common typo for 5 % of words.
    let common = typed.filter { $0.typed == "becuase" }.count
    #expect(common > 5 && common < 45)
    let key = try #require(simulator.layout.key(for: "q"))
    #expect(simulator.typist(0, seed: 1).spread.sigmaX == key.width / 6)
    // Capitals sit on kebbie's shift layer: typed exactly, no tap.
    let capital = simulator.type(["Hello"], index: 0, typist: 0, seed: 2).words[0]
    #expect(capital.taps.first! == nil)
  }

  /// Every kebbie score on fixed events, computed by kebbie's own Scorer
  /// (Plugins/kebbie/scorer_reference.py) and by KeyBench's row metrics on the same events.
  @Test(.enabled(if: KebbieReference.runs, "kebbie is not installed in .keybench/venv (Scripts/setup --peers installs it; CI requires it)"))
  func metricDefinitionsMatchKebbiesScorer() throws {
    let cases = TestPaths.repository.appendingPathComponent("Plugins/kebbie/scorer-cases.jsonl").path
    let result = try Run.tool(KebbieReference.python, [TestPaths.repository.appendingPathComponent("Plugins/kebbie/scorer_reference.py").path, cases])
    #expect(result.status == 0, "\(result.stderr)")
    let reference = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    var rows: [[String]] = []
    for (n, line) in try String(contentsOfFile: cases, encoding: .utf8).split(separator: "\n").enumerated() where !line.hasPrefix("#") {
      let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let truth = event["true"] as! String, preds = event["preds"] as! [String]
      let task: KeyboardTask = ["acr": .correct, "acp": .complete, "nwp": .next, "swp": .swipe][event["task"] as! String]!
      let typed = event["typed"] as? String ?? event["partial"] as? String ?? ""
      let word = TypedWord(
        intended: truth, words: 1, typed: typed, taps: [], typos: (event["typos"] as? [String])?.count ?? 0, completionLength: nil, swipe: nil)
      rows.append(KeyboardScorer.row(
        keyboard: "k", item: "e\(n)", group: "g\(n % 5)", task: task, target: truth, answer: preds, answered: true, time: nil, sentence: 1,
        typed: typed, word: word))
    }
    let table = try ResultTable(table: CSVTable(header: ResultRow.columns + KeyboardScorer.columns, rows: rows, path: cases))
    let statistics = try RunStatistics(table: table, metrics: KeyboardReport.rowMetrics, group: "typist", resamples: 0)
    func ours(_ name: String) -> Double { statistics.metrics.first { $0.name == name }?.value ?? .nan }
    func theirs(_ task: String, _ key: String) -> Double {
      (((reference[task] as? [String: Any])?["score"] as? [String: Any])?[key] as? NSNumber)?.doubleValue ?? .nan
    }
    let pairs: [(String, String, String)] = [
      ("correction_accuracy", "auto_correction", "accuracy"), ("correction_precision", "auto_correction", "precision"),
      ("correction_recall", "auto_correction", "recall"), ("correction_f", "auto_correction", "fscore"),
      ("correction_top3_accuracy", "auto_correction", "top3_accuracy"), ("correction_top3_precision", "auto_correction", "top3_precision"),
      ("correction_top3_recall", "auto_correction", "top3_recall"), ("correction_top3_f", "auto_correction", "top3_fscore"),
      ("completion_top1", "auto_completion", "accuracy"), ("completion_top3", "auto_completion", "top3_accuracy"),
      ("next_top1", "next_word_prediction", "accuracy"), ("next_top3", "next_word_prediction", "top3_accuracy"),
      ("swipe_top1", "swipe_resolution", "accuracy"), ("swipe_top3", "swipe_resolution", "top3_accuracy"),
    ]
    for (metric, task, key) in pairs {
      #expect(abs(ours(metric) - theirs(task, key)) < 1e-12, "\(metric): KeyBench \(ours(metric)), kebbie \(theirs(task, key))")
    }
    let overall = WeightedRatios(try KeyboardReport.overallWeights.map { name, weight in
      (weight, try RunStatistics.sample(KeyboardReport.rowMetrics.first { $0.name == name }!, indices: Array(rows.indices), table: table))
    })
    let kebbieOverall = (reference["overall_score"] as? NSNumber)?.doubleValue ?? .nan
    #expect(abs((overall.value ?? .nan) - kebbieOverall) < 1e-12)
  }

  @Test func weightedRatiosAreTheWeightedSumWithAnIntervalAroundIt() throws {
    let a = try ClusteredRatio(groups: ["x", "x", "y", "z"], numerators: [1, 0, 1, 1], denominators: [1, 1, 1, 1])
    let b = try ClusteredRatio(groups: ["x", "y", "y"], numerators: [0, 2, 1], denominators: [1, 2, 2])
    let combined = WeightedRatios([(0.25, a), (0.75, b)])
    #expect(combined.groupNames == ["x", "y", "z"])
    #expect(abs(combined.value! - (0.25 * 0.75 + 0.75 * 0.6)) < 1e-12)
    let interval = try #require(try combined.interval(resamples: 2000, seed: 3))
    #expect(interval.low <= combined.value! && combined.value! <= interval.high)
    // Coverage in the idealised model: 30 groups of 20 Bernoulli(0.7) and (0.4) items.
    var covered = 0
    var random = SeededGenerator(seed: 11)
    let runs = 200
    for _ in 0..<runs {
      var groups: [String] = [], x: [Double] = [], y: [Double] = []
      for g in 0..<30 {
        for _ in 0..<20 {
          groups.append("g\(g)")
          x.append(random.nextUnit() < 0.7 ? 1 : 0)
          y.append(random.nextUnit() < 0.4 ? 1 : 0)
        }
      }
      let ones = [Double](repeating: 1, count: groups.count)
      let sum = WeightedRatios([(0.5, try ClusteredRatio(groups: groups, numerators: x, denominators: ones)), (0.5, try ClusteredRatio(groups: groups, numerators: y, denominators: ones))])
      if let i = try sum.interval(resamples: 400, seed: 5), i.low <= 0.55, 0.55 <= i.high { covered += 1 }
    }
    #expect(covered >= 176 && covered <= 198, "coverage \(covered)/\(runs)")
  }

  @Test func badInputIsRefusedWithoutAnOutputFolder() throws {
    let directory = try TemporaryDirectory()
    let empty = directory.url.appendingPathComponent("empty.txt").path
    try "...\n\n!!\n".write(toFile: empty, atomically: true, encoding: .utf8)
    let out = directory.url.appendingPathComponent("run").path
    let noSentence = try Run.product("keybench-run", ["keyboard", "--lexicon", "en_US", "--sentences", empty, "--keyboard", "literal", "--out", out])
    #expect(noSentence.status == 2)
    #expect(noSentence.stderr.contains("empty.txt: no usable sentence"))
    #expect(!FileManager.default.fileExists(atPath: out))
    // A text the device has no keys for: refused before any lexicon is needed.
    let cyrillic = directory.url.appendingPathComponent("ru.txt").path
    try "Привет, мир. Как дела?\n".write(toFile: cyrillic, atomically: true, encoding: .utf8)
    let db = directory.url.appendingPathComponent("l.sqlite").path
    let ingest = try Run.product("keybench-ingest", [TestPaths.repository.appendingPathComponent("Corpora/fixtures/mini.combined").path, "--db", db])
    #expect(ingest.status == 0, "\(ingest.stderr)")
    let letters = try Run.product(
      "keybench-run", ["keyboard", "--lexicon", "de", "--db", db, "--sentences", cyrillic, "--keyboard", "literal", "--out", out])
    #expect(letters.status == 2)
    #expect(letters.stderr.contains("ru.txt: device 'pixel6pro-gboard'") && letters.stderr.contains("has keys for only 0 of"), "\(letters.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
    let range = try Run.product("keybench-run", ["keyboard", "--lexicon", "en_US", "--sentences", empty, "--typists", "0", "--out", out])
    #expect(range.status == 64 && range.stderr.contains("--typists"))
    let kebbie = try Run.product("keybench-run", ["keyboard", "--lexicon", "en_US", "--sentences", empty, "--noise", "kebbie", "--out", out])
    #expect(kebbie.status == 64 && kebbie.stderr.contains("--common-typos"))
  }
}

/// Where kebbie's reference scorer runs: the virtual environment `Scripts/setup --peers` makes.
enum KebbieReference {
  static let python = TestPaths.repository.appendingPathComponent(".keybench/venv/bin/python3").path
  static var runs: Bool {
    if ProcessInfo.processInfo.environment["CI"] == "true" { return true }
    guard FileManager.default.isExecutableFile(atPath: python), let check = try? Run.tool(python, ["-c", "import kebbie"]) else { return false }
    return check.status == 0
  }
}

/// KeyBench's keyboard answering the plug-in protocol (keyboard-serve) and a keyboard plug-in's
/// task declaration.
@Suite struct KeyboardProtocolTests {
  @Test func serverAnswersEveryLineAndNamesWhatIsWrong() throws {
    let server = KeyboardServer { layout in
      #expect(layout?.letterKeys.count == 2)
      return LiteralKeyboard()
    }
    let hello = #"{"type":"hello","protocol":1,"task":"keyboard","layout":{"name":"two","keys":[{"label":"A","kind":"letter","x":10,"y":10,"width":20,"height":20},{"label":"b","x":30,"y":10,"width":20,"height":20}]}}"#
    var out: [String] = []
    try server.serve(lines: [
      #"{"id":1,"type":"correct","typed":"ab","limit":3}"#, hello,
      #"{"id":2,"type":"correct","typed":"ab","taps":[[10,10],null],"limit":3,"context":"x ","previous":["x"]}"#,
      #"{"id":3,"type":"next","limit":3}"#, #"{"id":4,"type":"correct","typed":"ab","taps":[[10,10]]}"#, "not json",
      #"{"id":5,"type":"dance"}"#,
    ]) { out.append($0) }
    func object(_ line: String) throws -> [String: Any] { try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) }
    #expect(try object(out[0])["error"] as? String == "no hello yet: the first line must be the hello")
    let ready = try object(out[1])
    #expect(ready["type"] as? String == "ready" && ready["tasks"] as? [String] == ["correct"])
    #expect(try object(out[2])["candidates"] as? [String] == ["ab"])
    // An undeclared task is answered with nothing, a wrong tap count and garbage with an error.
    #expect(try object(out[3])["candidates"] as? [String] == [])
    #expect((try object(out[4])["error"] as? String)?.contains("1 entries for 2 characters") == true)
    #expect((try object(out[5])["error"] as? String)?.hasPrefix("not a JSON object") == true)
    #expect((try object(out[6])["error"] as? String)?.contains("unknown request type 'dance'") == true)
  }

  @Test func aKeyboardPlugInMustDeclareKnownTasks() throws {
    let directory = try TemporaryDirectory()
    let lexicon = Lexicon(name: "t", locale: "en_US", entries: [Lexicon.Entry(word: "the", frequency: 200)])
    let layout = try DeviceCatalog.shipped().profile(named: "iphone6s").layout(forLocale: "en")
    func start(_ ready: String) throws -> PluginKeyboard {
      let script = directory.path("plugin-\(abs(ready.hashValue)).sh")
      try "read hello; echo '\(ready)'; while read line; do echo '{\"id\": 1, \"candidates\": [\"the\"]}'; done\n".write(toFile: script, atomically: true, encoding: .utf8)
      return try PluginKeyboard(
        spec: PluginSpec(name: "p", command: "sh \(script)"), lexicon: lexicon, layout: layout, top: 3, workspace: PluginWorkspace(),
        options: PluginProcess.Options())
    }
    #expect(throws: PluginFailure.self) { _ = try start(#"{"type": "ready", "name": "x", "version": "1"}"#) }
    do {
      _ = try start(#"{"type": "ready", "name": "x", "version": "1", "tasks": ["correct", "juggle"]}"#)
      Issue.record("a task KeyBench does not know was accepted")
    } catch let failure as PluginFailure {
      #expect(failure.reason.contains("'juggle'"))
    }
    let keyboard = try start(#"{"type": "ready", "name": "x", "version": "1", "tasks": ["correct"]}"#)
    #expect(keyboard.tasks == [.correct])
    #expect(try keyboard.correct("teh", taps: [nil, nil, nil], previous: [], limit: 3) == ["the"])
    try keyboard.finish()
  }
}
