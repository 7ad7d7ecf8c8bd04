import Foundation

/// Processes a plug-in left running after it exited or was stopped. Killing the plug-in's process
/// group misses a descendant that called `setsid`; so every process a plug-in starts inherits a
/// token in its environment (``variable``), by which it is found in /proc, ended and reported —
/// and a descendant that also dropped the token (a daemon cleaning its environment) is found by
/// the plug-in's pipes it still holds, which is what would keep KeyBench waiting for the end of
/// its output: a plug-in never leaves work running beside the next run, and its author learns of it.
enum PluginLeftovers {
  /// The environment variable carrying a plug-in process's token.
  static let variable = "KEYBENCH_PLUGIN_INSTANCE"

  /// What identifies one plug-in process's family: its process group (the plug-in leads it),
  /// its token, and the inodes of its standard input and output pipes.
  struct Family: Sendable {
    var group: Int32
    var token: String
    var pipes: Set<UInt64>
  }

  /// Kills the family's process group and every process of this user outside it that carries
  /// its token or holds one of its pipes; see ``end(_:)``.
  static func kill(_ family: Family) -> [String] {
    guard family.group > 0 else { return [] }
    Foundation.kill(-family.group, SIGKILL)
    Foundation.kill(family.group, SIGKILL)
    return end(family)
  }

  /// Kills every process outside process group `family.group` (which the group kill ends; its
  /// members may still be dying) that carries the family's token or holds one of its pipes,
  /// reaps those that are this process's children (keybench-run adopts orphans), and describes
  /// each (`1234 sleep`). Scans again while a scan still finds some (one may fork as it dies).
  static func end(_ family: Family) -> [String] {
    let marker = Data("\0\(variable)=\(family.token)\0".utf8)
    let pipes = Set(family.pipes.map { "pipe:[\($0)]" })
    let me = getpid()
    var ended: [Int32: String] = [:]
    for _ in 0..<5 {
      let found = members(marker: marker, pipes: pipes).filter { $0 != me && $0 != family.group && status(of: $0)?.group != family.group }
      if found.isEmpty { break }
      for pid in found {
        Foundation.kill(pid, SIGKILL)
        ended[pid] = ended[pid] ?? "\(pid) \(name(of: pid))"
      }
      for pid in found where status(of: pid)?.parent == me { waitpid(pid, nil, 0) }
    }
    return ended.keys.sorted().map { ended[$0]! }
  }

  /// The inode of the pipe behind descriptor `descriptor` (0 when it is not one).
  static func pipeInode(_ descriptor: Int32) -> UInt64 {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return 0 }
    return UInt64(status.st_ino)
  }

  /// Processes whose environment (NUL-separated, read with a NUL in front) contains `marker`,
  /// or that hold a descriptor on one of `pipes` (`pipe:[INODE]`, as /proc/PID/fd shows them).
  private static func members(marker: Data, pipes: Set<String>) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry in
      guard let pid = Int32(entry) else { return nil }
      if let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
        (Data([0]) + environment + Data([0])).range(of: marker) != nil
      {
        return pid
      }
      return holds(pid, pipes) ? pid : nil
    }
  }

  private static func holds(_ pid: Int32, _ pipes: Set<String>) -> Bool {
    guard !pipes.isEmpty, let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { return false }
    var target = [CChar](repeating: 0, count: 64)
    for descriptor in descriptors {
      let count = readlink("/proc/\(pid)/fd/\(descriptor)", &target, target.count - 1)
      guard count > 0 else { continue }
      if pipes.contains(String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)) { return true }
    }
    return false
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
