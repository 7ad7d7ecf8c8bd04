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
    #expect(try #require(metrics["dtw_columns_mean"] as? Double) > 0)
    for key in ["top1", "top4", "mrr", "coverage", "gestures", "decode_ms_median", "decode_ms_mean", "decode_ms_p99"] {
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
    #expect(csv[0].hasPrefix("algorithm,item,group,target,rank,candidates,time_us,user,device,prompt,in_lexicon,frequency,kept_after_start_point"))
    #expect(csv.count == Int(gestures) + 1)
  }

  /// --max-words keeps the lexicon's most frequent words (ties by word), with
  /// --add-missing-targets also the targets beyond them; recorded in the run's config.
  /// A corpus that says which prompt each gesture was swiped from gets top-1 and top-k per
  /// prompt kind, with intervals, beside the overall ones; each counts only its own gestures.
  @Test func accuracyIsSplitByPromptKind() throws {
    let dir = try TemporaryDirectory()
    let (db, plain) = try SwipeFixture.make(in: dir, count: 60, seed: 8)
    let lines = try String(contentsOfFile: plain, encoding: .utf8).split(separator: "\n").map(String.init)
    // The header line, then gestures alternately tagged as swiped from a phrase and from words.
    var tagged = [lines[0]]
    for (index, line) in lines.dropFirst().enumerated() {
      var gesture = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      var metadata = gesture["metadata"] as? [String: Any] ?? [:]
      metadata["prompt"] = index % 2 == 0 ? "phrase" : "words"
      gesture["metadata"] = metadata
      tagged.append(String(decoding: try JSONSerialization.data(withJSONObject: gesture, options: [.sortedKeys]), as: UTF8.self))
    }
    let corpus = try dir.write("tagged.jsonl", text: tagged.joined(separator: "\n") + "\n")
    let out = dir.path("run")
    let result = try Run.product("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--bootstrap", "200", "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/summary.json"))) as! [String: Any]
    let records = (summary["statistics"] as! [String: Any])["metrics"] as! [[String: Any]]
    func n(_ name: String) -> Int? { records.first { $0["name"] as? String == name }?["n"] as? Int }
    let all = try #require(n("top1")), phrases = try #require(n("top1_phrase")), words = try #require(n("top1_words"))
    #expect(phrases + words == all && phrases > 0 && words > 0)
    #expect(n("top4_phrase") == phrases)
    let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
    #expect(report.contains("top1_phrase") && report.contains("top1_words"))
  }

  @Test func maxWordsKeepsTheMostFrequentWords() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 60, seed: 3, device: "iphone6s")
    func run(_ extra: [String], _ name: String) throws -> (metrics: [String: Any], config: [String: Any], csv: [Substring]) {
      let out = dir.path(name)
      let result = try Run.product("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", out] + extra)
      #expect(result.status == 0, "\(result.stderr)")
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/summary.json"))) as! [String: Any]
      let csv = try String(contentsOfFile: "\(out)/results.csv", encoding: .utf8).split(separator: "\n")
      return (json["metrics"] as! [String: Any], json["config"] as! [String: Any], csv)
    }
    // The five most frequent of the mini lexicon: der 216, und 213, die 211, ich 205, then bin
    // before über (both 190) by the word.
    let five = try run(["--max-words", "5"], "five")
    #expect(five.metrics["lexicon_words"] as? Double == 5)
    #expect(five.config["max_words"] as? Int == 5)
    #expect(try #require(five.metrics["coverage"] as? Double) < 1)
    let allowed: Set<Substring> = ["der", "und", "die", "ich", "bin"]
    let candidates = five.csv.dropFirst().flatMap { $0.split(separator: ",", omittingEmptySubsequences: false)[5].split(separator: "|") }
    #expect(!candidates.isEmpty && candidates.allSatisfy(allowed.contains), "\(Set(candidates))")
    let withTargets = try run(["--max-words", "5", "--add-missing-targets"], "targets")
    #expect(withTargets.metrics["coverage"] as? Double == 1)
    #expect(try #require(withTargets.metrics["lexicon_words"] as? Double) > 5)
    #expect(withTargets.metrics["added_targets"] as? Double == 0, "targets in the lexicon keep their own entry")
    let whole = try run(["--max-words", "1000"], "whole")
    let plain = try run([], "plain")
    #expect(whole.metrics["lexicon_words"] as? Double == plain.metrics["lexicon_words"] as? Double)
    #expect(whole.metrics["top1"] as? Double == plain.metrics["top1"] as? Double)
    #expect(plain.config["max_words"] == nil)
    let zero = try Run.product("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--max-words", "0", "--out", dir.path("z")])
    #expect(zero.status == 64)
    #expect(zero.stderr.contains("--max-words must be in 1…100000000, got 0."), "\(zero.stderr)")
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
  @Test func decoderListGivesEachDecoderItsOwnRow() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 60, seed: 9, device: "iphone6s")
    let out = dir.path("both")
    let result = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--decoder", "seed000,shark2", "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("seed000: top-1"))
    #expect(result.stdout.contains("shark2: top-1"))
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/summary.json"))) as! [String: Any]
    let metrics = try #require(json["metrics"] as? [String: Any])
    let config = try #require(json["config"] as? [String: Any])
    #expect((config["decoder"] as? String)?.hasPrefix("seed000-dtw(") == true, "seed000 stays the main decoder")
    let shark2 = try #require((metrics["decoders"] as? [String: Any])?["shark2"] as? [String: Any])
    #expect((shark2["decoder"] as? String)?.hasPrefix("shark2(") == true)
    #expect(try #require(shark2["top1"] as? Double) > 0.8, "synthetic swipes of a 22-word lexicon")
    let filters = try #require(shark2["filters"] as? [String: Any])
    #expect(Set(filters.keys) == ["start_point", "end_point", "length"])
    let parameters = try #require(((config["decoders"] as? [String: Any])?["shark2"] as? [String: Any])?["parameters"] as? [String: Any])
    #expect(parameters["samples"] as? Int == 16)
    #expect(metrics["plugins"] == nil)
    // One results file holding both decoders, the same gestures for each, the same points.
    let lines = try String(contentsOfFile: "\(out)/results.csv", encoding: .utf8).split(separator: "\n")
    #expect(lines[0].hasPrefix("algorithm,item,group,target,rank,candidates,time_us,user,device,prompt,in_lexicon,frequency,kept_after_start_point"))
    let header = lines[0].split(separator: ",").map(String.init)
    let points = try #require(header.firstIndex(of: "points"))
    var byDecoder: [String: [String: String]] = [:]
    for line in lines.dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      byDecoder[fields[0], default: [:]][fields[1]] = fields[points]
    }
    #expect(Set(byDecoder.keys) == ["seed000", "shark2"])
    #expect(byDecoder["seed000"]?.count ?? 0 > 40)
    #expect(byDecoder["seed000"] == byDecoder["shark2"], "same gestures, same points")
    let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
    #expect(report.contains("| `seed000-dtw("))
    #expect(report.contains("| shark2 `shark2("))
    let html = dir.path("both.html")
    let rendered = try Run.product("keybench-report", ["html", out, "--out", html])
    #expect(rendered.status == 0, "\(rendered.stderr)")
    let page = try String(contentsOfFile: html, encoding: .utf8)
    #expect(page.contains("Decoders on the same gestures"))
    #expect(page.contains("shark2 (built in)"))

    // A rerun replaces the folder; a stranger's file is kept.
    let again = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--decoder", "all", "--limit", "5", "--out", out])
    #expect(again.status == 0, "\(again.stderr)")
    _ = try dir.write("both/notes.txt", text: "mine")
    let refused = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--decoder", "all", "--limit", "5", "--out", out])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("holds files a benchmark run does not write (notes.txt)"))

    // shark2 alone is the main decoder; --decoder all runs both.
    let alone = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--decoder", "shark2", "--limit", "10", "--out", dir.path("alone")])
    #expect(alone.status == 0, "\(alone.stderr)")
    let aloneJSON = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.path("alone/summary.json")))) as! [String: Any]
    #expect(((aloneJSON["config"] as? [String: Any])?["decoder"] as? String)?.hasPrefix("shark2(") == true)
    #expect(!FileManager.default.fileExists(atPath: dir.path("alone/results-seed000.csv")))
  }

  @Test func badDecoderNamesAndShark2ConfigsStopBeforeWork() throws {
    let dir = try TemporaryDirectory()
    let unknown = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "x", "--corpus", "y", "--decoder", "seed000,shark3", "--out", dir.path("o")])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("unknown decoder 'shark3'; choose from seed000, shark2 or all"))
    let clash = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "x", "--corpus", "y", "--decoder", "all", "--plugin", "shark2=true", "--out", dir.path("o")])
    #expect(clash.status == 64)
    let config = try dir.write("s.json", text: #"{"shape": {"sigma": 0}, "samples": 4000}"#)
    let bad = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "x", "--corpus", "y", "--decoder", "shark2", "--shark2-config", config, "--out", dir.path("o")])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("samples must be an integer in 2…1024, got 4000"))
    #expect(bad.stderr.contains("shape.sigma must be a finite number in 0.001…10, got 0"))
    #expect(!FileManager.default.fileExists(atPath: dir.path("o")))
    let printed = try Run.product("keybench-run", ["swipe", "--decoder", "shark2", "--print-config"])
    #expect(printed.status == 0)
    #expect(printed.stdout.contains("\"samples\" : 16"))
    #expect(!printed.stdout.contains("localityAbsolute"))
    let both = try Run.product("keybench-run", ["swipe", "--decoder", "all", "--print-config"])
    let object = try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [String: Any]
    #expect(Set((object ?? [:]).keys) == ["seed000", "shark2"])
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
    // The re-ranked answers are an algorithm of their own, on the same gestures.
    let rows = try String(contentsOfFile: "\(out)/results.csv", encoding: .utf8).split(separator: "\n").dropFirst()
    let contextRows = rows.filter { $0.hasPrefix("seed000+context,") }.count
    #expect(contextRows > 0 && contextRows == rows.filter { $0.hasPrefix("seed000,") }.count)

    // A corpus without previous words has nothing to condition on.
    let none = try Run.product(
      "keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--context", "de-text", "--out", dir.path("none")])
    #expect(none.status == 2)
    #expect(none.stderr.contains("no gesture carries its previous words"))
    #expect(!FileManager.default.fileExists(atPath: dir.path("none")))
  }
}
