import Foundation

/// Resident memory of this process, for reporting what a loaded structure costs.
public enum ProcessMemory {
  /// Resident set size in bytes from `/proc/self/statm`, or nil where that file does not exist.
  public static func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// The process's peak resident set size in bytes (`VmHWM` of `/proc/self/status`), or nil.
  public static func peakResidentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return nil }
    return kilobytes * 1024
  }
}
