import Foundation
import KeyBenchCore
#if canImport(FoundationXML)
  import FoundationXML
#endif
import KeyBenchTestSupport
import Testing

/// `keybench-sweep` and `keybench-report gate/merge/markdown` end to end on swipes generated
/// from the fixture lexicon.
@Suite struct SweepAndGateCommandTests {
  /// A lexicon database and 60 synthetic swipes of its words, in `dir`.
  private func corpus(in dir: TemporaryDirectory) throws -> (db: String, corpus: String) {
    try SwipeFixture.make(in: dir, count: 60, seed: 3)
  }

  private func lines(_ path: String) throws -> [Substring] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
  }

  @Test func sweepResumesShardsMergeAndMarkTheFrontier() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try corpus(in: dir)
    let common = [
      "swipe", "--lexicon", "de", "--db", db, "--corpus", corpus,
      "--param", "filters.length.a=0.5,0.95", "--param", "filters.endPoint.radius=0.5:1.5:0.5",
    ]
    let full = dir.path("full")
    let first = try Run.product("keybench-sweep", common + ["--out", full])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("ran 6, resumed 0"))
    let table = try lines("\(full)/sweep.csv")
    #expect(table[0] == "config,filters.length.a,filters.endPoint.radius,top1,top1_low,top1_high,top4,mrr,decode_ms_median,decode_ms_p99,"
      + "filters.start_point.recall,filters.start_point.kept_median,filters.start_direction.recall,"
      + "filters.start_direction.kept_median,filters.end_point.recall,filters.end_point.kept_median,"
      + "filters.length.recall,filters.length.kept_median,pareto")
    #expect(table.count == 7)
    #expect(table.contains { $0.hasSuffix(",true") })
    // The tightest end-point radius loses targets the widest keeps: the sweep measures it.
    let recall = table.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
      .map { (radius: Double($0[2])!, recall: Double($0[14])!) }
    #expect(recall.filter { $0.radius == 0.5 }.map(\.recall).max()! < recall.filter { $0.radius == 1.5 }.map(\.recall).min()!)

    // Every configuration is a run folder compare reads, paired on the same gestures.
    let compared = try Run.product("keybench-report", ["compare", "\(full)/runs/c0000", "\(full)/runs/c0005", "--metric", "top1"])
    #expect(compared.status == 0 && compared.stdout.contains("| top1 | c0000:seed000 | c0005:seed000 |"), "\(compared.stdout)\(compared.stderr)")
    // Compare says what differs between the configurations, and their times (one run each).
    #expect(compared.stdout.contains("- `parameters.filters.length.a: 0.5 → 0.95`"), "\(compared.stdout)")
    #expect(compared.stdout.contains("| c0000:seed000 | c0005:seed000 |") && compared.stdout.contains("median time per item"), "\(compared.stdout)")
    #expect(try String(contentsOfFile: "\(full)/sweep.md", encoding: .utf8).contains("each decoding the same 60 gestures"))
    // A configuration whose run folder is gone runs again.
    try FileManager.default.removeItem(atPath: "\(full)/runs/c0002")
    let rerun = try Run.product("keybench-sweep", common + ["--out", full])
    #expect(rerun.status == 0 && rerun.stdout.contains("ran 1, resumed 5") && rerun.stderr.contains("(c0002); they run again"), "\(rerun.stderr)")

    // Interrupted: drop the last journal row and cut one in half; the rerun redoes only those.
    let journal = "\(full)/sweep.journal.csv"
    let kept = try lines(journal).dropLast(2).joined(separator: "\n") + "\nc0004,0.95,1"
    try kept.write(toFile: journal, atomically: true, encoding: .utf8)
    let resumed = try Run.product("keybench-sweep", common + ["--out", full])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stdout.contains("ran 2, resumed 4"))
    #expect(try lines("\(full)/sweep.csv").count == 7)

    // A journal row outside the grid, repeated, or repeated with other metrics is refused with
    // its line (another sweep wrote here, or it was edited); the journal is left as it was.
    let whole = try lines(journal).map(String.init)
    let row = whole[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let conflicting = ([row[0], row[1], row[2], "0.123456"] + row.dropFirst(4)).joined(separator: ",")
    for (damaged, message) in [
      (whole + [whole[1]], "sweep.journal.csv:8: c0000 is already on line 2;"),
      (whole + [conflicting], "is already on line 2 with other metrics"),
      (whole + [(["c0099"] + row.dropFirst()).joined(separator: ",")], "sweep.journal.csv:8: 'c0099' is no configuration of this sweep's grid"),
    ] {
      let text = damaged.joined(separator: "\n") + "\n"
      try text.write(toFile: journal, atomically: true, encoding: .utf8)
      let refused = try Run.product("keybench-sweep", common + ["--out", full])
      #expect(refused.status == 2 && refused.stderr.contains(message), "\(refused.stderr)")
      #expect(try String(contentsOfFile: journal, encoding: .utf8) == text)
    }
    try (whole.joined(separator: "\n") + "\n").write(toFile: journal, atomically: true, encoding: .utf8)
    // Without its provenance.json, nobody can say which inputs the rows came from.
    let provenance = try Data(contentsOf: URL(fileURLWithPath: "\(full)/provenance.json"))
    try FileManager.default.removeItem(atPath: "\(full)/provenance.json")
    let unchecked = try Run.product("keybench-sweep", common + ["--out", full])
    #expect(unchecked.status == 2 && unchecked.stderr.contains("no provenance.json"), "\(unchecked.stderr)")
    try provenance.write(to: URL(fileURLWithPath: "\(full)/provenance.json"))
    // One sweep at a time per folder.
    let held = try #require(try FileLock.acquire("\(full)/.keybench-sweep.lock", mode: .exclusive))
    let busy = try Run.product("keybench-sweep", common + ["--out", full])
    #expect(busy.status == 2 && busy.stderr.contains("is in use by another sweep (pid \(getpid())"), "\(busy.stderr)")
    withExtendedLifetime(held) {}

    // Two shards merged give the same rows (accuracy columns; timings differ run to run).
    for shard in ["1/2", "2/2"] {
      let run = try Run.product("keybench-sweep", common + ["--shard", shard, "--out", dir.path("s" + shard.prefix(1))])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains("ran 3"))
    }
    let merged = try Run.product("keybench-report", ["merge", dir.path("s1"), dir.path("s2"), "--out", dir.path("m")])
    #expect(merged.status == 0, "\(merged.stderr)")
    func accuracy(_ path: String) throws -> [String] {
      try lines(path).map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(6).joined(separator: ",") }
    }
    #expect(try accuracy(dir.path("m/sweep.csv")) == accuracy("\(full)/sweep.csv"))

    #expect(FileManager.default.fileExists(atPath: dir.path("m/runs/c0005/results.csv")))

    // A misspelt parameter is a usage error before any data is read, naming it.
    let typo = try Run.product("keybench-sweep", Array(common.prefix(7)) + ["--param", "filters.lenght.a=1", "--out", dir.path("t")])
    #expect(typo.status == 64)
    #expect(typo.stderr.contains("filters.lenght.a"))
  }

  @Test func gatePassesTheBaselineAndFailsADegradedDecoder() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try corpus(in: dir)
    let run = ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus]
    #expect(try Run.product("keybench-run", run + ["--out", dir.path("base")]).status == 0)
    #expect(try Run.product("keybench-run", run + ["--out", dir.path("again")]).status == 0)
    // Degraded: a length filter so tight it throws away most targets.
    let config = try dir.write("bad.json", text: #"{"filters": {"length": {"a": 0.97, "b": 1.03, "c": 0.1}}}"#)
    #expect(try Run.product("keybench-run", run + ["--config", config, "--out", dir.path("bad")]).status == 0)

    let pass = try Run.product("keybench-report", ["gate", "--baseline", dir.path("base"), "--current", dir.path("again")])
    #expect(pass.status == 0, "\(pass.stdout)")
    #expect(pass.stdout.contains("**Gate passed**"))
    #expect(pass.stdout.contains("| top1 |"))

    let junit = dir.path("gate.xml")
    let fail = try Run.product(
      "keybench-report", ["gate", "--baseline", dir.path("base"), "--current", dir.path("bad"), "--junit", junit])
    #expect(fail.status == 1)
    #expect(fail.stdout.contains("| filters.length.recall |"))
    #expect(fail.stdout.contains("REGRESSION"))
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains("<failure message=\"filters.length.recall"))
    #expect(try XMLDocument(xmlString: xml).rootElement()?.name == "testsuite")

    // A generous threshold for the metric lets the same drop pass; input errors exit 2.
    let lenient = try Run.product(
      "keybench-report",
      ["gate", "--baseline", dir.path("base"), "--current", dir.path("bad"), "--default-max-drop", "100", "--min-effect", "100"])
    #expect(lenient.status == 0, "\(lenient.stdout)")
    let missing = try Run.product("keybench-report", ["gate", "--baseline", dir.path("nope"), "--current", dir.path("bad")])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("nope/summary.json"))

    let table = try Run.product("keybench-report", ["markdown", dir.path("base"), dir.path("bad")])
    #expect(table.status == 0)
    #expect(table.stdout.contains("| top1 |"))
  }
}
