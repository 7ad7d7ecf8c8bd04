import ArgumentParser
import KeyBenchCore

@main
struct KeybenchTypos: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keybench-typos",
    abstract: "Import typo corpora, analyse typing errors, and generate typos into text.",
    discussion: "Exit status: 0 on success, 1 when an input is unusable, 64 on usage errors.",
    version: BuildInfo.versionText,
    subcommands: [Import.self, Analyze.self, Generate.self])
}

extension TypoFormatArgument: ExpressibleByArgument {}
