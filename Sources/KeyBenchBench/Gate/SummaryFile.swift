import Foundation
import KeyBenchCore

/// A benchmark's `summary.json` (Reports/FORMATS.md), its metrics flattened to dotted names.
///
/// Every benchmark writes the same shape, so gates and re-rendered reports read any of them
/// without knowing the benchmark: nested metric objects (`filters.length.recall`, per-plug-in
/// figures) become dotted keys; null stays nil.
public struct SummaryFile: Sendable {
  public var path: String
  public var bench: String
  public var label: String
  public var metrics: [String: Double?]

  public init(path: String) throws {
    let file = (path as NSString).lastPathComponent == "summary.json"
      ? path : (path as NSString).appendingPathComponent("summary.json")
    guard let data = FileManager.default.contents(atPath: file) else {
      throw InputFileError(path: file, kind: .unreadable, reason: "cannot read (expected a summary.json or a run folder holding one)")
    }
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw InputFileError(path: file, kind: .malformed, reason: "not a JSON object")
    }
    guard let bench = object["bench"] as? String, let metrics = object["metrics"] as? [String: Any] else {
      throw InputFileError(path: file, kind: .malformed, reason: "missing 'bench' or 'metrics' (see Reports/FORMATS.md)")
    }
    self.path = file
    self.bench = bench
    let config = object["config"] as? [String: Any]
    label = (config?["decoder"] as? String) ?? (config?["label"] as? String) ?? bench
    var flat: [String: Double?] = [:]
    func walk(_ value: Any, _ name: String) {
      switch value {
      case let nested as [String: Any]: for (key, inner) in nested { walk(inner, name.isEmpty ? key : "\(name).\(key)") }
      case let number as NSNumber where !(value is Bool): flat[name] = number.doubleValue
      case is NSNull: flat[name] = .some(nil)
      default: break  // strings, arrays (curves) and flags are not gated
      }
    }
    walk(metrics, "")
    self.metrics = flat
  }
}
