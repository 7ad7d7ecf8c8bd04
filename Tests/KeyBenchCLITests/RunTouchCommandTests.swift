import Foundation
import KeyBenchResults
import KeyBenchTestSupport
import Testing

/// `keybench-run touch` end to end on small texts, and its refusals.
@Suite struct RunTouchCommandTests {
  static let training = String(repeating: """
    The quiet queen quickly requested a quote from the question master. That was the thing that \
    they thought through; then the others went home with their quarters and quills. Where is the \
    house? He has three brothers and they have the habit of hunting in the north.\n
    """, count: 20)
  static let heldOut = """
    There was nothing so very remarkable in that; nor did she think it so very much out of the way \
    to hear the rabbit say to itself that it would be late. She thought it over afterwards.
    """

  @Test func writesResultsSummariesAndReport() throws {
    let dir = try TemporaryDirectory()
    let train = try dir.write("train.txt", text: Self.training)
    let text = try dir.write("eval.txt", text: String(repeating: Self.heldOut + "\n", count: 30))
    let out = dir.path("run")
    let arguments = ["touch", "--device", "iphone5", "--device", "hws", "--text", text, "--train", train, "--seed", "3", "--out", out]
    let result = try Run.product("keybench-run", arguments)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("iphone5 ("))
    #expect(try ProvenanceCheck.problems(inRun: out, expectedRoles: ["text", "train", "device", "layout"], unit: "taps") == [])
    for file in ["results.csv", "summary.csv", "summary.json", "report.md"] {
      #expect(FileManager.default.fileExists(atPath: "\(out)/\(file)"), "\(file)")
    }
    // The same command on another device reads other device files: the gate refuses to compare.
    let other = dir.path("ipad")
    var onIPad = arguments
    onIPad.replaceSubrange(1..<5, with: ["--device", "ipad4"])
    onIPad[onIPad.count - 1] = other
    #expect(try Run.product("keybench-run", onIPad).status == 0)
    let gate = try Run.product("keybench-report", ["gate", "--baseline", out, "--current", other])
    #expect(gate.status == 2)
    #expect(gate.stderr.contains("device differs: baseline hws.json sha256"), "\(gate.stderr)")
    #expect(gate.stderr.contains("current ipad4.json sha256"), "\(gate.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/summary.json"))) as! [String: Any]
    #expect(json["bench"] as? String == "touch")
    let metrics = try #require(json["metrics"] as? [String: Any])
    let resolvers = try #require(metrics["resolvers"] as? [String: [String: Any]])
    #expect(Set(resolvers.keys) == ["nearest", "static", "dynamic", "dynamic-2d", "gaussian", "gaussian-density"])
    for (name, values) in resolvers {
      let rate = try #require(values["key_error_rate"] as? Double, "\(name)")
      #expect(rate > 0 && rate < 0.2, "\(name)")
      #expect(try #require(values["ns_per_touch"] as? Double) > 0)
    }
    let devices = try #require(metrics["devices"] as? [String: [String: [String: Any]]])
    #expect(Set(devices.keys) == ["iphone5", "hws"])
    // Letters of the held-out text, typed on two devices.
    let letters = Self.heldOut.unicodeScalars.filter { CharacterSet.letters.contains($0) }.count * 30
    #expect(metrics["taps"] as? Double == Double(2 * letters))
    let csv = try String(contentsOfFile: "\(out)/results.csv", encoding: .utf8).split(separator: "\n")
    #expect(csv[0] == "algorithm,item,group,target,rank,candidates,time_us,set,source,tap,context,x,y")
    #expect(csv.count == 6 * 2 * letters + 1)
    try Self.expectRowsAndStatistics(inRun: out, resolvers: Array(resolvers.keys), metric: "key_error_rate", summaryPath: ["resolvers"])
    // Taps are grouped in blocks of 100 words of the text; a block's taps on both devices together.
    let table = try ResultTable(path: out)
    let groups = Set(table.rows.map(\.group))
    #expect(groups == Set((1...12).map { "block \($0)" }), "\(groups.sorted())")  // 1,110 words
    #expect(table.rows.contains { $0.item == "iphone5/1" } && table.rows.contains { $0.item == "hws/1" })
    #expect(table.rows.first { $0.item == "iphone5/1" }?.group == table.rows.first { $0.item == "hws/1" }?.group)
    let statistics = try StatisticsCheck.read(inRun: out)
    #expect(statistics.group == "text block")
    #expect(statistics.spread.count == 6 && statistics.spread.allSatisfy { $0["metric"] as? String == "key_accuracy" })
    let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
    #expect(report.contains("## How sure these numbers are") && report.contains("| gaussian | key_error_rate |"))
    // The rows are scored as they are written (issue 46): the statistics, spread included, are
    // exactly those of results.csv read back (two devices: each block's taps come twice per resolver).
    let readBack = try StatisticsCheck.readBack(inRun: out, spread: Self.accuracy("key_accuracy", real: false))
    #expect(readBack.written == readBack.fromRows)
    #expect(readBack.written.metrics.count == 6 && readBack.written.spread.count == 6)
    // Same seed, same bytes.
    let again = dir.path("again")
    #expect(try Run.product("keybench-run", Array(arguments.dropLast()) + [again]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: "\(out)/results.csv")) == Data(contentsOf: URL(fileURLWithPath: "\(again)/results.csv")))
    // Each run measures its own peak memory: one number in summary.json, summary.csv and
    // report.md, declared a count, so the gate shows it and judges nothing by it.
    let peak = try #require(metrics["peak_resident_mib"] as? Double)
    #expect(peak > 1 && peak < 65_536, "\(peak) MiB")
    #expect((json["metric_kinds"] as? [String: String])?["peak_resident_mib"] == "count")
    let summaryCSV = try String(contentsOfFile: "\(out)/summary.csv", encoding: .utf8)
    let csvPeak = summaryCSV.split(separator: "\n").first { $0.hasPrefix("peak_resident_mib,") }.flatMap { Double($0.dropFirst(18)) }
    #expect(csvPeak == peak, "\(summaryCSV)")
    let reportPeak = report.split(separator: "\n").first { $0.hasPrefix("- peak resident set ") }
      .flatMap { Double($0.dropFirst(20).prefix { $0 != " " }) }
    #expect(reportPeak == peak)
    let sameInputs = try Run.product("keybench-report", ["gate", "--baseline", out, "--current", again])
    #expect(sameInputs.status == 0, "\(sameInputs.stdout)\(sameInputs.stderr)")
    #expect(sameInputs.stdout.contains("| peak_resident_mib |") && !sameInputs.stdout.contains("REGRESSION"), "\(sameInputs.stdout)")
  }

  /// The per-group accuracy whose spread a touch run reports (the summary names it, results.csv
  /// has what it counts): of the simulated taps, or of the real ones.
  static func accuracy(_ name: String, real: Bool) -> RowMetric {
    RowMetric(
      name: name, higherIsBetter: true, description: "taps resolved to the intended key", score: .rankAtMost(1),
      filter: .init(column: "source", values: ["simulated"], exclude: real))
  }

  @Test func refusesADeviceGivenTwice() throws {
    let dir = try TemporaryDirectory()
    let train = try dir.write("train.txt", text: Self.training)
    let text = try dir.write("eval.txt", text: Self.heldOut)
    let out = dir.path("run")
    let twice = try Run.product("keybench-run", ["touch", "--device", "iphone5", "--device", "iphone5", "--text", text, "--train", train, "--out", out])
    #expect(twice.status == 2)
    #expect(twice.stderr.contains("two simulated tap sets are named 'iphone5'"), "\(twice.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func realTapsFromSwipeEndPoints() throws {
    let dir = try TemporaryDirectory()
    let corpus = dir.path("hws.jsonl")
    #expect(try Run.product("keybench-swipes", ["import-hws", TestPaths.fixture("hws/raw_logs"), "--out", corpus]).status == 0)
    let train = try dir.write("train.txt", text: Self.training)
    let out = dir.path("run")
    let result = try Run.product("keybench-run", ["touch", "--swipes", corpus, "--train", train, "--resolver", "static,gaussian", "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/summary.json"))) as! [String: Any]
    let metrics = try #require(json["metrics"] as? [String: Any])
    let hws = try #require(metrics["hws"] as? [String: Any])
    let taps = try #require(hws["taps"] as? Double)
    #expect(taps >= 2)
    #expect((hws["static"] as? [String: Any])?["key_error_rate"] is Double)
    let csv = try String(contentsOfFile: "\(out)/results.csv", encoding: .utf8).split(separator: "\n")
    #expect(csv.count == 2 * Int(taps) + 1)
    #expect(csv[1].contains(",hws,") && csv[1].contains("/first,"))
    try Self.expectRowsAndStatistics(inRun: out, resolvers: ["static", "gaussian"], metric: "hws_key_error_rate", summaryPath: ["hws"])
    let statistics = try StatisticsCheck.read(inRun: out)
    #expect(statistics.group == "user")
    // The fixture's gestures carry their users: a user's first and last points are one group.
    let table = try ResultTable(path: out)
    #expect(Set(table.rows.map(\.group)).count < table.rows.count / 2)
    let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
    #expect(report.contains("| all canvases, in key widths |"))
    let readBack = try StatisticsCheck.readBack(inRun: out, spread: Self.accuracy("hws_key_accuracy", real: true))
    #expect(readBack.written == readBack.fromRows)
  }

  /// results.csv parses as long-form rows holding every resolver with the same taps (the same
  /// group for a tap in each), and the statistics' `metric` of each resolver is the summary's
  /// `<summaryPath>.<resolver>.key_error_rate`, bit for bit.
  static func expectRowsAndStatistics(inRun out: String, resolvers: [String], metric: String, summaryPath: [String]) throws {
    let table = try ResultTable(path: out)
    #expect(Set(table.algorithms) == Set(resolvers))
    #expect(StatisticsCheck.pairingProblems(table.rows.map { ($0.algorithm, $0.item, $0.group) }) == [])
    #expect(table.rows.allSatisfy { ($0.rank == 1) == ($0.candidates == [$0.target]) })
    let summary = try StatisticsCheck.summary(inRun: out)
    let problems = try StatisticsCheck.problems(inRun: out, algorithms: resolvers, metrics: [metric]) { resolver, _ in
      StatisticsCheck.value(summary, ["metrics"] + summaryPath + [resolver, "key_error_rate"])
    }
    #expect(problems == [])
  }

  @Test func refusesTrainingOnTheEvaluationTextAndBadInput() throws {
    let dir = try TemporaryDirectory()
    let text = try dir.write("t.txt", text: Self.heldOut)
    let same = try Run.product("keybench-run", ["touch", "--text", text, "--train", text, "--out", dir.path("o")])
    #expect(same.status == 2)
    #expect(same.stderr.contains("also a training text"))
    let missing = try Run.product("keybench-run", ["touch", "--text", text, "--train", dir.path("nope.txt"), "--out", dir.path("o")])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("nope.txt: no such file"))
    let train = try dir.write("train.txt", text: Self.training)
    let variant = try Run.product("keybench-run", ["touch", "--text", text, "--train", train, "--variant", "dvorak", "--out", dir.path("o")])
    #expect(variant.status == 2)
    #expect(variant.stderr.contains("device 'iphone5' has no layout variant 'dvorak'; it has qwerty-en, qwertz-de"))
    let badResolver = try Run.product("keybench-run", ["touch", "--text", text, "--train", text, "--resolver", "magic", "--out", dir.path("o")])
    #expect(badResolver.status == 64)
    let config = try dir.write("c.json", text: #"{"resolvers": {"shiftMultiplyer": 3}}"#)
    let badConfig = try Run.product("keybench-run", ["touch", "--text", text, "--train", dir.path("x"), "--config", config, "--out", dir.path("o")])
    #expect(badConfig.status == 2)
    #expect(badConfig.stderr.contains("resolvers.shiftMultiplyer"))
    #expect(!FileManager.default.fileExists(atPath: dir.path("o")))
  }
}
