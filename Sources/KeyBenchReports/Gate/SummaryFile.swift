import Foundation
import KeyBenchCore

/// A benchmark's `summary.json` (Reports/FORMATS.md), its metrics flattened to dotted names.
///
/// Every benchmark writes the same shape, so gates and re-rendered reports read any of them
/// without knowing the benchmark: nested metric objects (`filters.length.recall`, per-plug-in
/// figures) become dotted keys (``JSONValue/flattened(prefix:)``); null stays nil; strings,
/// flags, curves and matrices are not metrics to compare.
public struct SummaryFile: Sendable {
  public var path: String
  public var bench: String
  public var label: String
  public var metrics: [String: Double?]
  /// The run's `provenance` object (nil in summaries written before KeyBench 0.14).
  public var provenance: JSONValue?
  /// Whether the summary declares metrics for its rows (`statistics`, schema 2, KeyBench 0.15).
  public var declaresRowMetrics: Bool

  public init(path: String) throws {
    let file = (path as NSString).lastPathComponent == "summary.json"
      ? path : (path as NSString).appendingPathComponent("summary.json")
    let data: Data
    do {
      data = try InputFile.data(file, maximumBytes: 256 << 20)
    } catch let error as InputFileError {
      throw InputFileError(path: file, kind: .unreadable, reason: "\(error.reason) (expected a summary.json or a run folder holding one)")
    }
    guard let json = try? JSONDecoder().decode(JSONValue.self, from: data) else {
      throw InputFileError(path: file, kind: .malformed, reason: "not JSON")
    }
    guard let bench = json["bench"]?.string, let metrics = json["metrics"], case .object = metrics else {
      throw InputFileError(path: file, kind: .malformed, reason: "missing 'bench' or 'metrics' (see Reports/FORMATS.md)")
    }
    self.path = file
    self.bench = bench
    label = json["config"]?["decoder"]?.string ?? json["config"]?["label"]?.string ?? bench
    var flat: [String: Double?] = [:]
    for (key, value) in metrics.flattened() {
      switch value {
      case .number(let number): flat[key] = number
      case .null: flat[key] = .some(nil)
      default: break
      }
    }
    self.metrics = flat
    provenance = json["provenance"]
    declaresRowMetrics = json["statistics"] != nil
  }
}
