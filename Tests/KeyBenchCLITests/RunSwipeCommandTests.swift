import Foundation
import KeyBenchTestSupport
import Testing

/// `keybench-run swipe` end to end on a corpus generated from the mini lexicon.
@Suite struct RunSwipeCommandTests {
  @Test func writesResultsSummariesAndReport() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 80, seed: 5, device: "iphone6s")
    let out = dir.path("run")
    let result = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    for file in ["results.csv", "summary.csv", "summary.json", "report.md"] {
      #expect(FileManager.default.fileExists(atPath: "\(out)/\(file)"), "\(file)")
    }
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/summary.json"))) as! [String: Any]
    #expect(json["bench"] as? String == "swipe")
    let metrics = try #require(json["metrics"] as? [String: Any])
    for key in ["top1", "top4", "mrr", "coverage", "gestures", "decode_ms_median", "decode_ms_p99"] {
      #expect(metrics[key] != nil, "\(key)")
    }
    let filters = try #require(metrics["filters"] as? [String: [String: Any]])
    #expect(Set(filters.keys) == ["start_point", "start_direction", "end_point", "length", "first_pass"])
    #expect(filters["start_point"]?["kept_median"] is Double)
    #expect(filters["length"]?["recall"] is Double)
    // 80 swipes of a 22-word lexicon, 2+ letters: the decoder should get nearly all right.
    let gestures = try #require(metrics["gestures"] as? Double)
    #expect(gestures > 50)
    #expect(try #require(metrics["top1"] as? Double) > 0.8)
    #expect(metrics["coverage"] as? Double == 1)
    let csv = try String(contentsOfFile: "\(out)/results.csv", encoding: .utf8).split(separator: "\n")
    #expect(csv[0].hasPrefix("id,user,word,device,in_lexicon,frequency,rank,candidates,kept_after_start_point"))
    #expect(csv.count == Int(gestures) + 1)
  }

  @Test func printConfigAndBadConfigs() throws {
    let printed = try Run.product("keybench-run", ["swipe", "--lexicon", "x", "--corpus", "y", "--print-config"])
    #expect(printed.status == 0)
    #expect(printed.stdout.contains("\"localityAbsolute\""))
    let dir = try TemporaryDirectory()
    let config = try dir.write("c.json", text: #"{"filters": {"lenght": {"a": 0.5}}}"#)
    let bad = try Run.product("keybench-run", ["swipe", "--lexicon", "x", "--corpus", "y", "--config", config, "--out", dir.path("o")])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("unknown keys: filters.lenght.a"))
  }
}

/// `keybench-run swipe --context NAME`: the same decodes re-ranked with the previous words.
@Suite struct RunSwipeContextCommandTests {
  @Test func reportsAccuracyWithAndWithoutContextAndRefusesALeakyModel() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 60, seed: 9, device: "iphone6s")
    // Give every gesture the same two previous words, as a sentence corpus would.
    let lines = try String(contentsOfFile: corpus, encoding: .utf8).split(separator: "\n")
    var rewritten = [String(lines[0])]
    for line in lines.dropFirst() {
      var object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      object["context"] = ["und", "dann"]
      rewritten.append(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
    }
    let withContext = try dir.write("context.jsonl", text: rewritten.joined(separator: "\n") + "\n")
    let text = try dir.write("text.txt", text: "Wir gingen nach Hause und dann schliefen wir. Sie kam und dann ging sie wieder.\n")
    let ingested = try Run.product("keybench-ingest", ["--text", text, "--name", "de-text", "--db", db])
    #expect(ingested.status == 0, "\(ingested.stderr)")

    let out = dir.path("run")
    let result = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", withContext, "--context", "de-text", "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("with context: top-1"))
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/summary.json"))) as! [String: Any]
    let metrics = try #require(json["metrics"] as? [String: Any])
    let context = try #require(metrics["context"] as? [String: Any])
    #expect(context["gestures_with_context"] as? Double == metrics["gestures"] as? Double)
    #expect(try #require(context["top1"] as? Double) > 0.5)
    let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
    #expect(report.contains("## Sentence context"))
    #expect(report.contains("running text only"))
    let header = try String(contentsOfFile: "\(out)/results.csv", encoding: .utf8).prefix { $0 != "\n" }
    #expect(header.contains("context_rank,context_candidates"))

    // A corpus without previous words has nothing to condition on.
    let none = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--context", "de-text", "--out", dir.path("none")])
    #expect(none.status == 2)
    #expect(none.stderr.contains("no gesture carries its previous words"))
    #expect(!FileManager.default.fileExists(atPath: dir.path("none")))
  }
}
