import Foundation
import KeyBenchCore

/// The measured benchmark of the statistics core, as a Markdown report: bootstrap speed at a
/// realistic size, interval coverage and null rejection rates by simulation. Measured rather
/// than a timed test, because timing on a shared 2-core machine is too noisy to gate on.
public enum StatisticsBenchmark {
  /// Sizes of the three parts; the default is the full benchmark.
  public struct Configuration: Sendable {
    public var timingItems = 30_000
    public var timingGroups = 400
    public var timingResamples = 1_000
    public var timingRepetitions = 5
    /// Simulated data sets for coverage and for each null.
    public var dataSets = 1_000
    /// Bootstrap resamples per simulated data set.
    public var resamples = 1_000
    public var model = SyntheticClusters.standard
    /// Half-width of the per-group A−B differences in the second null.
    public var interaction = 0.1
    /// Group counts of the coverage and null tables.
    public var groupCounts = [5, 10, 20, 40, 60, 100]
    /// Real users to draw from (nil: the section is left out), the user counts drawn, and the
    /// source named in the report.
    public var realUsers: RealUserSimulation?
    public var realGroupCounts = [5, 10, 20, 40, 100]
    public var realSource = ""
    /// Simulated runs per cell of the gate table, its item counts and user counts.
    public var gateDataSets = 400
    public var gateItems = [60, 300, 1_500]
    public var gateGroups = [2, 5, 13, 60]

    public init() {}
  }

  /// Target for the timing part, in seconds.
  public static let timingTarget = 2.0

  /// Runs all parts and returns the report; the same seed gives the same report apart from times.
  public static func report(seed: UInt64 = 1, configuration: Configuration = Configuration()) throws -> String {
    let config = configuration
    var lines: [String] = []
    let timing = try measureTiming(config, seed: seed)
    lines += [
      "## Speed",
      "",
      "\(config.timingItems) items (hit or miss) in \(config.timingGroups) groups, \(config.timingResamples) resamples;"
        + " median of \(config.timingRepetitions) repetitions (`ContinuousClock`), seed \(seed).",
      "",
      "| step | median time |",
      "|---|---|",
      "| aggregate items into group sums (`ClusteredRatio`) | \(milliseconds(timing.aggregate)) |",
      "| bootstrap: replicates, percentile interval, standard error | \(milliseconds(timing.bootstrap)) |",
      "| **total** (target ≤ \(format(timingTarget, 0)) s) | **\(milliseconds(timing.total))** |",
      "",
    ]

    let model = config.model
    lines += [
      "## Coverage of the true rate by number of groups (nominal 95 %)",
      "",
      "\(config.dataSets) simulated data sets per row, \(config.resamples) bootstrap resamples each. Groups of"
        + " \(model.groupSizes.lowerBound)–\(model.groupSizes.upperBound) items; a group's hit probability is uniform on"
        + " \(format(model.rate, 2)) ± \(format(model.spread, 2)), independent of its size, so the true rate is \(format(model.rate, 2))."
        + " The cluster-robust t (CR3, groups − 1 degrees of freedom, 0/1 rates on the logit scale) is what summaries, compare and the gate use;"
        + " the percentile cluster bootstrap and the naive binomial interval are shown for comparison. Rates ± their Wilson 95 % interval.",
      "",
      "| groups | cluster-robust t | mean width | cluster bootstrap | mean width | naive binomial |",
      "|---:|---|---:|---|---:|---|",
    ]
    for (position, groups) in config.groupCounts.enumerated() {
      let clustered = try SyntheticClusters(groups: groups, groupSizes: model.groupSizes, rate: model.rate, spread: model.spread)
      let c = try CoverageSimulation.coverage(of: clustered, dataSets: config.dataSets, resamples: config.resamples, seed: seed &+ UInt64(10 + position))
      lines.append(
        "| \(groups) | \(try rate(c.clusterTCovered, c.dataSets)) | \(format(c.meanClusterTWidth, 4)) | \(try rate(c.bootstrapCovered, c.dataSets))"
          + " | \(format(c.meanBootstrapWidth, 4)) | \(try rate(c.naiveCovered, c.dataSets)) |")
    }
    lines += [
      "",
      "## Rejection rate under a true null by number of groups (α = 0.05)",
      "",
      "A and B are equally good overall on the same items (same model); a group's A − B gap is uniform on"
        + " ±\(format(2 * config.interaction, 2)) and averages 0 (A suits some users, B others), the null on which tests that ignore"
        + " groups fail. \"verdict\" is what compare and the gate decide on: the cluster-robust t and McNemar both at p ≤ α.",
      "",
      "| groups | cluster-robust t | verdict (t and McNemar) | paired bootstrap | McNemar exact |",
      "|---:|---|---|---|---|",
    ]
    for (position, groups) in config.groupCounts.enumerated() {
      let clustered = try SyntheticClusters(groups: groups, groupSizes: model.groupSizes, rate: model.rate, spread: model.spread)
      let r = try CoverageSimulation.nullRejection(
        of: clustered, interaction: config.interaction, dataSets: config.dataSets, resamples: config.resamples, seed: seed &+ UInt64(30 + position))
      lines.append(
        "| \(groups) | \(try rate(r.clusterTRejected, r.dataSets)) | \(try rate(r.verdictRejected, r.dataSets)) | \(try rate(r.bootstrapRejected, r.dataSets))"
          + " | \(try rate(r.mcnemarRejected, r.dataSets)) |")
    }
    lines.append("")
    if let real = config.realUsers {
      lines += [
        "## Real users: coverage and null rejection",
        "",
        "\(config.realSource): \(real.users.count) users, top-1 \(format(real.truth * 100, 2)) % over all of them (the truth)."
          + " Each row draws that many users without replacement \(config.dataSets) times; coverage of the truth by the 95 % interval,"
          + " and rejections at α = 0.05 when two runs of one version each swap ranks 1 and 2 of 2 % of the items (nothing changed).",
        "",
        "| users | mean items | cluster-robust t covers | bootstrap covers | verdict rejects (t and McNemar) | paired bootstrap rejects |",
        "|---:|---:|---|---|---|---|",
      ]
      for (position, groups) in config.realGroupCounts.enumerated() where groups <= real.users.count {
        let r = try real.run(groups: groups, dataSets: config.dataSets, resamples: config.resamples, seed: seed &+ UInt64(50 + position))
        lines.append(
          "| \(groups) | \(format(r.meanItems, 0)) | \(try rate(r.clusterTCovered, r.dataSets)) | \(try rate(r.bootstrapCovered, r.dataSets))"
            + " | \(try rate(r.verdictRejected, r.dataSets)) | \(try rate(r.bootstrapRejected, r.dataSets)) |")
      }
      lines.append("")
    }
    lines += [
      "## The gate on simulated runs",
      "",
      "\(config.gateDataSets) simulated pairs of runs per cell (GateSimulation: per-user top-1 uniform on 0.6–0.9, each run swaps ranks 1 and 2"
        + " of 2 % of the items), through the gate's own code with --min-effect 1 and α 0.05 (a family of one metric)."
        + " \"false fails\": runs with nothing changed that failed; \"fails at −1.6 pt\": runs where B lost exactly 1.6 % of the items;"
        + " \"states\": the median detectable drop the gate printed (80 % power); \"detected at stated\": how often a drop of exactly that"
        + " size was found significant (it should be 70–90 %). Fewer than 10 users: no verdict, by rule.",
      "",
      "| items | users | false fails | fails at −1.6 pt | states (80 %) | detected at stated |",
      "|---:|---:|---|---|---:|---|",
    ]
    for (i, items) in config.gateItems.enumerated() {
      for (j, groups) in config.gateGroups.enumerated() where groups <= items {
        let cell = try GateSimulation.cell(items: items, groups: groups, dataSets: config.gateDataSets, seed: seed &+ UInt64(100 + 10 * i + j))
        let stated = cell.stated.map { "\(format($0 * 100, 2)) pt" } ?? "no verdict (< 10 users)"
        let detected = cell.stated == nil ? "–" : try rate(cell.detectedAtStated, cell.dataSets)
        lines.append("| \(items) | \(groups) | \(try rate(cell.falseFails, cell.dataSets)) | \(try rate(cell.dropFails, cell.dataSets)) | \(stated) | \(detected) |")
      }
    }
    lines.append("")
    return lines.joined(separator: "\n")
  }

  private struct Timing {
    var aggregate: Double
    var bootstrap: Double
    var total: Double { aggregate + bootstrap }
  }

  private static func measureTiming(_ config: Configuration, seed: UInt64) throws -> Timing {
    try Check.count(config.timingGroups, name: "timing groups", in: 1...Int.max)
    try Check.count(config.timingRepetitions, name: "timing repetitions", in: 1...Int.max)
    var generator = SeededGenerator(seed: seed)
    var groups: [String] = []
    var hits: [Bool] = []
    for item in 0..<config.timingItems {
      groups.append("user-\(item % config.timingGroups)")
      hits.append(generator.nextUnit() < 0.7)
    }
    let clock = ContinuousClock()
    var aggregateTimes: [Double] = []
    var bootstrapTimes: [Double] = []
    for repetition in 0..<config.timingRepetitions {
      var sample: ClusteredRatio?
      aggregateTimes.append(seconds(try clock.measure { sample = try ClusteredRatio(groups: groups, hits: hits) }))
      guard let sample else { continue }
      bootstrapTimes.append(seconds(try clock.measure {
        _ = try ClusterBootstrap.estimate(sample, resamples: config.timingResamples, seed: seed &+ UInt64(repetition))
      }))
    }
    return Timing(aggregate: median(aggregateTimes), bootstrap: median(bootstrapTimes))
  }

  /// "0.947 (0.932–0.959)": a rate with its Wilson 95 % interval.
  private static func rate(_ count: Int, _ total: Int) throws -> String {
    let interval = try ProportionInterval.wilson(successes: count, trials: total)
    return "\(format(Double(count) / Double(total), 3)) (\(format(interval.low, 3))–\(format(interval.high, 3)))"
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }

  private static func median(_ values: [Double]) -> Double {
    Percentile.linear(sorted: values.sorted(), at: 0.5) ?? .nan
  }

  private static func milliseconds(_ seconds: Double) -> String { "\(format(seconds * 1000, 1)) ms" }

  private static func format(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
  }
}
