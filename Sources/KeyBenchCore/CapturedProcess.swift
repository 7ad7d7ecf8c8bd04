public import Foundation

/// Runs a program to completion and returns its exit status and both outputs: what KeyBench needs
/// when it drives its own tools or a batch system. Standard error is drained on its own thread, so
/// a program that writes much to it cannot block on a full pipe while standard output is read.
/// The program is a ``ChildProcesses`` child: it does not outlive an interrupted KeyBench.
public struct CapturedProcess: Sendable {
  public var status: Int32
  public var standardOutput: String
  public var standardError: String

  /// Runs `executable` in `directory` (default: this process's) with `environment` (default:
  /// this process's).
  ///
  /// - Parameter keyBenchTool: the program is a KeyBench tool, which then also ends when this
  ///   process is killed outright (``ChildProcesses/start(_:endsWithParent:stop:)``).
  /// - Throws: when the program cannot be started (not found, not executable).
  public static func run(
    _ executable: URL, _ arguments: [String], directory: URL? = nil, environment: [String: String]? = nil, keyBenchTool: Bool = false
  ) throws -> CapturedProcess {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try ChildProcesses.start(process, endsWithParent: keyBenchTool)
    defer { ChildProcesses.finished(process) }
    let drained = Drained()
    let thread = Thread { drained.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    thread.start()
    let text = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let problem = drained.wait()
    return CapturedProcess(
      status: process.terminationStatus, standardOutput: String(decoding: text, as: UTF8.self),
      standardError: String(decoding: problem, as: UTF8.self))
  }

  private final class Drained: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
      condition.lock()
      data = value
      condition.signal()
      condition.unlock()
    }

    func wait() -> Data {
      condition.lock()
      defer { condition.unlock() }
      while data == nil { condition.wait() }
      return data!
    }
  }
}
