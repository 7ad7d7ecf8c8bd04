import Foundation
import KeyBenchCore
import KeyBenchResults
import Testing

@Suite struct PairedComparisonTests {
  static func table(_ rows: [(String, String, String, Int?)]) throws -> ResultTable {
    let lines = ["algorithm,item,group,target,rank,candidates,time_us"] + rows.map { "\($0.0),\($0.1),\($0.2),w,\($0.3.map(String.init) ?? ""),w,1" }
    return try ResultTable(table: CSVTable(text: lines.joined(separator: "\n") + "\n", path: "r.csv"))
  }

  static let top1 = RowMetric(name: "top1", higherIsBetter: true, description: "", score: .rankAtMost(1))

  @Test func mcNemarCountsAreTheDiscordantItemsAndPEqualsTheBinomialTest() throws {
    // 40 items in 8 groups: A right on the first 30, B right on items 10…39 → only A: 10, only B: 10... make it 12 vs 2.
    var rows: [(String, String, String, Int?)] = []
    for item in 0..<40 {
      let group = "g\(item % 8)"
      let a = item < 30, b = (item >= 12 && item < 30) || item >= 38
      rows.append(("A", "\(item)", group, a ? 1 : nil))
      rows.append(("B", "\(item)", group, b ? 1 : nil))
    }
    let table = try Self.table(rows)
    let result = try PairedComparison(
      a: .init(table: table, algorithm: "A", label: "A"), b: .init(table: table, algorithm: "B", label: "B"),
      metrics: [Self.top1], settings: .init(resamples: 500, seed: 3))
    let c = try #require(result.comparisons.first)
    #expect(c.onlyA == 12)
    #expect(c.onlyB == 2)
    // Exact two-sided binomial test of 2 in 14 at 1/2: 2·(1 + 14 + 91)/2^14 = 212/16384.
    #expect(abs((c.pMcNemar ?? 1) - 212.0 / 16384) < 1e-12)
    #expect(abs((c.difference ?? 0) - (20.0 / 40 - 30.0 / 40)) < 1e-12)
    #expect((c.high ?? 1) < 0)
  }

  @Test func identicalSidesDifferByNothing() throws {
    var rows: [(String, String, String, Int?)] = []
    for item in 0..<20 { rows.append(("A", "\(item)", "g\(item % 4)", item % 3 == 0 ? nil : 1)) }
    let table = try Self.table(rows)
    let result = try PairedComparison(
      a: .init(table: table, algorithm: "A", label: "x"), b: .init(table: table, algorithm: "A", label: "y"),
      metrics: [Self.top1], settings: .init(resamples: 200, seed: 3))
    let c = try #require(result.comparisons.first)
    #expect(c.difference == 0)
    #expect(c.pClusterT == 1)
    #expect(c.p == 1)
    #expect(c.pMcNemar == 1)
  }

  @Test func sidesThatDoNotHoldTheSameItemsAreRefused() throws {
    let a = try Self.table([("A", "1", "g", 1), ("A", "2", "g", 1)])
    let b = try Self.table([("A", "1", "g", 1), ("A", "3", "g", 1)])
    #expect(throws: InputFileError.self) {
      try PairedComparison(a: .init(table: a, algorithm: "A", label: "a"), b: .init(table: b, algorithm: "A", label: "b"), metrics: [Self.top1], settings: .init(resamples: 10, seed: 1))
    }
    let moved = try Self.table([("A", "1", "g", 1), ("A", "2", "h", 1)])
    #expect(throws: InputFileError.self) {
      try PairedComparison(a: .init(table: a, algorithm: "A", label: "a"), b: .init(table: moved, algorithm: "A", label: "b"), metrics: [Self.top1], settings: .init(resamples: 10, seed: 1))
    }
  }

  @Test func holmRunsOverTheHeadlineMetricsAndSlicesDoNotDiluteIt() throws {
    var rows: [(String, String, String, Int?)] = []
    for item in 0..<60 {
      rows.append(("A", "\(item)", "g\(item % 12)", item < 45 ? 1 : (item < 52 ? 2 : nil)))
      rows.append(("B", "\(item)", "g\(item % 12)", item < 35 ? 1 : (item < 50 ? 2 : nil)))
    }
    let table = try Self.table(rows)
    let top2 = RowMetric(name: "top2", higherIsBetter: true, description: "", score: .rankAtMost(2))
    let settings = BootstrapSettings(resamples: 400, seed: 5)
    func report(_ metrics: [RowMetric]) throws -> ComparisonReport {
      let part = try PairedComparison(
        a: .init(table: table, algorithm: "A", label: "A"), b: .init(table: table, algorithm: "B", label: "B"), metrics: metrics, settings: settings)
      return ComparisonReport([part], group: "user", settings: settings, alpha: 0.05)
    }
    let both = try report([Self.top1, top2])
    #expect(both.family == 2)
    #expect(both.comparisons.compactMap(\.pHolm) == Holm.adjust(both.comparisons.compactMap(\.p)))
    // The same numbers with top2 as a slice: a family of one, top1's p unadjusted, top2 not judged.
    let sliced = try report([Self.top1, top2.slice])
    #expect(sliced.family == 1)
    #expect(sliced.comparisons[0].pHolm == sliced.comparisons[0].p)
    #expect(sliced.comparisons[1].pHolm == nil)
    #expect(sliced.comparisons[1].direction(alpha: 0.05) == 0)
    #expect(sliced.comparisons[1].verdict(alpha: 0.05, group: "user") == "slice: not judged")
    #expect(both.markdown.contains("| top1 | A | B |"))
    #expect(both.markdown.contains("family of 2 comparisons"))
    #expect(try both.json.contains("\"p_holm\""))
  }

  /// 12 items lost and none gained in 12 groups: the cluster t alone is sure (every group lost
  /// one), and McNemar agrees; with 1 item lost, McNemar's p of 1 keeps any verdict away.
  @Test func aZeroOneVerdictNeedsBothTheGroupsAndTheItems() throws {
    var rows: [(String, String, String, Int?)] = []
    for item in 0..<120 {
      let group = "g\(item % 12)"
      rows.append(("A", "\(item)", group, 1))
      rows.append(("B", "\(item)", group, item < 12 ? nil : 1))
      rows.append(("C", "\(item)", group, item < 1 ? nil : 1))
    }
    let table = try Self.table(rows)
    func compare(_ b: String) throws -> MetricComparison {
      let part = try PairedComparison(
        a: .init(table: table, algorithm: "A", label: "A"), b: .init(table: table, algorithm: b, label: b), metrics: [Self.top1], settings: .init())
      return try #require(ComparisonReport([part], group: "user", settings: .init(), alpha: 0.05).comparisons.first)
    }
    let twelve = try compare("B")
    #expect(twelve.pClusterT == 0)
    #expect(abs((twelve.pMcNemar ?? 0) - 2 * pow(0.5, 12)) < 1e-15)
    #expect(twelve.p == twelve.pMcNemar)
    #expect(twelve.direction(alpha: 0.05) == -1)
    let one = try compare("C")
    #expect(one.pMcNemar == 1)
    #expect(one.p == 1)
    #expect(one.direction(alpha: 0.05) == 0)
  }

  /// A third of the items flipped in 3 groups (issue 43 item 3): never "A better", whatever the p-values.
  @Test func fewerThanTenGroupsGiveNoVerdict() throws {
    var rows: [(String, String, String, Int?)] = []
    for item in 0..<90 {
      let group = "g\(item % 3)"
      rows.append(("A", "\(item)", group, 1))
      rows.append(("B", "\(item)", group, item < 30 ? nil : 1))
    }
    let table = try Self.table(rows)
    let part = try PairedComparison(
      a: .init(table: table, algorithm: "A", label: "A"), b: .init(table: table, algorithm: "B", label: "B"), metrics: [Self.top1], settings: .init())
    let report = ComparisonReport([part], group: "user", settings: .init(), alpha: 0.05)
    let c = try #require(report.comparisons.first)
    #expect((c.pMcNemar ?? 1) < 1e-8)
    #expect(c.pHolm == nil)
    #expect(c.direction(alpha: 0.05) == 0)
    #expect(c.verdict(alpha: 0.05, group: "user") == "cannot judge: 3 users (needs ≥ 10)")
    // t on 2 degrees of freedom is wide, but two shares never differ by more than 1.
    #expect((c.low ?? -2) >= -1 && (c.high ?? 2) <= 1)
    #expect(report.family == 0)
    let lines = report.markdown.split(separator: "\n")
    #expect(lines.first?.contains("cannot judge top1") == true)
    #expect(lines.last?.contains("cannot judge top1") == true)
  }

  /// Every item in one group: no t at all, and the verdict says why rather than "n/a".
  @Test func oneGroupSaysItCannotJudge() throws {
    var rows: [(String, String, String, Int?)] = []
    for item in 0..<20 {
      rows.append(("A", "\(item)", "g", 1))
      rows.append(("B", "\(item)", "g", item < 5 ? nil : 1))
    }
    let table = try Self.table(rows)
    let part = try PairedComparison(
      a: .init(table: table, algorithm: "A", label: "A"), b: .init(table: table, algorithm: "B", label: "B"), metrics: [Self.top1], settings: .init())
    let report = ComparisonReport([part], group: "user", settings: .init(), alpha: 0.05)
    let c = try #require(report.comparisons.first)
    #expect(c.p == nil && c.items == 20)
    #expect(c.verdict(alpha: 0.05, group: "user") == "cannot judge: 1 users (needs ≥ 10)")
    #expect(report.cannotJudge.count == 1)
  }
}
