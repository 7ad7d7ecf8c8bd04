public import ArgumentParser
import Foundation
import CKeyBenchSystem
import KeyBenchCore

/// One exit-status convention for every KeyBench executable, so scripts and CI can act on it:
///
/// - 0: success;
/// - 1: a gate found a regression (`keybench-report gate`, `keybench-suite gate`) — only gates;
/// - 2: the command could not do its work: an input is unusable, a file cannot be written, a
///   suite item or plug-in failed;
/// - 64: usage error (an unknown option, a value out of range), before any work starts.
public enum ExitStatus {
  public static let regression: Int32 = 1
  public static let failure: Int32 = 2
  public static let usage: Int32 = 64

  /// The `main` of every executable: runs `Command` and maps what it throws to the convention.
  ///
  /// Before `run()`, a command that declares its files (``CommandFiles``) is refused when an
  /// output would overwrite one of its inputs. `TOOL --keybench-check-commands FILE` checks command
  /// lines instead of running one (``CommandCheckServer``).
  public static func main<Command: ParsableCommand>(_ command: Command.Type) -> Never {
    ParentProcess.endWithParent()
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.count == 2, arguments.first == CommandCheck.flag {
      CommandCheckServer.serve(command, requests: arguments.last!)
    }
    do {
      var parsed = try command.parseAsRoot()
      try (parsed as? any CommandFiles)?.checkFiles()
      try parsed.run()
      end(standardOutputStatus(0))
    } catch let code as ExitCode {
      end(standardOutputStatus(code.rawValue))
    } catch {
      // A failure caused by an interruption (its child stopped) is no failure to report.
      TemporaryFiles.yieldToInterruption()
      let message = command.fullMessage(for: error)
      switch command.exitCode(for: error) {
      case .success:
        // --help (and `help SUBCOMMAND`): examples and exit status last; --version as it is.
        print(HelpLayout.arranged(message), terminator: "")
        end(standardOutputStatus(0))
      case .validationFailure:
        StandardError.print(clipped(message))
        end(usage)
      default:
        StandardError.print(clipped(message))
        end(failure)
      }
    }
  }

  /// Exits with `status`, unless an interruption is ending the process: then its status (128 +
  /// the signal) is the one a caller sees (``TemporaryFiles/yieldToInterruption()``).
  static func end(_ status: Int32) -> Never {
    TemporaryFiles.yieldToInterruption()
    exit(status)
  }

  /// `status`, unless what the command printed could not be written (a full disk, a closed
  /// file): then a message and ``failure``, so a result a script redirected into a file is never
  /// silently cut. A closed pipe (`| head`) ends the process by SIGPIPE before this is reached.
  static func standardOutputStatus(_ status: Int32) -> Int32 {
    let code = keybench_flush_standard_output()
    guard code != 0 else { return status }
    let reason = String(cString: strerror(code))
    StandardError.write("Error: cannot write standard output: \(reason)\n")
    return status == 0 ? failure : status
  }

  /// Longest line of an error message printed whole.
  static let maximumLineLength = 600

  /// `message` with every line longer than ``maximumLineLength`` cut, saying how much was left
  /// out: a 10 MB header or key echoed into an error would bury the message (and a terminal).
  public static func clipped(_ message: String) -> String {
    message.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line.utf8.count > maximumLineLength else { return String(line) }
      var head = line.prefix(maximumLineLength / 2)
      while head.utf8.count > maximumLineLength / 2 { head = head.dropLast() }
      return head + " … (\(line.utf8.count - head.utf8.count) more bytes)"
    }.joined(separator: "\n")
  }

  /// The sentence every `--help` ends its discussion with.
  public static let help = "Exit status: 0 success, 2 unusable input or failed work, 64 usage error (README: Exit status)."
  /// The same for gates.
  public static let gateHelp = "Exit status: 0 passed, 1 regression, 2 unusable input or could not run, 64 usage error (README: Exit status)."
}
