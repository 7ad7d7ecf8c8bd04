import Foundation
public import KeyBenchResults

/// The gate's judgement of the metrics a benchmark declares for its rows: a regression is a drop
/// of at least `minEffect` points that is significant at `alpha` after Holm's correction, on
/// paired items with groups resampled.
///
/// A fixed threshold on two point estimates calls tie-order noise a regression on small sets and
/// misses real drops hidden in clustered data; testing the paired difference does neither. When
/// the sample is too small to see a drop of `minEffect`, the gate says what it can see instead
/// of passing silently.
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
    /// Metric names judged here (the threshold gate leaves them alone).
    public var metricNames: Set<String>
    public var comparison: ComparisonReport
  }

  /// Compares every algorithm of the baseline with the same-named one of the current run.
  public func judge(baseline: RunResults, current: RunResults) throws -> Judgement {
    let definitions = baseline.definitions
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
    var checks: [RegressionGate.Check] = []
    var underpowered: [String] = []
    var fewGroupsSaid = Set<String>()
    for c in report.comparisons {
      let name = "\(c.a).\(c.metric)"
      let scale = c.unit == "fraction" ? 100.0 : 1.0
      let unit = c.unit == "fraction" ? "points" : c.unit
      guard let difference = c.difference, let pHolm = c.pHolm else {
        checks.append(.init(metric: name, baseline: c.valueA, current: c.valueB, delta: "no items", verdict: .info, unit: c.unit))
        continue
      }
      let worse = (c.higherIsBetter ? -difference : difference) * scale
      let regression = worse >= minEffect - 1e-9 && pHolm < alpha
      var delta = String(format: "%+.2f %@ (95 %% %+.2f … %+.2f; p Holm %.4f)", difference * scale, c.unit == "fraction" ? "pt" : c.unit, (c.low ?? .nan) * scale, (c.high ?? .nan) * scale, pHolm)
      if let definition = definitions.first(where: { $0.name == c.metric }) {
        let sample = try RunStatistics.sample(definition, indices: baseline.table.indices(of: c.a), table: baseline.table)
        let detectable = try minimumDetectable(sample, binary: definition.score.isBinary) * scale
        if !detectable.isFinite {
          underpowered.append("\(name): cannot judge drops with \(c.items) items in \(c.groups) \(report.group)(s): fewer than two \(report.group)s")
        } else if detectable > minEffect {
          underpowered.append(
            String(format: "%@: cannot detect drops below %.1f %@ with %d items in %d %@s (--min-effect %.1f; %.0f %% power at α %.2f%@)",
              name, detectable, unit, c.items, c.groups, report.group, minEffect, power * 100, alpha,
              definition.score.isBinary ? ", a drop spread over the items" : ""))
          delta += String(format: "; detects ≥ %.1f", detectable)
        }
      }
      checks.append(.init(metric: name, baseline: c.valueA, current: c.valueB, delta: delta, verdict: regression ? .regression : .pass, unit: c.unit))
      if c.groups >= 2, c.groups < RunStatistics.fewGroups, fewGroupsSaid.insert(c.a).inserted {
        underpowered.append("\(c.a): only \(c.groups) \(report.group)s: intervals and p-values from so few groups are rough; take items from more \(report.group)s")
      }
    }
    for algorithm in missing {
      checks.append(.init(metric: "\(algorithm).*", baseline: nil, current: nil, delta: "algorithm missing from the current run", verdict: .missing))
    }
    return Judgement(checks: checks, underpowered: underpowered, metricNames: Set(definitions.map(\.name)), comparison: report)
  }

  /// The smallest drop this sample can show at `power`.
  ///
  /// For a 0/1 metric (top-k, error rates) the drop is taken as spread over the items — each
  /// item lost independently, as a change to scoring or pruning does — so the paired difference
  /// of a drop δ over n items has variance about δ/n, and the test sees it once
  /// δ ≥ (z₁₋α/₂ + z_power)² / n (1.96 points on 400 items, 13 on 60). A drop concentrated on a
  /// few users needs more. Other metrics use (z₁₋α/₂ + z_power) × their own cluster-bootstrap
  /// standard error, which treats the change as varying like the metric between groups (on the
  /// safe side). Never below the drop of the fewest items that could be significant: k items lost
  /// and none gained give an exact two-sided p of 2·2⁻ᵏ, so k = ⌈log₂(2/α)⌉ (6 at α 0.05).
  func minimumDetectable(_ sample: ClusteredRatio, binary: Bool) throws -> Double {
    guard sample.items > 0, sample.denominatorTotal > 0, sample.groups >= 2 else { return .infinity }
    let n = Double(sample.items)
    let floor = (log2(2 / alpha)).rounded(.up) / n
    let z = Power.multiplier(alpha: alpha, power: power)
    if binary { return max(floor, z * z / n) }
    guard let estimate = try ClusterBootstrap.estimate(sample, resamples: max(settings.resamples, 1), seed: settings.seed),
      estimate.standardError > 0
    else { return floor }
    return max(floor, try Power.minimumDetectableEffect(standardError: estimate.standardError, alpha: alpha, power: power))
  }
}
