import Foundation
import KeyBenchCore

/// A run folder read for comparison: its per-item rows and the metric definitions and intervals
/// its summary declares (`statistics`).
///
/// Readers recompute metrics from rows with the definitions the benchmark wrote, so they never
/// need to know which benchmark made the folder.
public struct RunResults: Sendable {
  /// The folder as given.
  public var path: String
  public var bench: String
  public var statistics: RunStatistics
  public var table: ResultTable

  /// Reads `path` (a run folder, or its summary.json). The summary is machine-written (KeyBench
  /// wrote it), so `JSONDecoder` reads it rather than the strict parser for users' files.
  ///
  /// - Throws: ``InputFileError`` naming the file when the summary has no `statistics` (written
  ///   before KeyBench 0.15: rerun the command that wrote it) or the rows do not parse.
  public init(path: String) throws {
    let folder = path.hasSuffix("summary.json") ? (path as NSString).deletingLastPathComponent : path
    let file = (folder as NSString).appendingPathComponent("summary.json")
    let data = try InputFile.data(file, maximumBytes: 256 << 20)
    struct Head: Decodable {
      var bench: String?
      var statistics: RunStatistics?
      var schemaVersion: JSONValue?
      enum CodingKeys: String, CodingKey {
        case bench, statistics
        case schemaVersion = "schema_version"
      }
    }
    let head: Head
    do {
      head = try JSONDecoder().decode(Head.self, from: data)
    } catch {
      throw InputFileError(path: file, kind: .malformed, reason: "not a summary with readable 'statistics' (\(Self.describe(error)))")
    }
    guard let bench = head.bench else { throw InputFileError(path: file, kind: .malformed, reason: "has no 'bench'") }
    guard let statistics = head.statistics else {
      throw InputFileError(
        path: file, kind: .malformed,
        reason: "has no 'statistics' (written before KeyBench 0.15, schema 1), so its metrics cannot be recomputed from rows; "
          + "regenerate it by rerunning the command in its provenance (for the committed gate baselines: Scripts/gate --refresh)")
    }
    _ = try SummaryFile.schemaVersion(head.schemaVersion, statistics: true, in: file)
    // Definitions are read from a file anyone can edit: a k of 0 or a negative weight would
    // give an accuracy of −200 % with a verdict on it.
    for estimate in statistics.metrics {
      if let problem = estimate.definition.definitionError {
        throw InputFileError(path: file, kind: .malformed, reason: "statistics: \(problem)")
      }
      guard estimate.name == estimate.definition.name, estimate.n >= 0, estimate.groups >= 0, estimate.groups <= estimate.n else {
        throw InputFileError(
          path: file, kind: .malformed,
          reason: "statistics: metric '\(estimate.name.prefix(60))' of '\(estimate.algorithm.prefix(60))' has a name, item count (\(estimate.n)) or group count (\(estimate.groups)) no run produces")
      }
    }
    self.path = folder.isEmpty ? "." : folder
    self.bench = bench
    self.statistics = statistics
    table = try ResultTable(path: (self.path as NSString).appendingPathComponent("results.csv"))
  }

  /// The metric definitions of the run, each once, in the order the summary lists them.
  public var definitions: [RowMetric] {
    var seen = Set<String>()
    return statistics.metrics.compactMap { seen.insert($0.name).inserted ? $0.definition : nil }
  }

  static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      return "missing '\(CheckedJSON.dotted(context.codingPath + [key]))'"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      return "wrong type at '\(CheckedJSON.dotted(context.codingPath))'"
    case DecodingError.dataCorrupted(let context):
      return context.codingPath.isEmpty ? "not JSON" : "bad value at '\(CheckedJSON.dotted(context.codingPath))'"
    default:
      return "\(error)"
    }
  }
}
