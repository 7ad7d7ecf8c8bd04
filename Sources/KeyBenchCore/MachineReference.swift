import Crypto
import Foundation

/// The machine's speed at run time, from a fixed workload that has nothing to do with KeyBench.
///
/// This shared machine has slower and faster phases (the same binary up to a third slower), so a
/// time means little without the state it was measured in. Every result records this figure in
/// its provenance; two runs' times compare fairly only when their references agree. It is the
/// in-process counterpart of `Scripts/machine-reference` (coreutils sha256sum of 256 MiB), not the
/// same number: BoringSSL hashes faster than coreutils, so compare it only with itself.
public enum MachineReference {
  /// Seconds to SHA-256 256 MiB, measured as 16 MiB three times (median, scaled by 16): about
  /// 60 ms of work, once per process.
  public static let seconds: Double = measure()

  /// The workload, measured now (for tools that record the reference before and after their work).
  public static func measure() -> Double {
    let block = [UInt8](repeating: 0, count: 1 << 20)
    var times: [Double] = []
    for _ in 0..<3 {
      let started = DispatchTime.now().uptimeNanoseconds
      var hasher = SHA256()
      for _ in 0..<16 { hasher.update(data: block) }
      _ = hasher.finalize()
      times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 * 16)
    }
    return times.sorted()[1]
  }

  /// Rounded to what the reference can tell apart (a millisecond).
  public static var rounded: Double { (seconds * 1000).rounded() / 1000 }
}
