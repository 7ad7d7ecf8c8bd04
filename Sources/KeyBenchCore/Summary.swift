import Foundation

/// The two summary files every benchmark run writes (Reports/FORMATS.md): `summary.json` with
/// `bench`, `config`, `corpus`, `metrics` and `provenance`, and `summary.csv` with `metric,value` rows. One writer,
/// so every bench keeps the shape the gate, `keybench-report merge` and the HTML report read.
public enum Summary {
  /// Version of the result files' shape (Reports/FORMATS.md, Reports/schema/). 2: results.csv
  /// starts with the shared columns and holds every algorithm; summary.json has `statistics`.
  public static let schemaVersion = 2

  /// `summary.json`: pretty-printed with sorted keys (stable diffs of committed baselines).
  /// `kinds` declares how each metric (by its last name component) is to be read, so gates and
  /// reports never guess it from the name.
  public static func json(
    bench: String, config: [String: Any], corpus: [String: Any], metrics: [String: Any], provenance: Provenance,
    statistics: Any? = nil, kinds: [String: MetricKind]
  ) throws -> String {
    var declared = kinds
    for (name, kind) in PluginMeasures.metricKinds { declared[name] = kind }
    var object: [String: Any] = [
      "metric_kinds": declared.mapValues(\.rawValue),
      "bench": bench, "config": config, "corpus": corpus, "metrics": metrics,
      "provenance": try provenance.jsonObject(config: config),
      "schema_version": schemaVersion,
    ]
    if let statistics { object["statistics"] = statistics }
    let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// `summary.csv`: the header and `rows` (each `name,value`).
  public static func csv(_ rows: [String]) -> String {
    (["metric,value"] + rows).joined(separator: "\n") + "\n"
  }

  /// `summary.csv` rows (`prefix.metric,value`) for one plug-in's metrics.
  public static func csvRows(_ metrics: [(String, Double?)], prefix: String) -> [String] {
    metrics.map { "\(prefix).\($0.0),\($0.1.map(CSV.number) ?? "")" }
  }

  /// One plug-in's metrics as its `summary.json` object (a value that could not be computed is null).
  public static func jsonObject(_ metrics: [(String, Double?)]) -> [String: Any] {
    var object: [String: Any] = [:]
    for (name, value) in metrics { object[name] = value ?? NSNull() }
    return object
  }
}

/// How a number in a summary's `metrics` is read, declared by the benchmark that writes it:
/// shares judged by the gate (``accuracy`` may not drop, ``errorRate`` may not rise), timings and
/// rates shown as ratios and never judged from one run, counts shown as they are.
public enum MetricKind: String, Sendable, CaseIterable {
  case accuracy
  case errorRate = "error_rate"
  case time
  case rate
  case count

  /// Declarations for several names of one kind.
  public static func declare(_ kind: MetricKind, _ names: [String]) -> [String: MetricKind] {
    Dictionary(uniqueKeysWithValues: names.map { ($0, kind) })
  }
}
