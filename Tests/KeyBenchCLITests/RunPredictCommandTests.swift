import Foundation
import KeyBenchResults
import KeyBenchTestSupport
import Testing

/// keybench-run predict end to end on small texts.
@Suite struct PredictCommandTests {
  let dir = try! TemporaryDirectory()

  @Test func writesTheSharedSummaryShapeAndRefusesOverlap() throws {
    let train = try dir.write(
      "train.txt",
      text: String(repeating: "The cat sat on the mat. The dog sat on the rug. A cat and a dog met on the mat.\n\n", count: 20))
    let test = try dir.write("test.txt", text: "1\tThe cat met the dog on the rug.\n2\tA dog sat on the mat.\n")
    let out = dir.path("out")
    let run = try Run.product("keybench-run", ["predict", "--train", train, "--text", test, "--out", out])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try ProvenanceCheck.problems(inRun: out, expectedRoles: ["text", "train"], unit: "words") == [])
    let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/summary.json"))) as! [String: Any]
    #expect(summary["bench"] as? String == "predict")
    let metrics = try #require(summary["metrics"] as? [String: Any]).compactMapValues { $0 as? [String: Any] }
    for predictor in ["kannsch", "ngram"] {
      let m = try #require(metrics[predictor])
      for key in ["ksr", "csr", "next_top1", "next_top3", "predictions_per_second"] { #expect(m[key] is Double, "\(predictor).\(key)") }
      #expect(m["words"] as? Double == 14)
      // Every test word occurs in training, so most are predicted.
      #expect((m["ksr"] as? Double ?? 0) > 0.4, "\(predictor)")
    }
    let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
    #expect(report.contains(test) && report.contains(train))
    let rows = try String(contentsOfFile: out + "/results.csv", encoding: .utf8).split(separator: "\n")
    #expect(rows.count == 1 + 2 * 14)
    #expect(rows[0] == "algorithm,item,group,target,rank,candidates,time_us,length,hit_prefix,keystrokes,keystrokes_unaided,keystrokes_saved,saved_characters,keystrokes_saved_at_1,keystrokes_saved_at_3,keystrokes_saved_at_5")
    #expect(try Self.statisticsProblems(inRun: out, predictors: ["kannsch", "ngram"]) == [])
    #expect(report.contains("## How sure these numbers are") && report.contains("| ngram | ksr |") && report.contains("| ngram | ksr_at_5 |"))
    // Text-length curves: the default lengths above the 14 test words are left out, so none remain.
    let curves = try String(contentsOfFile: out + "/curves.csv", encoding: .utf8).split(separator: "\n")
    #expect(curves.count == 1)
    let short = dir.path("short")
    let sliced = try Run.product(
      "keybench-run", ["predict", "--train", train, "--text", test, "--curve-lengths", "3,7", "--curve-slices", "2", "--out", short])
    #expect(sliced.status == 0, "\(sliced.stderr)")
    let slicedMetrics = try #require(
      (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: short + "/summary.json"))) as? [String: Any])?["metrics"]
        as? [String: Any]).compactMapValues { $0 as? [String: Any] }
    for key in ["ksr_by_length", "csr_by_length", "ksr_by_length_static", "csr_by_length_static"] {
      let curve = try #require(slicedMetrics["ngram"]?[key] as? [[String: Any]], "\(key)")
      #expect(curve.map { $0["x"] as? Int } == [3, 7] && curve.allSatisfy { $0["slices"] as? Int == 2 }, "\(key)")
    }
    #expect(try String(contentsOfFile: short + "/curves.csv", encoding: .utf8).split(separator: "\n").count == 1 + 2 * 2 * 2)

    // Testing on a training file is refused with the file named; the earlier outputs stay.
    let refused = try Run.product("keybench-run", ["predict", "--train", train, test, "--text", test, "--out", out])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains(test) && refused.stderr.contains("must not overlap"), "\(refused.stderr)")
    #expect(try String(contentsOfFile: out + "/report.md", encoding: .utf8) == report)

    let bad = try dir.write("bad.txt", bytes: Array("fine line\n".utf8) + [0xFF, 0xFE, 0x0A])
    let invalid = try Run.product("keybench-run", ["predict", "--train", bad, "--text", test, "--out", out])
    #expect(invalid.status != 0)
    #expect(invalid.stderr.contains("\(bad):2:"), "\(invalid.stderr)")

    let broken = try dir.write("broken.txt", text: "1\tA dog sat.\n2\tThe cat ran.\nno id here\n")
    let malformed = try Run.product("keybench-run", ["predict", "--train", train, "--text", broken, "--out", out])
    #expect(malformed.status != 0)
    #expect(malformed.stderr.contains("\(broken):3: expected id<TAB>sentence"), "\(malformed.stderr)")
    #expect(try String(contentsOfFile: out + "/report.md", encoding: .utf8) == report)
  }

  /// The statistics' ksr, csr, next_top1 and next_top3 of every predictor are the summary's,
  /// bit for bit, recomputed from results.csv's rows (1,500 words of held-out Alice, trained on
  /// Pride and Prejudice), and the rows add up to the summary's counts.
  @Test(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) func statisticsRestateTheSummaryOnRealText() throws {
    let out = dir.path("real")
    let run = try Run.product(
      "keybench-run",
      [
        "predict", "--train", TestPaths.corpus("texts/en_gutenberg_1342_pride_and_prejudice.txt"),
        "--text", TestPaths.corpus("texts/en_gutenberg_11_alice_in_wonderland.txt"), "--limit", "1500", "--curve-slices", "0",
        "--bootstrap", "500", "--out", out,
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Self.statisticsProblems(inRun: out, predictors: ["kannsch", "ngram"]) == [])
    let statistics = try StatisticsCheck.read(inRun: out)
    #expect(statistics.group == "text block")
    // 1,500 words in blocks of 100; every estimate has an interval.
    #expect(statistics.estimates.allSatisfy { $0.n == 1500 && $0.groups == 15 && $0.low != nil && $0.high != nil })
    let table = try ResultTable(path: out)
    let summary = try StatisticsCheck.summary(inRun: out)
    for predictor in ["kannsch", "ngram"] {
      let rows = table.indices(of: predictor)
      func total(_ column: String) -> Double { rows.reduce(0) { $0 + Double(table.extra(column, at: $1) ?? "")! } }
      #expect(total("keystrokes") == StatisticsCheck.value(summary, ["metrics", predictor, "keystrokes"]))
      #expect(total("saved_characters") == StatisticsCheck.value(summary, ["metrics", predictor, "saved_characters"]))
      #expect(total("length") == StatisticsCheck.value(summary, ["metrics", predictor, "characters"]))
      // The rank is the word's place among the next-word suggestions the row lists.
      #expect(rows.allSatisfy { index in
        let row = table.rows[index]
        return row.rank.map { row.candidates[$0 - 1].lowercased() == row.target.lowercased() } ?? true
      })
    }
  }

  /// Problems of a predict run's rows and statistics: both predictors with the same words (the
  /// same block for a word in each), and every declared metric equal to the summary's.
  static func statisticsProblems(inRun out: String, predictors: [String]) throws -> [String] {
    let table = try ResultTable(path: out)
    var problems = StatisticsCheck.pairingProblems(table.rows.map { ($0.algorithm, $0.item, $0.group) })
    if table.algorithms != predictors { problems.append("algorithms \(table.algorithms)") }
    let summary = try StatisticsCheck.summary(inRun: out)
    problems += try StatisticsCheck.problems(inRun: out, algorithms: predictors, metrics: ["ksr", "csr", "next_top1", "next_top3"]) {
      StatisticsCheck.value(summary, ["metrics", $0, $1])
    }
    return problems
  }
}
