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
    bench: String, config: JSONValue, corpus: JSONValue, metrics: [String: JSONValue], provenance: Provenance,
    statistics: JSONValue? = nil, kinds: [String: MetricKind]
  ) throws -> String {
    var declared = kinds
    for (name, kind) in PluginMeasures.metricKinds { declared[name] = kind }
    var metrics = metrics
    if let peak = recordedPeakResidentMiB {
      metrics[peakResidentMetric] = .number(peak)
      declared[peakResidentMetric] = .count
    }
    var object: [String: JSONValue] = [
      "metric_kinds": .object(declared.mapValues { .string($0.rawValue) }),
      "bench": .string(bench), "config": config, "corpus": corpus, "metrics": .object(metrics),
      "provenance": try provenance.json(config: config),
      "schema_version": JSONValue(schemaVersion),
    ]
    if let statistics { object["statistics"] = statistics }
    return try JSONValue.object(object).prettyText() + "\n"
  }

  /// `summary.csv`: the header and `rows` (each `name,value`), then the run's peak resident
  /// set when it was recorded.
  public static func csv(_ rows: [String]) -> String {
    let peak = recordedPeakResidentMiB.map { ["\(peakResidentMetric),\(CSV.number($0))"] } ?? []
    return (["metric,value"] + rows + peak).joined(separator: "\n") + "\n"
  }

  /// The metric every run's summary records its memory in: the process's peak resident set in
  /// MiB (``ProcessMemory/peakResidentMiB()``), declared a ``MetricKind/count`` so no gate
  /// judges it (one run is one sample of a machine, as for times).
  public static let peakResidentMetric = "peak_resident_mib"

  /// The peak resident set (MiB, one decimal) the run being written records, measured once
  /// when its folder is written (``recordingPeakResidentSet(_:)``) so that summary.csv,
  /// summary.json and report.md show the same number; nil outside, so summaries made by
  /// other code (tests, renderers) hold no machine-dependent value.
  @TaskLocal public static var recordedPeakResidentMiB: Double?

  /// Runs `body` (which writes a run's summaries and report) with the process's peak resident
  /// set so far recorded in them: measured by the benchmark itself, after its results are
  /// written, instead of by hand.
  public static func recordingPeakResidentSet<T>(_ body: () throws -> T) rethrows -> T {
    let peak = ProcessMemory.peakResidentMiB().map { ($0 * 10).rounded() / 10 }
    return try $recordedPeakResidentMiB.withValue(peak, operation: body)
  }

  /// `summary.csv` rows (`prefix.metric,value`) for one plug-in's metrics.
  public static func csvRows(_ metrics: [(String, Double?)], prefix: String) -> [String] {
    metrics.map { "\(prefix).\($0.0),\($0.1.map(CSV.number) ?? "")" }
  }

  /// One plug-in's metrics as its `summary.json` object (a value that could not be computed is null).
  public static func jsonObject(_ metrics: [(String, Double?)]) -> [String: JSONValue] {
    var object: [String: JSONValue] = [:]
    for (name, value) in metrics { object[name] = JSONValue(value) }
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
