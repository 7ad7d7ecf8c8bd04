import Foundation
import KeyBenchCore
import KeyBenchResults
import Testing

@Suite struct RunStatisticsTests {
  /// Two users; user u1 got 3 of 4 right, u2 1 of 2; a third algorithm row set for spread.
  static let text = """
    algorithm,item,group,target,rank,candidates,time_us,kind
    d,1,u1,a,1,a,1,x
    d,2,u1,b,1,b,1,x
    d,3,u1,c,2,x|c,1,x
    d,4,u1,e,1,e,1,y
    d,5,u2,f,,x,1,x
    d,6,u2,g,1,g,1,x

    """

  static let metrics = [
    RowMetric(name: "top1", higherIsBetter: true, description: "first", score: .rankAtMost(1)),
    RowMetric(name: "top2", higherIsBetter: true, description: "first two", score: .rankAtMost(2)),
    RowMetric(name: "miss", higherIsBetter: false, description: "not first", score: .rankBeyond(1)),
    RowMetric(name: "mrr", higherIsBetter: true, description: "weights", score: .rankWeights([1, 0.5])),
    RowMetric(name: "x_top1", higherIsBetter: true, description: "kind x only", score: .rankAtMost(1), filter: .init(column: "kind", values: ["x"])),
  ]

  @Test func valuesAreTheRatiosWorkedByHand() throws {
    let stats = try RunStatistics(resultsCSV: Self.text, metrics: Self.metrics, group: "user", settings: .init(resamples: 200, seed: 1))
    // top1: items 1,2,4,6 → 4/6; top2 adds item 3 → 5/6; miss = 2/6; mrr = (4·1 + 0.5)/6 = 0.75;
    // kind x: items 1,2,3,5,6 → top1 hits 1,2,6 = 3/5.
    let value = { (name: String) in stats.estimate(name, of: "d")?.value }
    #expect(value("top1") == 4.0 / 6)
    #expect(value("top2") == 5.0 / 6)
    #expect(value("miss") == 2.0 / 6)
    #expect(value("mrr") == 0.75)
    #expect(value("x_top1") == 3.0 / 5)
    #expect(stats.estimate("x_top1", of: "d")?.n == 5)
    #expect(stats.estimate("top1", of: "d")?.groups == 2)
    for estimate in stats.metrics {
      let (low, high, value) = (try #require(estimate.low), try #require(estimate.high), try #require(estimate.value))
      #expect(low <= value && value <= high, "\(estimate.name)")
    }
  }

  /// 12 users with 3–14 items each and different accuracy: enough groups for a continuous bootstrap.
  static var manyUsers: String {
    var lines = ["algorithm,item,group,target,rank,candidates,time_us,kind"]
    for user in 0..<12 {
      for item in 0..<(3 + user) { lines.append("d,\(user)-\(item),u\(user),w,\((item * 7 + user) % 5 < 3 ? "1" : ""),w,1,x") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The cluster-robust t draws nothing: the same rows give the same bytes whatever the seed.
  @Test func sameRowsSameBytesWhateverTheSeed() throws {
    func json(_ seed: UInt64) throws -> [UInt8] {
      let stats = try RunStatistics(resultsCSV: Self.manyUsers, metrics: Self.metrics, group: "user", settings: .init(resamples: 300, seed: seed))
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return Array(try encoder.encode(stats))
    }
    #expect(try json(7) == json(7))
    let a = try RunStatistics(resultsCSV: Self.manyUsers, metrics: Self.metrics, group: "user", settings: .init(resamples: 300, seed: 7))
    let b = try RunStatistics(resultsCSV: Self.manyUsers, metrics: Self.metrics, group: "user", settings: .init(resamples: 300, seed: 8))
    #expect(a.metrics.map(\.value) == b.metrics.map(\.value))
    #expect(a.metrics.map(\.low) == b.metrics.map(\.low) && a.metrics.map(\.high) == b.metrics.map(\.high))
    #expect(a.metrics.allSatisfy { $0.low != nil && $0.high != nil })
  }

  @Test func oneGroupGivesNoIntervalAndZeroResamplesNone() throws {
    let single = Self.text.replacingOccurrences(of: ",u2,", with: ",u1,")
    let stats = try RunStatistics(resultsCSV: single, metrics: Self.metrics, group: "user", settings: .init(resamples: 100, seed: 1))
    #expect(stats.metrics.allSatisfy { $0.low == nil && $0.high == nil })
    #expect(stats.markdown.contains("n/a (one group)"))
    let off = try RunStatistics(resultsCSV: Self.text, metrics: Self.metrics, group: "user", settings: .init(resamples: 0, seed: 1))
    #expect(off.metrics.allSatisfy { $0.low == nil } && off.metrics.allSatisfy { $0.value != nil })
  }

  @Test func aMetricOnAMissingColumnIsRefused() {
    let bad = RowMetric(name: "ksr", higherIsBetter: true, description: "", score: .columns("saved", over: "typed"))
    #expect(throws: InputFileError.self) {
      try RunStatistics(resultsCSV: Self.text, metrics: [bad], group: "user", settings: .init(resamples: 10, seed: 1))
    }
  }

  @Test func spreadReportsTheWorstAndMedianGroups() throws {
    var lines = ["algorithm,item,group,target,rank,candidates,time_us"]
    // Ten users with 10 items each; user k gets k of them right.
    for user in 1...10 {
      for item in 1...10 { lines.append("d,\(user)-\(item),u\(user),w,\(item <= user ? "1" : ""),w,1") }
    }
    let stats = try RunStatistics(
      resultsCSV: lines.joined(separator: "\n") + "\n", metrics: [Self.metrics[0]], group: "user",
      settings: .init(resamples: 50, seed: 1), spreadMetric: "top1")
    let spread = try #require(stats.spread.first)
    #expect(spread.groups == 10)
    #expect(spread.worst == 0.1)
    #expect(spread.best == 1.0)
    #expect(abs(spread.median - 0.55) < 1e-12)
    // Type-7 10th percentile of 0.1…1.0: position 0.9 → 0.1 + 0.9·0.1.
    #expect(abs(spread.p10 - 0.19) < 1e-12)
  }

  @Test func theWorstGroupOfAnErrorRateIsItsHighest() throws {
    var lines = ["algorithm,item,group,target,rank,candidates,time_us"]
    // Ten users with 10 items each; user k misses k of them.
    for user in 1...10 {
      for item in 1...10 { lines.append("d,\(user)-\(item),u\(user),w,\(item <= user ? "" : "1"),w,1") }
    }
    let errors = RowMetric(name: "error_rate", higherIsBetter: false, description: "missed", score: .rankBeyond(1))
    let stats = try RunStatistics(
      resultsCSV: lines.joined(separator: "\n") + "\n", metrics: [errors], group: "user", settings: .init(resamples: 50, seed: 1),
      spreadMetric: "error_rate")
    let spread = try #require(stats.spread.first)
    #expect(spread.worst == 1.0 && spread.best == 0.1)
    #expect(abs(spread.p10 - 0.91) < 1e-12, "a tenth of the way from the worst")
    #expect(!stats.markdown.contains("**Only"), "ten users are enough")
  }

  @Test func reportsSayWhenTooFewGroupsStandBehindANumber() throws {
    let stats = try RunStatistics(resultsCSV: Self.text, metrics: Self.metrics, group: "user", settings: .init(resamples: 100, seed: 1))
    #expect(stats.markdown.contains("**Only 2 users**"), "\(stats.markdown)")
  }
}
