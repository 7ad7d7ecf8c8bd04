import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchCore
import KeyBenchReports
import KeyBenchSuites

@main
struct KeybenchSuite: ParsableCommand {
  static func main() { ExitStatus.main(Self.self) }

  static let configuration = CommandConfiguration(
    commandName: "keybench-suite",
    abstract: "Run benchmark suites from files (Suites/*.json): cached, resumable, sharded; leaderboards and gates.",
    discussion: """
      A suite names preparation steps and keybench-run benchmarks with their options and \
      parameter grids (format: Suites/README.md). Every result is stored under a key made of the \
      tool's binary, the command and the bytes of its inputs, so a rerun reuses finished results \
      ('cached') and a killed suite resumes where it stopped.

      Examples:
        keybench-suite run Suites/gate.json --out .keybench/suites/gate --jobs 2
        keybench-suite report .keybench/suites/gate

      Exit status: 0 success, 1 a gate found a regression, 2 an unusable suite or input or a \
      failed item, 64 usage error.
      """,
    version: BuildInfo.versionText,
    subcommands: [Run.self, Status.self, Report.self, Gate.self, Merge.self, Submit.self])

  /// The folder holding keybench-run and the other tools: this executable's.
  static var bin: URL {
    (Bundle.main.executableURL?.resolvingSymlinksInPath() ?? URL(fileURLWithPath: CommandLine.arguments[0])).deletingLastPathComponent()
  }
}

/// Options shared by `run` and `gate`.
struct SuiteOptions: ParsableArguments {
  @Argument(help: "The suite file, e.g. Suites/gate.json.")
  var suite: String

  @Option(help: "Output folder: plan.json, store/KEY/ (results), runs/NAME (links), logs/.")
  var out: String

  @Option(parsing: .singleValue, help: "Run only the runs whose name (or entry name) matches this pattern (* wildcards; repeatable).")
  var only: [String] = []

  @Option(help: "Runs to execute at once (steps always run one by one).")
  var jobs: Int = 1

  @Option(help: ArgumentHelp("This machine's share of the runs, I of N (1-based): for several machines or a batch system's array tasks.", valueName: "I/N"))
  var shard: String = "1/1"

  var shardValue: (index: Int, count: Int) {
    let parts = shard.split(separator: "/").map { Int($0) }
    return (parts[0] ?? 1, parts[1] ?? 1)
  }

  func validate() throws {
    guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be in 1…64.") }
    try SuiteOptions.checked { try SuiteFile.checkOutputPath(out) }
    let parts = shard.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 2, let index = parts[0], let count = parts[1], (1...10_000).contains(count), (1...count).contains(index) else {
      throw ValidationError("--shard is I/N with 1 ≤ I ≤ N ≤ 10000, e.g. 2/4.")
    }
  }

  func runner() throws -> SuiteRunner {
    let file = try Self.load(SuiteFile.load(path: suite))
    let context = SuitePlan.Context(
      bin: KeybenchSuite.bin, out: URL(fileURLWithPath: out), suiteFolder: URL(fileURLWithPath: suite).deletingLastPathComponent())
    var runner = SuiteRunner(plan: try Self.load(SuitePlan.make(file, context: context)), context: context)
    runner.jobs = jobs
    runner.shard = shardValue
    runner.only = only
    if !only.isEmpty && !runner.plan.items.contains(where: { item in item.kind == .run && only.contains { SuitePattern.matches($0, item.name) || SuitePattern.matches($0, item.entry) } }) {
      throw CommandFailure("--only \(only.joined(separator: ", ")) matches no run of \(suite)")
    }
    return runner
  }

  /// Runs the suite, printing progress; returns the outcomes.
  func execute(_ runner: SuiteRunner) throws -> [SuiteRunner.Outcome] {
    let selected = runner.selected
    let runs = selected.filter { $0.kind == .run }
    StandardError.print("suite: \(runner.plan.suite): \(selected.count - runs.count) steps, \(runs.count) runs (shard \(shard), \(jobs) at a time) into \(out)")
    return try runner.run { StandardError.print($0) }
  }
}

extension KeybenchSuite {
  struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Run a suite (finished results are reused as 'cached').",
      discussion: """
        Examples:
          keybench-suite run Suites/gate.json --out .keybench/suites/gate
          keybench-suite run Suites/sweep-correct-predict.json --out runs/sweep --jobs 2 --shard 1/2
        """)

    @OptionGroup var options: SuiteOptions

    @Flag(help: "Print every command with its state (cached or to run) instead of running.")
    var dryRun = false

    @Flag(help: "Run only the preparation steps (what a cluster's preparation job does before the array).")
    var stepsOnly = false

    func run() throws {
      var runner = try options.runner()
      runner.stepsOnly = stepsOnly
      if dryRun {
        // The checks the real run starts with: a dry run that passes gets the run past them.
        let absent = try SuiteOptions.load(runner.checkCommands())
        var missing = 0
        print("# commands run in \(runner.context.suiteFolder.path) (relative paths are read from there), KEYBENCH_HOME=\(runner.context.home.path)")
        for item in runner.selected {
          let state: String
          switch runner.state(item) {
          case .complete: state = "cached "
          case .missing: state = "to run "
          case .invalid: state = "rerun  "
          }
          print("\(state) \(item.name)\n  \(runner.command(item).map(ShellWords.quote).joined(separator: " "))")
          if item.folder != runner.context.suiteFolder { print("  (runs in \(item.folder.path), the folder of the suite naming it)") }
          for path in absent[item.name] ?? [] {
            print("  missing input: \(path)")
            missing += 1
          }
        }
        if missing > 0 { throw CommandFailure("\(missing) input\(missing == 1 ? " is" : "s are") missing (listed above); the suite would fail") }
        return
      }
      let outcomes = try options.execute(runner)
      let failed = outcomes.filter { $0.state == .failed }
      func count(_ kind: SuitePlan.Item.Kind, _ state: SuiteRunner.Outcome.State) -> Int {
        outcomes.filter { $0.item.kind == kind && $0.state == state }.count
      }
      var line = "runs: \(count(.run, .done)) ran, \(count(.run, .cached)) cached, \(count(.run, .failed)) failed"
      if outcomes.contains(where: { $0.item.kind == .step }) {
        line += " (steps: \(count(.step, .done)) ran, \(count(.step, .cached)) cached, \(count(.step, .failed)) failed)"
      }
      print(line + "; results in \(options.out)/runs/")
      guard failed.isEmpty else {
        for outcome in failed {
          StandardError.print("suite: \(outcome.item.name) failed (\(outcome.failure)); last lines of \(outcome.log):")
          for line in SuiteGate.logTail(outcome.log).suffix(8) { StandardError.print("  | \(line)") }
        }
        throw ExitCode(2)
      }
    }
  }

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show which runs of a suite output folder are finished.",
      discussion: "Example:\n  keybench-suite status .keybench/suites/gate")

    @Argument(help: "A folder written by keybench-suite run.")
    var folder: String

    @Flag(help: "Exit 2 unless every step and run has its result (a cluster's final job checks this).")
    var requireComplete = false

    func run() throws {
      let output = try SuiteOptions.load(SuiteOutput(folder: URL(fileURLWithPath: folder)))
      var missing = 0, invalid = 0
      for item in output.items {
        let state = output.state(item)
        let label: String
        switch state {
        case .complete: label = "done   "
        case .missing: label = "missing"; missing += 1
        case .invalid: label = "invalid"; invalid += 1
        }
        print("\(label) \(item.kind == .step ? "step" : item.bench ?? "run") \(item.name) \(item.key.prefix(12))")
        if case .invalid(let reason) = state { print("          \(reason)") }
      }
      let finished = output.items.count - missing - invalid
      print("\(finished) of \(output.items.count) finished\(invalid > 0 ? ", \(invalid) invalid (run the suite again to replace them)" : "") (suite \(output.suite))")
      if requireComplete && finished < output.items.count {
        throw CommandFailure("\(output.items.count - finished) items of \(folder) have no valid result; rerun the suite (or resubmit the failed shard) to finish them")
      }
    }
  }

  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the leaderboard of a suite output folder (leaderboard.md, .csv, .html) and print it.",
      discussion: "Example:\n  keybench-suite report .keybench/suites/sweep-correct-predict")

    @Argument(help: "A folder written by keybench-suite run (or merge).")
    var folder: String

    @Option(help: "Also write the suite's figure pages (published figures beside KeyBench's, e.g. Suites/seeds.json) into this folder, e.g. Reports/seeds.")
    var pages: String?

    func run() throws {
      let output = try SuiteOptions.load(SuiteOutput(folder: URL(fileURLWithPath: folder)))
      let runs = output.finishedRuns
      if let pages {
        guard !output.figures.isEmpty else { throw CommandFailure("\(folder): the suite \(output.suite) has no figures section (--pages needs one)") }
        let metrics = output.figureValues
        let written = try FigurePages(pages: output.figures).write(
          to: URL(fileURLWithPath: pages), origins: output.figureOrigins, metrics: { metrics[$0] }, rounds: { output.rounds[$0] ?? 1 },
          report: output.report(of:))
        StandardError.print("wrote \(written.count) figure files (pages, and SEED.json for seed pages) into \(pages)")
      }
      let planned = output.items.filter { $0.kind == .run && $0.round == 1 }.count
      // A suite of measuring steps alone (Suites/ingest.json) has pages but nothing to rank.
      if planned == 0 {
        guard pages != nil else { throw CommandFailure("\(folder): the suite \(output.suite) has steps only, so no leaderboard; --pages FOLDER writes its pages") }
        return
      }
      guard !runs.isEmpty else { throw CommandFailure("\(folder): no finished runs yet (keybench-suite status \(folder))") }
      var board = try Leaderboard(sources: runs)
      board.completeness = (runs.filter { $0.round == 1 }.count, planned)
      try AtomicFileWriter.write(board.markdown, to: output.folder.appendingPathComponent("leaderboard.md").path)
      try AtomicFileWriter.write(board.csv, to: output.folder.appendingPathComponent("leaderboard.csv").path)
      try AtomicFileWriter.write(board.html, to: output.folder.appendingPathComponent("leaderboard.html").path)
      print(board.markdown, terminator: "")
      StandardError.print("wrote \(folder)/leaderboard.md, leaderboard.csv and leaderboard.html (\(runs.count) of \(output.items.filter { $0.kind == .run }.count) runs finished)")
    }
  }

  struct Gate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Run a suite and compare every run with a baseline folder (exit 0 passed, 1 regression, 2 could not run).",
      discussion: """
        Each run NAME is compared with BASELINE/NAME/summary.json by keybench-report gate, which \
        refuses runs of other inputs.

        Example:
          keybench-suite gate Suites/gate.json --baseline Reports/baseline --out .keybench/runs/gate

        \(ExitStatus.gateHelp)
        """)

    @OptionGroup var options: SuiteOptions

    @Option(help: "Folder of baseline runs (BASELINE/NAME/summary.json).")
    var baseline: String

    @Option(help: "Accuracy points a metric may drop (keybench-report gate --default-max-drop).")
    var defaultMaxDrop: Double = 0.5

    @Option(help: "Refused: a single pair of runs cannot judge speed; use keybench-report time-ratio --max-slowdown.")
    var maxSlowdown: Double?

    @Option(help: "Write one JUnit XML file for the whole gate here.")
    var junit: String?

    func validate() throws {
      guard defaultMaxDrop.isFinite, (0...100).contains(defaultMaxDrop) else { throw ValidationError("--default-max-drop must be in 0…100 points.") }
      if maxSlowdown != nil {
        throw ValidationError("--max-slowdown: \(TimingVerdict.singleSampleRefusal)")
      }
    }

    func run() throws {
      // Anything but a regression is "could not run" (2), never 1: a broken gate must not look
      // like a code change that lost accuracy.
      do {
        try gate()
      } catch let exit as ExitCode {
        throw exit
      } catch {
        StandardError.print("gate: could not run: \(error)")
        throw ExitCode(2)
      }
    }

    func gate() throws {
      let runner = try options.runner()
      let outcomes = try options.execute(runner)
      if let failed = outcomes.first(where: { $0.state == .failed }) {
        let command = runner.command(failed.item)
        StandardError.print("gate: step '\(failed.item.name)' failed (\(failed.failure)); the gate could not run")
        StandardError.print("gate: command: \(command.joined(separator: " "))")
        StandardError.print("gate: last lines of its output (\(failed.log)):")
        for line in SuiteGate.logTail(failed.log) { StandardError.print("  | \(line)") }
        if let junit { try AtomicFileWriter.write(SuiteGate.toolFailure(failed, command: command).junit, to: junit) }
        throw ExitCode(2)
      }
      let output = try SuiteOptions.load(SuiteOutput(folder: URL(fileURLWithPath: options.out)))
      var judgement = GateRun()
      judgement.defaultMaxDrop = defaultMaxDrop
      let verdict = try SuiteOptions.load(SuiteGate(baseline: URL(fileURLWithPath: baseline), gate: judgement).compare(output))
      try AtomicFileWriter.write(verdict.markdown, to: output.folder.appendingPathComponent("gate.md").path)
      if let junit { try AtomicFileWriter.write(verdict.junit, to: junit) }
      print(verdict.markdown, terminator: "")
      switch verdict.status {
      case 0: StandardError.print("gate: passed (runs in \(options.out)/runs)")
      case 1: StandardError.print("gate: REGRESSION (see above\(junit.map { "; JUnit: \($0)" } ?? ""))")
      default: StandardError.print("gate: could not compare (see above)")
      }
      if verdict.status != 0 { throw ExitCode(verdict.status) }
    }
  }

  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Join the output folders of a suite's shards into one.",
      discussion: "Example:\n  keybench-suite merge shard-1 shard-2 --out merged && keybench-suite report merged")

    @Argument(help: "Output folders of keybench-suite run --shard I/N.")
    var shards: [String]

    @Option(help: "The merged folder (may be one of the shards).")
    var out: String

    func validate() throws {
      guard !shards.isEmpty else { throw ValidationError("Give the shard folders to merge.") }
      try SuiteOptions.checked { try SuiteFile.checkOutputPath(out) }
    }

    func run() throws {
      let merged = try SuiteOptions.load(SuiteOutput.merge(shards.map { URL(fileURLWithPath: $0) }, into: URL(fileURLWithPath: out)))
      let runs = merged.items.filter { $0.kind == .run }
      print("merged \(shards.count) folders into \(out): \(runs.filter(merged.isComplete).count) of \(runs.count) runs finished")
    }
  }
}

extension SuiteOptions {
  /// Runs a check in `validate()`, turning a suite problem into a usage error (exit 64).
  static func checked(_ check: () throws -> Void) throws {
    do {
      try check()
    } catch let problem as SuiteFile.Problem {
      throw ValidationError(problem.description)
    }
  }

  /// Runs `work`, turning a suite problem into the one-line failure every subcommand prints.
  static func load<T>(_ work: @autoclosure () throws -> T) throws -> T {
    do {
      return try work()
    } catch let problem as SuiteFile.Problem {
      throw CommandFailure(problem.description)
    }
  }
}

extension KeybenchSuite {
  struct Submit: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Run a suite on a Slurm cluster: a preparation job, a job array of shards and a final report job.",
      discussion: """
        Writes OUT/slurm/prepare.sbatch, array.sbatch (task I runs keybench-suite run --shard I/N into \
        OUT) and finish.sbatch (checks every run finished, writes the leaderboard), and submits them \
        chained with --dependency=afterok. OUT must be on a file system every node sees. Resubmit a \
        failed task alone with sbatch --array=I OUT/slurm/array.sbatch: finished runs are cached.

        Examples:
          keybench-suite submit Suites/sweep-correct-predict.json --out /shared/sweep --shards 8 --slurm-args "--partition=short --time=01:00:00"
          keybench-suite submit Suites/gate.json --out runs/gate --shards 4 --dry-run
        """)

    @Argument(help: "The suite file.")
    var suite: String

    @Option(help: "Output folder, shared by every node.")
    var out: String

    @Option(help: "Array tasks (shards).")
    var shards: Int

    @Option(help: "Runs each task executes at once (its --cpus-per-task).")
    var jobs: Int = 1

    @Option(parsing: .unconditional, help: "Extra sbatch options for every job, separated by spaces, e.g. \"--partition=short --time=02:00:00\".")
    var slurmArgs: String = ""

    @Flag(help: "Write and print the scripts and the sbatch commands without submitting.")
    var dryRun = false

    func validate() throws {
      guard (1...10_000).contains(shards) else { throw ValidationError("--shards must be in 1…10000.") }
      guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be in 1…64.") }
      guard !slurmArgs.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
        throw ValidationError("--slurm-args is one line of sbatch options, without control characters.")
      }
      try SuiteOptions.checked { try SuiteFile.checkOutputPath(out) }
    }

    func run() throws {
      let file = try SuiteOptions.load(SuiteFile.load(path: suite))
      let context = SuitePlan.Context(
        bin: KeybenchSuite.bin, out: URL(fileURLWithPath: out), suiteFolder: URL(fileURLWithPath: suite).deletingLastPathComponent())
      // Checks the suite against keybench-run before anything is queued.
      let plan = try SuiteOptions.load(SuitePlan.make(file, context: context))
      let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      let submission = SlurmSubmission(
        suite: URL(fileURLWithPath: suite, relativeTo: current).standardizedFileURL,
        out: URL(fileURLWithPath: out, relativeTo: current).standardizedFileURL,
        bin: KeybenchSuite.bin, workingDirectory: current, shards: shards, jobs: jobs,
        slurmArguments: slurmArgs.split(separator: " ").map(String.init), suiteName: file.name)
      try SuiteOptions.load(submission.write())
      // The plan is there before any job starts, so `status` works at once.
      try SuiteRunner(plan: plan, context: context).writePlan()
      let runs = plan.items.filter { $0.kind == .run }.count
      if dryRun {
        for (name, text) in submission.scripts { print("# \(submission.folder.path)/\(name)\n\(text)") }
        for command in submission.commands { print(command.joined(separator: " ")) }
        return
      }
      let ids = try SuiteOptions.load(submission.submit())
      print("submitted \(file.name): \(runs) runs in \(shards) array tasks; jobs prepare \(ids[0]), array \(ids[1]), finish \(ids[2]) (\(submission.folder.path)/jobs.txt)")
      print("watch: squeue -j \(ids.joined(separator: ",")); logs in \(submission.folder.path)/; results: keybench-suite status \(out)")
    }
  }
}

// What each subcommand reads and writes (``CommandFiles``): no output may be one of its inputs.

extension SuiteOptions {
  /// The suite file `suite` and the suites it includes (the file alone when it cannot be read:
  /// running the suite then says why).
  static func files(ofSuite suite: String) -> [FileUse] { FileUse.files("SUITE", (try? SuiteFile.load(path: suite))?.files ?? [suite]) }

  /// What a run writes into --out.
  var outputs: [FileUse] {
    FileUse.files("--out", in: out, ["plan.json"]) + ["store", "logs", "runs", "configs"].map { FileUse("--out", (out as NSString).appendingPathComponent($0), extent: .folder) }
  }
}

extension KeybenchSuite.Run: CommandFiles {
  var reads: [FileUse] { SuiteOptions.files(ofSuite: options.suite) }
  var writes: [FileUse] { dryRun ? [] : options.outputs }
}

extension KeybenchSuite.Gate: CommandFiles {
  var reads: [FileUse] { SuiteOptions.files(ofSuite: options.suite) + FileUse.folder("--baseline", baseline) }
  var writes: [FileUse] { options.outputs + FileUse.files("--out", in: options.out, ["gate.md"]) + FileUse.file("--junit", junit) }
}

extension KeybenchSuite.Report: CommandFiles {
  var reads: [FileUse] {
    FileUse.files("FOLDER", in: folder, ["plan.json"]) + [FileUse("FOLDER", (folder as NSString).appendingPathComponent("store"), extent: .folder)]
  }
  var writes: [FileUse] {
    FileUse.files("FOLDER", in: folder, ["leaderboard.md", "leaderboard.csv", "leaderboard.html"]) + FileUse.folder("--pages", pages)
  }
}

extension KeybenchSuite.Merge: CommandFiles {
  /// Every shard but the merged folder itself, which may be one of them (merging in place).
  var reads: [FileUse] {
    shards.filter { FileUseCheck.resolved($0) != FileUseCheck.resolved(out) }.flatMap { shard in
      FileUse.files("SHARD", in: shard, ["plan.json"]) + [FileUse("SHARD", (shard as NSString).appendingPathComponent("store"), extent: .folder)]
    }
  }
  var writes: [FileUse] {
    FileUse.files("--out", in: out, ["plan.json"]) + ["store", "runs"].map { FileUse("--out", (out as NSString).appendingPathComponent($0), extent: .folder) }
  }
}

extension KeybenchSuite.Submit: CommandFiles {
  var reads: [FileUse] { SuiteOptions.files(ofSuite: suite) }
  var writes: [FileUse] {
    FileUse.files("--out", in: out, ["plan.json"]) + [FileUse("--out", (out as NSString).appendingPathComponent("slurm"), extent: .folder)]
  }
}
