import KeyBenchCore
public import KeyBenchResults
import Foundation

/// One baseline-against-current judgement, as `keybench-report gate` and `keybench-suite gate`
/// both make it: the same refusals, the same comparability rule, the same checks. The suite gate
/// calls this in process and reads the typed outcome, so no reader parses the gate's printed text.
public struct GateRun: Sendable {
  /// Allowed drop in points for accuracy metrics without their own threshold.
  public var defaultMaxDrop: Double = 1
  /// Per metric (dotted name or last component) allowed drop in points.
  public var maxDrop: [String: Double] = [:]
  /// Smallest significant drop, in points, of a row metric that counts as a regression.
  public var minEffect: Double = 1
  /// Significance level for row metrics, after Holm's correction.
  public var alpha: Double = 0.05
  /// Resampling of the paired cluster bootstrap.
  public var settings = BootstrapSettings()
  /// Compare runs of different inputs anyway, with the differences as a warning.
  public var allowDifferentInputs = false

  public init() {}

  /// What a gate found: every check, the page it prints, and the warnings it gives on the side.
  public struct Outcome: Sendable {
    public var bench: String
    public var checks: [RegressionGate.Check]
    /// The Markdown table with the verdict first and last.
    public var markdown: String
    /// Lines for standard error: different inputs compared on purpose, unjudged metrics,
    /// configuration changes, times not compared.
    public var warnings: [String]
    /// "cannot detect drops below …", one per row metric the sample is too small for.
    public var underpowered: [String]
    /// "cannot judge: 3 users (needs ≥ 10)", one per row metric whose groups are too few.
    public var cannotJudge: [String]

    /// The checks that fail the gate: a regression, or a metric the baseline had that is gone.
    public var failures: [RegressionGate.Check] { checks.filter { $0.verdict == .regression || $0.verdict == .missing } }

    /// JUnit XML of the checks.
    public var junit: String { RegressionGate.junit(checks, name: "keybench gate \(bench)") }
  }

  /// Why a gate could not judge: runs of different inputs, or a threshold naming no metric.
  public struct Refusal: Error, CustomStringConvertible {
    public enum Kind: Sendable { case notComparable, unknownMetric }
    public var kind: Kind
    public var description: String
  }

  /// Judges `current` (a run folder or its summary.json) against `baseline`.
  public func judge(baseline: String, current: String) throws -> Outcome {
    let old = try SummaryFile(path: baseline)
    let new = try SummaryFile(path: current)
    guard old.bench == new.bench else {
      throw Refusal(kind: .notComparable, description: "cannot compare a '\(old.bench)' baseline with a '\(new.bench)' run")
    }
    guard !old.metricKinds.isEmpty || !new.metricKinds.isEmpty else {
      throw InputFileError(
        path: old.path, kind: .malformed,
        reason: "declares no metric_kinds (written before KeyBench declared how its metrics are read), and neither does \(new.path); "
          + "refresh them by rerunning the commands that wrote them (for the committed gate baselines: Scripts/gate --refresh)")
    }
    var warnings: [String] = []
    // The current run's declarations win; the baseline's cover metrics it alone reports.
    var gate = RegressionGate(defaultMaxDrop: defaultMaxDrop, maxDrop: maxDrop)
    gate.kinds = old.metricKinds.merging(new.metricKinds) { $1 }
    for summary in [old, new] {
      let impossible = gate.impossibleValues(summary.metrics)
      guard impossible.isEmpty else {
        throw InputFileError(
          path: summary.path, kind: .malformed,
          reason: "holds values no benchmark produces: " + impossible.prefix(5).joined(separator: "; ")
            + (impossible.count > 5 ? "; …" : ""))
      }
    }
    if let concurrent = [old, new].first(where: { $0.concurrentTiming != nil }), let why = concurrent.concurrentTiming {
      gate.timesNotComparable = why
      warnings.append("gate: times not compared: \(concurrent.path) says \(why); time with one job (--jobs 1)")
    }
    let comparability = try Comparability(baseline: old, current: new)
    if !comparability.inputDifferences.isEmpty {
      let list = comparability.inputDifferences.map { "  - \($0)" }.joined(separator: "\n")
      guard allowDifferentInputs else {
        throw Refusal(
          kind: .notComparable,
          description: "the runs are not comparable (\(old.path) vs \(new.path)):\n\(list)\n"
            + "Compare runs of the same inputs, or pass --allow-different-inputs to compare them on purpose.")
      }
      warnings.append("warning: comparing runs of different inputs (--allow-different-inputs):\n\(list)")
    }
    // Metrics declared for rows are judged on paired rows; a current run that declares them
    // needs a baseline that does too (and rows that pair), or nothing would judge them.
    // Rows pair only on the same inputs; runs of other inputs (compared on purpose) get thresholds.
    var onRows: StatisticalGate.Judgement?
    if new.declaresRowMetrics, comparability.inputDifferences.isEmpty {
      guard old.declaresRowMetrics else {
        throw InputFileError(
          path: old.path, kind: .malformed,
          reason: "has no 'statistics' (written before KeyBench 0.15), so the metrics the current run declares for its rows cannot be judged; "
            + "refresh the baseline by rerunning the command that wrote it (for the committed gate baselines: Scripts/gate --refresh)")
      }
      let judge = StatisticalGate(minEffect: minEffect, alpha: alpha, settings: settings)
      onRows = try judge.judge(baseline: RunResults(path: old.path), current: RunResults(path: new.path))
    }
    // Runs of the same inputs report the same metrics; a judged one the baseline has no number
    // for would pass unjudged. (Runs of other inputs, compared on purpose, may differ.)
    gate.judgedOnRows = onRows?.metricNames ?? []
    let unjudgeable = gate.unjudgeable(baseline: old.metrics, current: new.metrics)
    if !unjudgeable.isEmpty {
      let list = unjudgeable.prefix(5).joined(separator: ", ") + (unjudgeable.count > 5 ? ", …" : "")
      guard !comparability.inputDifferences.isEmpty else {
        throw InputFileError(
          path: old.path, kind: .malformed,
          reason: "has no number for \(unjudgeable.count) judged metric\(unjudgeable.count == 1 ? "" : "s") the current run reports ("
            + list + "; missing, null or not a number), so they cannot be judged; refresh the baseline by rerunning the command "
            + "that wrote it (for the committed gate baselines: Scripts/gate --refresh)")
      }
      warnings.append("warning: not judged, the baseline has no number for: \(list)")
    }
    if !comparability.configChanges.isEmpty {
      warnings.append("config changes:\n" + comparability.configChanges.map { "  - \($0)" }.joined(separator: "\n"))
    }
    let checks = (onRows?.checks ?? []) + gate.compare(baseline: old.metrics, current: new.metrics)
    for name in maxDrop.keys.sorted() where !checks.contains(where: { $0.metric == name || $0.metric.hasSuffix(".\(name)") }) {
      throw Refusal(kind: .unknownMetric, description: "--max-drop names '\(name)', which neither summary has")
    }
    let markdown = RegressionGate.markdown(
      checks, baseline: old.path, current: new.path, inputDifferences: comparability.inputDifferences,
      configChanges: comparability.configChanges, underpowered: onRows?.underpowered ?? [], cannotJudge: onRows?.cannotJudge ?? [])
    return Outcome(
      bench: new.bench, checks: checks, markdown: markdown, warnings: warnings, underpowered: onRows?.underpowered ?? [],
      cannotJudge: onRows?.cannotJudge ?? [])
  }
}
