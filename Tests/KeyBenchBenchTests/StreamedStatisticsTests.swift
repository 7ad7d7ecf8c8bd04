import KeyBenchCore
import KeyBenchResults
import Testing

@testable import KeyBenchBench

/// ``StreamedStatistics`` scores each row as it is written, so a benchmark never reads its own
/// results.csv back: its statistics must be exactly those of that file read back — values,
/// intervals, item and group counts and spread, bit for bit.
@Suite struct StreamedStatisticsTests {
  static let header = ResultRow.columns + ["source", "saved", "typed"]

  /// MRR-like fractional weights (whose sums depend on the order they are added in), a 0/1
  /// rate, a filter, a ratio of two columns, and groups that come back after other groups
  /// (a device's text blocks again on the next device).
  static let metrics = [
    RowMetric(name: "top1", higherIsBetter: true, description: "hits", score: .rankAtMost(1), filter: .init(column: "source", values: ["sim"])),
    RowMetric(name: "mrr", higherIsBetter: true, description: "reciprocal rank", score: .rankWeights((1...10).map { 1 / Double($0) })),
    RowMetric(name: "ksr", higherIsBetter: true, description: "keystrokes saved", score: .columns("saved", over: "typed")),
  ]
  static let spread = RowMetric(name: "miss", higherIsBetter: false, description: "misses", score: .rankBeyond(1))

  /// Rows of two algorithms over 3 devices × 40 items in 8 groups (5 items each, groups repeating per device).
  static func rows() -> [[String]] {
    var generator = SeededGenerator(seed: 11)
    var rows: [[String]] = []
    for algorithm in ["a", "b,quoted"] {
      for device in 0..<3 {
        for item in 0..<40 {
          let rank = Int.random(in: 0...12, using: &generator)
          rows.append([
            algorithm, "d\(device)/\(item)", "block \(item / 5)", "t", rank == 0 ? "" : String(rank), "x|y", "",
            device == 2 ? "real" : "sim", String(Int.random(in: 0...7, using: &generator)), String(Int.random(in: 8...12, using: &generator)),
          ])
        }
      }
    }
    return rows
  }

  @Test func scoringRowsAsWrittenGivesTheStatisticsOfTheFileReadBack() throws {
    let rows = Self.rows()
    var text: [UInt8] = []
    for fields in [Self.header] + rows {
      CSV.append(row: fields, to: &text)
      text.append(0x0A)
    }
    let file = String(decoding: text, as: UTF8.self)
    let settings = BootstrapSettings()
    var fromFile = try RunStatistics(resultsCSV: file, metrics: Self.metrics, group: "block", settings: settings)
    let table = try ResultTable(table: CSVTable(text: file, path: "results.csv"))
    fromFile.spread = try RunStatistics(table: table, metrics: [Self.spread], group: "block", resamples: 0, spreadMetric: "miss").spread

    // Typed: what a benchmark knows when it writes the row.
    var typed = try StreamedStatistics(header: Self.header, metrics: Self.metrics, groupName: "block", spreadMetric: Self.spread)
    for fields in rows {
      try typed.add(algorithm: fields[0], group: fields[2], rank: Int(fields[4])) { column in
        Self.header.firstIndex(of: column).map { fields[$0] }
      }
    }
    // As text fields (prediction's spool), checked as a reader checks them.
    var asFields = try StreamedStatistics(header: Self.header, metrics: Self.metrics, groupName: "block", spreadMetric: Self.spread)
    for fields in rows { try asFields.add(fields) }

    let expected = fromFile
    #expect(expected.metrics.count == 6 && expected.spread.count == 2 && expected.metrics.allSatisfy { $0.low != nil })
    #expect(try typed.finish(settings) == expected)
    #expect(try asFields.finish(settings) == expected)
  }

  @Test func aColumnThatIsNotANumberIsNamedWithItsLine() throws {
    var statistics = try StreamedStatistics(header: Self.header, metrics: Self.metrics, groupName: "block")
    let rows = Self.rows()
    for fields in rows.prefix(6) { try statistics.add(algorithm: fields[0], group: fields[2], rank: nil) { Self.header.firstIndex(of: $0).map { fields[$0] } } }
    #expect {
      try statistics.add(algorithm: "a", group: "block 9", rank: 1) { $0 == "saved" ? "many" : "1" }
    } throws: { error in
      "\(error)".contains("results.csv:8") && "\(error)".contains("saved 'many' is not a finite number")
    }
  }

  @Test func aMetricReadingAColumnTheRowsLackIsRefusedBeforeAnyRow() {
    let metric = RowMetric(name: "x", higherIsBetter: true, description: "x", score: .columns("nope", over: "typed"))
    #expect(throws: InputFileError.self) { try StreamedStatistics(header: Self.header, metrics: [metric], groupName: "block") }
  }
}
