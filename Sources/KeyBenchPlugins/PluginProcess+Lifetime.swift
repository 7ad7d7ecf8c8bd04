import Foundation
import KeyBenchCore

/// How a plug-in process ends: closed after its last answer, or killed with everything it left
/// behind. Every wait here has a deadline: a plug-in, or a process it left holding its pipes,
/// cannot keep a run waiting.
extension PluginProcess {
  /// Seconds a killed plug-in has to be reaped before KeyBench goes on without its exit status.
  static let reapSeconds = 2.0

  /// Closes the current process's input, reads what it still writes and waits for its clean
  /// exit: a line after its last answer, a non-zero exit or no exit within the timeout fail the run.
  func close() throws {
    try? inputHandle?.close()
    let limit = max(options.timeout, 5)
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(limit * 1e9)
    let surplus = surplusOutput(until: deadline)
    guard waitForExit(until: deadline) else {
      throw fail(.end, "did not exit within \(Self.seconds(limit)) after its input was closed")
    }
    closed = true
    endLeftovers()
    ChildProcesses.finished(process)
    if let surplus {
      throw fail(.end, "wrote \(surplus) after its last answer: answers must come one per request (Plugins/PROTOCOL.md)")
    }
    if let status = exitStatus(), !status.isClean {
      throw fail(.end, "\(status) after answering every request")
    }
  }

  /// Kills the current process, its process group and what it left behind, and waits (at most
  /// ``reapSeconds``) until Foundation has reaped it. Nothing when it has already ended.
  func end() {
    guard !closed else { return }
    closed = true
    record(PluginLeftovers.kill(family))
    awaitReaped(until: DispatchTime.now().uptimeNanoseconds + UInt64(Self.reapSeconds * 1e9))
    ChildProcesses.finished(process)
  }

  /// Ends what the plug-in left running (``PluginLeftovers``) and says so.
  func endLeftovers() {
    record(PluginLeftovers.end(family))
  }

  /// Notes processes the plug-in left behind in its log and on stderr.
  private func record(_ left: [String]) {
    guard !left.isEmpty else { return }
    leftBehind += left
    let line = "plug-in \(spec.name) left \(left.count) process\(left.count == 1 ? "" : "es") behind (\(left.joined(separator: ", "))); KeyBench ended \(left.count == 1 ? "it" : "them")"
    appendToLog("[keybench] " + line)
    StandardError.write("warning: \(line)\n")
  }

  /// Explains an output closed or input refused: the exit status when the plug-in is gone.
  func exitedOrClosed(_ what: String) -> String {
    guard waitForExit(until: DispatchTime.now().uptimeNanoseconds + 1_000_000_000), let status = exitStatus() else { return what }
    return "\(what) (it \(status))"
  }

  /// How a plug-in process ended.
  struct ExitStatus: CustomStringConvertible {
    var signal: Int32?
    var code: Int32
    /// Exited with status 0.
    var isClean: Bool { signal == nil && code == 0 }
    var description: String { signal.map { "was killed by signal \($0)" } ?? "exited with status \(code)" }
  }

  /// How the current process ended; nil while it runs. Foundation learns the status only once
  /// nothing holds its connection to the child any more, so an exited plug-in still waiting to
  /// be reaped is read from /proc.
  func exitStatus() -> ExitStatus? {
    if !process.isRunning {
      return process.terminationReason == .uncaughtSignal
        ? ExitStatus(signal: process.terminationStatus, code: 0) : ExitStatus(signal: nil, code: process.terminationStatus)
    }
    guard let status = Self.zombieStatus(process.processIdentifier) else { return nil }
    return status & 0x7f != 0 ? ExitStatus(signal: status & 0x7f, code: 0) : ExitStatus(signal: nil, code: (status >> 8) & 0xff)
  }

  /// Waits until the plug-in exits, at most until `deadline`. An exited plug-in whose descendants
  /// still hold its pipes is recognised through /proc, and they are ended with it.
  func waitForExit(until deadline: UInt64) -> Bool {
    while process.isRunning {
      if Self.hasExited(process.processIdentifier) {
        record(PluginLeftovers.kill(family))
        awaitReaped(until: max(deadline, DispatchTime.now().uptimeNanoseconds + UInt64(Self.reapSeconds * 1e9)))
        return true
      }
      if DispatchTime.now().uptimeNanoseconds > deadline { return false }
      usleep(2000)
    }
    // Children it left running in its process group go too (the group outlives its leader only
    // while members remain, so its id cannot have been reused).
    kill(-process.processIdentifier, SIGKILL)
    return true
  }

  /// Waits, at most until `deadline`, for Foundation to reap the process.
  private func awaitReaped(until deadline: UInt64) {
    while process.isRunning && DispatchTime.now().uptimeNanoseconds < deadline { usleep(2000) }
  }

  /// What the plug-in writes after its input was closed, read until the end of its output (at
  /// most until `deadline`): nil when nothing, else its first line and how many there were.
  private func surplusOutput(until deadline: UInt64) -> String? {
    var bytes = buffer
    buffer.removeAll()
    while DispatchTime.now().uptimeNanoseconds < deadline {
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count > 0 {
        // Enough to name the first line and count a few.
        if bytes.count < Self.maximumLineBytes { bytes += chunk[..<count] }
        continue
      }
      guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { break }
      var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, 100) == 0, Self.hasExited(process.processIdentifier) {
        // Exited, yet its output stays open: held by what it left behind, ended here.
        record(PluginLeftovers.kill(family))
      }
    }
    let lines = bytes.split(separator: 0x0A).filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x0D || $0 == 0x09 } }
    guard let first = lines.first else { return nil }
    return "\(lines.count == 1 ? "a line" : "\(lines.count) lines") (stdout line \(outputLines + 1): \(Self.clip(String(decoding: first, as: UTF8.self))))"
  }

  /// Whether `pid` has exited: gone from /proc (Foundation reaps it at once) or waiting to be
  /// reaped (state Z). False whenever /proc cannot tell (then only Foundation's view counts):
  /// a running plug-in must never be taken for an exited one.
  static func hasExited(_ pid: Int32) -> Bool {
    guard access("/proc/self/stat", R_OK) == 0 else { return false }
    let path = "/proc/\(pid)/stat"
    guard let bytes = FileManager.default.contents(atPath: path) else {
      return access(path, F_OK) != 0 && errno == ENOENT
    }
    // The name in parentheses may hold any bytes (even a cut UTF-8 character): read bytes.
    guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return false }
    return bytes[(close + 1)...].first { $0 != UInt8(ascii: " ") } == UInt8(ascii: "Z")
  }

  /// The wait status of `pid` when it has exited and waits to be reaped (the 52nd field of
  /// /proc/PID/stat), nil otherwise.
  static func zombieStatus(_ pid: Int32) -> Int32? {
    guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/stat"), let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
    // After the name: the 3rd field (state) … the 52nd (exit_code).
    let fields = bytes[(close + 2)...].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
    guard fields.count >= 50, fields[0] == "Z" else { return nil }
    return Int32(fields[49].trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
