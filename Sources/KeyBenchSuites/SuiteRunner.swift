import Foundation
import KeyBenchCore

/// Runs a plan into its output folder: steps first (in order), then runs (`jobs` at a time, this
/// shard's share), each skipped as `cached` when its store folder already holds a complete result.
///
/// Completeness is structural: `keybench-run` replaces its `--out` folder as a unit and the tools
/// rename their output into place, so a store entry exists only when its command finished; a
/// killed suite leaves nothing that looks complete and resumes where it stopped.
public struct SuiteRunner: Sendable {
  public var plan: SuitePlan
  public var context: SuitePlan.Context
  public var jobs = 1
  /// `(index, count)`, 1-based: runs whose position in the plan ≡ index − 1 (mod count).
  public var shard: (index: Int, count: Int) = (1, 1)
  public var only: [String] = []
  /// Run the preparation steps only (a cluster's preparation job, before the array).
  public var stepsOnly = false

  public init(plan: SuitePlan, context: SuitePlan.Context) {
    self.plan = plan
    self.context = context
  }

  public struct Outcome: Sendable {
    public enum State: String, Sendable { case cached, done, failed, skipped }
    public var item: SuitePlan.Item
    public var state: State
    public var seconds: Double
    public var exitCode: Int32
    public var log: String
  }

  /// The items this invocation is responsible for: every step (they are cheap and cached), and
  /// the runs matching `only` in this shard.
  public var selected: [SuitePlan.Item] {
    var position = -1
    return plan.items.filter { item in
      guard item.kind == .run else { return true }
      guard !stepsOnly else { return false }
      guard only.isEmpty || only.contains(where: { SuitePattern.matches($0, item.name) || SuitePattern.matches($0, item.entry) }) else {
        return false
      }
      position += 1
      return position % shard.count == shard.index - 1
    }
  }

  /// Whether `item`'s result is in the store.
  public func isComplete(_ item: SuitePlan.Item) -> Bool {
    FileManager.default.fileExists(atPath: context.store(item.key).appendingPathComponent(item.completionMarker).path)
  }

  /// The command line of `item` (for messages and `--dry-run`).
  public func command(_ item: SuitePlan.Item) -> [String] {
    let tool = context.bin.appendingPathComponent(item.tool).path
    guard item.kind == .step else { return [tool] + item.arguments + ["--out", context.store(item.key).path] }
    return [tool] + item.arguments + [SuiteFile.outputOption(of: item.tool), stagingPath(item)]
  }

  /// Where a step writes before its output is renamed into place: a database is written in
  /// place by SQLite, so only the rename after a clean exit may make it the step's output.
  func stagingPath(_ item: SuitePlan.Item) -> String {
    let output = context.store(item.key).appendingPathComponent(item.output ?? "").path
    return item.tool == "keybench-ingest" ? output + ".partial" : output
  }

  /// Runs everything selected and returns one outcome per item (failed runs do not stop the
  /// others; a failed step stops the runs, which need its output).
  public func run(progress: @escaping @Sendable (String) -> Void) throws -> [Outcome] {
    let manager = FileManager.default
    for folder in ["store", "logs", "runs", "configs"] {
      try manager.createDirectory(at: context.out.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for (path, text) in plan.configFiles where !manager.fileExists(atPath: path) {
      try AtomicFileWriter.write(text + "\n", to: path)
    }
    try writePlan()
    var outcomes: [Outcome] = []
    let items = selected
    for step in items where step.kind == .step {
      let outcome = execute(step)
      progress("suite: step \(step.name): \(outcome.state.rawValue)" + (outcome.state == .done ? " in \(Self.duration(outcome.seconds))" : ""))
      outcomes.append(outcome)
      if outcome.state == .failed {
        return outcomes + items.filter { $0.kind == .run }.map { Outcome(item: $0, state: .skipped, seconds: 0, exitCode: 0, log: "") }
      }
    }
    let runs = items.filter { $0.kind == .run }
    let state = Progress(total: runs.count, jobs: max(1, jobs))
    let results = Results(count: runs.count)
    let semaphore = DispatchSemaphore(value: max(1, jobs))
    let group = DispatchGroup()
    let runner = self
    for (index, item) in runs.enumerated() {
      semaphore.wait()
      group.enter()
      DispatchQueue.global().async {
        defer {
          semaphore.signal()
          group.leave()
        }
        let outcome = runner.execute(item)
        if outcome.state != .failed { try? runner.link(item) }
        results.set(index, outcome)
        progress(state.line(for: outcome))
      }
    }
    group.wait()
    outcomes += results.all
    return outcomes
  }

  func execute(_ item: SuitePlan.Item) -> Outcome {
    let log = context.out.appendingPathComponent("logs").appendingPathComponent(Self.fileName(item.name) + ".log").path
    if isComplete(item) { return Outcome(item: item, state: .cached, seconds: 0, exitCode: 0, log: log) }
    let started = DispatchTime.now().uptimeNanoseconds
    let command = command(item)
    var code: Int32 = 127
    do {
      try FileManager.default.createDirectory(at: context.store(item.key).deletingLastPathComponent(), withIntermediateDirectories: true)
      if item.kind == .step { try FileManager.default.createDirectory(at: context.store(item.key), withIntermediateDirectories: true) }
      // A failure here surfaces as FileHandle's error on the next line, with the path.
      _ = FileManager.default.createFile(atPath: log, contents: Data((command.joined(separator: " ") + "\n").utf8))
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
      try handle.seekToEnd()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: command[0])
      process.arguments = Array(command.dropFirst())
      process.standardOutput = handle
      process.standardError = handle
      process.standardInput = FileHandle.nullDevice
      let staging = item.kind == .step ? stagingPath(item) : ""
      let output = context.store(item.key).appendingPathComponent(item.output ?? "").path
      if item.kind == .step, staging != output {
        // What a killed attempt left half-written starts over.
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: staging + suffix) }
      }
      try Children.shared.run(process)
      process.waitUntilExit()
      Children.shared.remove(process)
      try? handle.close()
      code = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
      if code == 0, item.kind == .step, staging != output, rename(staging, output) != 0 {
        let reason = FileManager.default.fileExists(atPath: staging)
          ? "cannot move \(staging) into place: \(String(cString: strerror(errno)))"
          : "the step exited 0 but wrote no \(staging)"
        try? Data("\(reason)\n".utf8).append(toLog: log)
        code = 1
      }
    } catch {
      try? (command.joined(separator: " ") + "\ncannot start: \(error)\n").write(toFile: log, atomically: false, encoding: .utf8)
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    let finished = code == 0 && isComplete(item)
    return Outcome(item: item, state: finished ? .done : .failed, seconds: seconds, exitCode: finished ? 0 : (code == 0 ? 1 : code), log: log)
  }

  func link(_ item: SuitePlan.Item) throws { try SuiteOutput.link(item, in: context.out) }

  /// `plan.json`: every item of the suite with its key, so `status`, `report` and `merge` can
  /// read an output folder without the suite file.
  public func writePlan() throws {
    try FileManager.default.createDirectory(at: context.out, withIntermediateDirectories: true)
    let items = plan.items.map { item -> [String: Any] in
      var object: [String: Any] = [
        "kind": item.kind.rawValue, "name": item.name, "entry": item.entry, "tool": item.tool, "arguments": item.arguments, "key": item.key,
      ]
      if let bench = item.bench { object["bench"] = bench }
      if let output = item.output { object["output"] = output }
      if item.round > 1 { object["round"] = item.round }
      return object
    }
    let data = try JSONSerialization.data(
      withJSONObject: [
        "keybench_suite_plan": 1, "suite": plan.suite, "items": items,
        "figures": (try? JSONSerialization.jsonObject(with: plan.figures)) ?? [Any](),
      ], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    try AtomicFileWriter.write(String(decoding: data, as: UTF8.self) + "\n", to: context.out.appendingPathComponent("plan.json").path)
  }

  static func fileName(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber || "-_.=,[]".contains($0) ? $0 : "_" })
  }

  static func duration(_ seconds: Double) -> String {
    seconds < 60 ? String(format: "%.1f s", seconds) : String(format: "%dm %02ds", Int(seconds) / 60, Int(seconds) % 60)
  }

  /// Counts finished runs and estimates the time left from the mean of those that did work.
  final class Progress: @unchecked Sendable {
    let lock = NSLock()
    let total: Int
    var finished = 0
    var worked = 0
    var workSeconds = 0.0
    /// Runs at a time: the time left is the remaining runs' work shared among them.
    let jobs: Int
    init(total: Int, jobs: Int) {
      self.total = total
      self.jobs = jobs
    }

    func line(for outcome: Outcome) -> String {
      lock.withLock {
        finished += 1
        if outcome.state == .done || outcome.state == .failed {
          worked += 1
          workSeconds += outcome.seconds
        }
        var text = "suite: [\(finished)/\(total)] \(outcome.item.name): \(outcome.state.rawValue)"
        if outcome.state != .cached { text += " in \(SuiteRunner.duration(outcome.seconds))" }
        if outcome.state == .failed { text += " (exit \(outcome.exitCode); log \(outcome.log))" }
        if worked > 0 && finished < total {
          text += "; about \(SuiteRunner.duration(workSeconds / Double(worked) * Double(total - finished) / Double(min(jobs, total - finished)))) left"
        }
        return text
      }
    }
  }

  final class Results: @unchecked Sendable {
    let lock = NSLock()
    var values: [Outcome?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ outcome: Outcome) { lock.withLock { values[index] = outcome } }
    var all: [Outcome] { lock.withLock { values.compactMap { $0 } } }
  }

  /// The commands running now, stopped with the suite: a suite killed by SIGTERM (a cancelled or
  /// preempted cluster job) or SIGINT must not leave a benchmark running that would later store a
  /// result nobody waited for.
  final class Children: @unchecked Sendable {
    static let shared = Children()
    private let lock = NSLock()
    private var running: [ObjectIdentifier: Process] = [:]
    private var installed = false

    func run(_ process: Process) throws {
      try lock.withLock {
        if !installed {
          installed = true
          TemporaryFiles.onInterrupt { [self] in stopAll() }
        }
        // The child inherits the spawning thread's signal mask, and Dispatch's worker threads block
        // SIGINT and SIGTERM: without this, a cancelled job's benchmark would ignore its SIGTERM
        // and finish (found by Scripts/test-slurm).
        var empty = sigset_t()
        var previous = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
        running[ObjectIdentifier(process)] = process
      }
    }

    func remove(_ process: Process) {
      _ = lock.withLock { running.removeValue(forKey: ObjectIdentifier(process)) }
    }

    /// SIGTERM to every running command, then waits for them (each cleans up its own files).
    private func stopAll() {
      let processes = lock.withLock { Array(running.values) }
      for process in processes where process.isRunning { kill(process.processIdentifier, SIGTERM) }
      for process in processes { process.waitUntilExit() }
    }
  }
}

extension Data {
  /// Appends these bytes to the log file at `path` (a suite item's log).
  func append(toLog path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: self)
  }
}
