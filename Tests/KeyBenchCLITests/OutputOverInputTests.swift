import Foundation
import KeyBenchTestSupport
import Testing

/// No command writes an output over a file it reads: every output option given one of the
/// command's inputs — directly, through `..`, a symbolic link or a hard link, or as a folder
/// replaced around it — is a usage error (exit 64) naming both, and the input is left as it was.
@Suite struct OutputOverInputTests {
  /// Runs a product under a 60 s watchdog, so a tool that blocks fails the test instead of hanging it.
  private func bounded(_ name: String, _ arguments: [String]) throws -> Run.Result {
    try Run.tool("/usr/bin/timeout", ["60", TestPaths.productsDirectory.appendingPathComponent(name).path] + arguments)
  }

  @Test func everyOutputOptionRefusesAnInput() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 20, seed: 3)
    let run = dir.path("run")
    let made = try bounded("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", run])
    #expect(made.status == 0, "\(made.stderr)")
    let summary = "\(run)/summary.json"
    let results = "\(run)/results.csv"
    let pairs = try dir.write("pairs.tsv", text: "typed\tintended\tcontext\tsource\nteh\tthe\t\ttest\n")
    let norvig = try dir.write("norvig.txt", text: "the: teh\n")
    let text = try dir.write("t.txt", text: String(repeating: "The dog ran over the road. ", count: 20))
    let words = try dir.write("words.txt", text: "hund\nkatze\n")
    let wordlist = dir.path("wordlist.combined")
    try FileManager.default.copyItem(atPath: TestPaths.fixture("mini.combined"), toPath: wordlist)
    let suite = try SuiteCommandTests.suite(in: dir, seeds: [1])
    // A suite file named as the plan a run writes into its output folder.
    try FileManager.default.createDirectory(atPath: dir.path("o"), withIntermediateDirectories: true)
    let planned = dir.path("o/plan.json")
    try FileManager.default.copyItem(atPath: suite, toPath: planned)
    let sweep = dir.path("sweep")
    let swept = try bounded(
      "keybench-sweep", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--param", "filters.length.a=0.5", "--out", sweep])
    #expect(swept.status == 0, "\(swept.stderr)")
    try FileManager.default.createSymbolicLink(atPath: dir.path("link.xml"), withDestinationPath: summary)
    try FileManager.default.linkItem(atPath: results, toPath: dir.path("hard.csv"))
    let inside = dir.path("inside")
    try FileManager.default.createDirectory(atPath: inside, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: corpus, toPath: "\(inside)/s.jsonl")

    let cases: [(tool: String, arguments: [String], output: String, input: String)] = [
      ("keybench-report", ["markdown", run, "--out", summary], "--out", "summary.json"),
      ("keybench-report", ["gate", "--baseline", run, "--current", run, "--junit", summary], "--junit", "summary.json"),
      ("keybench-report", ["gate", "--baseline", run, "--current", run, "--junit", "\(run)/../run/results.csv"], "--junit", "results.csv"),
      ("keybench-report", ["gate", "--baseline", run, "--current", run, "--junit", dir.path("link.xml")], "link.xml", "summary.json"),
      ("keybench-report", ["gate", "--baseline", run, "--current", run, "--junit", dir.path("hard.csv")], "hard.csv", "results.csv"),
      ("keybench-report", ["compare", run, run, "--json", results], "--json", "results.csv"),
      ("keybench-report", ["html", run, "--out", summary], "--out", "summary.json"),
      ("keybench-report", ["merge", sweep, "--out", sweep], "--out", "sweep.journal.csv"),
      ("keybench-report", ["time-ratio", "--json", corpus, "--", "keybench-run", "swipe", "--corpus", corpus, "::", "keybench-run", "swipe"], "--json", corpus),
      ("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", "\(inside)/s.jsonl", "--out", inside], "--out", "s.jsonl"),
      ("keybench-run", ["correct", "--lexicon", "de", "--db", db, "--pairs", pairs, "--out", dir.path("")], "--out", "pairs.tsv"),
      ("keybench-sweep", ["swipe", "--lexicon", "de", "--db", db, "--corpus", "\(sweep)/sweep.csv", "--param", "filters.length.a=0.5", "--out", sweep], "--out", "sweep.csv"),
      ("keybench-typos", ["analyze", pairs, "--out", pairs], "--out", "pairs.tsv"),
      ("keybench-typos", ["import", "norvig", norvig, "--out", norvig], "--out", "norvig.txt"),
      ("keybench-typos", ["generate", "--text", text, "--dist", pairs, "--seed", "1", "--out", text], "--out", "t.txt"),
      ("keybench-swipes", ["stats", corpus, "--out", corpus], "--out", "swipes.jsonl"),
      ("keybench-swipes", ["generate", "--words", words, "--device", "iphone5", "--out", words], "--out", "words.txt"),
      ("keybench-swipes", ["import-hws", inside, "--out", "\(inside)/s.jsonl"], "--out", "inside"),
      ("keybench-swipes", ["train-reranker", "--lexicon", "de", "--db", db, "--corpus", corpus, "--seed", "1", "--out", corpus], "--out", "swipes.jsonl"),
      ("keybench-ingest", [wordlist, "--db", wordlist], "--db", "wordlist.combined"),
      ("keybench-ingest", ["--export", "de", "--db", db, "--out", db], "--out", "l.sqlite"),
      ("keybench-suite", ["gate", suite, "--baseline", run, "--out", dir.path("g"), "--junit", suite], "--junit", "suite.json"),
      ("keybench-suite", ["run", planned, "--out", dir.path("o")], "--out", "plan.json"),
      ("keybench-suite", ["report", run, "--pages", run], "--pages", "plan.json"),
    ]
    for (tool, arguments, output, input) in cases {
      let before = try Self.snapshot(dir.url)
      let result = try bounded(tool, arguments)
      #expect(result.status == 64, "\(tool) \(arguments): \(result.stderr)")
      #expect(result.stderr.contains(output) && result.stderr.contains(input), "\(tool) \(arguments): \(result.stderr)")
      #expect(try Self.snapshot(dir.url) == before, "\(tool) \(arguments) changed a file")
    }
    // Beside its input, the same output is fine.
    let beside = try bounded("keybench-report", ["markdown", run, "--out", "\(run)/compare.md"])
    #expect(beside.status == 0, "\(beside.stderr)")
  }

  /// Every regular file below `folder` with its bytes.
  static func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = enumerator?.nextObject() as? URL {
      guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
      files[url.path] = try Data(contentsOf: url)
    }
    return files
  }
}
