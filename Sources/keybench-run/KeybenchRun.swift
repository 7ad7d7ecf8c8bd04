import ArgumentParser
import KeyBenchCLI
import KeyBenchCore

@main
struct KeybenchRun: ParsableCommand {
  static func main() {
    // Plug-in descendants that leave their process group stay below this process, to be ended.
    ParentProcess.adoptOrphans()
    ExitStatus.main(Self.self)
  }

  static let configuration = CommandConfiguration(
    commandName: "keybench-run",
    abstract: "Run KeyBench benchmarks and write results, summaries and reports.",
    discussion: """
      Examples:
        keybench-run swipe --lexicon en_US --corpus .keybench/corpora/hws.jsonl --add-missing-targets --limit 1000 --out runs/swipe
        keybench-run correct --lexicon en_US --pairs .keybench/corpora/norvig2.tsv --out runs/correct

      \(ExitStatus.help)
      """,
    version: BuildInfo.versionText,
    subcommands: [
      Swipe.self, Correct.self, Touch.self, Gesture.self, Predict.self, Photos.self, Keyboard.self, KeyboardServe.self, Describe.self,
    ])
}
