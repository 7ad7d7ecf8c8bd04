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

  /// The process's peak resident set size in bytes so far (`getrusage(RUSAGE_SELF)`'s
  /// `ru_maxrss`, which Linux keeps in KiB), or nil where the call fails. It only grows, so read
  /// at the end of a run it is the run's peak — memory measured by the run itself, not by hand.
  public static func peakResidentBytes() -> Int? {
    var usage = rusage()
    #if os(Linux)
      guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return nil }
      return Int(usage.ru_maxrss) * 1024
    #else
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      return Int(usage.ru_maxrss)  // bytes on Darwin
    #endif
  }

  /// ``peakResidentBytes()`` in MiB, as summaries record it (`peak_resident_mib`).
  public static func peakResidentMiB() -> Double? {
    peakResidentBytes().map { Double($0) / 1_048_576 }
  }
}
