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
    ("keybench-run", nil), ("keybench-report", nil), ("keybench-suite", nil), ("keybench-swipes", nil),
    ("keybench-typos", nil), ("keybench-devices", nil),
  ]

  @Test(arguments: commands.indices) func helpEndsWithExamplesOfTheCommand(index: Int) throws {
    let (tool, subcommand) = Self.commands[index]
    let result = try Run.product(tool, (subcommand.map { [$0] } ?? []) + ["--help"])
    #expect(result.status == 0)
    let help = result.stdout
    let examples = try #require(help.range(of: "\nEXAMPLES:\n"), "\(tool) \(subcommand ?? ""): no examples in --help")
    let options = try #require(help.range(of: "OPTIONS:"))
    #expect(options.lowerBound < examples.lowerBound, "\(tool) \(subcommand ?? ""): examples before the options")
    // The examples invoke this very command (the sweep's benchmark is its argument), one per line
    // so they can be copied, and only the exit status follows them.
    let invocation = tool + (subcommand.map { " " + $0 } ?? "")
    let lines = help[examples.upperBound...].split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("  " + invocation + " ") }, "\(invocation): \(lines)")
    #expect(lines.last?.hasPrefix("Exit status") == true, "\(invocation)")
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("  \(tool)") }, "\(invocation): \(lines)")
  }

  /// Every command's "Exit status:" line follows the README's convention: 0, 2 and 64 as it
  /// defines them, and 1 only where the README's list of gates says so — the same list, checked
  /// both ways.
  @Test func exitStatusLinesAgreeWithTheReadme() throws {
    let gates: Set<String> = ["keybench-report gate", "keybench-suite gate", "keybench-report time-ratio", "keybench-report", "keybench-suite"]
    let extra: [(tool: String, subcommand: String?)] = [
      ("keybench-report", "compare"), ("keybench-report", "power"), ("keybench-report", "time-ratio"), ("keybench-report", "stats-benchmark"),
      ("keybench-run", "keyboard"), ("keybench-run", "keyboard-serve"),
    ]
    for (tool, subcommand) in Self.commands + extra {
      let invocation = tool + (subcommand.map { " " + $0 } ?? "")
      let help = try Run.product(tool, (subcommand.map { [$0] } ?? []) + ["--help"]).stdout
      let line = try #require(help.split(separator: "\n").last { $0.hasPrefix("Exit status:") }, "\(invocation)")
      let codes = Set(line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) })
      #expect(codes.isSuperset(of: [0, 2, 64]), "\(invocation): \(line)")
      #expect(codes.subtracting([0, 1, 2, 64]).isEmpty, "\(invocation): \(line)")
      #expect(codes.contains(1) == gates.contains(invocation), "\(invocation): \(line)")
    }
    let readme = try String(contentsOf: TestPaths.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## Exit status").dropFirst().first?.components(separatedBy: "\n## ").first)
    for gate in gates.filter({ $0.contains(" ") }) { #expect(section.contains("`\(gate)"), "README's exit status does not name \(gate)") }
    #expect(section.contains("nothing else exits 1"))
  }

  @Test func toolsStateTheExitConventionAndTheirVersion() throws {
    for tool in Set(Self.commands.map(\.tool)) {
      let help = try Run.product(tool, ["--help"])
      #expect(help.stdout.contains("Exit status"), "\(tool)")
      let version = try Run.product(tool, ["--version"])
      #expect(version.status == 0 && version.stdout.hasPrefix("KeyBench "), "\(tool)")
    }
    // The fuzz runner has its own command line, with the same convention.
    #expect(try Run.product("keybench-fuzz", ["--version"]).stdout.hasPrefix("KeyBench "))
    #expect(try Run.product("keybench-fuzz", ["--bogus"]).status == 64)
    #expect(try Run.product("keybench-fuzz", ["--help"]).stdout.contains("EXAMPLES:"))
  }
}

/// `--print-config` alone prints the effective configuration of every command that has one.
@Suite struct PrintConfigTests {
  @Test(arguments: [
    ["keybench-run", "swipe"], ["keybench-run", "correct"], ["keybench-run", "touch"], ["keybench-run", "gesture"],
    ["keybench-run", "photos"], ["keybench-swipes", "generate"],
  ])
  func printConfigAloneWorks(command: [String]) throws {
    let result = try Run.product(command[0], [command[1], "--print-config"])
    #expect(result.status == 0, "\(command): \(result.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(json?.isEmpty == false, "\(command)")
  }

  @Test func configFilesAreMergedIntoThePrintedConfig() throws {
    let dir = try TemporaryDirectory()
    let file = try dir.write("k.json", text: #"{"priorWeight": 0.7}"#)
    let result = try Run.product("keybench-run", ["correct", "--print-config", "--keyboard-config", file])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [String: Any]])
    #expect((json["keyboard"]?["priorWeight"] as? NSNumber)?.doubleValue == 0.7)
    #expect(try Run.product("keybench-run", ["correct", "--out", dir.path("o")]).status == 64)
  }
}

/// A binary copied out of the checkout still has the device, layout, scheme and error-model files
/// (compiled in), while a checkout's own files still win.
@Suite struct CopiedBinaryTests {
  @Test func aCopiedToolFindsTheBuiltInDevices() throws {
    let dir = try TemporaryDirectory()
    let copy = dir.path("keybench-devices")
    try FileManager.default.copyItem(atPath: TestPaths.productsDirectory.appendingPathComponent("keybench-devices").path, toPath: copy)
    let result = try Run.tool(copy, ["list"], environment: ["KEYBENCH_HOME": ""], directory: dir.url)
    #expect(result.status == 0, "\(result.stderr)")
    for device in ["iphone5", "iphone6s", "ipad4", "hws"] { #expect(result.stdout.contains(device)) }
    let show = try Run.tool(copy, ["show", "iphone5"], environment: ["KEYBENCH_HOME": ""], directory: dir.url)
    #expect(show.status == 0 && show.stdout.contains("qwerty-en"), "\(show.stderr)")
  }
}
