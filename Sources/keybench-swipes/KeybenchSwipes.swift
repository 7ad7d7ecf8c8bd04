import ArgumentParser
import KeyBenchCore

@main
struct KeybenchSwipes: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keybench-swipes",
    abstract: "Make swipe corpora: import How We Swipe logs, generate synthetic swipes, compare statistics.",
    discussion: """
      Corpora are JSON Lines files in KeyBench's swipe format (Corpora/FORMATS.md): a header \
      line, then one gesture per line with its target word, layout and (x, y, t) points.

      Exit status: 0 on success, 1 when an input is unusable, 64 on usage errors.
      """,
    version: BuildInfo.versionText,
    subcommands: [ImportHWS.self, Generate.self, Stats.self])
}
