import ArgumentParser
import Foundation
import KeyBenchCore

/// `TOOL --keybench-check-commands FILE`: parses each command line in FILE as `TOOL` would,
/// with its own validation, and answers without running any.
///
/// A suite's dry run asks each tool this way, so it refuses exactly what the real run would
/// refuse before work (an unknown option, a number out of range, an output that overwrites an
/// input) and lists the declared inputs that are missing, where guessing which arguments are
/// paths missed `t.txt` and accepted `--limit -5`.
enum CommandCheckServer {
  static func serve<Command: ParsableCommand>(_ command: Command.Type, requests path: String) -> Never {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      let data = try InputFile.data(path)
      for line in data.split(separator: 0x0A) {
        let request = try JSONDecoder().decode(CommandCheck.Request.self, from: Data(line))
        let reply = answer(command, request.arguments)
        print(String(decoding: try encoder.encode(reply), as: UTF8.self))
      }
    } catch {
      StandardError.write("Error: \(path): \(error)\n")
      exit(ExitStatus.failure)
    }
    exit(ExitStatus.standardOutputStatus(0))
  }

  static func answer<Command: ParsableCommand>(_ command: Command.Type, _ arguments: [String]) -> CommandCheck.Reply {
    let parsed: any ParsableCommand
    do {
      parsed = try command.parseAsRoot(arguments)
    } catch {
      return CommandCheck.Reply(problem: command.message(for: error))
    }
    // A command without declared files has nothing more to check (and says so with nil writes).
    guard let files = parsed as? any CommandFiles else { return CommandCheck.Reply() }
    if let conflict = FileUseCheck.conflict(reads: files.reads, writes: files.writes) { return CommandCheck.Reply(problem: conflict) }
    return CommandCheck.Reply(
      missing: files.reads.map(\.path).filter { !FileManager.default.fileExists(atPath: $0) },
      writes: files.writes.map { FileUseCheck.resolved($0.path) })
  }
}
