import Foundation
public import KeyBenchCore

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
  /// `schema_version` (nil in summaries written before schema 2).
  public var schemaVersion: Int?
  /// The whole document, for readers that need a benchmark's own structure (per-algorithm
  /// metric objects, configuration).
  public var json: JSONValue
  /// How each metric is read, by last name component (`metric_kinds`; empty in summaries
  /// written before KeyBench declared them).
  public var metricKinds: [String: MetricKind] = [:]
  /// The `statistics` block, typed (nil when the summary has none or it does not decode).
  public var statistics: RunStatistics?

  /// Why this run's per-item times cannot be compared with another run's, or nil: the
  /// provenance's `timing` when it decoded several items at once (`jobs` above 1), since
  /// concurrent items share cores and caches.
  public var concurrentTiming: String? {
    guard let jobs = provenance?["jobs"]?.number, jobs > 1 else { return nil }
    return provenance?["timing"]?.string ?? "concurrent (jobs=\(Int(jobs))): per-item times not comparable"
  }

  /// The schema this KeyBench writes and trusts in a suite's store.
  public static let currentSchemaVersion = KeyBenchCore.Summary.schemaVersion

  /// The summary's `schema_version`, checked: a whole number this KeyBench knows (1 …
  /// ``currentSchemaVersion``), or absent in a summary written before schema 2 (which has no
  /// `statistics`). A string, null, a fraction, a future version or a missing version beside a
  /// `statistics` block is refused rather than read as the current schema.
  public static func schemaVersion(_ value: JSONValue?, statistics: Bool, in file: String) throws -> Int? {
    guard let value else {
      guard !statistics else {
        throw InputFileError(path: file, kind: .malformed, reason: "has a 'statistics' block but no 'schema_version' (every summary with one declares schema \(currentSchemaVersion))")
      }
      return nil
    }
    guard let number = value.number, number == number.rounded(), (1...Double(currentSchemaVersion)).contains(number) else {
      throw InputFileError(
        path: file, kind: .malformed,
        reason: "schema_version \(Self.shown(value)) is not one this KeyBench reads (a whole number 1…\(currentSchemaVersion)); "
          + "a newer KeyBench wrote it, or it was edited")
    }
    return Int(number)
  }

  private static func shown(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): "\(flag)"
    case .number, .integer: "\(value.number!)"
    case .string(let text): "\"\(text.prefix(20))\""
    case .array: "(an array)"
    case .object: "(an object)"
    }
  }

  /// Reads a run folder's summary.json (or the file itself). The file is machine-written (by
  /// KeyBench's benchmarks), so `JSONDecoder` reads it; the strict ``CheckedJSON`` is for files
  /// users write, and summaries can be large.
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
      case .number, .integer: flat[key] = value.number
      case .null: flat[key] = .some(nil)
      default: break
      }
    }
    self.metrics = flat
    provenance = json["provenance"]
    declaresRowMetrics = json["statistics"] != nil
    schemaVersion = try Self.schemaVersion(json["schema_version"], statistics: json["statistics"] != nil, in: file)
    self.json = json
    statistics = RunStatistics.read(summaryData: data)
    if case .object(let declared)? = json["metric_kinds"] {
      for (name, value) in declared {
        guard let text = value.string, let kind = MetricKind(rawValue: text) else {
          throw InputFileError(path: file, kind: .malformed, reason: "metric_kinds.\(name) is not one of \(MetricKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        metricKinds[name] = kind
      }
    }
  }


  /// Why this summary cannot be trusted as a current result, or nil: the checks a suite's store
  /// applies before it seals an entry (Reports/FORMATS.md): the current schema, a provenance the
  /// gate can compare, and a statistics block that decodes.
  public var problem: String? {
    guard schemaVersion == Self.currentSchemaVersion else {
      return "\(path): schema_version \(schemaVersion.map(String.init) ?? "missing"), expected \(Self.currentSchemaVersion); rerun the command that wrote it"
    }
    do {
      _ = try Comparability.provenance(provenance, in: path)
    } catch {
      return "\(error)"
    }
    guard json["statistics"] != nil, statistics != nil else { return "\(path): its 'statistics' block is missing or malformed" }
    return nil
  }
}
