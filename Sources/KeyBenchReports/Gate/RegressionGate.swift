public import KeyBenchCore
import Foundation

/// Compares a current summary with a baseline, metric by metric, for CI.
///
/// Accuracy figures (fractions 0…1) may drop by at most a number of percentage points; error
/// rates may rise by at most that much. Timings are shown as ratios and never judged: one run
/// of each side is a single sample of a noisy machine, so speed is judged only from interleaved
/// repeats (`keybench-report time-ratio`). Counts and sizes are shown but not judged.
public struct RegressionGate: Sendable {
  /// Default allowed drop, in points, for accuracy metrics without their own threshold.
  public var defaultMaxDrop: Double
  /// Per metric (dotted name, or its last component, e.g. `top1`) allowed drop in points.
  public var maxDrop: [String: Double]
  /// Metric names (last component) judged on paired rows by ``StatisticalGate``: shown here,
  /// never judged twice by a threshold.
  public var judgedOnRows: Set<String> = []
  /// Why times of these runs are not even shown as ratios (a run that decoded items
  /// concurrently, ``SummaryFile/concurrentTiming``), or nil.
  public var timesNotComparable: String?

  public init(defaultMaxDrop: Double = 1, maxDrop: [String: Double] = [:]) {
    self.defaultMaxDrop = defaultMaxDrop
    self.maxDrop = maxDrop
  }

  /// How each metric is read, by its last name component, as the summaries declare it
  /// (`metric_kinds`, written by the benchmark that made them). A metric nobody declared is
  /// shown and never judged: the gate does not guess what a name means.
  public var kinds: [String: MetricKind] = [:]

  public struct Check: Sendable, Equatable {
    public var metric: String
    public var baseline: Double?
    public var current: Double?
    /// `current − baseline` in points for shares, as a ratio current ÷ baseline for timings.
    public var delta: String
    public var verdict: Verdict
    /// The unit the metric was declared with (nil: read from the summary's declarations by name).
    public var unit: String? = nil

    /// One side's value in the one format of the metric's unit, as on every other report table.
    func shown(_ value: Double?) -> String {
      value.map { v in unit.map { NumberFormatting.cell(v, unit: $0) } ?? Format.value(v, key: metric) } ?? "null"
    }

    /// The check in one line: `REGRESSION top1: 80.5 % → 78.1 % -2.4 points`.
    public var line: String { "\(verdict.rawValue) \(metric): \(shown(baseline)) → \(shown(current)) \(delta)" }
  }

  public enum Verdict: String, Sendable { case pass = "ok", regression = "REGRESSION", missing = "missing", info = "–" }

  /// How `metric` is read: its declared kind, `count` (shown, not judged) when undeclared.
  public func kind(of metric: String) -> MetricKind {
    kinds[metric.split(separator: ".").last.map(String.init) ?? metric] ?? .count
  }

  /// Metric values no benchmark can produce: a share outside 0…1, a negative or non-finite time
  /// or rate. A summary holding one was edited or corrupted, and judging it would let a
  /// `top1 = 1e308` pass; the gate refuses it instead, naming each value.
  public func impossibleValues(_ metrics: [String: Double?]) -> [String] {
    metrics.keys.sorted().compactMap { metric in
      guard let value = metrics[metric] ?? nil else { return nil }
      switch kind(of: metric) {
      case .accuracy, .errorRate:
        return value.isFinite && (0...1).contains(value) ? nil : "\(metric) = \(value) (a share must be within 0…1)"
      case .time, .rate:
        return value.isFinite && value >= 0 ? nil : "\(metric) = \(value) (a time or rate must be finite and not negative)"
      case .count:
        return value.isFinite ? nil : "\(metric) = \(value) (not a finite number)"
      }
    }
  }

  /// Judged metrics the current summary reports as numbers but the baseline does not (missing,
  /// null or not a number): without a baseline value the metric would pass unjudged, so a
  /// damaged or stale baseline could wave any result through; the gate refuses it instead.
  /// Timings are never judged here, so they never count.
  public func unjudgeable(baseline: [String: Double?], current: [String: Double?]) -> [String] {
    current.keys.sorted().filter { metric in
      if isJudgedOnRows(metric) { return false }
      switch kind(of: metric) {
      case .count: return false
      case .time, .rate: return false
      case .accuracy, .errorRate: break
      }
      guard let value = current[metric] ?? nil, value.isFinite else { return false }
      return (baseline[metric] ?? nil) == nil
    }
  }

  func isJudgedOnRows(_ metric: String) -> Bool {
    judgedOnRows.contains(metric.split(separator: ".").last.map(String.init) ?? metric)
  }

  func allowedDrop(_ metric: String) -> Double {
    maxDrop[metric] ?? maxDrop[metric.split(separator: ".").last.map(String.init) ?? metric] ?? defaultMaxDrop
  }

  /// One check per metric of either summary, sorted by name.
  public func compare(baseline: [String: Double?], current: [String: Double?]) -> [Check] {
    Set(baseline.keys).union(current.keys).sorted().map { metric in
      let old = baseline[metric] ?? nil
      let new = current[metric] ?? nil
      let kind = isJudgedOnRows(metric) ? .count : self.kind(of: metric)
      guard let old, let new else {
        // A judged metric that vanished (or became null) is a regression of the interface.
        let judged = (kind == .accuracy || kind == .errorRate) && baseline[metric] != nil && (baseline[metric] ?? nil) != nil
        return Check(metric: metric, baseline: old, current: new, delta: "", verdict: judged ? .missing : .info)
      }
      switch kind {
      case .accuracy, .errorRate:
        let points = (new - old) * 100
        let worse = kind == .accuracy ? -points : points
        return Check(
          metric: metric, baseline: old, current: new, delta: NumberFormatting.points(new - old) + " (threshold \(NumberFormatting.fixed(allowedDrop(metric), decimals: 2)) pt, untested: no rows)",
          verdict: worse > allowedDrop(metric) + 1e-9 ? .regression : .pass, unit: "fraction")
      case .time, .rate:
        if let reason = timesNotComparable {
          return Check(metric: metric, baseline: old, current: new, delta: "not compared: \(reason)", verdict: .info)
        }
        let ratio = old > 0 ? new / old : (new > 0 ? .infinity : 1)
        return Check(metric: metric, baseline: old, current: new, delta: NumberFormatting.ratio(ratio) + " (one sample each, not judged)", verdict: .info)
      case .count:
        return Check(metric: metric, baseline: old, current: new, delta: isJudgedOnRows(metric) ? "judged on rows" : "", verdict: .info)
      }
    }
  }

  /// A Markdown table fit for a CI job summary.
  /// `inputDifferences` (allowed on purpose) and `configChanges` are listed above the table.
  public static func markdown(
    _ checks: [Check], baseline: String, current: String, inputDifferences: [String] = [], configChanges: [String] = [],
    underpowered: [String] = [], cannotJudge: [String] = []
  ) -> String {
    let failedChecks = checks.filter { $0.verdict == .regression || $0.verdict == .missing }
    let failed = failedChecks.count
    let verdict = [
      failed == 0 ? "**Gate passed** (\(checks.filter { $0.verdict == .pass }.count) metrics checked\(cannotJudge.isEmpty ? "" : ", \(cannotJudge.count) not judged: too few groups"))"
        : "**Gate failed: \(failed) regression\(failed == 1 ? "" : "s")**"
    ] + failedChecks.map { "- " + $0.line } + cannotJudge.map { "- \($0)" }
    var lines = verdict + ["", "Baseline `\(baseline)`, current `\(current)`.", ""]
    if !underpowered.isEmpty {
      lines += ["**Too few items to see every drop** (these metrics pass unless a larger drop is significant):", ""]
      lines += underpowered.map { "- \($0)" } + [""]
    }
    if !inputDifferences.isEmpty {
      lines += ["**Warning: the runs read different inputs** (compared on purpose):", ""]
      lines += inputDifferences.map { "- \($0)" } + [""]
    }
    if !configChanges.isEmpty {
      lines += ["Config changes:", ""] + configChanges.map { "- `\($0)`" } + [""]
    }
    lines += ["| metric | baseline | current | delta | verdict |", "|---|---:|---:|---:|---|"]
    lines += checks.map { "| \($0.metric) | \($0.shown($0.baseline)) | \($0.shown($0.current)) | \($0.delta) | \($0.verdict.rawValue) |" }
    // The verdict again last: in a long CI log the end is what people read.
    lines += [""] + verdict
    return lines.joined(separator: "\n") + "\n"
  }

  /// JUnit XML: one test case per judged metric, failures for regressions.
  public static func junit(_ checks: [Check], name: String) -> String {
    let judged = checks.filter { $0.verdict != .info }
    let failures = judged.filter { $0.verdict != .pass }
    let escape = Node.escape
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<testsuite name="\#(escape(name))" tests="\#(judged.count)" failures="\#(failures.count)">"#,
    ]
    for check in judged {
      let open = #"  <testcase classname="keybench.gate" name="\#(escape(check.metric))""#
      if check.verdict == .pass {
        lines.append(open + "/>")
      } else {
        // The numbers as the gate's table shows them (80.51 %, 1.07 ms), not raw doubles.
        let message = "\(check.metric): baseline \(check.shown(check.baseline)), current \(check.shown(check.current)) \(check.delta)"
        lines += [open + ">", #"    <failure message="\#(escape(message))"/>"#, "  </testcase>"]
      }
    }
    lines.append("</testsuite>")
    return lines.joined(separator: "\n") + "\n"
  }
}
