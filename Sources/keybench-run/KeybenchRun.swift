import ArgumentParser
import KeyBenchCore

@main
struct KeybenchRun: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keybench-run",
    abstract: "Run KeyBench benchmarks and write results, summaries and reports.",
    discussion: "Exit status: 0 on success, 1 when an input is unusable, 64 on usage errors.",
    version: BuildInfo.versionText,
    subcommands: [Swipe.self, Correct.self, Touch.self, Gesture.self, Predict.self, Photos.self])
}
