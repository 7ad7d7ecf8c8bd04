import Foundation
import KeyBenchTestSupport
import Testing

/// `keybench-suite merge` joins only shards of one plan, into a folder that holds no other plan,
/// and never keeps an entry there that is not sealed when a shard has the sealed one.
@Suite struct SuiteMergeCommandTests {
  @Test func mergesRefuseAnotherPlanAndReplaceDamagedEntries() throws {
    let dir = try TemporaryDirectory()
    let suite = try SuiteCommandTests.suite(in: dir, seeds: [1, 2])
    for index in 1...2 {
      let shard = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("shard\(index)"), "--shard", "\(index)/2"])
      #expect(shard.status == 0, "\(shard.stderr)")
    }
    // A folder holding another suite's plan: its entries would be listed under this one.
    let other = try dir.write("other.json", text: try String(contentsOfFile: suite, encoding: .utf8).replacingOccurrences(of: "[1, 2]", with: "[3]"))
    #expect(try Run.product("keybench-suite", ["run", other, "--out", dir.path("elsewhere")]).status == 0)
    let otherPlan = try Data(contentsOf: URL(fileURLWithPath: dir.path("elsewhere/plan.json")))
    let refused = try Run.product("keybench-suite", ["merge", dir.path("shard1"), dir.path("shard2"), "--out", dir.path("elsewhere")])
    #expect(refused.status == 2, "\(refused.stdout)")
    #expect(
      refused.stderr.contains("\(dir.path("elsewhere/plan.json")) is another plan than \(dir.path("shard1/plan.json"))"), "\(refused.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path("elsewhere/plan.json"))) == otherPlan)

    let arguments = ["merge", dir.path("shard1"), dir.path("shard2"), "--out", dir.path("merged")]
    #expect(try Run.product("keybench-suite", arguments).stdout.contains("2 of 2 runs finished"))
    // An entry damaged in the merged folder is replaced by the shard's sealed one on the next merge.
    let summary = URL(fileURLWithPath: dir.path("merged/runs/gesture[seed=1]")).resolvingSymlinksInPath().appendingPathComponent("summary.json")
    try Data("{".utf8).write(to: summary)
    #expect(try Run.product("keybench-suite", ["status", dir.path("merged")]).stdout.contains("1 of 2 finished, 1 invalid"))
    let again = try Run.product("keybench-suite", arguments)
    #expect(again.status == 0 && again.stdout.contains("2 of 2 runs finished"), "\(again.stdout) \(again.stderr)")
    #expect(try Run.product("keybench-suite", ["status", dir.path("merged"), "--require-complete"]).status == 0)
  }
}
