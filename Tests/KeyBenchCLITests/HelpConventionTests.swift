import Foundation
import KeyBenchTestSupport
import Testing

/// The CLI convention of the README: every command's --help ends with complete example
/// invocations of that command and states the exit statuses; --version works everywhere.
@Suite struct HelpConventionTests {
  static let commands: [(tool: String, subcommand: String?)] = [
    ("keybench-ingest", nil), ("keybench-devices", "list"), ("keybench-devices", "show"),
    ("keybench-swipes", "generate"), ("keybench-swipes", "import-hws"), ("keybench-swipes", "stats"),
    ("keybench-run", "swipe"), ("keybench-run", "correct"), ("keybench-run", "predict"), ("keybench-run", "touch"),
    ("keybench-run", "gesture"), ("keybench-run", "photos"), ("keybench-sweep", nil),
    ("keybench-report", "gate"), ("keybench-report", "merge"), ("keybench-report", "markdown"), ("keybench-report", "html"),
    ("keybench-typos", "import"), ("keybench-typos", "analyze"), ("keybench-typos", "generate"),
    ("keybench-suite", "run"), ("keybench-suite", "status"), ("keybench-suite", "report"), ("keybench-suite", "gate"),
    ("keybench-suite", "merge"), ("keybench-suite", "submit"),
  ]

  @Test(arguments: commands.indices) func helpEndsWithExamplesOfTheCommand(index: Int) throws {
    let (tool, subcommand) = Self.commands[index]
    let result = try Run.product(tool, (subcommand.map { [$0] } ?? []) + ["--help"])
    #expect(result.status == 0)
    let help = result.stdout.replacingOccurrences(of: "\n", with: " ")
    let examples = try #require(help.range(of: "Example"), "\(tool) \(subcommand ?? ""): no example in --help")
    // The example invokes this very command (the sweep's benchmark is its argument).
    let invocation = tool + (subcommand.map { " " + $0 } ?? "")
    #expect(help[examples.upperBound...].contains(invocation), "\(invocation)")
  }

  @Test func toolsStateTheExitConventionAndTheirVersion() throws {
    for tool in Set(Self.commands.map(\.tool)) {
      let help = try Run.product(tool, ["--help"])
      #expect(help.stdout.contains("Exit status"), "\(tool)")
      let version = try Run.product(tool, ["--version"])
      #expect(version.status == 0 && version.stdout.hasPrefix("KeyBench "), "\(tool)")
    }
  }
}
