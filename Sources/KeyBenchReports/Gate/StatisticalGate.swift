import Foundation
import KeyBenchCore
public import KeyBenchResults

/// The gate's judgement of the metrics a benchmark declares for its rows: a regression is a drop
/// of at least `minEffect` points of a headline metric that is significant at `alpha` after
/// Holm's correction across the headline metrics, on paired items with a cluster-robust t over
/// the groups (and McNemar too for 0/1 metrics).
///
/// A fixed threshold on two point estimates calls tie-order noise a regression on small sets and
/// misses real drops hidden in clustered data; testing the paired difference does neither. No
/// verdict comes from fewer than ``RunStatistics/fewGroups`` groups, and when the sample is too
/// small to see a drop of `minEffect` the gate says what it can see (``PairedPower``, the model
/// compare and `power` use too) instead of passing silently.
public struct StatisticalGate: Sendable {
  /// Smallest drop, in percentage points (or the metric's unit when it is not a fraction), that counts.
  public var minEffect: Double
  public var alpha: Double
  /// The power the minimum detectable effect is stated for.
  public var power: Double
  public var settings: BootstrapSettings

  public init(minEffect: Double = 1, alpha: Double = 0.05, power: Double = 0.8, settings: BootstrapSettings = .init()) {
    self.minEffect = minEffect
    self.alpha = alpha
    self.power = power
    self.settings = settings
  }

  public struct Judgement: Sendable {
    public var checks: [RegressionGate.Check]
    /// "cannot detect drops below X points …", one per metric the sample is too small for.
    public var underpowered: [String]
    /// "cannot judge: 3 users (needs ≥ 10)", one per metric whose groups are too few for a verdict.
    public var cannotJudge: [String]
    /// Metric names judged here (the threshold gate leaves them alone).
    public var metricNames: Set<String>
    public var comparison: ComparisonReport
  }

  /// Compares every algorithm of the baseline with the same-named one of the current run.
  ///
  /// - Throws: ``InputFileError`` when the baseline's rows cannot judge what it declares: no rows
  ///   at all, or none for an algorithm its statistics list (a damaged baseline must not pass).
  public func judge(baseline: RunResults, current: RunResults) throws -> Judgement {
    let definitions = baseline.definitions
    let resultsFile = (baseline.path as NSString).appendingPathComponent("results.csv")
    let declared = Set(baseline.statistics.metrics.map(\.algorithm))
    for algorithm in declared.sorted() where !baseline.table.algorithms.contains(algorithm) {
      throw InputFileError(
        path: resultsFile, kind: .malformed,
        reason: "has no rows for algorithm '\(algorithm)', which the baseline's summary reports: its metrics could not be judged; "
          + "refresh the baseline by rerunning the command that wrote it (for the committed gate baselines: Scripts/gate --refresh)")
    }
    var parts: [PairedComparison] = []
    var missing: [String] = []
    for algorithm in baseline.table.algorithms {
      guard current.table.algorithms.contains(algorithm) else {
        missing.append(algorithm)
        continue
      }
      parts.append(try PairedComparison(
        a: .init(table: baseline.table, algorithm: algorithm, label: algorithm),
        b: .init(table: current.table, algorithm: algorithm, label: algorithm), metrics: definitions, settings: settings))
    }
    let report = ComparisonReport(parts, group: baseline.statistics.group, settings: settings, alpha: alpha)
    let model = try PairedPower(alpha: alpha, power: power, family: max(report.family, 1))
    var checks: [RegressionGate.Check] = []
    var underpowered: [String] = [], cannotJudge: [String] = []
    for c in report.comparisons {
      let name = "\(c.a).\(c.metric)"
      let scale = c.unit == "fraction" ? 100.0 : 1.0
      let unit = c.unit == "fraction" ? "points" : c.unit
      func check(_ delta: String, _ verdict: RegressionGate.Verdict = .info) {
        checks.append(.init(metric: name, baseline: c.valueA, current: c.valueB, delta: delta, verdict: verdict, unit: c.unit))
      }
      // "−1.20 pt (95 % −2.10 pt … −0.30 pt; p 0.0100", closed by each branch below.
      var observed: (interval: String, p: String)?
      if let difference = c.difference, let p = c.p {
        observed = (
          "\(Self.points(difference * scale, unit: c.unit, threshold: minEffect)) (95 % \(Self.points((c.low ?? .nan) * scale, unit: c.unit)) … \(Self.points((c.high ?? .nan) * scale, unit: c.unit))",
          ComparisonReport.pValue(p))
      }
      // Too few groups; or, with items but no test, one group holding every counted item.
      if let reason = c.tooFewGroups(group: report.group) ?? (observed == nil && c.items > 0 ? "one \(report.group) holds every counted item" : nil) {
        cannotJudge.append("\(name): cannot judge: \(reason)")
        check(observed.map { "\($0.interval); p \($0.p); cannot judge: \(reason))" } ?? "cannot judge: \(reason)")
        continue
      }
      guard let observed else {
        check("no items")
        continue
      }
      guard c.inFamily, let pHolm = c.pHolm, pHolm.isFinite else {
        check("\(observed.interval); p \(observed.p); slice, reported not judged)")
        continue
      }
      var delta = "\(observed.interval); p Holm \(ComparisonReport.pValue(pHolm)) over \(report.family)"
      if let definition = definitions.first(where: { $0.name == c.metric }),
        let detectable = model.detectable(
          items: c.items, groups: c.groups, pairedStandardError: c.powerStandardError ?? 0, binary: definition.score.isBinary),
        detectable * scale > minEffect
      {
        let shown = detectable * scale
        underpowered.append(
          "\(name): cannot detect drops below \(NumberFormatting.fixed(shown, decimals: 2)) \(unit) with \(NumberFormatting.grouped(c.items)) items in "
            + "\(NumberFormatting.grouped(c.groups)) \(report.group)s (--min-effect \(Self.number(minEffect)); \(Int((power * 100).rounded())) % power at "
            + "α \(NumberFormatting.fixed(alpha, decimals: 2)), Holm over \(report.family)\(definition.score.isBinary ? ", a drop spread over the items" : ""))")
        delta += "; detects ≥ \(NumberFormatting.fixed(shown, decimals: 2)) \(unit)"
      }
      check(delta + ")", c.isRegression(minEffect: minEffect, alpha: alpha) ? .regression : .pass)
    }
    for algorithm in missing {
      checks.append(.init(metric: "\(algorithm).*", baseline: nil, current: nil, delta: "algorithm missing from the current run", verdict: .missing))
    }
    return Judgement(
      checks: checks, underpowered: underpowered, cannotJudge: cannotJudge, metricNames: Set(definitions.map(\.name)), comparison: report)
  }

  /// A signed difference with the digits that explain a verdict: two decimals, or more when
  /// rounding to two would make it look like it reached `threshold` (a −0.998-point drop is not
  /// "−1.00" beside --min-effect 1).
  static func points(_ value: Double, unit: String, threshold: Double? = nil) -> String {
    guard value.isFinite else { return "n/a" }
    let suffix = unit == "fraction" ? " pt" : " \(unit)"
    var decimals = 2
    if let threshold {
      while decimals < 6 {
        let rounded = (abs(value) * pow(10, Double(decimals))).rounded() / pow(10, Double(decimals))
        if (rounded >= threshold) == (abs(value) >= threshold) { break }
        decimals += 1
      }
    }
    return String(format: "%+.\(decimals)f", value) + suffix
  }


  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(format: "%.0f", value) : String(format: "%g", value)
  }
}
