import ArgumentParser
import KeyBenchCore
import Foundation

@main
struct KeybenchReport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keybench-report",
    abstract: "Compare, merge and render KeyBench benchmark outputs.",
    discussion: "Exit status: 0 on success, 1 when the gate finds a regression, 2 on usage or input errors.",
    version: BuildInfo.versionText,
    subcommands: [Gate.self, Merge.self, Markdown.self, Html.self])

  /// Usage and input errors exit 2 (not ArgumentParser's 64), so a CI step can tell "the
  /// numbers regressed" (1) from "the gate could not run" (2).
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let code as ExitCode {
      Foundation.exit(code.rawValue)
    } catch {
      let message = fullMessage(for: error)
      if exitCode(for: error) == .success {
        print(message)
        Foundation.exit(0)
      }
      FileHandle.standardError.write(Data((message + "\n").utf8))
      Foundation.exit(2)
    }
  }
}
