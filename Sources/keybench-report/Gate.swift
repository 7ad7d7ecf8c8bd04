import ArgumentParser
import KeyBenchReports
import KeyBenchCLI
import KeyBenchCore
import KeyBenchResults

extension KeybenchReport {
  struct Gate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Fail when a benchmark's summary regressed against a baseline.",
      discussion: """
        Compares two runs of the same benchmark (run folders, or their summary.json) metric by \
        metric and prints a Markdown table (metric, baseline, current, delta, verdict) fit for \
        a CI job summary, with the verdict and every regressed metric first and again last.

        Metrics the benchmark declares for its rows (summary.json "statistics": top-1, top-k, \
        MRR, error rates) are judged on paired items: a regression is a drop of at least \
        --min-effect points (default 1, compared unrounded) of a headline metric that is \
        significant at --alpha (default 0.05) after Holm's correction across the headline \
        metrics, in a paired cluster-robust t over the benchmark's groups (users, sentences, \
        texts), for 0/1 metrics together with McNemar's exact test. Slices (a prompt kind, \
        in-lexicon targets, one error kind) are shown with their p-values, not judged. So a run \
        that differs only by tie order passes, and a real drop of a few points fails. No \
        verdict comes from fewer than 10 groups: the gate prints "cannot judge: N groups \
        (needs ≥ 10)" first and last and exits 0 (2 with --require-power). When the items are \
        too few to detect a drop of --min-effect, it says which drops it can detect ("cannot \
        detect drops below X points with N items in G groups", the paired model compare and \
        power use); --require-power makes that exit 2 too. Both runs need results.csv, and the \
        baseline's rows must cover every algorithm its summary reports (a damaged baseline is \
        refused, exit 2).
        Other accuracy figures may drop by at most --max-drop points (default \
        --default-max-drop, 1; error rates may rise that much). Timings are shown as ratios and \
        never judged: one run of each side is a single sample, so --max-slowdown is refused \
        here; keybench-report time-ratio judges speed from interleaved repeats. A metric the \
        baseline had that is missing now fails.

        Only runs of the same inputs are compared: the input files' digests, the items scored, \
        the lexicon's content digest, top-k and the seed (from each summary's provenance) must \
        match, otherwise the gate names every difference and exits 2; \
        --allow-different-inputs turns that into a warning. Configuration changes are listed, \
        never refused (judging them is what the gate is for).
        Exit status: 0 passed, 1 on a regression, 2 on unusable input (including runs of \
        different inputs, and underpowered metrics with --require-power), 64 on usage errors.

        Example: keybench-report gate --baseline Reports/baseline/swipe-hws --current \
        .keybench/runs/gate/swipe-hws --min-effect 1 --junit gate.xml
        """)

    @Option(help: "The baseline summary.json or run folder.")
    var baseline: String

    @Option(help: "The current summary.json or run folder.")
    var current: String

    @Option(name: .customLong("max-drop"), help: "METRIC=POINTS (repeatable); METRIC may be a dotted name or its last part, e.g. top1=0.5.")
    var maxDrop: [String] = []

    @Option(help: "Allowed drop in points for accuracy metrics without their own --max-drop.")
    var defaultMaxDrop: Double = 1

    @Option(help: "Refused: a single pair of runs cannot judge speed; use keybench-report time-ratio --max-slowdown.")
    var maxSlowdown: Double?

    @Option(help: "Also write JUnit XML here.")
    var junit: String?

    @Flag(help: "Compare runs of different inputs anyway (the differences are printed as a warning).")
    var allowDifferentInputs = false

    @Option(help: "Smallest drop, in points, of a metric judged on rows that counts as a regression (when also significant).")
    var minEffect: Double = 1

    @Option(help: "Significance level for metrics judged on rows, after Holm's correction across them.")
    var alpha: Double = 0.05

    @Flag(help: "Exit 2 when the items are too few to detect a drop of --min-effect (at 80 % power).")
    var requirePower = false

    func run() throws {
      var drops: [String: Double] = [:]
      for item in maxDrop {
        let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let points = Double(parts[1]), points.isFinite, (0...100).contains(points) else {
          throw ValidationError("--max-drop '\(item)': expected METRIC=POINTS with POINTS in 0…100")
        }
        drops[parts[0]] = points
      }
      if maxSlowdown != nil { throw ValidationError("--max-slowdown: \(TimingVerdict.singleSampleRefusal)") }
      guard defaultMaxDrop.isFinite, (0...100).contains(defaultMaxDrop) else {
        throw ValidationError("--default-max-drop must be in 0…100 points")
      }
      guard minEffect.isFinite, minEffect > 0, minEffect <= 100 else { throw ValidationError("--min-effect must be in (0, 100] points, got \(minEffect)") }
      guard alpha.isFinite, alpha > 0, alpha <= 0.5 else { throw ValidationError("--alpha must be in (0, 0.5], got \(alpha)") }
      var gate = GateRun()
      gate.defaultMaxDrop = defaultMaxDrop
      gate.maxDrop = drops
      gate.minEffect = minEffect
      gate.alpha = alpha
      gate.allowDifferentInputs = allowDifferentInputs
      let outcome: GateRun.Outcome
      do {
        outcome = try gate.judge(baseline: baseline, current: current)
      } catch let refusal as GateRun.Refusal {
        switch refusal.kind {
        case .unknownMetric: throw ValidationError(refusal.description)
        case .notComparable: throw CommandFailure(refusal.description)
        }
      }
      for warning in outcome.warnings { StandardError.print(warning) }
      print(outcome.markdown, terminator: "")
      if let junit { try AtomicFileWriter.write(outcome.junit, to: junit) }
      if !outcome.failures.isEmpty { throw ExitCode(1) }
      if !outcome.cannotJudge.isEmpty {
        StandardError.print("gate: \(outcome.cannotJudge.count) metric(s) cannot be judged from so few groups; passed without a verdict on them")
      }
      let weak = outcome.underpowered.count + outcome.cannotJudge.count
      if requirePower, weak > 0 {
        StandardError.print("gate: too few items to judge \(weak) metric(s) at --min-effect \(minEffect) (--require-power)")
        throw ExitCode(2)
      }
    }
  }
}
