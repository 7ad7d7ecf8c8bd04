import Foundation
import KeyBenchResults
import KeyBenchTestSupport
import Testing

/// Runs the built `keybench-ingest` as a user would.
@Suite struct IngestCommandTests {
  let mini = TestPaths.fixture("mini.combined")

  @Test func helpExplainsEveryOption() throws {
    let result = try Run.product("keybench-ingest", ["--help"])
    #expect(result.status == 0)
    for option in ["<wordlist>", "--db", "--name", "--strict", "--verify", "--list", "--replace-smaller", "--max-malformed", "Exit status"] {
      #expect(result.stdout.contains(option), "help lacks \(option)")
    }
  }

  @Test func ingestPrintsTheSummary() throws {
    let dir = try TemporaryDirectory()
    let result = try Run.product("keybench-ingest", [mini, "--db", dir.path("l.sqlite"), "--verify"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("de ← \(mini) (plain"))
    #expect(result.stdout.contains("word lines          23"))
    #expect(result.stdout.contains("duplicate words     1"))
    #expect(result.stdout.contains("verified: 22 words"))
    let list = try Run.product("keybench-ingest", ["--list", "--db", dir.path("l.sqlite")])
    #expect(list.stdout.hasPrefix("de\tde\t22 words"))
  }

  /// `--text`: counts stored once, then predict trains from them and still refuses an overlapping test.
  @Test func textCountsAreStoredListedAndUsedByPredict() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("l.sqlite")
    let train = try dir.write(
      "train.txt", text: String(repeating: "The cat sat on the mat today. The dog sat on the rug again.\n\n", count: 10))
    let test = try dir.write("test.txt", text: "The dog sat on the mat. The cat sat on the rug.\n")
    let stored = try Run.product("keybench-ingest", ["--text", train, "--name", "toy", "--db", db])
    #expect(stored.status == 0, "\(stored.stderr)")
    #expect(stored.stdout.contains("stored text counts 'toy'") && stored.stdout.contains("140 words in 20 sentences"), "\(stored.stdout)")
    #expect(try Run.product("keybench-ingest", ["--list", "--db", db]).stdout.contains("toy\ttext n-grams\t140 words\t\(train)"))

    let out = dir.path("out")
    let fromCounts = try Run.product("keybench-run", ["predict", "--db", db, "--ngrams", "toy", "--text", test, "--curve-slices", "0", "--out", out])
    #expect(fromCounts.status == 0, "\(fromCounts.stderr)")
    let fromText = try Run.product("keybench-run", ["predict", "--train", train, "--text", test, "--curve-slices", "0", "--out", dir.path("out2")])
    #expect(fromText.status == 0)
    // Same counts, same suggestions: the per-word results are identical (all but the measured times).
    func untimed(_ folder: String) throws -> ([ResultRow], [[String]]) {
      let table = try ResultTable(path: folder)
      return (table.rows.map { var row = $0; row.timeMicroseconds = nil; return row }, table.extraFields)
    }
    let (countsRows, countsExtra) = try untimed(out)
    let (textRows, textExtra) = try untimed(dir.path("out2"))
    #expect(countsRows == textRows && countsExtra == textExtra && !countsRows.isEmpty)
    let overlap = try Run.product("keybench-run", ["predict", "--db", db, "--ngrams", "toy", "--text", train, "--out", dir.path("out3")])
    #expect(overlap.status != 0 && overlap.stderr.contains("must not overlap"), "\(overlap.stderr)")

    // A bad file stops the ingest with file and line and leaves the stored counts as they were.
    let bad = try dir.write("bad.txt", bytes: Array("fine line\nanother\n".utf8) + [0xC3, 0x28, 0x0A])
    let failed = try Run.product("keybench-ingest", ["--text", train, bad, "--name", "toy", "--db", db])
    #expect(failed.status != 0 && failed.stderr.contains("\(bad):3:"), "\(failed.stderr)")
    #expect(try Run.product("keybench-ingest", ["--list", "--db", db]).stdout.contains("toy\ttext n-grams\t140 words"))
    #expect(try Run.product("keybench-ingest", ["--text", train, "--db", db]).status != 0)
  }

  @Test func malformedLinesWarnWithPositionsAndStrictFails() throws {
    let dir = try TemporaryDirectory()
    // Without the fixture's duplicate word, which --strict refuses first.
    let text = try String(contentsOfFile: mini, encoding: .utf8).replacingOccurrences(of: " word=Tag,f=140,flags=,originalFreq=140\n", with: "")
      + " word=kaputt,f=abc\n"
    let bad = try dir.write("bad.combined", text: text)
    let lineNumber = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    let lenient = try Run.product("keybench-ingest", [bad, "--db", dir.path("l.sqlite")])
    #expect(lenient.status == 0)
    #expect(lenient.stderr.contains("\(bad):\(lineNumber): f must be an integer 0…255, got 'abc'"))
    #expect(lenient.stderr.contains("skipped 1 malformed lines"))
    #expect(lenient.stdout.contains("malformed lines     1"))
    let strict = try Run.product("keybench-ingest", [bad, "--db", dir.path("s.sqlite"), "--strict"])
    #expect(strict.status == 2)
    #expect(strict.stderr.contains("\(bad):\(lineNumber):"))
    #expect(!FileManager.default.fileExists(atPath: dir.path("s.sqlite")))
  }

  /// Issue 43: a word listed twice is merged with a warning saying so, and refused by --strict.
  @Test func duplicateWordsWarnWithCountsAndStrictRefusesThem() throws {
    let dir = try TemporaryDirectory()
    let lenient = try Run.product("keybench-ingest", [mini, "--db", dir.path("l.sqlite")])
    #expect(lenient.status == 0)
    #expect(lenient.stderr.contains("warning: \(mini): 1 duplicate word line merged into the word it repeats, keeping the higher frequency (the first: 'Tag' on line 32 (first on line 19)); --strict refuses them"), "\(lenient.stderr)")
    let strict = try Run.product("keybench-ingest", [mini, "--db", dir.path("s.sqlite"), "--strict"])
    #expect(strict.status == 2)
    #expect(strict.stderr.contains("\(mini):32: duplicate word 'Tag' on line 32 (first on line 19)"), "\(strict.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.path("s.sqlite")))
  }

  /// Issue 43: bytes after the end of the gzip data (junk appended, two files joined) are
  /// refused, with or without --strict; a list gzipped in two members is read whole.
  @Test func gzipWithTrailingGarbageIsRefusedAndMembersAreReadWhole() throws {
    let dir = try TemporaryDirectory()
    let gz = try dir.gzip(mini, to: "mini.gz")
    let junk = try dir.write("junk.gz", bytes: gz + Array("GARBAGE\n".utf8))
    for extra in [[], ["--strict"]] {
      let result = try Run.product("keybench-ingest", [junk, "--db", dir.path("j.sqlite"), "--name", "j"] + extra)
      #expect(result.status == 2, "\(extra)")
      #expect(result.stderr.contains("\(junk): 8 bytes of something other than gzip data follow the end of the compressed data at byte \(gz.count)"), "\(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.path("j.sqlite")))
    let lines = try String(contentsOfFile: mini, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let head = try dir.write("head.combined", text: lines.prefix(20).joined(separator: "\n") + "\n")
    let tail = try dir.write("tail.combined", text: lines.dropFirst(20).joined(separator: "\n"))
    let members = try dir.write("members.gz", bytes: try dir.gzip(head, to: "h.gz") + (try dir.gzip(tail, to: "t.gz")))
    let whole = try Run.product("keybench-ingest", [mini, "--db", dir.path("w.sqlite")])
    let parts = try Run.product("keybench-ingest", [members, "--db", dir.path("m.sqlite"), "--name", "de"])
    #expect(parts.status == 0, "\(parts.stderr)")
    func counts(_ text: String) -> String { text.split(separator: "\n").dropFirst().dropLast(2).joined(separator: "\n") }
    #expect(counts(parts.stdout) == counts(whole.stdout), "\(parts.stdout)")
  }

  @Test func unusableInputsExitNonZeroWithOneMessage() throws {
    let dir = try TemporaryDirectory()
    let gz = try dir.gzip(mini, to: "mini.gz")
    let truncated = try dir.write("cut.gz", bytes: Array(gz.prefix(gz.count - 30)))
    let cases: [(String, String)] = [
      (truncated, "truncated"),
      (try dir.write("empty.combined", text: ""), "file is empty"),
      (dir.path("absent.combined"), "no such file"),
      (try dir.write("latin1.combined", bytes: Array("dictionary=main:de,locale=de\n word=gr".utf8) + [0xFC, 0x6E] + Array(",f=9\n".utf8)), ":2: line is not valid UTF-8"),
    ]
    for (path, message) in cases {
      let result = try Run.product("keybench-ingest", [path, "--db", dir.path("l.sqlite")])
      #expect(result.status == 2, "\(path)")
      #expect(result.stderr.contains(path) && result.stderr.contains(message), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.path("l.sqlite")))
  }

  @Test func usageErrorsExit64() throws {
    let none = try Run.product("keybench-ingest", [])
    #expect(none.status == 64)
    #expect(none.stderr.contains("Give at least one wordlist"))
    let twoNamed = try Run.product("keybench-ingest", [mini, mini, "--name", "x"])
    #expect(twoNamed.status == 64)
  }

  /// A list in dicttool's shape: header, `count` words by falling frequency, then f=0 entries.
  private func dicttoolList(words count: Int) -> [String] {
    ["dictionary=main:en_us,locale=en_US,description=Test,date=1414726260,version=54"]
      + (0..<count).map { " word=w\($0),f=\(max(1, 250 - $0 * 250 / count))" }
      + [" word=darn,f=0,possibly_offensive=true", " word=youd,f=0,not_a_word=true", "  shortcut=you'd,f=whitelist"]
  }

  @Test func reingestNeverShrinksALexiconSilently() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("l.sqlite")
    let lines = dicttoolList(words: 3_000)
    let full = try dir.write("full.combined", text: lines.joined(separator: "\n") + "\n")
    #expect(try Run.product("keybench-ingest", [full, "--db", db, "--name", "en"]).status == 0)
    let listed = "en\ten_US\t3,002 words\t\(full)"
    let cut = try dir.write("cut.combined", text: lines.prefix(1_800).joined(separator: "\n") + "\n")
    let cases: [(String, String)] = [
      (try dir.write("header.combined", text: lines[0] + "\n"), "no words to store: it has a header but no word lines"),
      (try dir.write("bad.combined", text: ([lines[0]] + lines.dropFirst().map { $0 + ",f=" }).joined(separator: "\n") + "\n"),
       "no words to store: all 3,003 of its entry lines are malformed"),
      (try dir.write("half.combined", text: lines.enumerated().map { $0.offset % 2 == 1 ? $0.element + ",f" : $0.element }.joined(separator: "\n") + "\n"),
       "are malformed (the first, line 2: attribute 'f' has no '='), more than the 5 % accepted"),
      (cut, "1,799 words, 40.1 % fewer than the 3,002 of 'en' in \(db)"),
      (try dir.write("inside.combined", text: lines.joined(separator: "\n")), "inside.combined:3004: the file ends inside this line"),
    ]
    for (path, message) in cases {
      let result = try Run.product("keybench-ingest", [path, "--db", db, "--name", "en"])
      #expect(result.status == 2, "\(path)")
      #expect(result.stderr.contains(path) && result.stderr.contains(message), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("Error:") }.count == 1, "\(result.stderr)")
      #expect(try Run.product("keybench-ingest", ["--list", "--db", db]).stdout.hasPrefix(listed), "\(path) changed the lexicon")
    }
    // Asked for: the smaller list replaces, with the replaced size and the cut warning printed.
    let forced = try Run.product("keybench-ingest", [cut, "--db", db, "--name", "en", "--replace-smaller"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(forced.stdout.contains("stored as 'en' in \(db) (replacing 3,002 words)"))
    #expect(forced.stderr.contains("warning: \(cut): its 1799 words are in dicttool's frequency order but the list stops at f=101"))
    let loose = try Run.product("keybench-ingest", [cases[2].0, "--db", db, "--name", "half", "--max-malformed", "60"])
    #expect(loose.status == 0, "\(loose.stderr)")
    #expect(try Run.product("keybench-ingest", [full, "--max-malformed", "120"]).status == 64)
  }

  @Test func reingestedTextCountsNeverShrinkSilently() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("l.sqlite")
    let long = try dir.write("long.txt", text: String(repeating: "The cat sat on the mat today. The dog sat on the rug again.\n\n", count: 10))
    let short = try dir.write("short.txt", text: "The cat sat.\n")
    #expect(try Run.product("keybench-ingest", ["--text", long, "--name", "toy", "--db", db]).status == 0)
    let refused = try Run.product("keybench-ingest", ["--text", short, "--name", "toy", "--db", db])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("\(short): 3 word tokens, 97.9 % fewer than the 140 of 'toy'"), "\(refused.stderr)")
    #expect(try Run.product("keybench-ingest", ["--list", "--db", db]).stdout.contains("toy\ttext n-grams\t140 words"))
    let forced = try Run.product("keybench-ingest", ["--text", short, "--name", "toy", "--db", db, "--replace-smaller"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try Run.product("keybench-ingest", ["--list", "--db", db]).stdout.contains("toy\ttext n-grams\t3 words"))
  }

  @Test func concurrentIngestsIntoOneDatabaseBothSucceed() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("l.sqlite")
    let list = try dir.write("big.combined", text: dicttoolList(words: 60_000).joined(separator: "\n") + "\n")
    #expect(try Run.product("keybench-ingest", [mini, "--db", db]).status == 0)
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: 3) { index in
      results.add((try? Run.product("keybench-ingest", [list, "--db", db, "--name", "copy\(index)"])))
    }
    for result in results.all {
      #expect(result?.status == 0, "\(result?.stderr ?? "did not run")")
    }
    let listing = try Run.product("keybench-ingest", ["--list", "--db", db]).stdout
    #expect((0..<3).allSatisfy { listing.contains("copy\($0)\ten_US\t60,002 words") }, "\(listing)")
  }

  @Test func anIngestWaitsForAnotherProcessHoldingTheDatabase() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("l.sqlite")
    #expect(try Run.product("keybench-ingest", [mini, "--db", db]).status == 0)
    // python3's sqlite3 holds an exclusive lock for 2 s, as a second ingest's transaction would.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = [
      "python3", "-c",
      "import sqlite3,sys,time\nc=sqlite3.connect(sys.argv[1],isolation_level=None)\nc.execute('BEGIN EXCLUSIVE')\nprint('locked',flush=True)\ntime.sleep(2)\nc.execute('COMMIT')",
      db,
    ]
    let output = Pipe()
    holder.standardOutput = output
    try holder.run()
    defer { holder.waitUntilExit() }
    try #require(String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("locked"))
    let started = Date()
    let result = try Run.product("keybench-ingest", [mini, "--db", db, "--name", "second"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Date().timeIntervalSince(started) > 1, "the ingest did not wait for the lock")
    #expect(try Run.product("keybench-ingest", ["--list", "--db", db]).stdout.contains("second\tde\t22 words"))
  }

  @Test func unusableDatabasesGetOneLineNamingThePath() throws {
    let dir = try TemporaryDirectory()
    let file = try dir.write("notes.txt", text: "notes\n")
    try FileManager.default.createDirectory(atPath: dir.path("folder"), withIntermediateDirectories: true)
    let notDB = try dir.write("junk.sqlite", bytes: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
    let cases: [(String, String)] = [
      (dir.path("folder"), "is a folder"),
      (file + "/l.sqlite", "is a file, not a folder"),
      ("/proc/keybench-none/l.sqlite", "cannot create the folder /proc/keybench-none"),
      (notDB, "not a usable KeyBench lexicon database"),
    ]
    for (path, message) in cases {
      for arguments in [[mini, "--db", path], ["--list", "--db", path]] {
        let result = try Run.product("keybench-ingest", arguments)
        #expect(result.status == 2, "\(arguments)")
        // --list does not create anything, so a path that does not exist is just "no database here".
        #expect(result.stderr.contains(path) && (arguments[0] == "--list" || result.stderr.contains(message)), "\(arguments): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("SQLite error") && !result.stderr.contains("NSCocoaErrorDomain"))
      }
    }
  }
}

/// Results gathered from concurrent runs.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [Run.Result?] = []
  func add(_ item: Run.Result?) { lock.withLock { items.append(item) } }
  var all: [Run.Result?] { lock.withLock { items } }
}

/// Real lists (run on CI): the issue's cases against a stored en_US.
@Suite(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) struct RealIngestCommandTests {
  @Test func aStoredEnUSSurvivesCutHeaderOnlyAndMalformedCopies() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("l.sqlite")
    let source = TestPaths.corpus("latinime/en_US_wordlist.combined.gz")
    #expect(try Run.product("keybench-ingest", [source, "--db", db]).status == 0)
    let plain = try Run.tool("/bin/gzip", ["-dc", source]).stdoutBytes
    let lines = plain.split(separator: 0x0A, omittingEmptySubsequences: false)
    let header = Array(lines[0]) + [0x0A]
    let cut = Array(lines.prefix(96_440).joined(separator: [0x0A])) + [0x0A]
    let malformed = lines.map { $0.starts(with: Array(" word=".utf8)) ? Array($0) + Array(",f=oops".utf8) : Array($0) }
    for (name, bytes) in [("header", header), ("cut", cut), ("malformed", Array(malformed.joined(separator: [0x0A])))] {
      let path = try dir.write("\(name).combined", bytes: bytes)
      let result = try Run.product("keybench-ingest", [path, "--db", db])
      #expect(result.status == 2, "\(name): \(result.stdout)")
      #expect(result.stderr.contains(path), "\(result.stderr)")
    }
    #expect(try Run.product("keybench-ingest", ["--list", "--db", db]).stdout.hasPrefix("en_US\ten_US\t160,715 words\t\(source)"))
  }
}
