import ArgumentParser
import Foundation
import KeyBenchResults
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCorpora
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchReports
import KeyBenchStore
import KeyBenchSwipe

@main
struct KeybenchSweep: ParsableCommand {
  static func main() { ExitStatus.main(Self.self) }

  static let configuration = CommandConfiguration(
    commandName: "keybench-sweep",
    abstract: "Sweep plug-in parameters over a benchmark and mark the Pareto frontier.",
    discussion: """
      Runs the benchmark once per configuration of the parameter grid and writes to --out \
      sweep.csv (one row per configuration: parameters, accuracy, filter recall and kept share, \
      latency median and p99, and whether the row is Pareto-optimal for accuracy against median \
      latency), sweep.md (the frontier first, then the best configuration and those it is not \
      clearly better than) and runs/<config>/, each configuration's run folder as keybench-run \
      swipe writes it (per-gesture rows; keybench-report compare and gate read it). Every \
      configuration decodes the same gestures, so "clearly better" is a paired test on them \
      (Holm across every pair of configurations); from fewer than 10 users nothing is. \
      Parameters are dotted paths into the \
      plug-in's JSON configuration (see keybench-run swipe --print-config), e.g. \
      --param filters.length.a=0.5,0.6,0.75 --param filters.endPoint.radius=1.5:3:0.5 \
      --param dtw.prefixCache=true,false.

      Resumable: rows are journalled in sweep.journal.csv as they finish; run the same command \
      again and only missing configurations run (and those whose run folder is gone). --shard I/N runs every N-th configuration from \
      the I-th, so N machines (a CI matrix, Slurm array jobs) split one sweep; combine their \
      folders with keybench-report merge. The corpus and the laid-out lexicon are loaded once. \
      provenance.json records the inputs' digests, the gestures left out and the grid; a folder \
      holding a sweep of other inputs is refused rather than resumed.

      Benchmarks: swipe, in process (the lexicon is laid out once for every configuration, with \
      random search and a resumable journal). Grids over any benchmark's options and config \
      fields — correct, predict, touch, gesture, photos and swipe — are suite grids \
      (keybench-suite, Suites/README.md), with the same shards, merge and Pareto leaderboard.
      Exit status: 0 success, 2 an unusable input or failed work, 64 usage error.

      Examples:
        keybench-sweep swipe --lexicon en_US --corpus .keybench/corpora/hws.jsonl --sample 1000 --param filters.length.a=0.5,0.55,0.6 --param filters.endPoint.radius=1.5:2.5:0.5 --out runs/sweep
      """,
    version: BuildInfo.versionText)

  @Argument(help: "The benchmark to sweep: swipe.")
  var bench: String

  @Option(help: "Lexicon (as stored by keybench-ingest), e.g. en_US.")
  var lexicon: String

  @OptionGroup var database: DatabaseOption
  var db: String { database.path }

  @Option(help: "The corpus (.jsonl swipe corpus for swipe).")
  var corpus: String

  @Option(help: "Base configuration JSON the swept values are set in (default: the plug-in's defaults).")
  var config: String?

  @Option(name: .customLong("param"), help: "NAME=V1,V2,… or NAME=LO:HI:STEP (repeatable).")
  var parameters: [String] = []

  @Option(help: "Run only this many configurations (at most the grid's), drawn from the grid with --seed.")
  var random: Int?

  @Option(help: "Seed for --random.")
  var seed: UInt64 = 1

  @Option(help: "I/N: run the I-th of N disjoint slices of the configurations (1-based).")
  var shard: String = "1/1"

  @Option(help: "Candidates per gesture (top-k accuracy).")
  var top: Int = 4

  @Flag(help: "Add targets missing from the lexicon at its lowest frequency.")
  var addMissingTargets = false

  @Option(help: "Use at most this many gestures: the first in file order (a warning says when they cover fewer than 10 users; --sample spreads them).")
  var limit: Int?

  @OptionGroup var sampling: SampleOptions

  @OptionGroup var users: UserFoldOptions

  @Option(help: "The accuracy of the Pareto frontier and the best, judged by paired tests on the configurations' shared gestures: top1, top<K> (K = --top) or mrr.")
  var objective: String = "top1"

  @Option(
    help: ArgumentHelp(
      "Decode each configuration's gestures on this many threads (1…\(SwipeBenchmark.maximumJobs)).",
      discussion: "Accuracy is the same as with one job; decode times overlap, so the frontier's cost compares configurations of one sweep only."))
  var jobs: Int = 1

  @Option(help: "Output folder for sweep.csv, sweep.md and the journal.")
  var out: String

  func validate() throws {
    guard bench == "swipe" else { throw ValidationError("unknown benchmark '\(bench)'; sweepable: swipe") }
    guard !parameters.isEmpty else { throw ValidationError("give at least one --param NAME=VALUES") }
    guard shardParts != nil else { throw ValidationError("--shard must be I/N with 1 ≤ I ≤ N") }
    if let random, !(1...1_000_000).contains(random) { throw ValidationError("--random must be in 1…1,000,000") }
    guard (1...100).contains(top) else { throw ValidationError("--top must be in 1…100") }
    if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    guard (1...SwipeBenchmark.maximumJobs).contains(jobs) else {
      throw ValidationError("--jobs must be in 1…\(SwipeBenchmark.maximumJobs), got \(jobs).")
    }
    // The paired tests need the objective per gesture: a figure without rows would fall back
    // to point estimates.
    let objectives = ["top1", "top\(top)", "mrr"]
    guard objectives.contains(objective) else {
      throw ValidationError("--objective '\(objective)' is not an accuracy the sweep has per gesture; give one of \(objectives.joined(separator: ", "))")
    }
  }

  var shardParts: (index: Int, count: Int)? {
    let parts = shard.split(separator: "/").compactMap { Int($0) }
    guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else { return nil }
    return (parts[0], parts[1])
  }

  func run() throws {
    let plan: SweepPlan
    do {
      plan = try SweepPlan(parameters: parameters.map(SweepPlan.Parameter.init(parsing:)))
    } catch let error as SweepError {
      throw ValidationError(error.description)
    }
    // More than the grid would run the whole grid while the user asked for a sample of it.
    if let random, random > plan.gridSize {
      throw ValidationError("--random \(random) is more than the grid's \(plan.gridSize) configurations; give at most \(plan.gridSize), or leave out --random to run the whole grid.")
    }
    let configurations = plan.configurations(random: random, seed: seed, shard: shardParts!)
    let base = try config.map { try ConfigFiles.load($0, over: DTWDecoderConfig(), what: "decoder config") }
      ?? DTWDecoderConfig()
    // A misspelt parameter or an out-of-range value is a usage error, before any data is read.
    do {
      try SwipeSweep.checkValues(plan, over: base)
    } catch let error as SweepError {
      throw ValidationError(error.description)
    }
    var selection = SwipeBenchmark.Selection()
    selection.limit = limit
    selection.sample = sampling.choice
    selection.userFold = users.userFold
    selection.excludedUserFold = users.excludeUserFold
    let catalog = try DeviceCatalog.bundled()
    var benchmark = SwipeBenchmark(
      lexicon: try LexiconDatabase(path: db, create: false).loadLexicon(named: lexicon),
      catalog: catalog, config: base, top: top, addMissingTargets: addMissingTargets,
      selection: selection)
    let lexiconContent = benchmark.lexicon.provenance
    let corpusInput = try benchmark.useStartupCaches(corpus: corpus, lexiconSHA256: lexiconContent.sha256)
    let prepared = try benchmark.prepare(corpus: corpus, layouts: LayoutResolver(catalog: catalog))
    for line in prepared.items.skipLines { StandardError.print("sweep: \(line)") }
    guard !prepared.gestures.isEmpty else { throw CommandFailure("\(corpus): no gesture left to decode") }
    let provenance = Provenance(
      inputs: [corpusInput] + (try catalog.provenanceInputs(profiles: prepared.devices)), lexicon: lexiconContent, items: prepared.items, top: top)
    var userSet = Set<String>()
    try prepared.gestures.forEach { _, gesture in userSet.insert(gesture.user ?? gesture.id) }
    let userCount = userSet.count
    let settings: JSONValue = [
      "bench": .string(bench), "base": try JSONValue(encoding: base), "grid": .array(parameters.map(JSONValue.string)),
      "random": random.map { JSONValue($0) } ?? .null, "random_seed": JSONValue(seed), "top": JSONValue(top),
      "add_missing_targets": .bool(addMissingTargets), "objective": .string(objective), "users": JSONValue(userCount), "jobs": JSONValue(jobs),
      "sample": sampling.sample.map { JSONValue($0) } ?? .null, "sample_seed": JSONValue(sampling.sampleSeed),
      "user_fold": JSONValue(users.userFold?.description), "exclude_user_fold": JSONValue(users.excludeUserFold?.description),
    ]
    try Self.claim(out, provenance: provenance, settings: settings)
    StandardError.print(
      "sweep: \(configurations.count) of \(plan.gridSize) configurations (shard \(shard)), \(prepared.gestures.count) gestures of \(userCount) users")
    if userCount < RunStatistics.fewGroups {
      StandardError.print(
        "warning: \(userCount) users: no configuration is clearly better than another from fewer than \(RunStatistics.fewGroups) (take --sample N over more users)")
    }
    let sweep = SwipeSweep(benchmark: benchmark, prepared: prepared, plan: plan, provenance: provenance, corpus: corpus, jobs: jobs)
    guard let objectiveMetric = sweep.objectiveMetric(objective) else { throw ValidationError("--objective '\(objective)' has no per-gesture rows") }
    let runner = SweepRunner(
      plan: plan, metrics: sweep.metrics, directory: out, objective: objective, objectiveMetric: objectiveMetric, cost: "decode_ms_median",
      title: "Sweep of the swipe decoder on \(corpus)", footer: try provenance.markdown(config: settings))
    let outcome = try runner.run(configurations, progress: { done, total, perConfig in
      let eta = Double(total - done) * perConfig
      StandardError.print(String(format: "sweep: %d/%d configurations, %.1f s each, ETA %.0f s", done, total, perConfig, eta))
    }, evaluate: sweep.evaluate(_:folder:))
    print("ran \(outcome.ran), resumed \(outcome.resumed); \(outcome.frontier.count) on the Pareto frontier")
    print("wrote \(out)/sweep.csv, sweep.md, \(SweepItems.folderName)/<config>/")
  }

  /// Writes `provenance.json` into `folder`, refusing a folder whose earlier sweep read other
  /// inputs (resuming it would mix rows of two corpora in one table). The earlier provenance.json
  /// is machine-written (by this tool), so `JSONDecoder` reads it.
  static func claim(_ folder: String, provenance: Provenance, settings: JSONValue) throws {
    let path = (folder as NSString).appendingPathComponent("provenance.json")
    let text = try provenance.fileText(config: settings)
    if let data = FileManager.default.contents(atPath: path) {
      guard let earlier = try? JSONDecoder().decode(JSONValue.self, from: data) else {
        throw InputFileError(path: path, kind: .malformed, reason: "not JSON; remove it or use another --out")
      }
      let now = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
      let differences = Comparability(
        baseline: try Comparability.provenance(earlier, in: path), current: now, labels: ("earlier", "now")
      ).inputDifferences
      guard differences.isEmpty else {
        throw CommandFailure(
          "\(folder) holds a sweep of other inputs:\n" + differences.map { "  - \($0)" }.joined(separator: "\n")
            + "\nUse another --out (or remove the folder to start over).")
      }
    }
    else if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(SweepTable.journalName)) {
      // Rows whose inputs nobody can check would be resumed as if they were this sweep's.
      throw CommandFailure(
        "\(folder) holds \(SweepTable.journalName) but no provenance.json, so the inputs of its rows cannot be checked; "
          + "use another --out (or remove the folder to start over)")
    }
    try AtomicFileWriter.write(text, to: path)
  }
}

extension KeybenchSweep: CommandFiles {
  var reads: [FileUse] { [FileUse("--corpus", corpus)] + FileUse.file("--config", config) + database.use }
  var writes: [FileUse] { FileUse.files("--out", in: out, [SweepTable.journalName, "sweep.csv", "sweep.md", "provenance.json", SweepItems.folderName]) }
}
