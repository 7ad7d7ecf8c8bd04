import Foundation
import KeyBenchTestSupport
import Testing

/// Results that carry their own provenance, a gate that refuses runs of different inputs, sweeps
/// that refuse to mix corpora, and tools that say what they left out — end to end on swipes
/// generated from the fixture lexicon.
@Suite struct ProvenanceCommandTests {
  /// A lexicon database and two synthetic corpora of its words (different seeds), in `dir`.
  private func inputs(in dir: TemporaryDirectory) throws -> (db: String, first: String, second: String) {
    let first = try SwipeFixture.make(in: dir, count: 40, seed: 3, name: "swipes-3.jsonl")
    let second = try SwipeFixture.make(in: dir, count: 40, seed: 4, name: "swipes-4.jsonl")
    return (first.db, first.corpus, second.corpus)
  }

  private func summary(_ folder: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("summary.json"))
    return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
  }

  @Test func swipeSummaryCarriesCompleteStableProvenance() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus, _) = try inputs(in: dir)
    let out = dir.path("run")
    let arguments = ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--limit", "25", "--out", out]
    let first = try Run.product("keybench-run", arguments)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try ProvenanceCheck.problems(inRun: out, expectedRoles: ["corpus", "device", "layout"], unit: "gestures") == [])
    // What was left out is printed and recorded, and adds up to what was read.
    #expect(first.stderr.contains("of 40 gestures skipped: beyond --limit 25"))
    let provenance = try summary(out)["provenance"] as? [String: Any] ?? [:]
    let items = provenance["items"] as? [String: Any] ?? [:]
    #expect(items["read"] as? Int == 40)
    #expect(items["scored"] as? Int == 25)
    #expect((provenance["lexicon"] as? [String: Any])?["name"] as? String == "de")
    #expect(provenance["top_k"] as? Int == 4)
    #expect(provenance["command_line"] as? [String] == [TestPaths.productsDirectory.appendingPathComponent("keybench-run").path] + arguments)
    let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
    #expect(report.contains(String(try ProvenanceCheck.sha256(corpus).prefix(12))))

    // The same command again: the same provenance apart from the time.
    let before = try ProvenanceCheck.stablePart(ofRun: out)
    #expect(try Run.product("keybench-run", arguments).status == 0)
    #expect(try ProvenanceCheck.stablePart(ofRun: out) == before)

    // A config change changes the config digest, not the inputs.
    let config = try dir.write("c.json", text: #"{"filters": {"length": {"a": 0.5}}}"#)
    let changed = dir.path("changed")
    #expect(try Run.product("keybench-run", Array(arguments.dropLast()) + [changed, "--config", config]).status == 0)
    let other = try summary(changed)["provenance"] as? [String: Any] ?? [:]
    #expect(other["config_sha256"] as? String != provenance["config_sha256"] as? String)
    #expect((other["inputs"] as? [[String: Any]])?.first?["sha256"] as? String
      == (provenance["inputs"] as? [[String: Any]])?.first?["sha256"] as? String)
  }

  @Test func gateRefusesRunsOfDifferentInputsUnlessAllowed() throws {
    let dir = try TemporaryDirectory()
    let (db, first, second) = try inputs(in: dir)
    let run = ["swipe", "--lexicon", "de", "--db", db]
    #expect(try Run.product("keybench-run", run + ["--corpus", first, "--out", dir.path("a")]).status == 0)
    #expect(try Run.product("keybench-run", run + ["--corpus", second, "--limit", "30", "--out", dir.path("b")]).status == 0)
    #expect(try Run.product("keybench-run", run + ["--corpus", first, "--top", "3", "--out", dir.path("top3")]).status == 0)
    let config = try dir.write("c.json", text: #"{"filters": {"endPoint": {"radius": 1.0}}}"#)
    #expect(try Run.product("keybench-run", run + ["--corpus", first, "--config", config, "--out", dir.path("tuned")]).status == 0)

    let refused = try Run.product("keybench-report", ["gate", "--baseline", dir.path("a"), "--current", dir.path("b")])
    #expect(refused.status == 2)
    #expect(refused.stdout.isEmpty)
    #expect(refused.stderr.contains("corpus differs: baseline swipes-3.jsonl 40 gestures sha256"))
    #expect(refused.stderr.contains("current swipes-4.jsonl 30 gestures sha256"))
    #expect(refused.stderr.contains("items scored differ: baseline 40 gestures, current 30 gestures"))
    #expect(refused.stderr.contains("--allow-different-inputs"))

    let topK = try Run.product("keybench-report", ["gate", "--baseline", dir.path("a"), "--current", dir.path("top3")])
    #expect(topK.status == 2)
    #expect(topK.stderr.contains("top-k differs: baseline 4, current 3"))

    let allowed = try Run.product(
      "keybench-report", ["gate", "--baseline", dir.path("a"), "--current", dir.path("b"), "--allow-different-inputs"])
    #expect([0, 1].contains(allowed.status), "\(allowed.stderr)")
    #expect(allowed.stderr.contains("warning: comparing runs of different inputs"))
    #expect(allowed.stdout.contains("| top1 |"))
    #expect(allowed.stdout.contains("read different inputs"))

    // A config change is what the gate judges: listed, never refused.
    let tuned = try Run.product("keybench-report", ["gate", "--baseline", dir.path("a"), "--current", dir.path("tuned"), "--default-max-drop", "100"])
    #expect(tuned.status == 0, "\(tuned.stderr)")
    #expect(tuned.stdout.contains("parameters.filters.endPoint.radius: 2.5 → 1"))

    // A summary written before provenance existed: a message saying what is missing and how to refresh.
    var old = try summary(dir.path("a"))
    old["provenance"] = nil
    try FileManager.default.createDirectory(atPath: dir.path("old"), withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: old).write(to: URL(fileURLWithPath: dir.path("old/summary.json")))
    let stale = try Run.product("keybench-report", ["gate", "--baseline", dir.path("old"), "--current", dir.path("a")])
    #expect(stale.status == 2)
    #expect(stale.stderr.contains("old/summary.json: has no 'provenance'"))
    #expect(stale.stderr.contains("Scripts/gate --refresh"))
  }

  @Test func sweepsRefuseToMixCorporaAndMergeChecksShards() throws {
    let dir = try TemporaryDirectory()
    let (db, first, second) = try inputs(in: dir)
    func sweep(_ corpus: String, shard: String, out: String) throws -> Run.Result {
      try Run.product(
        "keybench-sweep",
        ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--param", "filters.length.a=0.5,0.9", "--shard", shard, "--out", out])
    }
    let one = try sweep(first, shard: "1/2", out: dir.path("s1"))
    #expect(one.status == 0, "\(one.stderr)")
    let provenance = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.path("s1/provenance.json")))) as? [String: Any]
    #expect((provenance?["inputs"] as? [[String: Any]])?.first?["sha256"] as? String == (try ProvenanceCheck.sha256(first)))
    #expect(try String(contentsOfFile: dir.path("s1/sweep.md"), encoding: .utf8).contains("## How this was made"))

    let mixed = try sweep(second, shard: "2/2", out: dir.path("s1"))
    #expect(mixed.status == 2)
    #expect(mixed.stderr.contains("holds a sweep of other inputs"))

    #expect(try sweep(second, shard: "2/2", out: dir.path("s2")).status == 0)
    let merged = try Run.product("keybench-report", ["merge", dir.path("s1"), dir.path("s2"), "--out", dir.path("m")])
    #expect(merged.status == 2)
    #expect(merged.stderr.contains("is not a shard of the same sweep"))
    #expect(merged.stderr.contains("corpus differs"))
  }

  @Test func generatorRefusesACountItCannotMeet() throws {
    let dir = try TemporaryDirectory()
    let words = try dir.write("words.txt", text: "haus\nmaus\nbaum\n")
    let refused = try Run.product(
      "keybench-swipes", ["generate", "--words", words, "--device", "iphone5", "--count", "50", "--seed", "1", "--out", dir.path("w.jsonl")])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("--count 50 cannot be met"))
    #expect(!FileManager.default.fileExists(atPath: dir.path("w.jsonl")))
    // Words without a key on the layout are counted per reason, not dropped silently.
    let mixed = try dir.write("mixed.txt", text: "haus\nmaus\nплохо\n")
    let generated = try Run.product(
      "keybench-swipes", ["generate", "--words", mixed, "--device", "iphone5", "--seed", "1", "--out", dir.path("m.jsonl")])
    #expect(generated.status == 0, "\(generated.stderr)")
    #expect(generated.stderr.contains("1 of 3 words skipped: a letter has no key on the layout"))
    #expect(generated.stdout.contains("wrote 2 swipes"))
  }

  @Test func everyToolPrintsItsVersionAndPinnedPackages() throws {
    let resolved = try String(contentsOf: TestPaths.repository.appendingPathComponent("Package.resolved"), encoding: .utf8)
    for tool in ["keybench-ingest", "keybench-devices", "keybench-swipes", "keybench-run", "keybench-sweep", "keybench-report", "keybench-typos"] {
      let result = try Run.product(tool, ["--version"])
      #expect(result.status == 0, "\(tool): \(result.stderr)")
      #expect(result.stdout.hasPrefix("KeyBench "), "\(tool): \(result.stdout)")
      // Each pinned package of Package.resolved with its version.
      let pins = try JSONSerialization.jsonObject(with: Data(resolved.utf8)) as? [String: Any]
      for pin in pins?["pins"] as? [[String: Any]] ?? [] {
        let identity = pin["identity"] as? String ?? "?"
        let version = (pin["state"] as? [String: Any])?["version"] as? String ?? "?"
        #expect(result.stdout.contains("\(identity) \(version)"), "\(tool) --version lacks \(identity) \(version)")
      }
    }
  }
}
