import Foundation

/// Processes a plug-in left running after it exited or was stopped. Killing the plug-in's process
/// group misses a descendant that called `setsid`; so every process a plug-in starts inherits a
/// token in its environment (``variable``), by which it is found in /proc, ended and reported:
/// a plug-in never leaves work running beside the next run, and its author learns of it.
enum PluginLeftovers {
  /// The environment variable carrying a plug-in process's token.
  static let variable = "KEYBENCH_PLUGIN_INSTANCE"

  /// Kills every process of this user outside process group `group` (the plug-in's, which the
  /// group kill ends; its members may still be dying) whose environment carries `token`, reaps
  /// those that are this process's children (keybench-run adopts orphans), and describes each
  /// (`1234 sleep`). Scans again while a scan still finds some (one may fork as it dies).
  static func end(token: String, group: Int32) -> [String] {
    let marker = Data("\0\(variable)=\(token)\0".utf8)
    let me = getpid()
    var ended: [Int32: String] = [:]
    for _ in 0..<5 {
      let found = carrying(marker).filter { $0 != me && $0 != group && status(of: $0)?.group != group }
      if found.isEmpty { break }
      for pid in found {
        kill(pid, SIGKILL)
        ended[pid] = ended[pid] ?? "\(pid) \(name(of: pid))"
      }
      for pid in found where status(of: pid)?.parent == me { waitpid(pid, nil, 0) }
    }
    return ended.keys.sorted().map { ended[$0]! }
  }

  /// Processes whose environment (NUL-separated, read with a NUL in front) contains `marker`.
  private static func carrying(_ marker: Data) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry in
      guard let pid = Int32(entry), let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return nil }
      return (Data([0]) + environment + Data([0])).range(of: marker) == nil ? nil : pid
    }
  }

  private static func name(of pid: Int32) -> String {
    let text = FileManager.default.contents(atPath: "/proc/\(pid)/comm").map { String(decoding: $0, as: UTF8.self) } ?? ""
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The parent's pid and the process group from /proc/PID/stat (after the name in parentheses:
  /// state, ppid, pgrp).
  private static func status(of pid: Int32) -> (parent: Int32, group: Int32)? {
    guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/stat"), let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = String(decoding: bytes[(close + 1)...], as: UTF8.self).split(separator: " ")
    guard fields.count > 2, let parent = Int32(fields[1]), let group = Int32(fields[2]) else { return nil }
    return (parent, group)
  }
}
