import ArgumentParser
import KeyBenchCLI
import KeyBenchCore
import Foundation

@main
struct KeybenchReport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keybench-report",
    abstract: "Compare, merge and render KeyBench benchmark outputs.",
    discussion: """
      Examples:
        keybench-report html Reports/quickstart/swipe-hws --out report.html
        keybench-report gate --baseline Reports/baseline/swipe-hws --current runs/swipe

      \(ExitStatus.gateHelp)
      """,
    version: BuildInfo.versionText,
    subcommands: [Compare.self, Gate.self, PowerCommand.self, Merge.self, Markdown.self, Html.self, TimeRatio.self, StatsBenchmark.self])

  static func main() { ExitStatus.main(Self.self) }
}
