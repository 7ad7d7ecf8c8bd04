import Foundation
import ArgumentParser
import KeyBenchCLI
import KeyBenchCore
import KeyBenchResults

extension KeybenchReport {
  struct StatsBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "stats-benchmark",
      abstract: "Measure the statistics themselves: coverage and test levels by number of groups, the gate's verdicts.",
      discussion: """
        Times a cluster bootstrap of 30,000 items in 400 groups; measures, for 5 to 100 groups, \
        how often 95 % intervals cover a known truth over 1,000 simulated clustered data sets \
        (the cluster-robust t KeyBench uses, the percentile cluster bootstrap, the naive \
        binomial interval) and how often each paired test rejects a true null; with --real, the \
        same on users drawn from a real run's rows; and runs the gate on simulated pairs of runs \
        (60/300/1,500 items in 2/5/13/60 users): false fails from noise, fails from a real \
        1.6-point drop, and whether the detectable effect it states is detected about 80 % of \
        the time. Prints Markdown (Reports/benchmarks/statistics.md is its output); a few \
        minutes in a release build.

        Example: keybench-report stats-benchmark --seed 1 --real .keybench/runs/hws-all --algorithm seed000 \
          > Reports/benchmarks/statistics.md
        """)

    @Option(help: "Seed of the simulated data sets and resamples.")
    var seed: UInt64 = 1

    @Option(help: "A run folder (or its results.csv) whose users the real-user section draws from (at least 10 users; 200 or more for the 100-user row).")
    var real: String?

    @Option(help: "With --real: the algorithm whose top-1 is drawn (default the run's first).")
    var algorithm: String?

    @Option(help: "Simulated data sets per row (10…100000).")
    var dataSets: Int = 1_000

    func validate() throws {
      guard (10...100_000).contains(dataSets) else { throw ValidationError("--data-sets must be in 10…100000, got \(dataSets).") }
      if algorithm != nil, real == nil { throw ValidationError("--algorithm goes with --real.") }
    }

    func run() throws {
      var configuration = StatisticsBenchmark.Configuration()
      configuration.dataSets = dataSets
      if let real {
        let file = real.hasSuffix(".csv") ? real : (real as NSString).appendingPathComponent("results.csv")
        let table = try ResultTable(path: file)
        let chosen = algorithm ?? table.algorithms.first ?? ""
        guard table.algorithms.contains(chosen) else {
          throw ValidationError("--algorithm \(chosen): \(file) has \(table.algorithms.joined(separator: ", "))")
        }
        configuration.realUsers = try RealUserSimulation(table: table, algorithm: chosen)
        configuration.realSource = "`\(chosen)` in `\(file)`"
      }
      print(try StatisticsBenchmark.report(seed: seed, configuration: configuration), terminator: "")
    }
  }
}
