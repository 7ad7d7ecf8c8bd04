import Foundation
import KeyBenchCore
import KeyBenchTestSupport
import Testing

/// The examples every `--help` ends with are commands a user copies: each must name a real
/// subcommand and real options, its repository files must exist, and it must run. A benchmark's
/// example runs with `--print-config` (every option parsed and range-checked, no data read); a
/// suite's with `--dry-run`; a quick example whose inputs all exist here (devices, reports over
/// the committed baselines, a fuzz replay) runs in full with its outputs sent to a temporary
/// folder. Examples that need a user's own runs (`runs/…`), read standard input, or are long work
/// (ingesting, importing, fuzzing, timing) are checked for their subcommand, options and files.
@Suite struct HelpExamplesTests {
  /// The tools built with swift-argument-parser (keybench-fuzz is checked on its own below).
  static let tools = [
    "keybench-run", "keybench-report", "keybench-suite", "keybench-sweep", "keybench-swipes", "keybench-typos", "keybench-ingest",
    "keybench-devices",
  ]

  /// Quick commands that run in full when their inputs are here.
  static let quick: Set<String> = [
    "keybench-devices list", "keybench-devices show", "keybench-report html", "keybench-report markdown", "keybench-report power",
    "keybench-report compare", "keybench-report gate", "keybench-report merge", "keybench-swipes dtw",
  ]

  /// One command of a tool's `--experimental-dump-help` tree: its path and option names.
  struct Command {
    var path: [String]
    var options: Set<String>
    /// Options that take a value (the next word is theirs, even when it starts with `--`).
    var valued: Set<String>
    /// Options whose value is a file or folder (their help says so).
    var paths: Set<String>
    var subcommands: [String]
    var hasPositionals: Bool
  }

  static func commands(of tool: String) throws -> [Command] {
    let dump = try Run.product(tool, ["--experimental-dump-help"])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
    var found: [Command] = []
    func names(_ argument: [String: Any]) -> [String] {
      (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
        let kind = name["kind"] as? String, text = name["name"] as? String ?? ""
        return kind == "long" ? "--" + text : kind == "short" ? "-" + text : nil
      }
    }
    func walk(_ command: [String: Any], path: [String]) {
      let arguments = command["arguments"] as? [[String: Any]] ?? []
      let valued = arguments.filter { ($0["kind"] as? String) == "option" }
      let pathWords = ["file", "folder", "directory", "path"]
      let paths = valued.filter { argument in
        let help = (argument["abstract"] as? String ?? "").lowercased()
        return pathWords.contains { help.contains($0) }
      }
      let children = command["subcommands"] as? [[String: Any]] ?? []
      let subcommands = children.compactMap { $0["commandName"] as? String }
      found.append(Command(
        path: path, options: Set(arguments.flatMap(names) + ["--help", "-h", "--version"]), valued: Set(valued.flatMap(names)),
        paths: Set(paths.flatMap(names)), subcommands: subcommands.filter { $0 != "help" },
        hasPositionals: arguments.contains { ($0["kind"] as? String) == "positional" }))
      for child in children { walk(child, path: path + [child["commandName"] as? String ?? ""]) }
    }
    walk(try #require(root["command"] as? [String: Any]), path: [tool])
    return found
  }

  /// The example lines of one command's --help, continuation lines (ending in `\\`) joined.
  static func examples(tool: String, help: String) -> [String] {
    guard let start = help.range(of: "\nEXAMPLES:\n") else { return [] }
    var examples: [String] = []
    var current = ""
    for line in help[start.upperBound...].split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if current.isEmpty && !line.hasPrefix(tool + " ") { continue }
      current += (current.isEmpty ? "" : " ") + line
      if current.hasSuffix("\\") {
        current = String(current.dropLast()).trimmingCharacters(in: .whitespaces)
        continue
      }
      examples.append(current)
      current = ""
    }
    return examples
  }

  static func examples(_ command: Command) throws -> [String] {
    examples(tool: command.path[0], help: try Run.product(command.path[0], Array(command.path.dropFirst()) + ["--help"]).stdout)
  }

  /// The words of one command: up to the first shell operator (a redirection, a pipe, `&&`).
  static func firstCommand(_ words: [String]) -> (words: [String], readsInput: Bool) {
    let operators: Set<String> = [">", ">>", "<", "|", "&&", "||", ";"]
    guard let cut = words.firstIndex(where: operators.contains) else { return (words, false) }
    return (Array(words[..<cut]), words[cut] == "<")
  }

  /// Options whose value is a file or folder the command writes.
  static let outputOptions: Set<String> = ["--out", "--json", "--junit", "--pages", "--html"]

  static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: TestPaths.repository.appendingPathComponent(path).path)
  }

  /// A word that names a file or folder (it has a slash or a data file's extension).
  static func isPath(_ word: String) -> Bool {
    !word.hasPrefix("-") && !word.contains("=")
      && (word.contains("/") || [".json", ".jsonl", ".tsv", ".txt", ".xml", ".gz", ".sqlite", ".html", ".csv"].contains { word.hasSuffix($0) })
  }

  @Test func everyExampleNamesRealOptionsAndRuns() throws {
    let scratch = try TemporaryDirectory()
    var ran: [String] = []
    var checked: [String] = []
    var problems: [String] = []
    for tool in Self.tools {
      let commands = try Self.commands(of: tool)
      for command in commands {
        for example in try Self.examples(command) {
          let (words, readsInput) = Self.firstCommand(try #require(ShellWords.split(example), "\(example): unbalanced quotes"))
          // The command the example invokes: the longest path of subcommand names it starts with.
          var target = try #require(commands.first { $0.path == [tool] })
          var rest = Array(words.dropFirst())
          while let next = rest.first, let sub = commands.first(where: { $0.path == target.path + [next] }) {
            target = sub
            rest.removeFirst()
          }
          if !target.subcommands.isEmpty && !target.hasPositionals {
            problems.append("\(example): '\(rest.first ?? "")' is no subcommand of \(target.path.joined(separator: " "))")
            continue
          }
          // Options (up to `--`, after which come another program's words) and the inputs: a
          // path-looking positional or the value of an option whose help names a file or folder.
          var inputs: [String] = []
          var outputs: [Int] = []
          var index = 0
          while index < rest.count, rest[index] != "--" {
            let word = rest[index]
            if word.hasPrefix("-") && word != "-" {
              let name = String(word.split(separator: "=").first ?? "")
              if !target.options.contains(name) { problems.append("\(example): \(target.path.joined(separator: " ")) has no option \(name)") }
              if target.valued.contains(name) && !word.contains("="), index + 1 < rest.count {
                if Self.outputOptions.contains(name) {
                  outputs.append(index + 1)
                } else if target.paths.contains(name) || Self.isPath(rest[index + 1]) {
                  inputs.append(rest[index + 1])
                }
                index += 1
              }
            } else if Self.isPath(word) {
              inputs.append(word)
            }
            index += 1
          }
          // Files the repository commits must exist; what a run makes (Reports/quickstart/, git-ignored,
          // written by Scripts/quickstart) is a user's output like runs/, and may not exist yet.
          let committed = ["Corpora/", "Reports/", "Suites/", "Plugins/", "docs/", "Scripts/", "Tests/"]
          for input in inputs where committed.contains(where: input.hasPrefix) && !input.hasPrefix("Reports/quickstart/") {
            if !Self.exists(input) { problems.append("\(example): \(input) does not exist") }
          }
          // Run it: configuration only, a dry run, or in full when its inputs are all here.
          var arguments = rest
          for index in outputs { arguments[index] = scratch.path("\(ran.count)-" + URL(fileURLWithPath: rest[index]).lastPathComponent) }
          if target.options.contains("--print-config") {
            arguments.append("--print-config")
          } else if target.options.contains("--dry-run") {
            arguments.append("--dry-run")
          } else if readsInput || !Self.quick.contains(target.path.joined(separator: " ")) || !inputs.allSatisfy({ Self.exists($0) }) {
            checked.append(example)
            continue
          }
          let result = try Run.product(tool, Array(target.path.dropFirst()) + arguments)
          // A suite's dry run checks its inputs too: before Scripts/quickstart has made the
          // corpora a suite reads (as in CI, where the tests come first) it says which are
          // missing and exits 2 — the example was parsed and planned, just not runnable here.
          if arguments.last == "--dry-run" && result.status == 2 && result.stderr.contains("missing (listed above)") {
            checked.append(example)
            continue
          }
          // A gate's example may find a regression (1); anything else must succeed.
          let allowed: Set<Int32> = target.path.last == "gate" ? [0, 1] : [0]
          if !allowed.contains(result.status) {
            problems.append("\(example): exit \(result.status): \(result.stderr.suffix(400))")
          }
          ran.append(example)
        }
      }
    }
    // keybench-fuzz: its files exist and its replay example runs.
    for example in Self.examples(tool: "keybench-fuzz", help: try Run.product("keybench-fuzz", ["--help"]).stdout) {
      let words = try #require(ShellWords.split(example)).dropFirst()
      for word in words where Self.isPath(word) && !Self.exists(word) { problems.append("\(example): \(word) does not exist") }
      if words.first == "replay" {
        let result = try Run.product("keybench-fuzz", Array(words))
        if result.status != 0 { problems.append("\(example): exit \(result.status): \(result.stderr.suffix(400))") }
        ran.append(example)
      } else {
        checked.append(example)
      }
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    // 34 of the 76 examples ran when this was written (help repeats the top-level examples); fewer
    // before Scripts/quickstart has made Reports/quickstart/ and the corpora (as in CI, where the
    // tests come first).
    #expect(ran.count >= 20, "ran \(ran.count): \(ran); only checked: \(checked)")
  }
}
