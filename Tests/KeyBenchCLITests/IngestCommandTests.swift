import Foundation
import KeyBenchTestSupport
import Testing

/// Runs the built `keybench-ingest` as a user would.
@Suite struct IngestCommandTests {
  let mini = TestPaths.fixture("mini.combined")

  @Test func helpExplainsEveryOption() throws {
    let result = try Run.product("keybench-ingest", ["--help"])
    #expect(result.status == 0)
    for option in ["<wordlist>", "--db", "--name", "--strict", "--verify", "--list", "Exit status"] {
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
    // Same counts, same suggestions: the per-word results are identical.
    #expect(try String(contentsOfFile: out + "/results.csv", encoding: .utf8) == String(contentsOfFile: dir.path("out2") + "/results.csv", encoding: .utf8))
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
    let text = try String(contentsOfFile: mini, encoding: .utf8) + " word=kaputt,f=abc\n"
    let bad = try dir.write("bad.combined", text: text)
    let lineNumber = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    let lenient = try Run.product("keybench-ingest", [bad, "--db", dir.path("l.sqlite")])
    #expect(lenient.status == 0)
    #expect(lenient.stderr.contains("\(bad):\(lineNumber): f must be an integer 0…255, got 'abc'"))
    #expect(lenient.stderr.contains("skipped 1 malformed lines"))
    #expect(lenient.stdout.contains("malformed lines     1"))
    let strict = try Run.product("keybench-ingest", [bad, "--db", dir.path("s.sqlite"), "--strict"])
    #expect(strict.status == 1)
    #expect(strict.stderr.contains("\(bad):\(lineNumber):"))
    #expect(!FileManager.default.fileExists(atPath: dir.path("s.sqlite")))
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
      #expect(result.status == 1, "\(path)")
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
}
