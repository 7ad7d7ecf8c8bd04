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
    #expect(c.pBootstrap == 1)
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

  @Test func holmIsAppliedAcrossEveryMetricOfTheReport() throws {
    var rows: [(String, String, String, Int?)] = []
    for item in 0..<60 {
      rows.append(("A", "\(item)", "g\(item % 12)", item < 45 ? 1 : (item < 52 ? 2 : nil)))
      rows.append(("B", "\(item)", "g\(item % 12)", item < 35 ? 1 : (item < 50 ? 2 : nil)))
    }
    let table = try Self.table(rows)
    let metrics = [Self.top1, RowMetric(name: "top2", higherIsBetter: true, description: "", score: .rankAtMost(2))]
    let part = try PairedComparison(
      a: .init(table: table, algorithm: "A", label: "A"), b: .init(table: table, algorithm: "B", label: "B"), metrics: metrics,
      settings: .init(resamples: 400, seed: 5))
    let report = ComparisonReport([part], group: "user", settings: .init(resamples: 400, seed: 5), alpha: 0.05)
    let raw = report.comparisons.compactMap(\.pBootstrap)
    #expect(report.comparisons.compactMap(\.pHolm) == Holm.adjust(raw))
    #expect(report.markdown.contains("| top1 | A | B |"))
    #expect(try report.json.contains("\"p_holm\""))
  }
}
