import Foundation

/// Temporary outputs in flight, removed when the process is interrupted (SIGINT, SIGTERM) and
/// swept by later runs when a process was killed outright, so an interrupted benchmark leaves no
/// half-written file behind (an earlier probe found 1.1 GB of them after a minute of kills).
public enum TemporaryFiles {
  private final class Registry: @unchecked Sendable {
    let lock = NSLock()
    var paths: Set<String> = []
    var installed = false
    var sources: [any DispatchSourceSignal] = []
    var actions: [@Sendable () -> Void] = []
  }

  private static let registry = Registry()

  /// Registers `path` (file or folder) for removal on SIGINT/SIGTERM; installs the handlers once.
  public static func register(_ path: String) {
    registry.lock.withLock {
      registry.paths.insert(path)
      installHandlers()
    }
  }

  /// Runs `action` when the process is interrupted (SIGINT, SIGTERM), before the temporary files
  /// are removed and the process exits — one handler for the whole process, so stopping child
  /// processes and cleaning up cannot race each other.
  public static func onInterrupt(_ action: @escaping @Sendable () -> Void) {
    registry.lock.withLock {
      registry.actions.append(action)
      installHandlers()
    }
  }

  /// Installs the signal handlers once; call with the registry lock held.
  private static func installHandlers() {
    guard !registry.installed else { return }
    registry.installed = true
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        for action in registry.lock.withLock({ registry.actions }) { action() }
        removeAll()
        // The conventional status of a process ended by a signal.
        exit(128 + signalNumber)
      }
      source.resume()
      registry.sources.append(source)
    }
  }

  /// Stops tracking `path` (it was renamed into place or removed).
  public static func unregister(_ path: String) {
    _ = registry.lock.withLock { registry.paths.remove(path) }
  }

  static func removeAll() {
    let paths = registry.lock.withLock { registry.paths }
    for path in paths { try? FileManager.default.removeItem(atPath: path) }
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
    let prefix = ".\(url.lastPathComponent).\(kind)-"
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return }
    for entry in entries where entry.hasPrefix(prefix) {
      guard let pid = Int32(entry.dropFirst(prefix.count)), pid != ProcessInfo.processInfo.processIdentifier else { continue }
      // kill(pid, 0) fails with ESRCH when no such process exists.
      if kill(pid, 0) != 0 && errno == ESRCH {
        try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(entry))
      }
    }
  }
}
