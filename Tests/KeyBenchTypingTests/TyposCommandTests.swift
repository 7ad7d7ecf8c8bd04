import Foundation
import KeyBenchTestSupport
import Testing

/// keybench-typos and keybench-run correct end to end.
@Suite struct TyposCommandTests {
  let dir = try! TemporaryDirectory()

  func json(_ path: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
  }

  @Test func importAnalyzeGenerateIsDeterministic() throws {
    let corpus = try dir.write("n.txt", text: "the: teh thw hte\nand: adn annd\nquick: quikc\n")
    let pairs = dir.path("p.tsv")
    let imported = try Run.product("keybench-typos", ["import", "norvig", corpus, "--out", pairs])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.hasPrefix("6 pairs"))
    let dist = dir.path("d.json")
    let analyzed = try Run.product("keybench-typos", ["analyze", pairs, "--layout", "pixel6pro-gboard/qwerty-en", "--out", dist])
    #expect(analyzed.status == 0, "\(analyzed.stderr)")
    #expect(analyzed.stdout.contains("(b) wrong keystrokes by kind"))
    #expect(try json(dist)["channel"] != nil)
    let text = try dir.write("t.txt", text: String(repeating: "the quick brown fox and the lazy dog\n", count: 50))
    var outputs: [Data] = []
    for (seed, name) in [("3", "a.tsv"), ("3", "b.tsv"), ("4", "c.tsv")] {
      let result = try Run.product(
        "keybench-typos", ["generate", "--text", text, "--dist", dist, "--seed", seed, "--out", dir.path(name)])
      #expect(result.status == 0, "\(result.stderr)")
      outputs.append(try Data(contentsOf: URL(fileURLWithPath: dir.path(name))))
    }
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0] != outputs[2])
  }

  @Test func badInputNamesFileAndLineAndKeepsEarlierOutput() throws {
    let corpus = try dir.write("bad.txt", text: "$the\nteh\nthw x y\n")
    let out = try dir.write("p.tsv", text: "earlier")
    let result = try Run.product("keybench-typos", ["import", "mitton", corpus, "--out", out])
    #expect(result.status == 2)
    #expect(result.stderr.contains("bad.txt:3: expected 'misspelling [count]'"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "earlier")
    let unknown = try Run.product("keybench-typos", ["import", "ispell", corpus, "--out", out])
    #expect(unknown.status == 64)
  }

  @Test func runCorrectWritesReportsAndNamesMissingPeers() throws {
    let db = dir.path("l.sqlite")
    #expect(try Run.product("keybench-ingest", [TestPaths.fixture("mini.combined"), "--db", db]).status == 0)
    let pairs = try dir.write(
      "p.tsv",
      text: "typed\tintended\tcontext\tsource\nhsllo\thallo\t\tt\nund\tund\t\tt\nstrasse\tStraße\t\tt\nfie\tdie\t\tt\nichh\tich\t\tt\nHaus\tHaus\t\tt\n")
    let out = dir.path("run")
    let result = try Run.product(
      "keybench-run",
      ["correct", "--lexicon", "de", "--db", db, "--pairs", pairs, "--peers", "hunspell,aspell", "--out", out],
      environment: ["PATH": "/nonexistent"])
    #expect(result.status == 0, "\(result.stderr)")
    for file in ["results.csv", "summary.csv", "summary.json", "report.md"] {
      #expect(FileManager.default.fileExists(atPath: "\(out)/\(file)"), "\(file)")
    }
    #expect(try ProvenanceCheck.problems(inRun: out, expectedRoles: ["pairs", "error_model"], unit: "pairs") == [])
    let summary = try json("\(out)/summary.json")
    #expect(summary["bench"] as? String == "correct")
    let all = try #require(summary["metrics"] as? [String: Any])
    let metrics = all.compactMapValues { $0 as? [String: Any] }
    #expect(Set(all.keys).subtracting(metrics.keys) == ["peak_resident_mib"])
    #expect(Set(metrics.keys) == ["baseline", "kannsch", "kannsch-static", "keyboard"])
    for key in ["top1", "top4", "corrected_ratio", "words_per_second", "false_corrections", "non_word_top1", "us_per_keystroke"] {
      #expect(metrics["keyboard"]?[key] != nil, "\(key)")
    }
    #expect(metrics["keyboard"]?["errors"] as? Double == 4)
    #expect(try #require(metrics["keyboard"]?["top1"] as? Double) >= 0.75)
    #expect(metrics["keyboard"]?["false_corrections"] as? Double == 0)
    let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
    #expect(report.contains("hunspell is not installed"))
    #expect(report.contains("aspell is not installed"))
    let csv = try String(contentsOfFile: "\(out)/results.csv", encoding: .utf8).split(separator: "\n")
    #expect(csv[0] == "algorithm,item,group,target,rank,candidates,time_us,typed,kind")
    #expect(csv.count == 1 + 4 * 6)
  }

  /// A count in a typo file allocated 35 GB and aborted; now a located refusal within seconds.
  @Test func hugeCountsAreRefusedQuickly() throws {
    let corpus = try dir.write("m.dat", text: "$the\nteh 1000000000\n")
    let clock = ContinuousClock()
    let start = clock.now
    let result = try Run.product("keybench-typos", ["import", "mitton", corpus, "--out", dir.path("p.tsv")])
    #expect(clock.now - start < .seconds(20))
    #expect(result.status == 2)
    #expect(result.stderr.contains("m.dat:2: count 1000000000 is outside 1…10000, the most one entry may carry"))
    #expect(!FileManager.default.fileExists(atPath: dir.path("p.tsv")))
    let nothing = try Run.product("keybench-typos", ["import", "norvig", try dir.write("n.txt", text: "the: the\n"), "--out", dir.path("p.tsv")])
    #expect(nothing.status == 2)
    #expect(nothing.stderr.contains("n.txt: no typo pairs in norvig format (1 unchanged entries"))
  }

  /// Negative counts in an `analyze` distribution fed to `generate --dist` corrupted most
  /// generated words; now the file, line and field are named and nothing is written.
  @Test func generateRefusesAnInvalidDistribution() throws {
    let corpus = try dir.write("n.txt", text: "the: teh thw hte\nand: adn annd\nquick: quikc\n")
    #expect(try Run.product("keybench-typos", ["import", "norvig", corpus, "--out", dir.path("p.tsv")]).status == 0)
    let dist = dir.path("d.json")
    #expect(try Run.product("keybench-typos", ["analyze", dir.path("p.tsv"), "--out", dist]).status == 0)
    let original = try String(contentsOfFile: dist, encoding: .utf8)
    let lines = original.split(separator: "\n", omittingEmptySubsequences: false)
    // The "operations" object's "near" count (the first "near" after "operations").
    let operations = try #require(lines.firstIndex { $0.contains("\"operations\" : {") })
    let near = try #require(lines[operations...].firstIndex { $0.contains("\"near\" : ") })
    var broken = lines
    broken[near] = Substring(broken[near].replacingOccurrences(of: #"\d+"#, with: "-40", options: .regularExpression))
    try broken.joined(separator: "\n").write(toFile: dist, atomically: true, encoding: .utf8)
    let text = try dir.write("t.txt", text: "the quick brown fox and the lazy dog\n")
    let out = dir.path("g.tsv")
    let result = try Run.product("keybench-typos", ["generate", "--text", text, "--dist", dist, "--seed", "1", "--out", out])
    #expect(result.status == 2)
    #expect(result.stderr.contains("d.json:\(near + 1): operations.near must be an integer in 0…1000000000000, got -40"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func numbersOnTheCommandLineAreUsageErrors() throws {
    let corpus = try dir.write("n.txt", text: "the: teh thw hte\nand: adn annd\n")
    #expect(try Run.product("keybench-typos", ["import", "norvig", corpus, "--out", dir.path("p.tsv")]).status == 0)
    let text = try dir.write("t.txt", text: "the quick brown fox\n")
    let dist = TestPaths.repository.appendingPathComponent("Corpora/typos/seed-fig41.json").path
    for limit in ["--limit=-5", "--limit=0"] {
      let result = try Run.product("keybench-typos", ["generate", "--text", text, "--dist", dist, "--seed", "1", limit, "--out", dir.path("g.tsv")])
      #expect(result.status == 64, "\(limit)")
      #expect(result.stderr.contains("--limit must be at least 1"))
    }
    for rate in ["1.5", "0", "-0.1", "nan", "inf"] {
      let result = try Run.product("keybench-typos", ["analyze", dir.path("p.tsv"), "--error-rate", rate, "--out", dir.path("d.json")])
      #expect(result.status == 64, "\(rate): \(result.stderr)")
    }
    // In range but above what scaling can reach for these pairs: refused, not met with less.
    let above = try Run.product("keybench-typos", ["analyze", dir.path("p.tsv"), "--error-rate", "0.99", "--out", dir.path("d.json")])
    #expect(above.status == 2)
    #expect(above.stderr.contains("--error-rate 0.99 cannot be reached"))
    #expect(!FileManager.default.fileExists(atPath: dir.path("d.json")))
  }

  /// Alignment is quadratic: pairs with over-long words are skipped, counted and reported.
  @Test func analyzeSkipsAndCountsOverlongPairs() throws {
    let long = String(repeating: "abcdefghij", count: 200)
    let pairs = try dir.write(
      "p.tsv", text: "typed\tintended\tcontext\tsource\nteh\tthe\t\tt\nadn\tand\t\tt\n\(long)x\t\(long)\t\tt\n")
    let result = try Run.product("keybench-typos", ["analyze", pairs, "--out", dir.path("d.json")])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("analyze: 1 of 3 pairs skipped: typed or intended longer than 100 characters"))
    #expect(result.stdout.contains("2 pairs aligned"))
  }
}
