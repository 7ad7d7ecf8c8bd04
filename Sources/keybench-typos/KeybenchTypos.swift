import ArgumentParser
import KeyBenchCLI
import KeyBenchCore

@main
struct KeybenchTypos: ParsableCommand {
  static func main() { ExitStatus.main(Self.self) }

  static let configuration = CommandConfiguration(
    commandName: "keybench-typos",
    abstract: "Import typo corpora, analyse typing errors, and generate typos into text.",
    discussion: ExitStatus.help,
    version: BuildInfo.versionText,
    subcommands: [Import.self, Analyze.self, Generate.self])
}

extension TypoFormatArgument: ExpressibleByArgument {}
