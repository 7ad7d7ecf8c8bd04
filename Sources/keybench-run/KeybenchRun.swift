import ArgumentParser
import KeyBenchCLI
import KeyBenchCore

@main
struct KeybenchRun: ParsableCommand {
  static func main() { ExitStatus.main(Self.self) }

  static let configuration = CommandConfiguration(
    commandName: "keybench-run",
    abstract: "Run KeyBench benchmarks and write results, summaries and reports.",
    discussion: ExitStatus.help,
    version: BuildInfo.versionText,
    subcommands: [Swipe.self, Correct.self, Touch.self, Gesture.self, Predict.self, Photos.self])
}
