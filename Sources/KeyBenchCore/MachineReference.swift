import Crypto
public import Foundation

/// The machine's speed at run time, from a fixed workload that has nothing to do with KeyBench.
///
/// This shared machine has slower and faster phases (the same binary up to a third slower), so a
/// time means little without the state it was measured in. Every result records this figure in
/// its provenance; two runs' times compare fairly only when their references agree. It is the
/// in-process counterpart of `Scripts/machine-reference` (coreutils sha256sum of 256 MiB), not the
/// same number: BoringSSL hashes faster than coreutils, so compare it only with itself.
///
/// A process that starts many runs (`keybench-suite`) measures once and hands its reading to them
/// in ``environmentVariable``, so a short run does not spend 60 ms of its own on it; the reading
/// says who measured it and when, and a result records that beside the figure. A run started on
/// its own measures in its own process.
public enum MachineReference {
  /// One measurement: the figure, when and by which process it was taken.
  public struct Reading: Sendable, Equatable {
    public var seconds: Double
    public var measured: Date
    /// `this process`, or the tool and PID of the parent that measured it (`keybench-suite pid 4242`).
    public var measuredBy: String

    /// Whether this process took the measurement itself.
    public var isOwn: Bool { measuredBy == Self.own }
    static let own = "this process"
  }

  /// How the figure is measured, for a result's provenance.
  public static let method = "SHA-256 of 16 MiB of zeros in process (BoringSSL), 3 times, median scaled to 256 MiB"

  /// The variable a parent sets to hand its reading to the runs it starts:
  /// `SECONDS UNIX-TIME TOOL PID`, e.g. `0.148 1795999123.5 keybench-suite 4242`.
  public static let environmentVariable = "KEYBENCH_MACHINE_REFERENCE"

  /// This process's reading: the parent's from ``environmentVariable`` when that is well formed,
  /// else measured here on first use (about 60 ms of work, once per process).
  public static let reading: Reading = {
    if let text = ProcessInfo.processInfo.environment[environmentVariable], !text.isEmpty {
      if let inherited = parse(text) { return inherited }
      StandardError.print("machine reference: ignoring \(environmentVariable)='\(text)' (not SECONDS UNIX-TIME TOOL PID); measuring here")
    }
    return measureNow()
  }()

  /// Seconds to SHA-256 256 MiB (``reading``).
  public static var seconds: Double { reading.seconds }

  /// A fresh reading by this process.
  public static func measureNow() -> Reading {
    Reading(seconds: measure(), measured: Date(), measuredBy: Reading.own)
  }

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

  /// The value of ``environmentVariable`` that hands `reading` to a child: an inherited reading
  /// passes on unchanged, this process's own names this tool and PID.
  public static func environmentValue(_ reading: Reading) -> String {
    let by =
      reading.isOwn
      ? "\(URL(fileURLWithPath: CommandLine.arguments.first ?? "keybench").lastPathComponent) \(getpid())"
      : reading.measuredBy.replacingOccurrences(of: " pid ", with: " ")
    return "\(reading.seconds) \(reading.measured.timeIntervalSince1970) \(by)"
  }

  /// A reading from ``environmentVariable``'s value; nil when malformed or out of range.
  static func parse(_ text: String) -> Reading? {
    let fields = text.split(separator: " ")
    guard fields.count == 4, let seconds = Double(fields[0]), seconds > 0, seconds < 3600, let time = Double(fields[1]),
      time.isFinite, time > 0, !fields[2].isEmpty, let pid = Int32(fields[3]), pid > 0
    else { return nil }
    return Reading(seconds: seconds, measured: Date(timeIntervalSince1970: time), measuredBy: "\(fields[2]) pid \(pid)")
  }
}
