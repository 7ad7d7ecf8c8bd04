import Foundation
public import KeyBenchCore
public import KeyBenchResults

/// One folder given to the report: a benchmark run (`summary.json`, maybe `results.csv`) or a
/// sweep (`sweep.csv`). Detected by the files it holds.
public struct RunFolder: Sendable {
  public enum Kind: Sendable, Equatable {
    /// A `keybench-run` output; `bench` is summary.json's `bench` (swipe, correct, touch, …).
    case run(bench: String)
    /// A `keybench-sweep` output.
    case sweep
  }

  public let path: String
  public let kind: Kind
  /// summary.json, when present.
  public let summary: JSONValue?
  /// summary.json's `statistics` block, typed (nil for a sweep or a run written without one).
  public let statistics: RunStatistics?

  /// The unit each metric name declares in ``statistics`` (`top1` → `fraction`), so tables
  /// format a metric by what the benchmark says it is instead of guessing from its name.
  /// Shares the summary's `metric_kinds` declares (accuracies and error rates) count as fractions
  /// too, so every declared share prints alike.
  public var declaredUnits: [String: String] {
    var units = Dictionary((statistics?.metrics ?? []).map { ($0.name, $0.unit) }, uniquingKeysWith: { first, _ in first })
    if case .object(let kinds)? = summary?["metric_kinds"] {
      for (name, kind) in kinds where units[name] == nil {
        if kind.string == MetricKind.accuracy.rawValue || kind.string == MetricKind.errorRate.rawValue { units[name] = "fraction" }
      }
    }
    return units
  }

  /// A short name for legends and column heads: the folder's last path component.
  public var name: String { URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent }

  public func file(_ name: String) -> String { URL(fileURLWithPath: path).appendingPathComponent(name).path }

  public func has(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

  /// Reads the folder; fails with one message naming it when it is neither kind.
  public init(path: String) throws {
    self.path = path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw InputFileError(path: path, kind: .unreadable, reason: "not a folder")
    }
    let summaryPath = URL(fileURLWithPath: path).appendingPathComponent("summary.json").path
    if FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent("sweep.csv").path) {
      kind = .sweep
      summary = nil
      statistics = nil
    } else if let data = FileManager.default.contents(atPath: summaryPath) {
      let json: JSONValue
      do {
        // summary.json is machine-written (KeyBench wrote it): JSONDecoder reads it, where files
        // users write go through the strict CheckedJSON.
        json = try JSONDecoder().decode(JSONValue.self, from: data)
      } catch {
        throw InputFileError(path: summaryPath, kind: .malformed, reason: "not valid JSON")
      }
      guard let bench = json["bench"]?.string, json["metrics"] != nil else {
        throw InputFileError(path: summaryPath, kind: .malformed,
          reason: "not a benchmark summary (needs \"bench\" and \"metrics\"; see Reports/FORMATS.md)")
      }
      kind = .run(bench: bench)
      summary = json
      statistics = RunStatistics.read(summaryData: data)
    } else {
      throw InputFileError(path: path, kind: .unreadable,
        reason: "neither a benchmark run folder (summary.json) nor a sweep folder (sweep.csv)")
    }
  }
}
