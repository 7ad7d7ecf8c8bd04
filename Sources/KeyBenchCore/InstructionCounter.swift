import CKeyBenchSystem
import Foundation

/// Whether CPU instruction counts are available as a machine-independent work count.
///
/// Timing comparisons on a shared machine need a second witness that does not move with the
/// machine's load; instructions retired are one, where the kernel and the hardware allow them.
/// Where they do not, KeyBench says so rather than leaving the reader to wonder.
public enum InstructionCounter {
  /// nil when user-space instruction counting works here; otherwise why not, in one sentence.
  public static var unavailableReason: String? {
    let code = keybench_instruction_counter_errno()
    switch code {
    case 0: return nil
    case ENOENT, EOPNOTSUPP, ENODEV:
      return "this machine exposes no hardware instruction counter (perf_event_open: \(String(cString: strerror(code)))), as is common in virtual machines"
    case EACCES, EPERM:
      return "perf_event_open is not allowed here (\(String(cString: strerror(code))); see kernel.perf_event_paranoid)"
    default:
      return "perf_event_open failed: \(String(cString: strerror(code)))"
    }
  }
}
