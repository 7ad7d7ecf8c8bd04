import CKeyBenchSystem
import Foundation

/// Ties a tool started by another KeyBench tool (a suite's or sweep's child) to its parent's
/// life: the kernel stops it when the parent dies, even by SIGKILL, so a killed suite never
/// leaves a benchmark running that would store a result nobody waits for, or race the rerun.
public enum ParentProcess {
  /// The variable a parent sets to its PID for the children it starts.
  public static let variable = "KEYBENCH_PARENT_PID"

  /// The environment for a child: this process's with ``variable`` set to its PID.
  public static func childEnvironment() -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment[variable] = String(getpid())
    return environment
  }

  /// When started by a KeyBench parent (``variable`` set), asks for SIGTERM on its death, and
  /// exits at once when it has already died.
  public static func endWithParent() {
    guard let text = ProcessInfo.processInfo.environment[variable], let parent = Int32(text), parent > 1 else { return }
    if keybench_die_with_parent(SIGTERM, parent) == 1 { exit(128 + SIGTERM) }
  }

  /// Adopts this process's orphaned descendants (Linux child subreaper), for a tool that starts
  /// plug-ins: a plug-in's child that leaves its process group (setsid) and outlives it is then
  /// reparented here instead of to init, where the plug-in's end finds, ends and reaps it.
  public static func adoptOrphans() {
    _ = keybench_become_subreaper()
  }
}
