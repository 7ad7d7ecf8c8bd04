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
        --min-effect points (default 1) that is significant at --alpha (default 0.05) after \
        Holm's correction, in a paired cluster bootstrap over the benchmark's groups (users, \
        sentences, texts). So a run that differs only by tie order passes, and a real drop of a \
        few points fails. When the items are too few to detect a drop of --min-effect, the gate \
        says which drops it can detect ("cannot detect drops below X points with N items in G \
        groups"); --require-power makes that exit 2. Both runs need results.csv for this.
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

    @OptionGroup var bootstrap: BootstrapOptions

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
      guard alpha.isFinite, alpha > 0, alpha < 1 else { throw ValidationError("--alpha must be between 0 and 1, got \(alpha)") }
      guard bootstrap.bootstrap >= 1 else { throw ValidationError("--bootstrap must be at least 1 for the gate") }
      let old = try SummaryFile(path: baseline)
      let new = try SummaryFile(path: current)
      guard old.bench == new.bench else {
        throw CommandFailure("cannot compare a '\(old.bench)' baseline with a '\(new.bench)' run")
      }
      guard !old.metricKinds.isEmpty || !new.metricKinds.isEmpty else {
        throw InputFileError(
          path: old.path, kind: .malformed,
          reason: "declares no metric_kinds (written before KeyBench declared how its metrics are read), and neither does \(new.path); "
            + "refresh them by rerunning the commands that wrote them (for the committed gate baselines: Scripts/gate --refresh)")
      }
      // The current run's declarations win; the baseline's cover metrics it alone reports.
      var gate = RegressionGate(defaultMaxDrop: defaultMaxDrop, maxDrop: drops)
      gate.kinds = old.metricKinds.merging(new.metricKinds) { $1 }
      for summary in [old, new] {
        let impossible = gate.impossibleValues(summary.metrics)
        guard impossible.isEmpty else {
          throw InputFileError(
            path: summary.path, kind: .malformed,
            reason: "holds values no benchmark produces: " + impossible.prefix(5).joined(separator: "; ")
              + (impossible.count > 5 ? "; …" : ""))
        }
      }
      if let concurrent = [old, new].first(where: { $0.concurrentTiming != nil }) {
        gate.timesNotComparable = concurrent.concurrentTiming
        StandardError.print("gate: times not compared: \(concurrent.path) says \(concurrent.concurrentTiming!); time with one job (--jobs 1)")
      }
      let comparability = try Comparability(baseline: old, current: new)
      if !comparability.inputDifferences.isEmpty {
        let list = comparability.inputDifferences.map { "  - \($0)" }.joined(separator: "\n")
        guard allowDifferentInputs else {
          throw CommandFailure(
            "the runs are not comparable (\(old.path) vs \(new.path)):\n\(list)\n"
              + "Compare runs of the same inputs, or pass --allow-different-inputs to compare them on purpose.")
        }
        StandardError.print("warning: comparing runs of different inputs (--allow-different-inputs):\n\(list)")
      }
      // Metrics declared for rows are judged on paired rows; a current run that declares them
      // needs a baseline that does too (and rows that pair), or nothing would judge them.
      // Rows pair only on the same inputs; runs of other inputs (compared on purpose) get thresholds.
      var onRows: StatisticalGate.Judgement?
      if new.declaresRowMetrics, comparability.inputDifferences.isEmpty {
        guard old.declaresRowMetrics else {
          throw InputFileError(
            path: old.path, kind: .malformed,
            reason: "has no 'statistics' (written before KeyBench 0.15), so the metrics the current run declares for its rows cannot be judged; "
              + "refresh the baseline by rerunning the command that wrote it (for the committed gate baselines: Scripts/gate --refresh)")
        }
        let judge = StatisticalGate(minEffect: minEffect, alpha: alpha, settings: try bootstrap.settings)
        onRows = try judge.judge(baseline: RunResults(path: old.path), current: RunResults(path: new.path))
      }
      // Runs of the same inputs report the same metrics; a judged one the baseline has no number
      // for would pass unjudged. (Runs of other inputs, compared on purpose, may differ.)
      gate.judgedOnRows = onRows?.metricNames ?? []
      let unjudgeable = gate.unjudgeable(baseline: old.metrics, current: new.metrics)
      if !unjudgeable.isEmpty {
        let list = unjudgeable.prefix(5).joined(separator: ", ") + (unjudgeable.count > 5 ? ", …" : "")
        guard !comparability.inputDifferences.isEmpty else {
          throw InputFileError(
            path: old.path, kind: .malformed,
            reason: "has no number for \(unjudgeable.count) judged metric\(unjudgeable.count == 1 ? "" : "s") the current run reports ("
              + list + "; missing, null or not a number), so they cannot be judged; refresh the baseline by rerunning the command "
              + "that wrote it (for the committed gate baselines: Scripts/gate --refresh)")
        }
        StandardError.print("warning: not judged, the baseline has no number for: \(list)")
      }
      if !comparability.configChanges.isEmpty {
        StandardError.print("config changes:\n" + comparability.configChanges.map { "  - \($0)" }.joined(separator: "\n"))
      }
      let checks = (onRows?.checks ?? []) + gate.compare(baseline: old.metrics, current: new.metrics)
      for name in drops.keys where !checks.contains(where: { $0.metric == name || $0.metric.hasSuffix(".\(name)") }) {
        throw ValidationError("--max-drop names '\(name)', which neither summary has")
      }
      print(
        RegressionGate.markdown(
          checks, baseline: old.path, current: new.path, inputDifferences: comparability.inputDifferences,
          configChanges: comparability.configChanges, underpowered: onRows?.underpowered ?? []),
        terminator: "")
      if let junit {
        try AtomicFileWriter.write(RegressionGate.junit(checks, name: "keybench gate \(new.bench)"), to: junit)
      }
      if checks.contains(where: { $0.verdict == .regression || $0.verdict == .missing }) { throw ExitCode(1) }
      if requirePower, let onRows, !onRows.underpowered.isEmpty {
        StandardError.print("gate: too few items to judge \(onRows.underpowered.count) metric(s) at --min-effect \(minEffect) (--require-power)")
        throw ExitCode(2)
      }
    }
  }
}
