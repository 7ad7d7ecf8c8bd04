import ArgumentParser
import KeyBenchCLI
import KeyBenchCore
import KeyBenchResults

extension KeybenchReport {
  struct StatsBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "stats-benchmark",
      abstract: "Measure the statistics themselves: bootstrap speed, interval coverage, test levels.",
      discussion: """
        Times a cluster bootstrap of 30,000 items in 400 groups (1,000 resamples), measures how \
        often 95 % intervals cover a known truth over 1,000 simulated clustered data sets (cluster \
        bootstrap against the naive binomial interval), and how often the paired bootstrap and \
        McNemar reject a true null. Prints Markdown (Reports/benchmarks/statistics.md is its \
        output); takes a few seconds in a release build.

        Example: keybench-report stats-benchmark --seed 1 > Reports/benchmarks/statistics.md
        """)

    @Option(help: "Seed of the simulated data sets and resamples.")
    var seed: UInt64 = 1

    func run() throws {
      print(try StatisticsBenchmark.report(seed: seed), terminator: "")
    }
  }
}
