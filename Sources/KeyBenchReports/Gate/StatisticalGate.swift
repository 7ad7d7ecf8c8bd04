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
    for c in report.comparisons {
      let name = "\(c.a).\(c.metric)"
      let scale = c.unit == "fraction" ? 100.0 : 1.0
      let unit = c.unit == "fraction" ? "points" : c.unit
      guard let difference = c.difference, let pHolm = c.pHolm else {
        checks.append(.init(metric: name, baseline: c.valueA, current: c.valueB, delta: "no items", verdict: .info))
        continue
      }
      let worse = (c.higherIsBetter ? -difference : difference) * scale
      let regression = worse >= minEffect - 1e-9 && pHolm < alpha
      var delta = String(format: "%+.2f %@ (95 %% %+.2f … %+.2f; p Holm %.4f)", difference * scale, c.unit == "fraction" ? "pt" : c.unit, (c.low ?? .nan) * scale, (c.high ?? .nan) * scale, pHolm)
      if let definition = definitions.first(where: { $0.name == c.metric }) {
        let sample = try RunStatistics.sample(definition, indices: baseline.table.indices(of: c.a), table: baseline.table)
        let detectable = try minimumDetectable(sample) * scale
        if !detectable.isFinite {
          underpowered.append("\(name): cannot judge drops with \(c.items) items in \(c.groups) \(report.group)(s): fewer than two \(report.group)s")
        } else if detectable > minEffect {
          underpowered.append(
            String(format: "%@: cannot detect drops below %.1f %@ with %d items in %d %@s (--min-effect %.1f; %.0f %% power at α %.2f)",
              name, detectable, unit, c.items, c.groups, report.group, minEffect, power * 100, alpha))
          delta += String(format: "; detects ≥ %.1f", detectable)
        }
      }
      checks.append(.init(metric: name, baseline: c.valueA, current: c.valueB, delta: delta, verdict: regression ? .regression : .pass))
    }
    for algorithm in missing {
      checks.append(.init(metric: "\(algorithm).*", baseline: nil, current: nil, delta: "algorithm missing from the current run", verdict: .missing))
    }
    return Judgement(checks: checks, underpowered: underpowered, metricNames: Set(definitions.map(\.name)), comparison: report)
  }

  /// The smallest drop this sample can show: the larger of (z₁₋α/₂ + z_power) × the metric's own
  /// cluster-bootstrap standard error, and the drop of the fewest items that could ever be
  /// significant — k items lost with none gained gives an exact two-sided p of 2·2⁻ᵏ, so at least
  /// k = ⌈log₂(2/α)⌉ items (6 at α 0.05) must change. The floor keeps a sample whose items are all
  /// right (standard error 0) from claiming it sees every drop.
  func minimumDetectable(_ sample: ClusteredRatio) throws -> Double {
    guard sample.items > 0, sample.denominatorTotal > 0 else { return .infinity }
    let fewest = (log2(2 / alpha)).rounded(.up)
    let floor = fewest / Double(sample.items)
    guard sample.groups >= 2, let estimate = try ClusterBootstrap.estimate(sample, resamples: max(settings.resamples, 1), seed: settings.seed),
      estimate.standardError > 0
    else { return sample.groups >= 2 ? floor : .infinity }
    return max(floor, try Power.minimumDetectableEffect(standardError: estimate.standardError, alpha: alpha, power: power))
  }
}
