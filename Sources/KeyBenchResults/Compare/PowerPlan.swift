import Foundation

/// How many items and groups a comparison needs to detect a given difference, from one run's
/// rows, in the design compare and the gate test with (``PairedPower``): both versions score
/// the same items, so what the items share cancels and only the items that change count.
///
/// For a 0/1 metric that is the drop itself plus `discordant`, the share of items that change
/// both ways between the two versions anyway (tie order; measure it with compare on two runs);
/// for other metrics the metric's own cluster-robust standard error, scaled as 1/√groups.
/// `unpaired` plans two independent samples instead (√2 × the run's standard error), which
/// needs far more. New groups are assumed like the observed ones (same items per group).
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
  public var paired: Bool
  public var discordant: Double
  /// The Holm family the verdict would be judged in (the metrics planned for).
  public var family: Int
  public var lines: [Line]

  /// - Parameters:
  ///   - effect: the difference to detect, as a fraction for fraction metrics (0.01 = 1 point).
  ///   - discordant: share of items that change both ways between the versions anyway (paired).
  public init(
    run: RunResults, metrics: [String], algorithms: [String], effect: Double, alpha: Double, power: Double,
    paired: Bool = true, discordant: Double = 0
  ) throws {
    self.effect = effect
    self.alpha = alpha
    self.power = power
    self.paired = paired
    self.discordant = discordant
    group = run.statistics.group
    let definitions = run.definitions.filter { metrics.isEmpty ? $0.headline : metrics.contains($0.name) }
    family = max(definitions.count, 1)
    let model = try PairedPower(alpha: alpha, power: power, family: paired ? family : 1)
    var lines: [Line] = []
    for algorithm in algorithms.isEmpty ? run.table.algorithms : algorithms {
      for definition in definitions {
        let sample = try RunStatistics.sample(definition, indices: run.table.indices(of: algorithm), table: run.table)
        var line = Line(algorithm: algorithm, metric: definition.name, value: sample.value, items: sample.items, groups: sample.groups)
        guard let estimate = try ClusterRobustT.estimate(sample), estimate.standardError > 0 || definition.score.isBinary else {
          lines.append(line)
          continue
        }
        line.standardError = estimate.standardError
        let itemsPerGroup = Double(sample.items) / Double(max(sample.groups, 1))
        if paired, definition.score.isBinary {
          let noise = (discordant / Double(max(sample.items, 1))).squareRoot()
          line.detectableNow = model.detectable(items: sample.items, groups: sample.groups, pairedStandardError: noise, binary: true)
          if let needed = model.needed(effect: effect, discordant: discordant, itemsPerGroup: itemsPerGroup) {
            line.groupsNeeded = needed.groups
            line.itemsNeeded = needed.items
          }
        } else if estimate.standardError > 0 {
          let se = paired ? estimate.standardError : estimate.standardError * 2.0.squareRoot()
          line.detectableNow = model.detectable(items: sample.items, groups: sample.groups, pairedStandardError: se, binary: false)
          if let groups = model.groupsNeeded(effect: effect, standardError: se, observedGroups: sample.groups) {
            line.groupsNeeded = groups
            line.itemsNeeded = Int((Double(groups) * itemsPerGroup).rounded(.up))
          }
        }
        lines.append(line)
      }
    }
    self.lines = lines
  }

  public var markdown: String {
    func points(_ v: Double?) -> String { v.map { String(format: "%.2f", $0 * 100) } ?? "n/a" }
    let design = paired
      ? String(format: "paired (both versions on the same items, %.1f %% of items changing both ways anyway), Holm over %d metric%@", discordant * 100, family, family == 1 ? "" : "s")
      : "two independent samples"
    var out = [
      String(format: "To detect a difference of %.2f points (two-sided α %.2f, %.0f %% power, %@), from the spread between %@s in this run:", effect * 100, alpha, power * 100, design, group),
      "", "| algorithm | metric | value | items | \(group)s | SE (points) | detectable now (points) | \(group)s needed | items needed |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for l in lines {
      out.append("| \(l.algorithm) | \(l.metric) | \(points(l.value)) % | \(l.items) | \(l.groups) | \(points(l.standardError)) | \(points(l.detectableNow)) | \(l.groupsNeeded.map(String.init) ?? "n/a") | \(l.itemsNeeded.map(String.init) ?? "n/a") |")
    }
    out += [
      "",
      paired
        ? "The model compare and the gate use (PairedPower): for a 0/1 metric the drop is taken as spread over the items, on top of the items that change both ways anyway (--discordant; measure it with keybench-report compare on two runs of the versions); other metrics vary between \(group)s like the metric itself. No verdict below \(RunStatistics.fewGroups) \(group)s, so no plan asks for fewer. New \(group)s are assumed like these (same items per \(group))."
        : "Two independent samples: the standard error of a difference is √2 × the run's own (cluster-robust) SE; a paired comparison of the same items needs far fewer (drop --unpaired).",
    ]
    return out.joined(separator: "\n") + "\n"
  }
}
