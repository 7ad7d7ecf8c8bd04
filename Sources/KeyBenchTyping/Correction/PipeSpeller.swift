import Foundation

/// An external spell checker (hunspell, aspell) driven through its ispell-compatible `-a` pipe
/// mode, so system spellers are scored on the same pairs as KeyBench's own correctors.
///
/// Each word is sent as one line prefixed with `^` (so a leading `*`, `#`, `!` … is not read as
/// a command) and the reply lines up to the blank line are parsed: `*`, `+`, `-` mean the word
/// is accepted (it is its own suggestion), `& word n offset: s1, s2` lists suggestions, `#`
/// means none.
public final class PipeSpeller: Corrector {
  public let name: String
  private let process: Process
  private let input: FileHandle
  private let output: Int32
  private var buffer: [UInt8] = []

  /// Starts `executable` with `arguments` (which must include `-a`).
  ///
  /// - Returns: nil when the program is not installed (not on `PATH`).
  public init?(name: String, executable: String, arguments: [String]) throws {
    guard let path = Self.which(executable) else { return nil }
    self.name = name
    process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    input = stdin.fileHandleForWriting
    output = stdout.fileHandleForReading.fileDescriptor
    // The banner line ("@(#) International Ispell Version ...").
    guard let banner = readLine(), banner.hasPrefix("@(#)") else {
      process.terminate()
      throw PipeSpellerError(description: "\(name) did not start in pipe mode (no '@(#)' banner)")
    }
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

  public func suggestions(for typed: String, limit: Int) -> [String] {
    let line = "^" + typed.replacingOccurrences(of: "\n", with: " ") + "\n"
    input.write(Data(line.utf8))
    var accepted = true
    var suggestions: [String]?
    while let reply = readLine(), !reply.isEmpty {
      switch reply.first {
      case "&":
        accepted = false
        if suggestions == nil, let colon = reply.range(of: ": ") {
          suggestions = reply[colon.upperBound...].components(separatedBy: ", ")
        }
      case "#":
        accepted = false
        if suggestions == nil { suggestions = [] }
      default:
        break
      }
    }
    if accepted { return [typed] }
    return Array((suggestions ?? []).prefix(limit))
  }

  private func readLine() -> String? {
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
}

/// A peer speller that could not be driven.
public struct PipeSpellerError: Error, CustomStringConvertible {
  public let description: String
}
