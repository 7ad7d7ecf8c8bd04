public import Foundation

/// A long-running child program spoken to one line at a time over pipes, the way KeyBench drives
/// peer tools (hunspell and aspell in pipe mode, presage through its script) so they are scored on
/// the same inputs as KeyBench's own algorithms.
public final class LineProcess {
  private let process: Process
  private let input: FileHandle
  private let output: Int32
  private var buffer: [UInt8] = []

  /// Starts `executable` (a path) with `arguments` and `environment` additions; its standard error
  /// goes to `standardError` (discarded by default).
  public init(
    executable: String, arguments: [String], environment: [String: String] = [:],
    standardError: FileHandle? = FileHandle.nullDevice
  ) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    if let standardError { process.standardError = standardError }
    try process.run()
    input = stdin.fileHandleForWriting
    output = stdout.fileHandleForReading.fileDescriptor
  }

  deinit {
    try? input.close()
    process.waitUntilExit()
  }

  /// The full path of `executable` on `PATH`, nil when it is not installed.
  public static func which(_ executable: String) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return paths.map { "\($0)/\(executable)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Sends `line` (a newline is added; newlines inside become spaces).
  public func send(_ line: String) {
    input.write(Data((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8))
  }

  /// The next line the program wrote, without its newline; nil once it closed its output.
  public func readLine() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line
      }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = read(output, &chunk, chunk.count)
      if count <= 0 { return nil }
      buffer += chunk[..<count]
    }
  }

  /// Stops the program at once (after a protocol error).
  public func terminate() { process.terminate() }
}
