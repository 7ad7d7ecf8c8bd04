import Foundation
import KeyBenchCore

/// An external spell checker (hunspell, aspell) driven through its ispell-compatible `-a` pipe
/// mode, so system spellers are scored on the same pairs as KeyBench's own correctors.
///
/// Each word is sent as one line prefixed with `^` (so a leading `*`, `#`, `!` … is not read as
/// a command) and the reply lines up to the blank line are parsed: `*`, `+`, `-` mean the word
/// is accepted (it is its own suggestion), `& word n offset: s1, s2` lists suggestions, `#`
/// means none.
public final class PipeSpeller: Corrector {
  public let name: String
  private let process: LineProcess

  /// Starts `executable` with `arguments` (which must include `-a`).
  ///
  /// - Returns: nil when the program is not installed (not on `PATH`).
  public init?(name: String, executable: String, arguments: [String]) throws {
    guard let path = LineProcess.which(executable) else { return nil }
    self.name = name
    process = try LineProcess(executable: path, arguments: arguments)
    // The banner line ("@(#) International Ispell Version ...").
    guard let banner = process.readLine(), banner.hasPrefix("@(#)") else {
      process.terminate()
      throw PipeSpellerError(description: "\(name) did not start in pipe mode (no '@(#)' banner)")
    }
  }

  public func suggestions(for typed: String, limit: Int) -> [String] {
    process.send("^" + typed)
    var accepted = true
    var suggestions: [String]?
    while let reply = process.readLine(), !reply.isEmpty {
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
}

/// A peer speller that could not be driven.
public struct PipeSpellerError: Error, CustomStringConvertible {
  public let description: String
}
