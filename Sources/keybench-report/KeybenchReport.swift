import ArgumentParser

@main
struct KeybenchReport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keybench-report",
    abstract: "Turn benchmark runs and sweeps into reports.",
    discussion: "Exit status: 0 on success, 1 when an input is unusable, 64 on usage errors.",
    subcommands: [Html.self])
}
