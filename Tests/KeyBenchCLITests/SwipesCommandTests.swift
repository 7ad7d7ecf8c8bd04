import Foundation
import KeyBenchTestSupport
import Testing

/// Runs the built `keybench-swipes` as a user would.
@Suite struct SwipesCommandTests {
  @Test func importHWSPrintsCountsByOutcome() throws {
    let dir = try TemporaryDirectory()
    let out = dir.path("hws.jsonl")
    let result = try Run.product(
      "keybench-swipes", ["import-hws", TestPaths.fixture("hws/raw_logs"), "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("dropped: no touchstart        1"))
    #expect(result.stdout.contains("dropped: duplicate            1"))
    #expect(result.stdout.contains("kept                          7"))
    #expect(result.stdout.contains("users with metadata           1 of 1"))
    let gestures = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").dropFirst().map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
    // Each gesture whose word is in its logged sentence carries the words before it; the others
    // (labels the sentence does not hold) have no context rather than a wrong one.
    var withContext = 0
    for gesture in gestures {
      let metadata = try #require(gesture["metadata"] as? [String: String])
      let words = try #require(metadata["sentence"]).split(separator: "_").map { $0.lowercased() }
      let word = try #require(gesture["word"] as? String).lowercased()
      guard let context = gesture["context"] as? [String] else {
        #expect(!words.contains(word), "\(word) is in the sentence but got no context")
        continue
      }
      withContext += 1
      #expect(words.count > context.count && Array(words[..<context.count]) == context.map { $0.lowercased() })
      #expect(words[context.count] == word)
    }
    #expect(withContext >= 3)
  }

  @Test func generateIsDeterministicAndStatsCompare() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("l.sqlite")
    #expect(try Run.product("keybench-ingest", [TestPaths.fixture("mini.combined"), "--db", db]).status == 0)
    var outputs: [Data] = []
    for name in ["a", "b"] {
      let result = try Run.product(
        "keybench-swipes",
        ["generate", "--lexicon", "de", "--db", db, "--device", "ipad4", "--count", "50", "--seed", "11", "--out", dir.path("\(name).jsonl")])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == "wrote 50 swipes to \(dir.path("\(name).jsonl"))\n")
      outputs.append(try Data(contentsOf: dir.url.appendingPathComponent("\(name).jsonl")))
    }
    #expect(outputs[0] == outputs[1])
    #expect(String(decoding: outputs[0], as: UTF8.self).contains(#""variant":"qwertz-de""#))
    let stats = try Run.product(
      "keybench-swipes", ["stats", dir.path("a.jsonl"), "--compare", dir.path("b.jsonl")])
    #expect(stats.status == 0, "\(stats.stderr)")
    #expect(stats.stdout.contains("| points per gesture, median |"))
    #expect(stats.stdout.contains("+0.0 %"))
    // As a suite step keeps it: into a file, the columns titled.
    let kept = try Run.product(
      "keybench-swipes",
      ["stats", dir.path("a.jsonl"), "--compare", dir.path("b.jsonl"), "--label", "real", "--compare-label", "synthetic", "--out", dir.path("shapes.md")])
    #expect(kept.status == 0 && kept.stdout.isEmpty, "\(kept.stderr)")
    let table = try String(contentsOfFile: dir.path("shapes.md"), encoding: .utf8)
    #expect(table.contains("| real | synthetic |") && !table.contains("a.jsonl"), "\(table)")
    #expect(table.split(separator: "\n").filter { $0.hasPrefix("| points per gesture, median |") }.count == 1)
    let orphan = try Run.product("keybench-swipes", ["stats", dir.path("a.jsonl"), "--compare-label", "x"])
    #expect(orphan.status == 64, "\(orphan.stderr)")
  }

  @Test func generateFromAWordListOnAHowWeSwipeCanvas() throws {
    let dir = try TemporaryDirectory()
    let words = try dir.write("words.txt", text: "hello\nworld\n# comment\n\nkeyboard\n")
    let out = dir.path("w.jsonl")
    let result = try Run.product(
      "keybench-swipes", ["generate", "--words", words, "--hws-canvas", "411x234", "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 4)
    #expect(text.contains(#""layout":{"device":"hws","height":234,"width":411}"#))
  }

  @Test func badInputsGetOneMessage() throws {
    let dir = try TemporaryDirectory()
    let both = try Run.product("keybench-swipes", ["generate", "--words", "a", "--lexicon", "en", "--out", dir.path("x")])
    #expect(both.status == 64)
    #expect(both.stderr.contains("exactly one of --lexicon, --words, --like or --sentences"))
    let config = try dir.write("bad.json", text: #"{"overlap": 3}"#)
    let words = try dir.write("w.txt", text: "hi\n")
    let badConfig = try Run.product(
      "keybench-swipes", ["generate", "--words", words, "--config", config, "--out", dir.path("x")])
    #expect(badConfig.status == 2)
    #expect(badConfig.stderr.contains("\(config)") && badConfig.stderr.contains("overlap"), "\(badConfig.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.path("x")))
    let notCorpus = try Run.product("keybench-swipes", ["stats", words])
    #expect(notCorpus.status == 2)
    #expect(notCorpus.stderr.contains("\(words):1: not a KeyBench swipe corpus"))
  }

  @Test func importHWSNamesBadRowsAndRefusesWhatItCannotImport() throws {
    let dir = try TemporaryDirectory()
    let fixture = TestPaths.fixture("hws/raw_logs/fixtureuser01.log")
    var lines = try String(contentsOfFile: fixture, encoding: .utf8).components(separatedBy: "\n")
    lines[4] = "the_quick_fox 1051 360 197 touchmove NaN 79 1.5 1.5 0 the 0"
    lines[12] = "the_quick_fox 2204 abc 197 touchmove 200 50 1.5 1.5 0 fox 0 1"
    let nan = try dir.write("user02.log", text: lines.joined(separator: "\n"))
    let out = dir.path("hws.jsonl")
    let result = try Run.product("keybench-swipes", ["import-hws", nan, "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("warning: \(nan):5: bad row: x 'NaN' is not a finite decimal number"))
    #expect(result.stderr.contains("warning: \(nan):13: bad row: keyb_width 'abc' is not a finite decimal number"))
    #expect(row("dropped: bad row", in: result.stdout) == "2", "\(result.stdout)")
    #expect(row("  bad row: x not a finite decimal number", in: result.stdout) == "1")
    #expect(row("kept", in: result.stdout) == "5")
    #expect(!(try String(contentsOfFile: out, encoding: .utf8)).contains("NaN"))

    let garbage = try dir.write("noise.log", bytes: (0..<5_000).map { UInt8(truncatingIfNeeded: ($0 &* 1_103_515_245 &+ 12_345) >> 16) })
    try "earlier\n".write(toFile: out, atomically: true, encoding: .utf8)
    let manifest = try dir.write("m.tsv", text: "log_file\tn_complete_gestures\tn_complete_gestures_is_err0\nfixtureuser01.log\t9\t6\n")
    let cases: [([String], String)] = [
      ([garbage], "\(garbage): not a How We Swipe log"),
      ([fixture, "--metadata", dir.path("nope")], "\(dir.path("nope")): no such metadata folder"),
      ([fixture, "--manifest", dir.path("nope.tsv")], "\(dir.path("nope.tsv")): no such file"),
      ([fixture, "--manifest", manifest], "differs: fixtureuser01.log: 9 complete, 8 accepted gestures; the manifest (line 2) says 9 and 6"),
    ]
    for (arguments, message) in cases {
      let failed = try Run.product("keybench-swipes", ["import-hws"] + arguments + ["--out", out])
      #expect(failed.status == 2, "\(arguments)")
      #expect(failed.stderr.contains(message), "\(failed.stderr)")
      #expect(try String(contentsOfFile: out, encoding: .utf8) == "earlier\n", "\(arguments) replaced the output")
    }
    let unwritable = try Run.product("keybench-swipes", ["import-hws", fixture, "--out", garbage + "/hws.jsonl"])
    #expect(unwritable.status == 2)
    #expect(unwritable.stderr.contains("\(garbage)/hws.jsonl: ") && !unwritable.stderr.contains("NSCocoaErrorDomain"), "\(unwritable.stderr)")
    #expect(unwritable.stderr.split(separator: "\n").filter { !$0.hasPrefix("import-hws:") }.count == 1, "\(unwritable.stderr)")
  }

  /// The value of a summary row (`label  value`), whatever the table's column width.
  private func row(_ label: String, in table: String) -> String? {
    table.split(separator: "\n").first { $0.hasPrefix(label + "  ") }.map { $0.dropFirst(label.count).trimmingCharacters(in: .whitespaces) }
  }

  @Test func statsNamesTheFileLineAndGestureOfABadRecord() throws {
    let dir = try TemporaryDirectory()
    let header = #"{"format":"keybench-swipes","version":1,"createdBy":"x","provenance":{}}"#
    let good = #"{"id":"hws/u/1","word":"hi","source":"hws","layout":{"device":"hws","width":360,"height":197},"points":[[100,50,0],[200,60,16]],"flags":[]}"#
    let bad = good.replacingOccurrences(of: "hws/u/1", with: "hws/u/2").replacingOccurrences(of: #""width":360"#, with: #""width":-360"#)
    let path = try dir.write("c.jsonl", text: [header, good, bad].joined(separator: "\n") + "\n")
    let result = try Run.product("keybench-swipes", ["stats", path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(path):3: gesture 'hws/u/2': the canvas width -360.0 is not a positive size"), "\(result.stderr)")
    #expect(!result.stderr.contains("LayoutReference("))
  }

  /// Issue 43: a gesture whose times run back before its first point would enter the statistics
  /// with a negative duration; it is refused naming the file, line and gesture.
  @Test func statsRefusesAGestureWithATimeBeforeItsFirstPoint() throws {
    let dir = try TemporaryDirectory()
    let header = #"{"format":"keybench-swipes","version":1,"createdBy":"x","provenance":{}}"#
    let good = #"{"id":"hws/u/1","word":"hi","source":"hws","layout":{"device":"hws","width":360,"height":197},"points":[[100,50,0],[150,55,20],[200,60,16]],"flags":[]}"#
    let backwards = good.replacingOccurrences(of: "hws/u/1", with: "hws/u/2").replacingOccurrences(of: "[[100,50,0],", with: "[[100,50,500],")
    let path = try dir.write("c.jsonl", text: [header, good, backwards].joined(separator: "\n") + "\n")
    let result = try Run.product("keybench-swipes", ["stats", path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(path):3: gesture 'hws/u/2': point 2: the time 20.0 ms is before the first point's 500.0 ms"), "\(result.stderr)")
    // Out of order between the first and the last point (as real logs have) is still read.
    let accepted = try Run.product("keybench-swipes", ["stats", try dir.write("ok.jsonl", text: header + "\n" + good + "\n")])
    #expect(accepted.status == 0, "\(accepted.stderr)")
  }

  /// Issue 43: statistics over no describable gesture are a data error naming the file, not an
  /// empty table with exit 0.
  @Test func statsOverNoDescribableGestureIsADataError() throws {
    let dir = try TemporaryDirectory()
    let header = #"{"format":"keybench-swipes","version":1,"createdBy":"x","provenance":{}}"#
    let unknownDevice = #"{"id":"x/u/1","word":"hi","source":"x","layout":{"device":"no-such-phone"},"points":[[100,50,0],[200,60,16]],"flags":[]}"#
    let digits = #"{"id":"hws/u/1","word":"42","source":"hws","layout":{"device":"hws","width":360,"height":197},"points":[[100,50,0],[200,60,16]],"flags":[]}"#
    let path = try dir.write("c.jsonl", text: [header, unknownDevice, digits].joined(separator: "\n") + "\n")
    let result = try Run.product("keybench-swipes", ["stats", path])
    #expect(result.status == 2, "\(result.stdout)")
    #expect(result.stderr.contains("\(path): none of its 2 gestures can be described"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func generateSwipesSentencesWordByWordWithTheirContext() throws {
    let dir = try TemporaryDirectory()
    let text = try dir.write(
      "text.txt", text: "The cat sat on the mat. A dog ran far away from home.\nWe like warm tea in the morning.\n")
    func generate(_ name: String, _ extra: [String]) throws -> [[String: Any]] {
      let out = dir.path(name)
      let result = try Run.product(
        "keybench-swipes", ["generate", "--device", "iphone6s", "--seed", "4", "--out", out] + extra)
      #expect(result.status == 0, "\(result.stderr)")
      return try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").dropFirst().map {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
      }
    }
    let gestures = try generate("s.jsonl", ["--sentences", text, "--count", "25"])
    #expect(gestures.count == 25)
    let sentences = [["The", "cat", "sat", "on", "the", "mat"], ["A", "dog", "ran", "far", "away", "from", "home"], ["We", "like", "warm", "tea", "in", "the", "morning"]]
    for gesture in gestures {
      // Each word comes with exactly the words before it in one of the text's sentences.
      let word = try #require(gesture["word"] as? String)
      let context = try #require(gesture["context"] as? [String])
      #expect(sentences.contains { $0.count > context.count && Array($0[..<context.count]) == context && $0[context.count] == word }, "\(word) after \(context)")
    }
    // Deterministic, and --like keeps the reference's context.
    let again = try generate("s2.jsonl", ["--sentences", text, "--count", "25"])
    #expect(again.map { $0["context"] as? [String] } == gestures.map { $0["context"] as? [String] })
    let like = try generate("like.jsonl", ["--like", dir.path("s.jsonl")])
    #expect(like.map { $0["context"] as? [String] } == gestures.map { $0["context"] as? [String] })
    // --like keeps each reference gesture's user and prompt kind (a run can then select the
    // same users with --user-fold and split by prompt on both corpora), and no other metadata.
    let header = #"{"format":"keybench-swipes","version":1,"createdBy":"x","provenance":{}}"#
    let tagged = #"{"id":"hws/u7/1","word":"tea","source":"hws","user":"u7","layout":{"device":"hws","width":360,"height":197},"points":[[100,50,0],[200,60,16]],"flags":[],"metadata":{"prompt":"phrase","age":"19"},"context":["warm"]}"#
    let reference = try dir.write("tagged.jsonl", text: header + "\n" + tagged + "\n")
    let likeTagged = try generate("like-tagged.jsonl", ["--like", reference])
    #expect(likeTagged.first?["user"] as? String == "u7")
    #expect(likeTagged.first?["metadata"] as? [String: String] == ["prompt": "phrase"])
    // A text with no sentence is refused with its name.
    let empty = try dir.write("empty.txt", text: "\n\n")
    let refused = try Run.product("keybench-swipes", ["generate", "--sentences", empty, "--out", dir.path("e.jsonl")])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("empty.txt"))
  }
}
