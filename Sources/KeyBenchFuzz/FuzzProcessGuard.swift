import CKeyBenchSystem
public import Foundation
import KeyBenchCore

/// What libFuzzer does for its own executions, for the standalone mutation runner: the input of
/// an execution that traps is saved before the process dies, an execution that runs longer than
/// the timeout is saved and ends the process, and so does one that grows memory past a limit.
///
/// Artifacts are written as `<prefix>crash-pending-<pid>`, `<prefix>timeout-pending-<pid>` and
/// `<prefix>oom-pending-<pid>`; `Scripts/fuzz` renames them by content hash as libFuzzer names
/// its own (`crash-<sha1>`). Exit status: the signal's for a crash, 70 for a timeout, 71 for
/// running out of memory.
public enum FuzzProcessGuard {
  /// Exit status after a hang.
  public static let timeoutStatus: Int32 = 70
  /// Exit status after exceeding the memory limit.
  public static let outOfMemoryStatus: Int32 = 71

  /// Installs the signal handlers and starts the watchdog thread. Call once, before running.
  /// With `saveInputs` false (replaying saved inputs) nothing is written, only reported.
  public static func install(artifactPrefix: String, timeoutSeconds: Double, rssLimitMB: Int, saveInputs: Bool = true) {
    let pid = getpid()
    GuardState.crashPath = saveInputs ? strdup("\(artifactPrefix)crash-pending-\(pid)") : nil
    GuardState.prefix = artifactPrefix
    GuardState.saveInputs = saveInputs
    for signal in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE] {
      var action = sigaction()
      #if os(Linux)
        action.__sigaction_handler.sa_handler = crashHandler
      #else
        action.__sigaction_u.__sa_handler = crashHandler
      #endif
      action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND) | UInt32(SA_NODEFER))
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
    let watchdog = Thread {
      watch(timeoutNanoseconds: UInt64(max(0.001, timeoutSeconds) * 1e9), rssLimitBytes: rssLimitMB << 20)
    }
    watchdog.stackSize = 1 << 20
    watchdog.start()
  }

  /// Marks the start of an execution of `input`.
  public static func begin(_ input: Data) {
    GuardState.lock.lock()
    defer { GuardState.lock.unlock() }
    if GuardState.capacity < input.count {
      GuardState.buffer?.deallocate()
      GuardState.capacity = max(input.count, 1 << 16)
      GuardState.buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: GuardState.capacity)
    }
    input.copyBytes(to: GuardState.buffer!, count: input.count)
    GuardState.length = input.count
    GuardState.started = monotonicNanoseconds()
  }

  /// Marks the end of the execution.
  public static func end() {
    GuardState.lock.lock()
    GuardState.started = 0
    GuardState.lock.unlock()
  }

  private static func watch(timeoutNanoseconds: UInt64, rssLimitBytes: Int) {
    var tick = 0
    while true {
      usleep(50_000)
      tick += 1
      GuardState.lock.lock()
      let started = GuardState.started
      GuardState.lock.unlock()
      if started != 0 && monotonicNanoseconds() - started > timeoutNanoseconds {
        fail(kind: "timeout", status: timeoutStatus, message: "an execution ran longer than \(Double(timeoutNanoseconds) / 1e9) s")
      }
      if rssLimitBytes > 0, tick % 4 == 0, let resident = ProcessMemory.residentBytes(), resident > rssLimitBytes {
        fail(kind: "oom", status: outOfMemoryStatus, message: "resident memory \(resident >> 20) MB exceeds \(rssLimitBytes >> 20) MB")
      }
    }
  }

  /// Saves the running input as a `kind` artifact and ends the process (from the watchdog; the
  /// main thread is stuck inside the execution and does not touch the buffer).
  private static func fail(kind: String, status: Int32, message: String) -> Never {
    GuardState.lock.lock()
    var note = "==keybench-fuzz== \(kind): \(message)"
    if GuardState.saveInputs {
      let path = "\(GuardState.prefix)\(kind)-pending-\(getpid())"
      let data = GuardState.buffer.map { Data(bytes: $0, count: GuardState.length) } ?? Data()
      _ = FileManager.default.createFile(atPath: path, contents: data)
      note += "; input saved to \(path)"
    }
    // Straight to the descriptor: the stuck main thread may hold stdio's lock, so this thread
    // must not flush standard output (StandardError would).
    FileHandle.standardError.write(Data((note + "\n").utf8))
    _exit(status)
  }

  static func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }
}

/// The guard's process-wide state. The signal handler reads it without locking: traps are
/// synchronous, so it runs on the thread that wrote the input, between `begin` and `end`.
private enum GuardState {
  nonisolated(unsafe) static var buffer: UnsafeMutablePointer<UInt8>?
  nonisolated(unsafe) static var capacity = 0
  nonisolated(unsafe) static var length = 0
  nonisolated(unsafe) static var started: UInt64 = 0
  nonisolated(unsafe) static var crashPath: UnsafeMutablePointer<CChar>?
  nonisolated(unsafe) static var prefix = ""
  nonisolated(unsafe) static var saveInputs = true
  static let lock = NSLock()
}

/// Writes the running input to the crash artifact with async-signal-safe calls only, then lets
/// the signal take its default course (SA_RESETHAND restored it) so the exit status names it.
private func crashHandler(_ signal: Int32) {
  // Interrupted and removing the scratch files: a trap on the running execution is no finding.
  keybench_end_interrupted_trap()
  let note: StaticString = "==keybench-fuzz== deadly signal"
  _ = write(2, note.utf8Start, note.utf8CodeUnitCount)
  if let path = GuardState.crashPath {
    let saved: StaticString = "; input saved to "
    _ = write(2, saved.utf8Start, saved.utf8CodeUnitCount)
    _ = write(2, path, strlen(path))
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if descriptor >= 0 {
      if let buffer = GuardState.buffer { _ = write(descriptor, buffer, GuardState.length) }
      close(descriptor)
    }
  }
  _ = write(2, "\n", 1)
  raise(signal)
}
