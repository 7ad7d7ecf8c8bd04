import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchCore
import KeyBenchReports
import KeyBenchResults

extension KeybenchReport {
  struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Say whether one algorithm or run is really better than another, with paired tests.",
      discussion: """
        With two run folders A and B (runs of the same inputs; others are refused as the gate \
        refuses them), compares every algorithm the two have in common, or the one named by \
        --algorithm. With one run folder, compares two of its algorithms: --algorithms A,B. \
        Every metric the run's summary.json declares (its "statistics" block: top-1, top-k, \
        MRR, error rates, …) is recomputed from results.csv on the items both sides scored: \
        the difference B − A, its 95 % interval and p-value from a paired cluster-robust t \
        over the groups (users, sentences, texts; CR3 variance, groups − 1 degrees of freedom), \
        for 0/1 metrics also the exact McNemar p-value (a verdict needs both), Holm's \
        correction across the family — the benchmark's headline metrics, or the metrics named \
        with --metric; slices (a prompt kind, in-lexicon targets, one error kind) are shown, \
        not judged — and the smallest change detectable with 80 % power. No verdict comes from \
        fewer than 10 groups ("cannot judge: N groups"). Prints Markdown; --json FILE also \
        writes the numbers as JSON.

        Examples:
          keybench-report compare runs/swipe-a runs/swipe-b
          keybench-report compare runs/swipe-both --algorithms shark2,seed000
          keybench-report compare runs/correct --algorithms aspell,keyboard --json compare.json

        Exit status: 0 compared, 2 on unusable or incomparable input, 64 on usage errors.
        """)

    @Argument(help: "One run folder (with --algorithms) or two (A then B).")
    var runs: [String] = []

    @Option(help: "With two runs: compare only this algorithm (present in both).")
    var algorithm: String?

    @Option(help: "With one run: the two algorithms to compare, A,B (the difference is B − A).")
    var algorithms: String?

    @Option(help: "Compare only these metrics (repeatable), which then form the Holm family; default every metric the summary declares, the headline ones judged.")
    var metric: [String] = []

    @Option(help: "Significance level for the verdicts, after Holm's correction.")
    var alpha: Double = 0.05

    @Option(help: "Also write the comparison as JSON here.")
    var json: String?

    @Flag(help: "Compare runs of different inputs anyway (their items must still pair).")
    var allowDifferentInputs = false

    func validate() throws {
      guard (1...2).contains(runs.count) else { throw ValidationError("Give one run folder (with --algorithms A,B) or two (A B).") }
      guard alpha.isFinite, alpha > 0, alpha < 1 else { throw ValidationError("--alpha must be between 0 and 1, got \(alpha).") }
      if runs.count == 1 {
        guard let algorithms, algorithms.split(separator: ",", omittingEmptySubsequences: false).count == 2,
          !algorithms.split(separator: ",").contains(where: \.isEmpty), algorithms.split(separator: ",").count == 2
        else { throw ValidationError("With one run folder give --algorithms A,B (two names, comma-separated).") }
        guard algorithm == nil else { throw ValidationError("--algorithm is for two runs; with one run use --algorithms A,B.") }
      } else {
        guard algorithms == nil else { throw ValidationError("--algorithms is for one run; with two runs use --algorithm NAME (or nothing).") }
      }
    }

    func run() throws {
      let report = try RunComparison.report(
        runs: runs, algorithm: algorithm, algorithms: algorithms?.split(separator: ",").map(String.init), metrics: metric,
        settings: BootstrapSettings(), alpha: alpha, allowDifferentInputs: allowDifferentInputs)
      print(report.markdown, terminator: "")
      if let json { try AtomicFileWriter.write(try report.json, to: json) }
    }
  }
}
