import Foundation
import KeyBenchGeometry
import KeyBenchCorpora
import KeyBenchCore
import KeyBenchTestSupport
import Testing

/// The importer against a log made for the purpose: one gesture per defect (see its README).
@Suite struct HowWeSwipeLogTests {
  let log = TestPaths.fixture("hws/raw_logs/fixtureuser01.log")

  private func parse(includeRejected: Bool = false) throws -> ([SwipeGesture], HowWeSwipeLog.Counts) {
    var gestures: [SwipeGesture] = []
    let counts = try HowWeSwipeLog(includeRejected: includeRejected).parse(
      path: log, user: "fixtureuser01") { gestures.append($0) }
    return (gestures, counts)
  }

  @Test func countsEveryOutcome() throws {
    let (gestures, counts) = try parse()
    #expect(counts.rows == 59)
    #expect(counts.malformedRows == 0)
    #expect(counts.complete == 9)
    #expect(counts.accepted == 8)
    #expect(counts.droppedNoTouchstart == 1)
    #expect(counts.droppedNoTouchend == 2)
    #expect(counts.droppedRejected == 1)
    #expect(counts.droppedDuplicate == 1)
    #expect(counts.droppedEmptyLabel == 1)
    #expect(counts.kept == 7)
    #expect(gestures.map(\.word) == ["the", "fox", "dog", "jumps", "Hello", "lazy", "the"])
  }

  @Test func extraFieldsBlankFieldsAndShiftedFlagsStillParse() throws {
    let (gestures, _) = try parse()
    let byWord = Dictionary(grouping: gestures, by: \.word)
    // 13+ fields: the 12th field is the row's flag, the rest is ignored.
    #expect(byWord["fox"]?.first?.points.count == 5)
    // Blank radius and angle fields keep x and y in their columns.
    #expect(byWord["dog"]?.first?.points.first == TimedPoint(x: 108, y: 79, t: 0))
    // A label followed by two spaces: the flag is the next non-empty field.
    #expect(byWord["jumps"]?.first?.flags == [])
  }

  @Test func flagsLabelsAndCanvasesButKeepsThem() throws {
    let (gestures, counts) = try parse()
    let hello = try #require(gestures.first { $0.word == "Hello" })
    #expect(hello.flags == [.nonAlphabetic])
    let lazy = try #require(gestures.first { $0.word == "lazy" })
    #expect(lazy.flags == [.landscape])
    #expect(lazy.layout == LayoutReference(device: "hws", width: 800, height: 300))
    #expect(counts.flaggedLandscape == 1 && counts.flaggedNonAlphabetic == 1)
  }

  @Test func timesAreRelativeAndIdsStable() throws {
    let (gestures, _) = try parse()
    let the = gestures[0]
    #expect(the.points.map(\.t) == [0, 17, 34, 51, 68, 85, 102, 119])
    #expect(the.id == "hws/fixtureuser01/1")
    #expect(the.metadata?["sentence"] == "the_quick_fox")
    #expect(the.metadata?["log_line"] == "2")
    #expect(gestures.last?.id == "hws/fixtureuser01/8")
  }

  @Test func rejectedGesturesOnlyWhenAskedFor() throws {
    let (gestures, counts) = try parse(includeRejected: true)
    let over = try #require(gestures.first { $0.word == "over" })
    #expect(over.flags == [.rejected])
    #expect(counts.kept == 8)
    #expect(counts.droppedRejected == 0)
  }

  @Test func importJoinsUserMetadataAndWritesACorpus() throws {
    let dir = try TemporaryDirectory()
    let out = dir.path("hws.jsonl")
    let summary = try HowWeSwipeImport().run(
      inputs: [TestPaths.fixture("hws/raw_logs")], output: out)
    #expect(summary.usersWithMetadata == 1)
    #expect(summary.perLog["fixtureuser01.log"]! == (complete: 9, accepted: 8))
    let (header, gestures) = try SwipeCorpus.readAll(path: out)
    #expect(header.createdBy == "keybench-swipes import-hws")
    #expect(gestures.count == 7)
    let metadata = try #require(gestures[0].metadata)
    #expect(metadata["hand"] == "Right")
    #expect(metadata["finger"] == "Thumb")
    #expect(metadata["device"] == "Pixel 3a")
    #expect(metadata["screen"] == "360x760")
  }

  /// The study's phrase list tells natural-phrase prompts from random word lists: the fixture's
  /// gestures were swiped from "the_quick_fox", a phrase when the list holds it (in any case and
  /// spacing), a word list when it does not; a stimuli folder given without a list is refused.
  @Test func promptsAreTaggedByTheStudysPhraseList() throws {
    let dir = try TemporaryDirectory()
    for (list, kind) in [("Hello there\nThe  Quick fox\n", "phrase"), ("hello there\n", "words")] {
      let stimuli = dir.url.appendingPathComponent("stimuli-\(kind)")
      try FileManager.default.createDirectory(at: stimuli, withIntermediateDirectories: true)
      try list.write(to: stimuli.appendingPathComponent("mem200.txt"), atomically: true, encoding: .utf8)
      let out = dir.path("\(kind).jsonl")
      let summary = try HowWeSwipeImport(stimuliDirectory: stimuli).run(inputs: [TestPaths.fixture("hws/raw_logs")], output: out)
      #expect(summary.counts.prompts == [kind: 7])
      let (header, gestures) = try SwipeCorpus.readAll(path: out)
      #expect(gestures.allSatisfy { $0.metadata?["prompt"] == kind })
      // By content, never by path: the same import in another folder gives the same bytes.
      #expect(header.provenance["phrases"]?.hasPrefix("mem200.txt sha256 ") == true && header.provenance["phrases"]?.contains("/") == false)
    }
    let empty = dir.url.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    #expect(throws: InputFileError.self) {
      try HowWeSwipeImport(stimuliDirectory: empty).run(inputs: [TestPaths.fixture("hws/raw_logs")], output: dir.path("x.jsonl"))
    }
  }

  @Test func archivesMustBeExtractedFirst() throws {
    #expect {
      try HowWeSwipeImport.logFiles(in: ["../shared/corpora/swipes/hws/raw_logs/part01.tar.xz"])
    } throws: { error in
      guard let error = error as? InputFileError else { return false }
      return error.reason.contains("Scripts/fetch-corpora")
    }
  }
}

/// Bad rows, bad logs and bad importer inputs: reported with their position, never coerced.
@Suite struct HowWeSwipeBadInputTests {
  let fixture = TestPaths.fixture("hws/raw_logs/fixtureuser01.log")

  /// The fixture log with `edits` applied (1-based line → new text, nil deletes) in a fresh folder.
  private func log(_ edits: [Int: String?], in dir: TemporaryDirectory, name: String = "user02.log") throws -> String {
    var lines = try String(contentsOfFile: fixture, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (line, text) in edits.sorted(by: { $0.key > $1.key }) {
      if let text { lines[line - 1] = text } else { lines.remove(at: line - 1) }
    }
    try FileManager.default.createDirectory(atPath: dir.path("logs"), withIntermediateDirectories: true)
    return try dir.write("logs/\(name)", text: lines.joined(separator: "\n"))
  }

  private func parse(_ path: String) throws -> ([SwipeGesture], HowWeSwipeLog.Counts) {
    var gestures: [SwipeGesture] = []
    let counts = try HowWeSwipeLog().parse(path: path, user: "user02") { gestures.append($0) }
    return (gestures, counts)
  }

  @Test(arguments: [
    ("the_quick_fox 1051 360 197 touchmove nan 79 1.5 1.5 0 the 0", "x 'nan' is not a finite decimal number", "x not a finite decimal number"),
    ("the_quick_fox 1051 360 197 touchmove 195 inf 1.5 1.5 0 the 0", "y 'inf' is not a finite decimal number", "y not a finite decimal number"),
    ("the_quick_fox 1051 360 197 touchmove 0x10 79 1.5 1.5 0 the 0", "x '0x10' is not a finite decimal number", "x not a finite decimal number"),
    ("the_quick_fox 1051 360 197 touchmove 1e999 79 1.5 1.5 0 the 0", "x '1e999' is not a finite decimal number", "x not a finite decimal number"),
    ("the_quick_fox 1051 360 197 touchmove 195 -2e9 1.5 1.5 0 the 0", "y -2000000000.0 is out of range (±1000000)", "y out of range"),
    ("the_quick_fox 1051 wide 197 touchmove 195 79 1.5 1.5 0 the 0", "keyb_width 'wide' is not a finite decimal number", "keyb_width not a finite decimal number"),
    ("the_quick_fox 1051 360 0 touchmove 195 79 1.5 1.5 0 the 0", "keyb_height 0.0 is out of range (a positive size of at most 100000)", "keyb_height out of range"),
    ("the_quick_fox 1051 360 197 touchmove 195 79", "the row has 7 fields; a row has at least 12", "fewer than 12 fields"),
    ("the_quick_fox 1051 360 197 touchwiggle 195 79 1.5 1.5 0 the 0", "unknown event 'touchwiggle' (expected touchstart, touchmove or touchend)", "unknown event"),
    ("the_quick_fox 1051 360 197 touchmove 195 79 1.5 1.5 0 th\u{FFFD} 0", "", ""),
  ])
  func aBadRowIsNamedCountedAndDropsItsGestureWhole(row: String, reason: String, key: String) throws {
    let dir = try TemporaryDirectory()
    var path = try log([5: row], in: dir)
    var reason = reason, key = key
    if row.contains("\u{FFFD}") {
      // A label that is not UTF-8 (Latin-1 é): never decoded into U+FFFD.
      var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      let marker = Array("th\u{FFFD}".utf8)
      let at = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
      bytes.replaceSubrange(at..<at + marker.count, with: Array("th".utf8) + [0xE9])
      path = try dir.write("logs/user02.log", bytes: bytes)
      (reason, key) = ("the row is not valid UTF-8", "not valid UTF-8")
    }
    let (gestures, counts) = try parse(path)
    #expect(counts.malformedRows == 1 && counts.malformedByReason == [key: 1])
    #expect(counts.examples.map(\.description) == ["\(path):5: bad row: \(reason)"])
    // Line 5 is inside the first gesture ("the", lines 2–9): dropped whole, not kept a point short.
    #expect(counts.droppedBadRow == 1)
    #expect(gestures.map(\.word) == ["fox", "dog", "jumps", "Hello", "lazy", "the"])
    #expect(gestures.first?.id == "hws/user02/1")
    #expect(gestures.allSatisfy { $0.problem == nil })
  }

  @Test func aBadTouchstartOrTouchendDropsItsGestureUnderItsOwnReason() throws {
    let dir = try TemporaryDirectory()
    let path = try log([
      2: "the_quick_fox 1000 360 197 touchstart 162 NaN 1.5 1.5 0 the 0",
      20: "the_quick_fox 2823 360 197 touchend 155 80e    dog 0",
    ], in: dir)
    let (gestures, counts) = try parse(path)
    #expect(counts.malformedRows == 2 && counts.droppedBadRow == 2)
    // Not mistaken for "no touchstart" or "no touchend".
    #expect(counts.droppedNoTouchstart == 1 && counts.droppedNoTouchend == 2)
    #expect(gestures.map(\.word) == ["fox", "jumps", "Hello", "lazy", "the"])
  }

  @Test func rowsThatDisagreeWithTheirTouchstartOrTimesOutOfRangeAreDropped() throws {
    let dir = try TemporaryDirectory()
    let path = try log([
      4: "the_quick_fox 1034 360 197 touchmove 170 60 1.5 1.5 0 then 0",  // label changes
      18: "the_quick_fox 2806 411 197 touchmove 330 27    dog 0",  // canvas changes
      23: "the_quick_fox 3374 360 197 touchmove 240 100 1.5 1.5 0 jumps  0",
      24: "the_quick_fox 3000 360 197 touchmove 330 30 1.5 1.5 0 jumps  0",  // before its touchstart (3340)
      28: "the_quick_fox 9000000 360 197 touchmove 306 79 1.5 1.5 0 Hello 0",  // 2.5 hours after it
    ], in: dir)
    let (gestures, counts) = try parse(path)
    #expect(counts.droppedInconsistent == 2 && counts.droppedOutOfRange == 2)
    #expect(gestures.map(\.word) == ["fox", "lazy", "the"])
    let reasons = counts.examples.map(\.description)
    #expect(reasons.contains("\(path):4: gesture dropped: the label 'then' differs from 'the' of its touchstart on line 2"))
    #expect(reasons.contains { $0.hasPrefix("\(path):21: gesture dropped: the gesture of lines 21–25: point 4: the time -340.0 ms is negative") })
    #expect(reasons.contains { $0.hasPrefix("\(path):26: gesture dropped: the gesture of lines 26–29: point 3: the time 8996075.0 ms is beyond") })
    #expect(counts.malformedRows == 0)
  }

  @Test func aLogOfGarbageOrMostlyBadRowsIsRefused() throws {
    let dir = try TemporaryDirectory()
    // Binary noise (a fixed linear congruential sequence, so the test is the same every run).
    let garbage = try dir.write("garbage.log", bytes: (0..<20_000).map { UInt8(truncatingIfNeeded: ($0 &* 1_103_515_245 &+ 12_345) >> 16) })
    #expect { try parse(garbage) } throws: { error in
      guard let error = error as? InputFileError else { return false }
      return error.path == garbage && error.reason.hasPrefix("not a How We Swipe log")
    }
    let text = try String(contentsOfFile: fixture, encoding: .utf8).split(separator: "\n")
    let mostlyBad = try dir.write("bad.log", text: text.enumerated().map { $0.offset % 3 == 0 ? String($0.element) : "x" }.joined(separator: "\n"))
    #expect { try parse(mostlyBad) } throws: { ($0 as? InputFileError)?.reason.contains("of its 59 rows are bad; the first, line 2") == true }
    // The whole import stops too, and writes nothing.
    let out = dir.path("out.jsonl")
    #expect(throws: InputFileError.self) { try HowWeSwipeImport().run(inputs: [garbage], output: out) }
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func anImportThatKeepsNoGestureIsAnError() throws {
    let dir = try TemporaryDirectory()
    let onlyRejected = try log(Dictionary(uniqueKeysWithValues: (2...60).filter { !(34...37).contains($0) }.map { ($0, nil) }), in: dir)
    let out = dir.path("out.jsonl")
    #expect { try HowWeSwipeImport().run(inputs: [onlyRejected], output: out) } throws: { error in
      guard let error = error as? InputFileError else { return false }
      return error.kind == .empty && error.reason.contains("1 rejected by the app (--include-rejected keeps them)")
    }
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(try HowWeSwipeImport(includeRejected: true).run(inputs: [onlyRejected], output: out).counts.kept == 1)
  }

  @Test func aMetadataFolderGivenMustExistAndHoldUserFiles() throws {
    let dir = try TemporaryDirectory()
    let out = dir.path("out.jsonl")
    try FileManager.default.createDirectory(atPath: dir.path("empty"), withIntermediateDirectories: true)
    for (folder, reason) in [
      (dir.path("missing"), "no such metadata folder"), (dir.path("empty"), "holds no .json user metadata files"),
      (fixture, "is not a folder"),
    ] {
      #expect {
        try HowWeSwipeImport(metadataDirectory: URL(fileURLWithPath: folder)).run(inputs: [fixture], output: out)
      } throws: { ($0 as? InputFileError)?.description == "\(folder): \(reason)" || ($0 as? InputFileError)?.reason.hasPrefix(reason) == true }
    }
    #expect(!FileManager.default.fileExists(atPath: out))
    // A user file that is not UTF-8 or not JSON is named with its line.
    try FileManager.default.createDirectory(atPath: dir.path("meta"), withIntermediateDirectories: true)
    let user = try dir.write("meta/fixtureuser01.json", bytes: Array("{\n  \"swipeHand\": \"R".utf8) + [0xE9] + Array("\"\n}".utf8))
    #expect {
      try HowWeSwipeImport(metadataDirectory: dir.url.appendingPathComponent("meta")).run(inputs: [fixture], output: out)
    } throws: { ($0 as? InputFileError)?.description.hasPrefix("\(user):2: invalid UTF-8") == true }
  }

  @Test func manifestDifferencesAreNamedAndNothingIsWritten() throws {
    let dir = try TemporaryDirectory()
    let out = dir.path("out.jsonl")
    try "earlier\n".write(toFile: out, atomically: true, encoding: .utf8)
    let header = "archive\tlog_file\tn_complete_gestures\tn_complete_gestures_is_err0\n"
    let agrees = try dir.write("ok.tsv", text: header + "a.tar.xz\tfixtureuser01.log\t9\t8\n")
    let summary = try HowWeSwipeImport(manifest: agrees).run(inputs: [fixture], output: dir.path("ok.jsonl"))
    #expect(summary.manifest?.agrees == true)
    for (manifest, difference) in [
      (header + "a.tar.xz\tfixtureuser01.log\t9\t7\n", "fixtureuser01.log: 9 complete, 8 accepted gestures; the manifest (line 2) says 9 and 7"),
      (header + "a.tar.xz\tother.log\t9\t8\n", "fixtureuser01.log: not in the manifest"),
    ] {
      let path = try dir.write("m.tsv", text: manifest)
      #expect {
        try HowWeSwipeImport(manifest: path).run(inputs: [fixture], output: out)
      } throws: { error in
        guard let error = error as? HowWeSwipeImport.ManifestMismatch else { return false }
        return error.comparison.differences == [difference] && error.description.contains(difference)
      }
      #expect(try String(contentsOfFile: out, encoding: .utf8) == "earlier\n")
    }
    let twice = try dir.write("twice.tsv", text: header + "a\tfixtureuser01.log\t9\t8\nb\tfixtureuser01.log\t9\t8\n")
    #expect { try HowWeSwipeImport(manifest: twice).run(inputs: [fixture], output: out) } throws: {
      ($0 as? InputFileError)?.description == "\(twice):3: log fixtureuser01.log is listed twice (also line 2)"
    }
    #expect(throws: InputFileError.self) { try HowWeSwipeImport(manifest: dir.path("none.tsv")).run(inputs: [fixture], output: out) }
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "earlier\n")
  }

  @Test func twoLogsOfOneUserAreRefused() throws {
    let dir = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir.path("a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: dir.path("b"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: fixture, toPath: dir.path("a/u.log"))
    try FileManager.default.copyItem(atPath: fixture, toPath: dir.path("b/u.log"))
    #expect { try HowWeSwipeImport.logFiles(in: [dir.path("a"), dir.path("b")]) } throws: {
      ($0 as? InputFileError)?.reason.hasPrefix("a second log of user u") == true
    }
  }
}

/// The six shared parts, as extracted by Scripts/fetch-corpora (run on CI).
@Suite(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) struct RealHowWeSwipeTests {
  @Test func importAgreesWithTheManifestOnAcceptedGestures() throws {
    let cache = ProcessInfo.processInfo.environment["KEYBENCH_CACHE"].map(URL.init(fileURLWithPath:))
      ?? TestPaths.repository.appendingPathComponent(".keybench/cache")
    let logs = cache.appendingPathComponent("corpora/swipes/hws/raw_logs").path
    try #require(FileManager.default.fileExists(atPath: logs), "run Scripts/fetch-corpora first")
    let dir = try TemporaryDirectory()
    let summary = try HowWeSwipeImport(manifest: TestPaths.corpus("swipes/hws/hws_log_manifest.tsv"))
      .run(inputs: [logs], output: dir.path("hws.jsonl"))
    #expect(summary.counts.logs == 534)
    #expect(summary.usersWithMetadata == 534)
    // Every log agrees with the manifest, counted its way; the real logs have no bad row.
    let check = try #require(summary.manifest)
    #expect(check.agrees && check.differingLogs.isEmpty)
    #expect(check.importAccepted == check.manifestAccepted)
    #expect(check.manifestAccepted == 33_358)
    #expect(summary.counts.malformedRows == 0 && summary.counts.droppedBad == 0)
    // The manifest leaves out 44 rejected gestures whose rows have blank radius fields.
    #expect(summary.counts.complete - check.manifestComplete == 44)
    // Every gesture written reads back in range.
    let (_, gestures) = try SwipeCorpus.readAll(path: dir.path("hws.jsonl"))
    #expect(gestures.count == summary.counts.kept)
    #expect(gestures.allSatisfy { $0.problem == nil })
  }
}
