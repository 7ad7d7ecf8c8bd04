import CKeyBenchSystem
import Foundation

/// Temporary outputs in flight, removed whenever the process ends — normally, by an error,
/// interrupted (SIGINT, SIGTERM, SIGHUP) or by a crash (``keybench_crash_cleanup_set``: a
/// runtime failure, an allocation refused under a memory limit) — and swept by later runs when
/// a process was killed outright (SIGKILL cannot be caught), so no run leaves a half-written file
/// or a scratch copy behind (an earlier probe found 1.1 GB of them after a minute of kills).
///
/// The same handlers first end the child processes this process started
/// (``ChildProcesses``): one place decides the order — children stopped, then their files
/// removed — so stopping and cleaning up cannot race each other.
public enum TemporaryFiles {
  private final class Registry: @unchecked Sendable {
    let lock = NSLock()
    var paths: Set<String> = []
    var installed = false
    var sources: [any DispatchSourceSignal] = []
    var actions: [@Sendable () -> Void] = []
    /// The thread handling an interruption, once one arrived.
    var interruptedBy: pthread_t?
  }

  private static let registry = Registry()

  /// The signals that end a run cleanly: Ctrl-C, a batch system's or `kill`'s SIGTERM, a closed
  /// terminal.
  static let interruptions = [SIGINT, SIGTERM, SIGHUP]

  /// Registers `path` (file or folder) for removal when the process ends; installs the handlers once.
  public static func register(_ path: String) {
    registry.lock.withLock {
      registry.paths.insert(path)
      installHandlers()
      publishForCrashes()
    }
  }

  /// Hands the registered paths to the crash handler, which can run no Swift; call with the
  /// registry lock held.
  private static func publishForCrashes() {
    let copies = registry.paths.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer<CChar>($0) }
    _ = pointers.withUnsafeBufferPointer { keybench_crash_cleanup_set($0.baseAddress, Int32($0.count)) }
  }

  /// Runs `action` when the process is interrupted (SIGINT, SIGTERM, SIGHUP), before the child
  /// processes are stopped and the temporary files removed and the process exits.
  public static func onInterrupt(_ action: @escaping @Sendable () -> Void) {
    registry.lock.withLock {
      registry.actions.append(action)
      installHandlers()
    }
  }

  /// Called by a thread about to end the process: when an interruption is being handled on
  /// another thread (children stopped, files being removed), waits for that thread to end the
  /// process with 128 + the signal (30 s at most), so a command whose child was just stopped
  /// does not exit first with its own failure status (2) while the files are half removed.
  public static func yieldToInterruption() {
    let handling = registry.lock.withLock { registry.interruptedBy }
    guard let handling, pthread_equal(handling, pthread_self()) == 0 else { return }
    for _ in 0..<3000 { usleep(10_000) }
  }

  /// Makes sure the handlers are installed (``ChildProcesses`` relies on them).
  static func installOnce() {
    registry.lock.withLock { installHandlers() }
  }

  /// Installs the signal and exit handlers once; call with the registry lock held.
  private static func installHandlers() {
    guard !registry.installed else { return }
    registry.installed = true
    for signalNumber in interruptions {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        let first = registry.lock.withLock {
          defer { registry.interruptedBy = registry.interruptedBy ?? pthread_self() }
          return registry.interruptedBy == nil
        }
        guard first else { return }
        keybench_mark_interrupted(signalNumber)
        for action in registry.lock.withLock({ registry.actions }) { action() }
        cleanUp()
        // The conventional status of a process ended by a signal.
        exit(128 + signalNumber)
      }
      source.resume()
      registry.sources.append(source)
    }
    // Every other way out (a normal return, an error's exit status, `exit` anywhere).
    atexit { TemporaryFiles.cleanUp() }
  }

  /// Stops the child processes, then removes every registered path. Another thread that exits
  /// while an interruption is being handled waits here for it, so the process ends with the
  /// signal's status only once everything is cleaned up (its children, seeing their own end,
  /// would otherwise let it exit with an error status first).
  static func cleanUp() {
    if let handler = registry.lock.withLock({ registry.interruptedBy }), pthread_equal(handler, pthread_self()) == 0 {
      while true { pause() }
    }
    ChildProcesses.stopAll()
    removeAll()
  }

  /// Stops tracking `path` (it was renamed into place or removed).
  public static func unregister(_ path: String) {
    registry.lock.withLock {
      guard registry.paths.remove(path) != nil else { return }
      publishForCrashes()
    }
  }

  static func removeAll() {
    let paths = registry.lock.withLock {
      defer {
        registry.paths.removeAll()
        publishForCrashes()
      }
      return registry.paths
    }
    // Another thread may still add a file to a folder being removed: a few tries.
    for path in paths {
      for _ in 0..<3 where FileManager.default.fileExists(atPath: path) { try? FileManager.default.removeItem(atPath: path) }
    }
  }

  /// The marker in temporary names: `.NAME<marker>PID`.
  public static func name(for target: String, kind: String) -> String {
    let url = URL(fileURLWithPath: target)
    return url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(kind)-\(ProcessInfo.processInfo.processIdentifier)"
    ).path
  }

  /// Removes leftovers `.NAME.<kind>-PID` beside `target` whose process no longer runs.
  public static func sweepStale(beside target: String, kind: String) {
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent().path
    sweep(folder: folder.isEmpty ? "." : folder, prefix: ".\(url.lastPathComponent).\(kind)-")
  }

  /// A new, registered scratch path in the temporary folder, `PREFIX-PID-RANDOM` + `suffix`
  /// (the caller creates the file or folder). Scratch paths of `prefix` whose process no longer
  /// runs — left by a run killed with SIGKILL — are removed first, so a killed run's copies
  /// (a plug-in's 2 MB lexicon export, a benchmark's output) do not pile up.
  public static func scratch(_ prefix: String, suffix: String = "") -> String {
    let folder = FileManager.default.temporaryDirectory.path
    sweep(folder: folder, prefix: prefix + "-")
    let path = (folder as NSString).appendingPathComponent(
      "\(prefix)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))\(suffix)")
    register(path)
    return path
  }

  /// Removes the entries of `folder` named `prefix` + PID (+ anything not a digit) whose
  /// process no longer runs.
  private static func sweep(folder: String, prefix: String) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for entry in entries where entry.hasPrefix(prefix) {
      let digits = entry.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
      guard let pid = Int32(digits), pid > 0, pid != ProcessInfo.processInfo.processIdentifier else { continue }
      // kill(pid, 0) fails with ESRCH when no such process exists.
      if kill(pid, 0) != 0 && errno == ESRCH {
        try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(entry))
      }
    }
  }
}
