import ArgumentParser
import KeyBenchCLI
import KeyBenchCore

@main
struct KeybenchSwipes: ParsableCommand {
  static func main() { ExitStatus.main(Self.self) }

  static let configuration = CommandConfiguration(
    commandName: "keybench-swipes",
    abstract: "Make swipe corpora: import How We Swipe logs, generate synthetic swipes, compare statistics.",
    discussion: """
      Corpora are JSON Lines files in KeyBench's swipe format (Corpora/FORMATS.md): a header \
      line, then one gesture per line with its target word, layout and (x, y, t) points.

      Examples:
        keybench-swipes generate --lexicon en_US --device iphone5 --count 1000 --seed 1 --out synthetic.jsonl
        keybench-swipes stats synthetic.jsonl --compare .keybench/corpora/hws.jsonl

      Exit status: 0 success, 2 an unusable input or failed work, 64 usage error.
      """,
    version: BuildInfo.versionText,
    subcommands: [ImportHWS.self, Generate.self, Stats.self, DTW.self, TrainReranker.self])
}
