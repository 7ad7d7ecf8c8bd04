import Foundation
import KeyBenchCore
import KeyBenchTestSupport
import Testing

/// `keybench-swipes train-reranker` and `keybench-run swipe --reranker` end to end on synthetic
/// swipes of the fixture lexicon: deterministic training, the model in the run's provenance,
/// and bad values refused before any work.
@Suite struct RerankerCommandTests {
  @Test func trainingIsDeterministicAndTheModelRunsWithItsDigestInProvenance() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 120, seed: 4)
    func train(_ out: String) throws -> Run.Result {
      try Run.product(
        "keybench-swipes",
        ["train-reranker", "--lexicon", "de", "--db", db, "--corpus", corpus, "--seed", "2", "--folds", "3", "--hidden", "4",
         "--epochs", "5", "--out", out])
    }
    let first = try train(dir.path("a.json"))
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("**all, out of fold** | 120 | 120 |"), "\(first.stdout)")
    #expect(try train(dir.path("b.json")).status == 0)
    let a = try Data(contentsOf: URL(fileURLWithPath: dir.path("a.json")))
    let b = try Data(contentsOf: URL(fileURLWithPath: dir.path("b.json")))
    // The command line (with its output path) is recorded; everything else is the same bytes.
    #expect(String(decoding: a, as: UTF8.self).replacingOccurrences(of: "a.json", with: "b.json") == String(decoding: b, as: UTF8.self))

    let run = dir.path("run")
    let decoded = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--reranker", dir.path("a.json"), "--out", run])
    #expect(decoded.status == 0, "\(decoded.stderr)")
    let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(run)/summary.json"))) as? [String: Any]
    let inputs = (summary?["provenance"] as? [String: Any])?["inputs"] as? [[String: Any]] ?? []
    let model = inputs.first { $0["role"] as? String == "reranker" }
    #expect(model?["sha256"] as? String == (try FileDigest.sha256Hex(ofFileAt: dir.path("a.json"))))
    let report = try String(contentsOfFile: "\(run)/report.md", encoding: .utf8)
    #expect(report.contains("+ reranker(pool=16)"))
  }

  /// With `--context`: the gated context features are trained deterministically, the export
  /// carries each gesture's previous-word count, and a run with the model names the trust gate.
  @Test func contextTrainingIsDeterministicAndGated() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 60, seed: 6)
    let lines = try String(contentsOfFile: corpus, encoding: .utf8).split(separator: "\n")
    var rewritten = [String(lines[0])]
    for (i, line) in lines.dropFirst().enumerated() {
      var object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      object["context"] = i % 2 == 0 ? [String]() : ["und", "dann"]
      rewritten.append(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
    }
    let withContext = try dir.write("context.jsonl", text: rewritten.joined(separator: "\n") + "\n")
    let text = try dir.write("text.txt", text: "Wir gingen nach Hause und dann schliefen wir. Sie kam und dann ging sie wieder.\n")
    #expect(try Run.product("keybench-ingest", ["--text", text, "--name", "de-text", "--db", db]).status == 0)
    func train(_ out: String, export: [String] = []) throws -> Run.Result {
      try Run.product(
        "keybench-swipes",
        ["train-reranker", "--lexicon", "de", "--db", db, "--corpus", withContext, "--context", "de-text", "--seed", "3", "--folds", "2",
         "--hidden", "2", "--epochs", "3", "--out", out] + export)
    }
    let first = try train(dir.path("a.json"), export: ["--export-features", dir.path("features.csv")])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try train(dir.path("b.json")).status == 0)
    let a = try String(contentsOfFile: dir.path("a.json"), encoding: .utf8)
    let b = try String(contentsOfFile: dir.path("b.json"), encoding: .utf8)
    let command = { (text: String) in text.split(separator: "\n").filter { !$0.contains("\"command\"") }.joined(separator: "\n") }
    #expect(command(a) == command(b))
    #expect(a.contains("\"keybench_reranker\" : 2") && a.contains("context_log_ratio_x_trust"))
    // A prompt's first word (no previous words) has every context feature at 0.
    let table = try String(contentsOfFile: dir.path("features.csv"), encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let header = table[0].map(String.init)
    let (previous, ratio, trust) = (header.firstIndex(of: "previous_words")!, header.firstIndex(of: "context_log_ratio")!, header.firstIndex(of: "context_log_ratio_x_trust")!)
    let starts = table.dropFirst().filter { $0[previous] == "0" }
    #expect(!starts.isEmpty && starts.allSatisfy { Double($0[ratio]) == 0 && Double($0[trust]) == 0 })
    #expect(table.dropFirst().contains { $0[previous] == "2" && Double($0[ratio]) != 0 })

    let run = dir.path("run")
    let decoded = try Run.product(
      "keybench-run",
      ["swipe", "--lexicon", "de", "--db", db, "--corpus", withContext, "--reranker", dir.path("a.json"), "--context", "de-text", "--out", run])
    #expect(decoded.status == 0, "\(decoded.stderr)")
    let report = try String(contentsOfFile: "\(run)/report.md", encoding: .utf8)
    #expect(report.contains("the previous words' trust"), "\(report)")
  }

  @Test func badValuesAndMisuseAreRefusedBeforeWork() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 10, seed: 5)
    let base = ["train-reranker", "--lexicon", "de", "--db", db, "--corpus", corpus, "--seed", "1", "--out", dir.path("m.json")]
    for (option, value) in [("--pool", "0"), ("--folds", "1"), ("--l2", "nan"), ("--hidden", "999"), ("--epochs", "0"), ("--user-fold", "6/5")] {
      let result = try Run.product("keybench-swipes", base + [option, value])
      #expect(result.status == 64, "\(option) \(value): \(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.path("m.json")))
    let broken = dir.path("broken.json")
    try Data("{\"keybench_reranker\": 1,\n\"features\": []\n}".utf8).write(to: URL(fileURLWithPath: broken))
    let run = ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", dir.path("r")]
    let refused = try Run.product("keybench-run", run + ["--reranker", broken])
    #expect(refused.status == 2 && refused.stderr.contains(broken), "\(refused.stderr)")
    let shark2 = try Run.product("keybench-run", run + ["--reranker", broken, "--decoder", "shark2"])
    #expect(shark2.status == 64 && shark2.stderr.contains("seed000"), "\(shark2.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.path("r")))
  }
}
