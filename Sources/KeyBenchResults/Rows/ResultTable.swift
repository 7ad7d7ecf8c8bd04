import Foundation
import KeyBenchCore

/// A run's `results.csv` read back as typed rows, checked line by line.
///
/// Comparisons, intervals and the gate all start here, so a malformed rank or time is refused
/// naming the file and line instead of silently counting as a miss.
public struct ResultTable: Sendable {
  public let path: String
  public let rows: [ResultRow]
  /// Benchmark-specific columns after the shared ones.
  public let extraColumns: [String]
  /// Per row, the values of ``extraColumns``.
  public let extraFields: [[String]]
  /// Algorithms in the order they first appear.
  public let algorithms: [String]

  /// Reads `path` (a results.csv, or a run folder holding one).
  ///
  /// - Throws: ``InputFileError`` when the file is missing, does not start with the shared
  ///   columns (a run written before KeyBench 0.15: rerun its command), or has a bad row.
  public init(path: String) throws {
    let file = path.hasSuffix(".csv") ? path : (path as NSString).appendingPathComponent("results.csv")
    guard FileManager.default.fileExists(atPath: file) else {
      throw InputFileError(path: file, kind: .unreadable, reason: "no results.csv (the per-item rows every comparison needs)")
    }
    let table = try CSVTable(path: file)
    try self.init(table: table)
  }

  public init(table: CSVTable) throws {
    path = table.path
    guard Array(table.header.prefix(ResultRow.columns.count)) == ResultRow.columns else {
      throw InputFileError(
        path: table.path, line: 1, kind: .malformed,
        reason: "does not start with the shared columns \(ResultRow.columns.joined(separator: ",")) "
          + "(written before KeyBench 0.15, or not a results.csv); rerun the command in its provenance to regenerate it")
    }
    extraColumns = Array(table.header.dropFirst(ResultRow.columns.count))
    var rows: [ResultRow] = []
    var extras: [[String]] = []
    var algorithms: [String] = []
    // Items seen, per algorithm (no key built per row); its keys are the algorithms seen.
    var itemsOf: [String: Set<String>] = [:]
    rows.reserveCapacity(table.rows.count)
    extras.reserveCapacity(table.rows.count)
    for (index, fields) in table.rows.enumerated() {
      let line = index + 2
      func fail(_ reason: String) -> InputFileError { InputFileError(path: table.path, line: line, kind: .malformed, reason: reason) }
      let algorithm = fields[0], item = fields[1], group = fields[2]
      guard !algorithm.isEmpty else { throw fail("empty algorithm") }
      guard !item.isEmpty else { throw fail("empty item") }
      guard !group.isEmpty else { throw fail("empty group") }
      var rank: Int?
      if !fields[4].isEmpty {
        guard let value = Int(fields[4]), value >= 1, value <= 1_000_000 else {
          throw fail("rank '\(fields[4].prefix(40))' is not a whole number from 1 to 1000000 (empty when the target is absent)")
        }
        rank = value
      }
      var time: Double?
      if !fields[6].isEmpty {
        guard let value = Double(fields[6]), value.isFinite, value >= 0 else {
          throw fail("time_us '\(fields[6].prefix(40))' is not a finite number ≥ 0")
        }
        time = value
      }
      guard itemsOf[algorithm, default: []].insert(item).inserted else {
        throw fail("item '\(item.prefix(80))' appears twice for algorithm '\(algorithm.prefix(80))'")
      }
      if itemsOf.count > algorithms.count { algorithms.append(algorithm) }
      let candidates = fields[5].isEmpty ? [] : fields[5].split(separator: ResultRow.candidateSeparator, omittingEmptySubsequences: false).map(String.init)
      rows.append(ResultRow(algorithm: algorithm, item: item, group: group, target: fields[3], rank: rank, candidates: candidates, timeMicroseconds: time))
      extras.append(Array(fields.dropFirst(ResultRow.columns.count)))
    }
    self.rows = rows
    self.extraFields = extras
    self.algorithms = algorithms
  }

  /// Indices of the rows of one algorithm, in file order.
  public func indices(of algorithm: String) -> [Int] {
    rows.indices.filter { rows[$0].algorithm == algorithm }
  }

  /// The value of a benchmark-specific column in row `index`; nil when the table has no such column.
  public func extra(_ column: String, at index: Int) -> String? {
    extraColumns.firstIndex(of: column).map { extraFields[index][$0] }
  }
}
