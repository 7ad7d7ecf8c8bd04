public import KeyBenchCore
public import KeyBenchResults

/// The shape every KeyBench benchmark's run takes once its algorithms have run: what it declares
/// (its name, the unit its items cluster in, its metrics and how each is read) and the four files
/// it writes (Reports/FORMATS.md).
///
/// Swipe, correct, touch, gesture, predict and photos each conform with their report type, and
/// every run folder is written by the one ``write(to:)`` below: `results.csv` first (the rows the
/// statistics are computed from), then `summary.csv`, `summary.json`, `report.md`, any
/// ``extraFiles`` and the plug-ins' logs, committed as a whole.
public protocol BenchmarkReport {
  /// The benchmark's name: `summary.json`'s `bench` and its `keybench-run` subcommand.
  static var benchmark: String { get }

  /// How each summary metric is read (accuracy, error rate, time, rate, count), declared by the
  /// benchmark so no reader guesses it from a metric's name.
  static var metricKinds: [String: MetricKind] { get }

  /// What one `group` of results.csv is — the unit items cluster in and the bootstrap resamples
  /// (user, typist or sentence, word, text block, image).
  var groupName: String { get }

  /// The metrics computed from results.csv rows, each with its direction and description.
  var declaredMetrics: [RowMetric] { get }

  /// How the intervals are computed (`--bootstrap`).
  var bootstrap: BootstrapSettings { get }

  /// Where the run came from (inputs, items, code, machine, plug-ins).
  var provenance: Provenance { get }

  /// Writes `results.csv` (the shared columns, then the benchmark's own) into `file` and returns
  /// the statistics of its rows over ``declaredMetrics`` by ``groupName``.
  func writeResults(to file: AtomicFileWriter) throws -> RunStatistics

  /// `summary.csv`: `metric,value` rows.
  var summaryCSV: String { get }

  /// `summary.json` in the shared shape, with `statistics` from the rows.
  func summaryJSON(_ statistics: RunStatistics) throws -> String

  /// `report.md`, the page a person reads.
  func markdown(_ statistics: RunStatistics) throws -> String

  /// Files a benchmark writes beside the four (prediction's `curves.csv`); none by default.
  var extraFiles: [(name: String, text: String)] { get }
}

extension BenchmarkReport {
  public var extraFiles: [(name: String, text: String)] { [] }

  /// Writes the run folder at `directory`, replacing it as a whole (each file through a
  /// temporary file, the folder by one rename). The summaries and the report record the
  /// process's peak resident set once its results are written (``Summary/peakResidentMetric``).
  /// Returns the statistics the folder records, for a caller that reports them too.
  @discardableResult
  public func write(to directory: String) throws -> RunStatistics {
    let folder = try OutputFolder(replacing: directory)
    let results = try AtomicFileWriter(path: folder.file("results.csv"))
    let statistics = try writeResults(to: results)
    try results.commit()
    let files = try Summary.recordingPeakResidentSet {
      [("summary.csv", summaryCSV), ("summary.json", try summaryJSON(statistics)), ("report.md", try markdown(statistics))]
    }
    try folder.write(files: files + extraFiles + provenance.attachedFiles)
    try folder.commit()
    return statistics
  }

  /// The line a run prints once its folder is written: `wrote DIRECTORY/results.csv, …`.
  public func wroteLine(_ directory: String) -> String {
    "wrote \(directory)/" + (["results.csv"] + extraFiles.map(\.name) + ["summary.csv", "summary.json", "report.md"]).joined(separator: ", ")
  }

  /// ``writeResults(to:)`` for a benchmark that holds its results.csv whole: writes `text` and
  /// computes the statistics from it (`spreadMetric`: the metric whose spread over groups the
  /// report shows, if any).
  public func writeResults(_ text: String, to file: AtomicFileWriter, spreadMetric: String? = nil) throws -> RunStatistics {
    try file.write(text)
    return try RunStatistics(resultsCSV: text, metrics: declaredMetrics, group: groupName, settings: bootstrap, spreadMetric: spreadMetric)
  }
}
