import ArgumentParser
import KeyBenchCLI
import KeyBenchCore
import KeyBenchResults

extension KeybenchReport {
  struct PowerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "power",
      abstract: "How many items and groups a suite needs to detect a given difference.",
      discussion: """
        Reads a run folder (its results.csv and the metrics its summary.json declares) and \
        plans the comparison compare and the gate make: paired (both versions score the same \
        items), a cluster-robust t over the groups, Holm over the metrics planned for (the \
        headline metrics, or --metric). Prints the difference detectable at the run's size and \
        the groups (users, sentences, texts) and items needed to detect --effect points at \
        --alpha with --power. For 0/1 metrics give --discordant, the share of items that change \
        both ways between the versions anyway (compare on two runs shows it as only A + only B \
        over items); --unpaired plans two independent samples instead.

        Examples:
          keybench-report power Reports/quickstart/swipe-hws --effect 1
          keybench-report power runs/correct --metric top1 --algorithm keyboard --effect 2 --power 0.9
        """)

    @Argument(help: "A run folder.")
    var folder: String

    @Option(help: "The difference to detect, in points (percentage points for fractions).")
    var effect: Double

    @Option(help: "Only this metric (repeatable); default every metric the run declares.")
    var metric: [String] = []

    @Option(help: "Only this algorithm (repeatable); default every algorithm of the run.")
    var algorithm: [String] = []

    @Option(help: "Two-sided significance level.")
    var alpha: Double = 0.05

    @Option(help: "Probability of detecting the effect.")
    var power: Double = 0.8

    @Option(help: "Share of items (0…1) that change both ways between the two versions anyway, e.g. 0.02 (paired 0/1 metrics).")
    var discordant: Double = 0

    @Flag(help: "Plan two independent samples instead of the paired comparison compare and the gate make.")
    var unpaired = false

    func validate() throws {
      guard effect.isFinite, effect > 0, effect <= 100 else { throw ValidationError("--effect must be in (0, 100] points, got \(effect).") }
      guard alpha.isFinite, alpha > 0, alpha < 1 else { throw ValidationError("--alpha must be between 0 and 1, got \(alpha).") }
      guard alpha <= 0.5 else { throw ValidationError("--alpha must be at most 0.5, got \(alpha).") }
      guard power.isFinite, power >= 0.5, power < 1 else { throw ValidationError("--power must be in [0.5, 1) (below 0.5 a \"detectable\" effect would be smaller than the noise), got \(power).") }
      guard discordant.isFinite, (0...1).contains(discordant) else { throw ValidationError("--discordant must be a share in 0…1, got \(discordant).") }
    }

    func run() throws {
      let results = try RunResults(path: folder)
      for name in metric where !results.definitions.contains(where: { $0.name == name }) {
        throw ValidationError("--metric \(name): the run declares \(results.definitions.map(\.name).joined(separator: ", "))")
      }
      for name in algorithm where !results.table.algorithms.contains(name) {
        throw ValidationError("--algorithm \(name): the run has \(results.table.algorithms.joined(separator: ", "))")
      }
      let plan = try KeyBenchResults.PowerPlan(
        run: results, metrics: metric, algorithms: algorithm, effect: effect / 100, alpha: alpha, power: power,
        paired: !unpaired, discordant: discordant)
      print(plan.markdown, terminator: "")
    }
  }
}
