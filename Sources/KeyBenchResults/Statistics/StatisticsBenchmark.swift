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
    let unclustered = try SyntheticClusters(groups: model.groups, groupSizes: model.groupSizes, rate: model.rate, spread: 0)
    let clusteredCoverage = try CoverageSimulation.coverage(
      of: model, dataSets: config.dataSets, resamples: config.resamples, seed: seed)
    let independentCoverage = try CoverageSimulation.coverage(
      of: unclustered, dataSets: config.dataSets, resamples: config.resamples, seed: seed &+ 1)
    lines += [
      "## Coverage of the true rate (nominal 95 %)",
      "",
      "\(config.dataSets) simulated data sets per model, \(config.resamples) resamples each."
        + " Each has \(model.groups) groups of \(model.groupSizes.lowerBound)–\(model.groupSizes.upperBound) items;"
        + " a group's hit probability is uniform on \(format(model.rate, 2)) ± spread, independent of its size,"
        + " so the true rate is \(format(model.rate, 2)). Coverage intervals are Wilson 95 %.",
      "",
      "| model | interval | covered | coverage | 95 % interval | mean width |",
      "|---|---|---|---|---|---|",
    ]
    for (name, coverage) in [("clustered, spread \(format(model.spread, 2))", clusteredCoverage), ("independent, spread 0", independentCoverage)] {
      lines.append(try coverageRow(name, "cluster bootstrap (percentile)", coverage.bootstrapCovered, coverage.dataSets, coverage.meanBootstrapWidth))
      lines.append(try coverageRow(name, "naive binomial (Wald)", coverage.naiveCovered, coverage.dataSets, coverage.meanNaiveWidth))
    }
    lines.append("")

    let sameRates = try CoverageSimulation.nullRejection(
      of: model, interaction: 0, dataSets: config.dataSets, resamples: config.resamples, seed: seed &+ 2)
    let crossing = try CoverageSimulation.nullRejection(
      of: model, interaction: config.interaction, dataSets: config.dataSets, resamples: config.resamples, seed: seed &+ 3)
    lines += [
      "## Rejection rate under a true null (α = 0.05)",
      "",
      "A and B are equally good overall on the same items (same model as above). In the first null they have the"
        + " same hit probability in every group; in the second a group's A − B gap is uniform on"
        + " ±\(format(2 * config.interaction, 2)) and averages 0 (A suits some users, B others).",
      "",
      "| null | test | rejected | rate | 95 % interval |",
      "|---|---|---|---|---|",
      try rejectionRow("same rate per group", "paired cluster bootstrap", sameRates.bootstrapRejected, sameRates.dataSets),
      try rejectionRow("same rate per group", "McNemar exact", sameRates.mcnemarRejected, sameRates.dataSets),
      try rejectionRow("per-group gaps, mean 0", "paired cluster bootstrap", crossing.bootstrapRejected, crossing.dataSets),
      try rejectionRow("per-group gaps, mean 0", "McNemar exact", crossing.mcnemarRejected, crossing.dataSets),
      "",
    ]
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

  private static func coverageRow(_ model: String, _ method: String, _ covered: Int, _ total: Int, _ width: Double) throws -> String {
    let interval = try ProportionInterval.wilson(successes: covered, trials: total)
    return "| \(model) | \(method) | \(covered)/\(total) | \(format(Double(covered) / Double(total), 3))"
      + " | \(format(interval.low, 3))–\(format(interval.high, 3)) | \(format(width, 4)) |"
  }

  private static func rejectionRow(_ null: String, _ test: String, _ rejected: Int, _ total: Int) throws -> String {
    let interval = try ProportionInterval.wilson(successes: rejected, trials: total)
    return "| \(null) | \(test) | \(rejected)/\(total) | \(format(Double(rejected) / Double(total), 3))"
      + " | \(format(interval.low, 3))–\(format(interval.high, 3)) |"
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
