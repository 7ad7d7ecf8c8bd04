import Foundation

/// How many items and groups a suite needs to detect a given difference, from one run's rows.
///
/// The run's own cluster-bootstrap standard error says how noisy a metric is at its size; the
/// standard error of a difference between two such runs is taken as √2 times it (independent
/// samples). Paired runs of the same items are positively correlated and usually need fewer, so
/// the plan is on the safe side. Groups are assumed like the observed ones (same spread, same
/// items per group), so the standard error scales as 1/√groups.
public struct PowerPlan: Sendable, Codable {
  public struct Line: Sendable, Codable {
    public var algorithm: String
    public var metric: String
    public var value: Double?
    public var items: Int
    public var groups: Int
    public var standardError: Double?
    /// The smallest difference detectable at the run's size (same unit as the value).
    public var detectableNow: Double?
    /// Groups and items needed for `effect`; nil when the run shows no spread to scale.
    public var groupsNeeded: Int?
    public var itemsNeeded: Int?

    enum CodingKeys: String, CodingKey {
      case algorithm, metric, value, items, groups
      case standardError = "standard_error", detectableNow = "detectable_now", groupsNeeded = "groups_needed", itemsNeeded = "items_needed"
    }
  }

  public var effect: Double
  public var alpha: Double
  public var power: Double
  public var group: String
  public var lines: [Line]

  /// - Parameters:
  ///   - effect: the difference to detect, as a fraction for fraction metrics (0.01 = 1 point).
  public init(run: RunResults, metrics: [String], algorithms: [String], effect: Double, alpha: Double, power: Double, settings: BootstrapSettings) throws {
    self.effect = effect
    self.alpha = alpha
    self.power = power
    group = run.statistics.group
    var lines: [Line] = []
    let definitions = run.definitions.filter { metrics.isEmpty || metrics.contains($0.name) }
    for algorithm in algorithms.isEmpty ? run.table.algorithms : algorithms {
      for definition in definitions {
        let sample = try RunStatistics.sample(definition, indices: run.table.indices(of: algorithm), table: run.table)
        var line = Line(algorithm: algorithm, metric: definition.name, value: sample.value, items: sample.items, groups: sample.groups)
        if sample.groups >= 2, let estimate = try ClusterBootstrap.estimate(sample, resamples: max(settings.resamples, 1), seed: settings.seed),
          estimate.standardError > 0
        {
          let difference = estimate.standardError * 2.0.squareRoot()
          line.standardError = estimate.standardError
          line.detectableNow = try Power.minimumDetectableEffect(standardError: difference, alpha: alpha, power: power)
          line.groupsNeeded = try Power.groupsNeeded(effect: effect, standardError: difference, groups: sample.groups, alpha: alpha, power: power)
          line.itemsNeeded = line.groupsNeeded.map { Int((Double($0) * Double(sample.items) / Double(sample.groups)).rounded(.up)) }
        }
        lines.append(line)
      }
    }
    self.lines = lines
  }

  public var markdown: String {
    func points(_ v: Double?) -> String { v.map { String(format: "%.2f", $0 * 100) } ?? "n/a" }
    var out = [
      String(format: "To detect a difference of %.2f points between two runs (two-sided α %.2f, %.0f %% power), from the spread between %@s in this run:", effect * 100, alpha, power * 100, group),
      "", "| algorithm | metric | value | items | \(group)s | SE (points) | detectable now (points) | \(group)s needed | items needed |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for l in lines {
      out.append("| \(l.algorithm) | \(l.metric) | \(points(l.value)) % | \(l.items) | \(l.groups) | \(points(l.standardError)) | \(points(l.detectableNow)) | \(l.groupsNeeded.map(String.init) ?? "n/a") | \(l.itemsNeeded.map(String.init) ?? "n/a") |")
    }
    out += [
      "",
      "The standard error of a difference is taken as √2 × the run's own cluster-bootstrap SE (two independent samples); paired runs of the same items usually need fewer. New \(group)s are assumed like these (same spread, same items per \(group)).",
    ]
    return out.joined(separator: "\n") + "\n"
  }
}
