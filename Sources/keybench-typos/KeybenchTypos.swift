import ArgumentParser
import KeyBenchCLI
import KeyBenchCore

@main
struct KeybenchTypos: ParsableCommand {
  static func main() { ExitStatus.main(Self.self) }

  static let configuration = CommandConfiguration(
    commandName: "keybench-typos",
    abstract: "Import typo corpora, analyse typing errors, and generate typos into text.",
    discussion: """
      Examples:
        keybench-typos import norvig ../shared/corpora/typos/en_norvig_spell-testset2.txt --out norvig2.tsv
        keybench-typos analyze norvig2.tsv --out norvig2-dist.json

      \(ExitStatus.help)
      """,
    version: BuildInfo.versionText,
    subcommands: [Import.self, Analyze.self, Generate.self])
}

extension TypoFormatArgument: ExpressibleByArgument {}
