import Foundation
import KeyBenchTestSupport
import Testing

/// `keybench-report compare` and the gate's judgement on paired rows, on real runs of the tools.
@Suite struct CompareAndGateCommandTests {
  /// The rows of one algorithm: item → (rank, line fields), read with a plain split (the fixture's
  /// words hold no commas or quotes) so the check does not use the parser under test.
  static func ranks(_ folder: String, algorithm: String) throws -> [String: String] {
    let lines = try String(contentsOfFile: "\(folder)/results.csv", encoding: .utf8).split(separator: "\n").map(String.init)
    var ranks: [String: String] = [:]
    for line in lines.dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      if fields[0] == algorithm { ranks[fields[1]] = fields[4] }
    }
    return ranks
  }

  /// Two-sided exact binomial test at 1/2, by summing binomial coefficients directly.
  static func binomialTest(_ b: Int, _ c: Int) -> Double {
    let n = b + c, k = min(b, c)
    guard n > 0 else { return 1 }
    var coefficient = 1.0, sum = 0.0
    for i in 0...k {
      if i > 0 { coefficient = coefficient * Double(n - i + 1) / Double(i) }
      sum += coefficient
    }
    return min(1, 2 * sum / pow(2, Double(n)))
  }

  @Test func comparePrintsTheExactMcNemarPValueOfTheTwoDecoders() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 80, seed: 11)
    let run = dir.path("run")
    let decoded = try Run.product("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--decoder", "seed000,shark2", "--out", run])
    #expect(decoded.status == 0, "\(decoded.stderr)")
    let header = try String(contentsOfFile: "\(run)/results.csv", encoding: .utf8).prefix { $0 != "\n" }
    #expect(header.hasPrefix("algorithm,item,group,target,rank,candidates,time_us,"))
    let a = try Self.ranks(run, algorithm: "seed000"), b = try Self.ranks(run, algorithm: "shark2")
    #expect(a.count == 80 && Set(a.keys) == Set(b.keys))
    let onlyA = a.keys.filter { a[$0] == "1" && b[$0] != "1" }.count
    let onlyB = a.keys.filter { a[$0] != "1" && b[$0] == "1" }.count
    let json = dir.path("compare.json")
    let compared = try Run.product("keybench-report", ["compare", run, "--algorithms", "seed000,shark2", "--json", json])
    #expect(compared.status == 0, "\(compared.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    let top1 = try #require((report["comparisons"] as? [[String: Any]])?.first { $0["metric"] as? String == "top1" })
    #expect(top1["only_a"] as? Int == onlyA && top1["only_b"] as? Int == onlyB)
    let p = try #require(top1["p_mcnemar"] as? Double)
    #expect(abs(p - Self.binomialTest(onlyA, onlyB)) <= 1e-12 * max(p, 1e-300) + 1e-15, "\(p) vs \(Self.binomialTest(onlyA, onlyB))")
    #expect(compared.stdout.contains("| top1 | seed000 | shark2 |"))

    // A run folder written before the shared columns is refused with how to regenerate it.
    let old = dir.path("old")
    try FileManager.default.createDirectory(atPath: old, withIntermediateDirectories: true)
    let summary = try String(contentsOfFile: "\(run)/summary.json", encoding: .utf8)
    try summary.replacingOccurrences(of: "\"statistics\"", with: "\"statistics_gone\"").write(toFile: "\(old)/summary.json", atomically: true, encoding: .utf8)
    let refused = try Run.product("keybench-report", ["compare", old, "--algorithms", "seed000,shark2"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("has no 'statistics'") && refused.stderr.contains("rerunning the command"), "\(refused.stderr)")
  }

  /// Copies `run` to `name` with the rank of the items `change` picks replaced.
  static func forged(_ run: String, _ name: String, in dir: TemporaryDirectory, _ change: (Int, String) -> String?) throws -> String {
    let folder = dir.path(name)
    try FileManager.default.copyItem(atPath: run, toPath: folder)
    var lines = try String(contentsOfFile: "\(folder)/results.csv", encoding: .utf8).split(separator: "\n").map(String.init)
    for index in lines.indices.dropFirst() {
      var fields = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      if let rank = change(index, fields[4]) { fields[4] = rank }
      lines[index] = fields.joined(separator: ",")
    }
    try (lines.joined(separator: "\n") + "\n").write(toFile: "\(folder)/results.csv", atomically: true, encoding: .utf8)
    return folder
  }

  @Test func theGatePassesTieOrderFailsARealDropAndSaysWhatSixtyItemsCannotSee() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 60, seed: 5)
    let run = dir.path("base")
    #expect(try Run.product("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", run]).status == 0)
    let hits = try Self.ranks(run, algorithm: "seed000").values.filter { $0 == "1" }.count
    #expect(hits >= 30, "the fixture decodes most gestures right")

    // Tie order: one item loses its first place, another gains one.
    var lost = false, gained = false
    let ties = try Self.forged(run, "ties", in: dir) { _, rank in
      if rank == "1" && !lost { lost = true; return "2" }
      if rank != "1" && !gained { gained = true; return "1" }
      return nil
    }
    let tie = try Run.product("keybench-report", ["gate", "--baseline", run, "--current", ties])
    #expect(tie.status == 0, "\(tie.stdout)\n\(tie.stderr)")
    // 60 items cannot show a 1-point drop: the gate says what it can see instead.
    #expect(tie.stdout.contains("cannot detect drops below") && tie.stdout.contains("60 items"), "\(tie.stdout)")

    // A real drop: every third first place lost.
    var seen = 0
    let dropped = try Self.forged(run, "drop", in: dir) { _, rank in
      guard rank == "1" else { return nil }
      seen += 1
      return seen % 3 == 0 ? "" : nil
    }
    let drop = try Run.product("keybench-report", ["gate", "--baseline", run, "--current", dropped, "--junit", dir.path("gate.xml")])
    #expect(drop.status == 1, "\(drop.stdout)\n\(drop.stderr)")
    let first = drop.stdout.split(separator: "\n").prefix(3).joined(separator: "\n")
    #expect(first.contains("Gate failed") && first.contains("REGRESSION seed000.top1"), "\(first)")
    #expect(drop.stdout.split(separator: "\n").suffix(4).contains { $0.contains("REGRESSION seed000.top1") }, "the verdict is repeated last")
    let junit = try String(contentsOfFile: dir.path("gate.xml"), encoding: .utf8)
    #expect(junit.contains("seed000.top1") && junit.contains("<failure"))

    // A damaged baseline cannot switch the test off (issue 43): no rows, or none for an algorithm
    // its summary reports, is refused, even against a run that dropped every first place.
    let emptied = try Self.forged(run, "emptied", in: dir) { _, _ in nil }
    let header = try String(contentsOfFile: "\(emptied)/results.csv", encoding: .utf8).prefix { $0 != "\n" }
    try (header + "\n").write(toFile: "\(emptied)/results.csv", atomically: true, encoding: .utf8)
    let allLost = try Self.forged(run, "all-lost", in: dir) { _, rank in rank == "1" ? "" : nil }
    let damaged = try Run.product("keybench-report", ["gate", "--baseline", emptied, "--current", allLost])
    #expect(damaged.status == 2, "\(damaged.stdout)\n\(damaged.stderr)")
    #expect(damaged.stderr.contains("has no rows for algorithm 'seed000'"), "\(damaged.stderr)")

    // An edited schema_version or metric definition is refused, never read as the current one.
    for (name, edit) in [("schema-text", ("\"schema_version\" : 2", "\"schema_version\" : \"2\"")), ("schema-3", ("\"schema_version\" : 2", "\"schema_version\" : 3"))] {
      let folder = dir.path(name)
      try FileManager.default.copyItem(atPath: run, toPath: folder)
      let text = try String(contentsOfFile: "\(folder)/summary.json", encoding: .utf8)
      #expect(text.contains(edit.0), "the summary is written as expected")
      try text.replacingOccurrences(of: edit.0, with: edit.1).write(toFile: "\(folder)/summary.json", atomically: true, encoding: .utf8)
      let refused = try Run.product("keybench-report", ["compare", folder, run])
      #expect(refused.status == 2 && refused.stderr.contains("schema_version"), "\(name): \(refused.stderr)")
    }
    let weights = dir.path("weights")
    try FileManager.default.copyItem(atPath: run, toPath: weights)
    let text = try String(contentsOfFile: "\(weights)/summary.json", encoding: .utf8)
    try text.replacingOccurrences(of: "\"k\" : 1,", with: "\"k\" : 0,").write(toFile: "\(weights)/summary.json", atomically: true, encoding: .utf8)
    let zeroK = try Run.product("keybench-report", ["gate", "--baseline", weights, "--current", run])
    #expect(zeroK.status == 2 && zeroK.stderr.contains("k must be 1"), "\(zeroK.stderr)")

    // Underpowered is fatal only when asked for.
    let strict = try Run.product("keybench-report", ["gate", "--baseline", run, "--current", ties, "--require-power"])
    #expect(strict.status == 2, "\(strict.stderr)")
  }

  @Test func timeRatioInterleavesRoundsAndTheGatesRefuseSingleSampleTimings() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 20, seed: 2)
    let base = ["keybench-run", "swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--bootstrap", "0"]
    let json = dir.path("ratio.json")
    let timed = try Run.product(
      "keybench-report",
      ["time-ratio", "--repeat", "4", "--metric", "decode_ms_mean", "--work", "dtw_columns_mean", "--json", json, "--"] + base + ["::"] + base
        + ["--config", TestPaths.repository.appendingPathComponent("Corpora/configs/seed000.json").path])
    #expect(timed.status == 0, "\(timed.stderr)")
    #expect(timed.stdout.contains("over 4 interleaved rounds") && timed.stdout.contains("Work (dtw_columns_mean)"), "\(timed.stdout)")
    #expect(timed.stdout.contains("CPU instruction counts"), "whether instructions can be counted here is said")
    // Rounds alternate which side runs first.
    let order = timed.stderr.split(separator: "\n").filter { $0.hasPrefix("round ") }
    #expect(order.count == 4)
    let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    let ratio = try #require(record["ratio"] as? [String: Any])
    #expect((ratio["ratios"] as? [Double])?.count == 4)
    // Every round's raw values are kept, and both ratios are given.
    #expect((record["rounds"] as? [[String: Any]])?.count == 4)
    #expect(record["ratio_of_medians"] is Double && record["higher_is_faster"] as? Bool == false)
    let low = try #require(ratio["low"] as? Double), high = try #require(ratio["high"] as? Double), median = try #require(ratio["median"] as? Double)
    #expect(low <= median && median <= high)

    // A verdict needs a 95 % interval: 4 rounds reach 87.5 %, so --max-slowdown is refused before any run.
    let short = try Run.product("keybench-report", ["time-ratio", "--repeat", "4", "--max-slowdown", "1.2", "--"] + base + ["::"] + base)
    #expect(short.status == 64 && short.stderr.contains("--repeat 6"), "\(short.stderr)")
    // An accuracy is no time; a rate is read the right way round (issue 43).
    let accuracy = try Run.product("keybench-report", ["time-ratio", "--repeat", "2", "--metric", "top1", "--"] + base + ["::"] + base)
    #expect(accuracy.status == 2 && accuracy.stderr.contains("not a time or a rate"), "\(accuracy.stderr)")

    let missing = try Run.product("keybench-report", ["time-ratio", "--repeat", "2", "--"] + base)
    #expect(missing.status == 64 && missing.stderr.contains("separated by ::"))
    let run = dir.path("run")
    #expect(try Run.product("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--bootstrap", "100", "--out", run]).status == 0)
    let gate = try Run.product("keybench-report", ["gate", "--baseline", run, "--current", run, "--max-slowdown", "1.5"])
    #expect(gate.status == 64 && gate.stderr.contains("time-ratio"), "\(gate.stderr)")
  }
}
