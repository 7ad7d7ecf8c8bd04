import Foundation
import KeyBenchBench
import KeyBenchCore
import KeyBenchResults
import KeyBenchTestSupport
import Testing

/// The sweep's paired verdicts: configurations on the same gestures are separated by the paired
/// test where their intervals overlap, never from fewer than 10 users, and runs of other items
/// are refused.
@Suite struct SweepItemsTests {
  /// Writes `runs/<config>/results.csv` (and a summary file, so the run counts as complete) with
  /// one row per item: `users` users of `perUser` gestures each, hit where `hit(user, item)`.
  private func run(_ config: String, in dir: TemporaryDirectory, users: Int, perUser: Int = 10, hit: (Int, Int) -> Bool) throws {
    var lines = [ResultRow.header()]
    for user in 0..<users {
      for item in 0..<perUser {
        let row = ResultRow(
          algorithm: "seed000", item: "g\(user)-\(item)", group: "u\(user)", target: "word",
          rank: hit(user, item) ? 1 : nil, candidates: [], timeMicroseconds: 1000)
        lines.append(row.line())
      }
    }
    let folder = SweepItems.folder(of: config, in: dir.url.path)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/results.csv", atomically: true, encoding: .utf8)
    try "{}".write(toFile: folder + "/summary.json", atomically: true, encoding: .utf8)
  }

  private let top1 = SwipeReport.rowMetrics(top: 4)[0]

  private func table(_ values: [(String, Double)]) -> SweepTable {
    SweepTable(
      parameters: ["p"], metrics: ["top1", "decode_ms_median"],
      rows: values.enumerated().map { .init(config: $1.0, values: ["\($0)"], metrics: [$1.1, 1.0]) })
  }

  @Test func pairedTestSeparatesWhatIntervalsCannot() throws {
    let dir = try TemporaryDirectory()
    // 40 users × 10 gestures; A hits items 0–6 of each user (70 %); B also hits item 7 of the
    // first 12 users (73 %): 12 gestures only B gets, none only A. Marginal intervals of about
    // ±5 points overlap; McNemar gives p = 2 × 0.5¹² and the cluster t agrees.
    try run("c0000", in: dir, users: 40) { _, item in item < 7 }
    try run("c0001", in: dir, users: 40) { user, item in item < 7 || (item == 7 && user < 12) }
    try run("c0002", in: dir, users: 40) { _, item in item < 7 }
    var items = try SweepItems(directory: dir.url.path, metric: top1)
    let better = try items.verdicts(["c0000", "c0001", "c0002"])
    #expect(better("c0001", "c0000") == true)
    #expect(better("c0001", "c0002") == true)
    #expect(better("c0000", "c0001") == false)
    // Identical configurations: neither is better.
    #expect(better("c0000", "c0002") == false && better("c0002", "c0000") == false)
    #expect(items.items.count == 400 && items.groupCount == 40)
    // Same cost, so the clearly better one alone is on the frontier.
    let sweep = table([("c0000", 0.70), ("c0001", 0.73), ("c0002", 0.70)])
    #expect(try sweep.paretoConfigs(objective: "top1", cost: "decode_ms_median", better: better) == ["c0001"])
  }

  @Test func noVerdictFromFewerThanTenUsers() throws {
    let dir = try TemporaryDirectory()
    // 5 users × 40 gestures and B ahead on 30 gestures (every user): still no verdict.
    try run("c0000", in: dir, users: 5, perUser: 40) { _, item in item < 20 }
    try run("c0001", in: dir, users: 5, perUser: 40) { _, item in item < 26 }
    var items = try SweepItems(directory: dir.url.path, metric: top1)
    let better = try items.verdicts(["c0000", "c0001"])
    #expect(better("c0001", "c0000") == false)
    let sweep = table([("c0000", 0.5), ("c0001", 0.65)])
    #expect(try sweep.paretoConfigs(objective: "top1", cost: "decode_ms_median", better: better) == ["c0000", "c0001"])
  }

  @Test func runsOfOtherItemsAreRefused() throws {
    let dir = try TemporaryDirectory()
    try run("c0000", in: dir, users: 12) { _, item in item < 5 }
    try run("c0001", in: dir, users: 11) { _, item in item < 5 }
    var items = try SweepItems(directory: dir.url.path, metric: top1)
    let error = try #require(throws: InputFileError.self) { _ = try items.verdicts(["c0000", "c0001"]) }
    #expect("\(error)".contains("110 items where the sweep's other configurations have 120"), "\(error)")
    // A slice (in-lexicon gestures) is no sweep objective.
    let slice = try #require(SwipeReport.rowMetrics(top: 4).first { $0.filter != nil })
    #expect(throws: SweepError.self) { try SweepItems(directory: dir.url.path, metric: slice) }
  }
}
