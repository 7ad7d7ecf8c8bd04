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
