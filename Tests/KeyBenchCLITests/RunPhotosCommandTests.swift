import Foundation
import KeyBenchResults
import KeyBenchTestSupport
import Testing

/// keybench-run photos end to end on small hand-made COCO-format files and the real WordNet.
@Suite(.enabled(if: RealWordNet.runs, "WordNet 3.0 not installed (apt-get install wordnet-base, or set KEYBENCH_WORDNET)"))
struct PhotosCommandTests {
  let dir = try! TemporaryDirectory()

  func writeFixture() throws -> (captions: String, labels: String) {
    try dir.write(
      "coco_categories.tsv",
      text: """
        #yolo_index\tcoco_category_id\tname\tlvis_synset\twn30_wnid\twn30_lemmas\tlvis_meaning
        0\t1\tperson\tperson.n.01\tn00007846\tperson\ta human being
        1\t17\tdog\tdog.n.01\tn02084071\tdog\ta dog
        2\t21\tcow\tbeef.n.01\tn02403003\tbeef\tcattle
        3\t58\tcouch\tsofa.n.01\tn04256520\tsofa,couch\ta seat

        """)
    try dir.write(
      "imagenet1k_classes.tsv",
      text: "#index\twnid\tsynset_names\tclean_name\tkeras_label\n151\tn02085620\tChihuahua\tChihuahua\tChihuahua\n"
        + "207\tn02099601\tgolden retriever\tgolden retriever\tgolden_retriever\n")
    var rows = ["#image_id\twidth\theight\tn_captions\tlabels"]
    let kinds = ["dog:1:0.4000;couch:1:0.3000", "person:2:0.5000", "cow:3:0.2000;person:1:0.0500", "couch:1:0.6000", ""]
    for i in 0..<20 { rows.append("\(100 + i)\t640\t480\t1\t\(kinds[i % kinds.count])") }
    let labels = try dir.write("labels.tsv", text: rows.joined(separator: "\n") + "\n")
    let texts = ["A puppy asleep on a sofa.", "Two women talking.", "Cattle grazing near a farmer.", "An empty couch.", "A stop sign."]
    let annotations = (0..<20).map { i in ["id": 1000 + i, "image_id": 100 + i, "caption": texts[i % texts.count]] as [String: Any] }
    let data = try JSONSerialization.data(withJSONObject: ["images": [], "annotations": annotations])
    let captions = try dir.write("captions.json", bytes: Array(data))
    return (captions, labels)
  }

  func run(_ arguments: [String]) throws -> Run.Result {
    try Run.product("keybench-run", ["photos", "--wordnet", RealWordNet.directory] + arguments)
  }

  @Test func writesTheSharedSummaryShapeAndIsDeterministic() throws {
    let (captions, labels) = try writeFixture()
    let out = dir.path("out")
    let arguments = ["--captions", captions, "--labels", labels, "--library-size", "5", "--negatives", "0.2", "--seed", "3"]
    let first = try run(arguments + ["--out", out])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try ProvenanceCheck.problems(inRun: out, expectedRoles: ["captions", "labels", "wordnet"], unit: "captions") == [])
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/summary.json"))) as? [String: Any])
    #expect(summary["bench"] as? String == "photos")
    // One object per ranker, beside the run's own peak memory.
    let all = try #require(summary["metrics"] as? [String: Any])
    let metrics = all.compactMapValues { $0 as? [String: Any] }
    #expect(Set(all.keys).subtracting(metrics.keys) == ["peak_resident_mib"])
    #expect(Set(metrics.keys) == ["exact", "synonyms", "hypernyms", "hyponyms", "best"])
    for (ranker, m) in metrics {
      for key in ["recall_at_1", "recall_at_3", "recall_at_5", "mrr", "false_suggestion_rate", "ms_per_query"] {
        #expect(m[key] is Double, "\(ranker).\(key)")
      }
      #expect(m["queries"] as? Double == 20)
    }
    // The puppy/sofa and cattle captions need WordNet links: best finds more than exact.
    let best = try #require(metrics["best"]?["recall_at_1"] as? Double)
    let exact = try #require(metrics["exact"]?["recall_at_1"] as? Double)
    #expect(best > exact)
    let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
    #expect(report.contains("0.77"))
    #expect(report.contains("cow → cow.n.01"))
    let results = try String(contentsOfFile: out + "/results.csv", encoding: .utf8)
    #expect(results.split(separator: "\n").count == 1 + 5 * 20)
    #expect(results.hasPrefix("algorithm,item,group,target,rank,candidates,time_us,query,negative,nouns,suggested,false_suggestion\n"))
    #expect(report.contains("## How sure these numbers are") && report.contains("| best | recall_at_1 |"))

    // One long-form table: every ranker with the same captions (grouped by image), and the
    // statistics restate the summary: recalls and the false-suggestion rate bit for bit, MRR
    // up to the order its reciprocal ranks are added in.
    let rankers = ["exact", "synonyms", "hypernyms", "hyponyms", "best"]
    let table = try ResultTable(path: out)
    #expect(table.algorithms == rankers)
    #expect(StatisticsCheck.pairingProblems(table.rows.map { ($0.algorithm, $0.item, $0.group) }) == [])
    #expect(Set(table.rows.map(\.item)) == Set((1000..<1020).map(String.init)))
    // A target ranked among the photos listed is listed at its rank.
    #expect(table.rows.allSatisfy { row in
      row.group == row.target && (row.rank.map { $0 > row.candidates.count || row.candidates[$0 - 1] == row.target } ?? true)
    })
    let read = try StatisticsCheck.read(inRun: out)
    #expect(read.group == "image")
    let exactly = ["recall_at_1", "recall_at_3", "recall_at_5", "false_suggestion_rate"]
    #expect(try StatisticsCheck.problems(inRun: out, algorithms: rankers, metrics: exactly) { StatisticsCheck.value(summary, ["metrics", $0, $1]) } == [])
    #expect(try StatisticsCheck.problems(inRun: out, algorithms: rankers, metrics: ["mrr"], tolerance: 1e-12) { StatisticsCheck.value(summary, ["metrics", $0, $1]) } == [])
    // Scored as they were written (issue 46), the rows give exactly the statistics of
    // results.csv read back, MRR's fractional sums included.
    let readBack = try StatisticsCheck.readBack(inRun: out)
    #expect(readBack.written == readBack.fromRows)
    #expect(readBack.written.metrics.count == 5 * 5)

    // The same seed gives the same per-query results (all but the measured times).
    func withoutTimes(_ text: String) -> [[Substring]] {
      text.split(separator: "\n").map { line in
        var fields = line.split(separator: ",", omittingEmptySubsequences: false)
        fields[6] = ""
        return fields
      }
    }
    let again = try run(arguments + ["--out", dir.path("again")])
    #expect(again.status == 0)
    #expect(withoutTimes(try String(contentsOfFile: dir.path("again") + "/results.csv", encoding: .utf8)) == withoutTimes(results))
    #expect(try StatisticsCheck.read(inRun: dir.path("again")).estimates.map(\.low) == read.estimates.map(\.low))

    // The ImageNet track reports its coverage: only dog has classes here.
    let imagenet = try run(arguments + ["--track", "imagenet", "--out", dir.path("imagenet")])
    #expect(imagenet.status == 0, "\(imagenet.stderr)")
    let projected = try String(contentsOfFile: dir.path("imagenet") + "/report.md", encoding: .utf8)
    #expect(projected.contains("coverage: 1 of 4 categories"), "\(projected)")
  }

  /// `--sample N` spreads captions over images (two captions per image here); `--limit N`
  /// takes the first N and warns when they cover fewer than 10 images.
  @Test func aSampleSpreadsCaptionsOverImages() throws {
    let (_, labels) = try writeFixture()
    let annotations = (0..<20).map { i in ["id": 2000 + i, "image_id": 100 + i / 2, "caption": "A dog on a couch number \(i)."] as [String: Any] }
    let captions = try dir.write("paired.json", bytes: Array(try JSONSerialization.data(withJSONObject: ["images": [], "annotations": annotations])))
    let arguments = ["--captions", captions, "--labels", labels, "--library-size", "5", "--negatives", "0", "--seed", "3", "--ranker", "exact"]
    let sampled = try run(arguments + ["--sample", "5", "--out", dir.path("sampled")])
    #expect(sampled.status == 0, "\(sampled.stderr)")
    let rows = try String(contentsOfFile: dir.path("sampled/results.csv"), encoding: .utf8).split(separator: "\n").dropFirst()
      .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    #expect(rows.count == 5 && Set(rows.map { $0[2] }).count == 5, "\(rows.map { $0[2] })")
    let limited = try run(arguments + ["--limit", "4", "--out", dir.path("limited")])
    #expect(limited.status == 0 && limited.stderr.contains("warning: --limit 4 takes the first captions in file order: 2 images"), "\(limited.stderr)")
  }

  @Test func malformedLabelsLineIsNamedAndEarlierOutputsStay() throws {
    let (captions, labels) = try writeFixture()
    let out = dir.path("out")
    let report = "an earlier run's report\n"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    try report.write(toFile: out + "/report.md", atomically: true, encoding: .utf8)
    var rows = try String(contentsOfFile: labels, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    rows[3] = "102\t640\t480\t1\tdog:one:0.5"
    let bad = try dir.write("bad.tsv", text: rows.joined(separator: "\n"))
    let failed = try run(["--captions", captions, "--labels", bad, "--out", out])
    #expect(failed.status == 2)
    #expect(failed.stderr.contains("\(bad):4:"), "\(failed.stderr)")
    #expect(try String(contentsOfFile: out + "/report.md", encoding: .utf8) == report)
  }
}
