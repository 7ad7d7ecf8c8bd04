import Dispatch
import Foundation
import KeyBenchCore
public import KeyBenchResults

/// Runs a sweep's configurations, resuming from the journal and skipping finished rows.
///
/// The benchmark itself is a closure from a configuration and its run folder to its metric
/// values, so any benchmark whose plug-in has a JSON configuration can be swept; expensive
/// inputs (corpus, lexicon, laid-out layouts) are prepared once by the caller and shared by
/// every call. Each configuration's run folder (`runs/<config>/`) holds its per-item rows, from
/// which the frontier and the best are decided by paired tests (``SweepItems``).
public struct SweepRunner {
  public var plan: SweepPlan
  public var metrics: [String]
  public var directory: String
  /// The metric a higher value of is better, and the one a lower value of is (for Pareto).
  public var objective: String
  public var cost: String
  public var title: String
  /// Markdown appended to `sweep.md` (how the sweep was made).
  public var footer: String
  /// `objective` as computed from each configuration's rows, for the paired tests.
  public var objectiveMetric: RowMetric

  public init(
    plan: SweepPlan, metrics: [String], directory: String, objective: String, objectiveMetric: RowMetric, cost: String, title: String,
    footer: String = ""
  ) {
    self.footer = footer
    self.objectiveMetric = objectiveMetric
    self.plan = plan
    self.metrics = metrics
    self.directory = directory
    self.objective = objective
    self.cost = cost
    self.title = title
  }

  /// What happened, for the tool's last line.
  public struct Outcome: Sendable {
    public var ran: Int
    public var resumed: Int
    public var table: SweepTable
    /// The configurations on the Pareto frontier, as sweep.md shows them.
    public var frontier: Set<String>
  }

  /// Runs every configuration not yet in the journal; `evaluate` writes the configuration's run
  /// folder (the path it is given) and returns its metric values; `progress` gets (done, total,
  /// seconds per configuration so far) after each one.
  public func run(
    _ configurations: [SweepPlan.Configuration],
    progress: (Int, Int, Double) -> Void = { _, _, _ in },
    evaluate: (SweepPlan.Configuration, String) throws -> [Double?]
  ) throws -> Outcome {
    guard metrics.contains(objective), metrics.contains(cost) else {
      throw SweepError("the Pareto metrics \(objective) and \(cost) must be among \(metrics.joined(separator: ", "))")
    }
    // One writer per sweep folder: two sweeps appending to one journal would each write every
    // configuration, and a resume would then count them twice.
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let lockPath = (directory as NSString).appendingPathComponent(Self.lockName)
    guard let lock = try FileLock.acquire(lockPath, mode: .exclusive) else {
      throw SweepError("\(directory) is in use by another sweep (\(FileLock.holder(of: lockPath) ?? "unknown process")); wait for it to finish or give another --out")
    }
    defer { withExtendedLifetime(lock) {} }
    var table = SweepTable(parameters: plan.parameters.map(\.name), metrics: metrics)
    if let journal = try SweepTable.readJournal(in: directory, warn: { StandardError.write("sweep: warning: \($0)\n") }) {
      guard journal.metrics == metrics else {
        throw SweepError(
          "\(directory) holds a sweep measuring \(journal.metrics.joined(separator: ", ")), not \(metrics.joined(separator: ", ")); "
            + "use another --out or remove \(SweepTable.journalName) to start over")
      }
      table = journal
    }
    try plan.check(table, path: (directory as NSString).appendingPathComponent(SweepTable.journalName), remedy: "use another --out")
    // A row whose run folder is gone (removed, or written before sweeps kept them) cannot take
    // part in the paired tests: it runs again.
    let orphans = table.rows.filter { !SweepItems.hasRun($0.config, in: directory) }.map(\.config)
    if !orphans.isEmpty {
      let list = orphans.prefix(8).joined(separator: ", ") + (orphans.count > 8 ? ", …" : "")
      StandardError.write("sweep: warning: \(orphans.count) journalled configuration(s) have no per-item rows in \(SweepItems.folderName)/ (\(list)); they run again\n")
      table.rows.removeAll { orphans.contains($0.config) }
      try table.rewriteJournal(in: directory)
    }
    var items = try SweepItems(directory: directory, metric: objectiveMetric)
    var frontier = Set<String>()
    var done = Set(table.rows.map(\.config))
    let pending = configurations.filter { !done.contains($0.id) }
    let resumed = configurations.count - pending.count
    let started = DispatchTime.now().uptimeNanoseconds
    for (offset, configuration) in pending.enumerated() {
      // The run folder first: a journalled row always has its per-item rows.
      let metrics = try evaluate(configuration, SweepItems.folder(of: configuration.id, in: directory))
      let row = SweepTable.Row(config: configuration.id, values: configuration.values.map(\.description), metrics: metrics)
      try table.append(row, toJournalIn: directory)
      table.rows.append(row)
      done.insert(row.config)
      frontier = try table.write(to: directory, objective: objective, cost: cost, title: title, footer: footer, items: &items)
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
      progress(resumed + offset + 1, configurations.count, seconds / Double(offset + 1))
    }
    if pending.isEmpty && !table.rows.isEmpty {
      frontier = try table.write(to: directory, objective: objective, cost: cost, title: title, footer: footer, items: &items)
    }
    return Outcome(ran: pending.count, resumed: resumed, table: table, frontier: frontier)
  }

  /// The sweep folder's lock file (``FileLock``).
  public static let lockName = ".keybench-sweep.lock"
}
