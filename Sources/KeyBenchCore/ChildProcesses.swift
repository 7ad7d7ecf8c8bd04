public import Foundation

/// Child processes tied to this process's life: every program KeyBench starts — plug-ins, peer
/// tools, the benchmark commands `keybench-report time-ratio` times — is started here, so none
/// keeps running after the KeyBench that started it has ended.
///
/// Foundation starts each child as the leader of a process group of its own, so Ctrl-C at a
/// terminal (SIGINT to the foreground group) reaches KeyBench only, and a KeyBench that exits
/// simply orphans its children. Each registered child is therefore stopped from here when this
/// process is interrupted (SIGINT, SIGTERM, SIGHUP) or exits for any other reason
/// (``TemporaryFiles`` runs ``stopAll()`` before it removes the temporary files): by the
/// child's own `stop` (a plug-in also ends what it left behind), by default SIGTERM to its
/// whole process group, so a KeyBench tool can remove its own partial files, then SIGKILL after
/// ``grace`` seconds. A KeyBench tool started with `endsWithParent` also ends when this process
/// is killed outright (SIGKILL cannot be caught; ``ParentProcess``).
public enum ChildProcesses {
  /// Seconds a child's process group has between SIGTERM and SIGKILL.
  public static let grace = 3.0

  private final class Registry: @unchecked Sendable {
    let lock = NSLock()
    var stops: [Int32: @Sendable () -> Void] = [:]
  }

  private static let registry = Registry()

  /// Starts `process` and registers it; call ``finished(_:)`` once it has ended.
  ///
  /// - Parameters:
  ///   - endsWithParent: the child is a KeyBench tool, told this process's PID
  ///     (``ParentProcess/variable``) so the kernel ends it when this process dies; for any other
  ///     program the variable is removed (a KeyBench tool it starts must not take the variable
  ///     as its own parent's).
  ///   - stop: how to end the child, given its PID, when this process ends; default
  ///     ``endGroup(_:grace:)``.
  /// - Throws: when the program cannot be started.
  public static func start(_ process: Process, endsWithParent: Bool = false, stop: (@Sendable (Int32) -> Void)? = nil) throws {
    var environment = process.environment ?? ProcessInfo.processInfo.environment
    environment[ParentProcess.variable] = endsWithParent ? String(getpid()) : nil
    process.environment = environment
    TemporaryFiles.installOnce()
    try registry.lock.withLock {
      // The child inherits the starting thread's signal mask, and Dispatch's worker threads
      // block SIGINT and SIGTERM: without this a child would ignore the SIGTERM meant to end it.
      var empty = sigset_t()
      var previous = sigset_t()
      sigemptyset(&empty)
      pthread_sigmask(SIG_SETMASK, &empty, &previous)
      defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
      try process.run()
      let pid = process.processIdentifier
      let end = stop ?? { endGroup($0, grace: grace) }
      registry.stops[pid] = { end(pid) }
    }
  }

  /// Stops tracking the child `process` (it ended, or its owner ended it).
  public static func finished(_ process: Process) {
    _ = registry.lock.withLock { registry.stops.removeValue(forKey: process.processIdentifier) }
  }

  /// Ends every registered child (``TemporaryFiles`` calls it when the process ends).
  static func stopAll() {
    let stops = registry.lock.withLock {
      defer { registry.stops.removeAll() }
      return Array(registry.stops.values)
    }
    for stop in stops { stop() }
  }

  /// SIGTERM to process group `group` (a child started by Foundation leads its own), then
  /// SIGKILL to whatever of it still runs after `grace` seconds.
  public static func endGroup(_ group: Int32, grace: Double) {
    guard group > 0, kill(-group, SIGTERM) == 0 else { return }
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(grace * 1e9)
    // kill(-group, 0) succeeds while any member of the group exists (a zombie included, until
    // its parent reaps it), so the wait ends early once the group is gone.
    while kill(-group, 0) == 0 && DispatchTime.now().uptimeNanoseconds < deadline {
      if groupHasOnlyZombies(group) { return }
      usleep(10_000)
    }
    kill(-group, SIGKILL)
  }

  /// Whether every process of `group` has exited and only waits to be reaped.
  private static func groupHasOnlyZombies(_ group: Int32) -> Bool {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
    for entry in entries where entry.first?.isNumber == true {
      guard let bytes = FileManager.default.contents(atPath: "/proc/\(entry)/stat"),
        let close = bytes.lastIndex(of: UInt8(ascii: ")")), close + 2 < bytes.count
      else { continue }
      let fields = bytes[(close + 2)...].split(separator: UInt8(ascii: " "), maxSplits: 3)
      guard fields.count > 2, Int32(String(decoding: fields[2], as: UTF8.self)) == group else { continue }
      if fields[0].first != UInt8(ascii: "Z") { return false }
    }
    return true
  }
}
