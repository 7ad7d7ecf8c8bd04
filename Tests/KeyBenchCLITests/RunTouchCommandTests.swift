import Foundation
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
    #expect(csv[0] == "set,source,tap,context,intended,x,y,nearest,static,dynamic,dynamic-2d,gaussian,gaussian-density")
    #expect(csv.count == 2 * letters + 1)
    // Same seed, same bytes.
    let again = dir.path("again")
    #expect(try Run.product("keybench-run", Array(arguments.dropLast()) + [again]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: "\(out)/results.csv")) == Data(contentsOf: URL(fileURLWithPath: "\(again)/results.csv")))
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
    #expect(csv.count == Int(taps) + 1)
    #expect(csv[1].contains(",hws,") && csv[1].contains("/first,"))
    let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
    #expect(report.contains("| all canvases, in key widths |"))
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
