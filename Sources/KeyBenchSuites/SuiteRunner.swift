public import Foundation
import KeyBenchCore
import Synchronization

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
    /// Why the stored result this item replaced was not trusted (nil: there was none).
    public var replaced: String? = nil
    /// Why the command never ran (its log could not be written — a full disk — or the program
    /// could not start); then `exitCode` is no program's, and the log may be empty.
    public var notStarted: String? = nil

    /// How it failed, for messages: "exit 3", or "not started: …" when no program ran.
    public var failure: String { notStarted.map { "not started: \($0)" } ?? "exit \(exitCode)" }
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

  /// Whether `item`'s result is in the store, sealed and unchanged (``StoreEntry``).
  public func isComplete(_ item: SuitePlan.Item) -> Bool { state(item) == .complete }

  /// The state of `item`'s store entry.
  public func state(_ item: SuitePlan.Item) -> StoreEntry.State { StoreEntry.state(of: context.store(item.key), item: item) }

  /// The command line of `item` writing into `folder` (default: its store entry; for messages and
  /// `--dry-run`).
  public func command(_ item: SuitePlan.Item, into folder: URL? = nil) -> [String] {
    let target = folder ?? context.store(item.key)
    let tool = context.bin.appendingPathComponent(item.tool).path
    guard item.kind == .step else { return [tool] + item.arguments + ["--out", target.path] }
    return [tool] + item.arguments + [SuiteFile.outputOption(of: item.tool, arguments: item.arguments), target.appendingPathComponent(item.output ?? "").path]
  }

  /// Runs everything selected and returns one outcome per item (failed runs do not stop the
  /// others; a failed step stops the runs, which need its output).
  ///
  /// - Throws: ``SuiteFile/Problem`` when another `keybench-suite run` holds the output folder:
  ///   one whole run at a time, or any number of shards (`--shard`, `--steps-only`), which share
  ///   it and take turns on each item.
  public func run(progress: @escaping @Sendable (String) -> Void) throws -> [Outcome] {
    // Commands their tools would refuse fail the suite before any work; missing inputs fail
    // their items (a dry run lists them).
    _ = try checkCommands()
    let manager = FileManager.default
    for folder in ["store", "logs", "runs", "configs"] {
      try manager.createDirectory(at: context.out.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    let lockPath = context.out.appendingPathComponent(Self.lockName).path
    let sharing = shard.count > 1 || stepsOnly
    guard let lock = try FileLock.acquire(lockPath, mode: sharing ? .shared : .exclusive) else {
      throw SuiteFile.Problem(
        "\(context.out.path) is in use by another keybench-suite (\(FileLock.holder(of: lockPath) ?? "unknown process")); "
          + "wait for it to finish or give another --out (shards of one suite, --shard I/N, may share a folder)")
    }
    defer { withExtendedLifetime(lock) {} }
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
    // Interrupted (Ctrl-C, a cancelled job): say what is kept and how to go on.
    let command = CommandLine.arguments.map(ShellWords.quote).joined(separator: " ")
    TemporaryFiles.onInterrupt { progress(state.interrupted(resume: command)) }
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

  /// Runs `item` unless its entry is complete: into a temporary folder beside the entry, which
  /// is checked and sealed (``StoreEntry``) and renamed into place only after a clean exit. One
  /// process at a time works on an entry (a lock per key), so two suites sharing an output
  /// folder (shards, or a rerun started twice) wait for each other instead of racing.
  func execute(_ item: SuitePlan.Item) -> Outcome {
    let log = context.out.appendingPathComponent("logs").appendingPathComponent(Self.fileName(item.name) + ".log").path
    let entry = context.store(item.key)
    let started = DispatchTime.now().uptimeNanoseconds
    var replaced: String?
    var notStarted: String?
    func finish(_ state: Outcome.State, _ code: Int32) -> Outcome {
      Outcome(
        item: item, state: state, seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, exitCode: code, log: log,
        replaced: replaced, notStarted: notStarted)
    }
    func note(_ text: String) { try? Data("\(text)\n".utf8).append(toLog: log) }
    if state(item) == .complete { return finish(.cached, 0) }
    let manager = FileManager.default
    let store = entry.deletingLastPathComponent()
    let lock: FileLock?
    do {
      try manager.createDirectory(at: store, withIntermediateDirectories: true)
      lock = try FileLock.acquire(store.appendingPathComponent(".\(item.key).lock").path, mode: .exclusive, wait: true)
    } catch {
      try? "cannot lock \(item.key): \(error)\n".write(toFile: log, atomically: false, encoding: .utf8)
      return finish(.failed, 1)
    }
    defer { withExtendedLifetime(lock) {} }
    // Another process may have finished it while this one waited for the lock.
    let before = state(item)
    if before == .complete { return finish(.cached, 0) }
    // What a killed attempt left behind starts over (the lock says nobody works on it now).
    if let names = try? manager.contentsOfDirectory(atPath: store.path) {
      for name in names where name.hasPrefix(".\(item.key).tmp-") { try? manager.removeItem(at: store.appendingPathComponent(name)) }
    }
    let temporary = store.appendingPathComponent(".\(item.key).tmp-\(ProcessInfo.processInfo.processIdentifier)")
    let command = command(item, into: temporary)
    var code: Int32 = 127
    do {
      guard manager.createFile(atPath: log, contents: Data((command.joined(separator: " ") + "\n").utf8)) else {
        throw SuiteFile.Problem("cannot write its log \(log): \(String(cString: strerror(errno)))")
      }
      if case .invalid(let reason) = before {
        replaced = reason
        note("suite: the stored result failed its check (\(reason)); running it again")
      }
      if item.kind == .step { try manager.createDirectory(at: temporary, withIntermediateDirectories: true) }
      TemporaryFiles.register(temporary.path)
      defer {
        try? manager.removeItem(at: temporary)
        TemporaryFiles.unregister(temporary.path)
      }
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
      try handle.seekToEnd()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: command[0])
      process.arguments = Array(command.dropFirst())
      process.standardOutput = handle
      process.standardError = handle
      process.standardInput = FileHandle.nullDevice
      // Relative paths are relative to the folder of the suite file naming the item; the
      // project's files and lexicon database come from its home (SuitePlan.Context).
      process.currentDirectoryURL = item.folder
      process.environment = childEnvironment
      try Children.shared.run(process)
      process.waitUntilExit()
      Children.shared.remove(process)
      try? handle.close()
      code = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
      if code == 0 {
        do {
          try StoreEntry.seal(temporary, item: item)
          try Self.replace(entry, with: temporary)
        } catch {
          note("suite: \(error)")
          code = 1
        }
      }
    } catch {
      // The log may be unwritable (a full disk): the reason goes into the outcome, not only the log.
      notStarted = "\(error)"
      try? (command.joined(separator: " ") + "\ncannot start: \(error)\n").write(toFile: log, atomically: false, encoding: .utf8)
    }
    // A clean exit that was sealed and renamed into place is a complete entry (code is 1 when
    // sealing or the rename failed); it is not hashed again here.
    return finish(code == 0 ? .done : .failed, code)
  }

  /// The environment of every command: this process's, with the suite's home as `KEYBENCH_HOME`
  /// and the corpora its `${corpora}` names as `KEYBENCH_CORPORA`, for tools that find files
  /// there themselves (the How We Swipe phrase list): commands run in the suite's folder, where
  /// the default `../shared/corpora` is another folder.
  var childEnvironment: [String: String] {
    var environment = ParentProcess.childEnvironment()
    environment["KEYBENCH_HOME"] = context.home.path
    environment["KEYBENCH_CORPORA"] = context.variables["corpora"]
    environment[MachineReference.environmentVariable] = MachineReference.environmentValue(Self.machineReference.current())
    return environment
  }

  /// The machine reference every command of this suite records: measured here once instead of in
  /// every run (60 ms each), and again when older than ``SharedReading/lifetime``, so a long suite
  /// follows the machine's slower and faster phases.
  static let machineReference = SharedReading()

  final class SharedReading: Sendable {
    /// Seconds a reading is handed on before it is measured again.
    static let lifetime = 300.0
    private let state = Mutex<MachineReference.Reading?>(nil)

    func current() -> MachineReference.Reading {
      state.withLock { (reading: inout MachineReference.Reading?) -> MachineReference.Reading in
        if let reading, Date().timeIntervalSince(reading.measured) < Self.lifetime { return reading }
        let fresh = MachineReference.measureNow()
        reading = fresh
        return fresh
      }
    }
  }

  /// Puts the sealed folder `temporary` at `entry`, moving an invalid earlier entry out of the
  /// way first (rename cannot replace a non-empty folder).
  static func replace(_ entry: URL, with temporary: URL) throws {
    let manager = FileManager.default
    if (try? manager.destinationOfSymbolicLink(atPath: entry.path)) != nil || manager.fileExists(atPath: entry.path) {
      let aside = entry.deletingLastPathComponent().appendingPathComponent(".\(entry.lastPathComponent).old-\(ProcessInfo.processInfo.processIdentifier)")
      try? manager.removeItem(at: aside)
      guard rename(entry.path, aside.path) == 0 else {
        throw SuiteFile.Problem("cannot move the earlier \(entry.path) aside: \(String(cString: strerror(errno)))")
      }
      try? manager.removeItem(at: aside)
    }
    guard rename(temporary.path, entry.path) == 0 else {
      throw SuiteFile.Problem("cannot move \(temporary.path) into place: \(String(cString: strerror(errno)))")
    }
  }

  func link(_ item: SuitePlan.Item) throws { try SuiteOutput.link(item, in: context.out) }

  /// `plan.json`: every item of the suite with its key, so `status`, `report` and `merge` can
  /// read an output folder without the suite file.
  public func writePlan() throws {
    try FileManager.default.createDirectory(at: context.out, withIntermediateDirectories: true)
    // Paths inside the output folder are written as ${out}/…, so a plan (and its identity) does
    // not depend on where the folder is: shards written to different folders merge.
    let items = plan.items.map { item -> JSONValue in
      let arguments = Array(StoreEntry.command(of: item, entry: context.store(item.key)).dropFirst())
      var object: [String: JSONValue] = [
        "kind": .string(item.kind.rawValue), "name": .string(item.name), "entry": .string(item.entry), "tool": .string(item.tool),
        "arguments": .array(arguments.map(JSONValue.string)), "key": .string(item.key),
      ]
      if let bench = item.bench { object["bench"] = .string(bench) }
      if let output = item.output { object["output"] = .string(output) }
      if item.round > 1 { object["round"] = JSONValue(item.round) }
      object["folder"] = .string(item.folder.path)
      return .object(object)
    }
    let plan: JSONValue = [
      "keybench_suite_plan": 1, "suite": .string(self.plan.suite), "items": .array(items),
      "figures": .array(self.plan.figures),
    ]
    try AtomicFileWriter.write(try plan.prettyText(escapingSlashes: false) + "\n", to: context.out.appendingPathComponent("plan.json").path)
  }

  /// The output folder's lock file (``FileLock``).
  public static let lockName = ".keybench-suite.lock"

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

    /// What an interruption leaves: finished results are stored and sealed, running ones are
    /// stopped and discarded; the same command resumes.
    func interrupted(resume command: String) -> String {
      lock.withLock {
        "suite: interrupted: \(finished) of \(total) runs finished and kept (\(worked) ran or failed, \(finished - worked) cached); "
          + "the runs in progress were stopped and left nothing. Resume with the same command: \(command)"
      }
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
        if outcome.state == .failed {
          text += " (\(outcome.failure); log \(outcome.log))"
        }
        if let reason = outcome.replaced { text += " (ran again: the stored result failed its check: \(reason))" }
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
