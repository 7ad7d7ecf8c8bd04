import Foundation
import KeyBenchCore

extension SuiteRunner {
  /// Has each tool check the selected items' command lines as its own run would before any work
  /// (``CommandCheck``: options, numbers in range, outputs that would overwrite inputs), and
  /// returns the inputs each item names that do not exist, by item name.
  ///
  /// The suite's own outputs (step results, configuration files under the output folder) are
  /// never missing: the suite makes them. One process per tool and folder checks every command.
  ///
  /// - Throws: ``SuiteFile/Problem`` naming the first item its tool refuses, or whose command
  ///   would write no result (`"print-config": true` prints and exits).
  public func checkCommands() throws -> [String: [String]] {
    let items = selected
    var missing: [String: [String]] = [:]
    let out = FileUseCheck.resolved(context.out.path) + "/"
    let groups = Dictionary(grouping: items.indices) { "\(items[$0].tool)\u{0}\(items[$0].folder.path)" }
    for key in groups.keys.sorted() {
      let group = groups[key]!.map { items[$0] }
      let commands = group.map { command($0) }
      let replies = try check(tool: commands[0][0], folder: group[0].folder, commands: commands.map { Array($0.dropFirst()) })
      for (item, (command, reply)) in zip(group, zip(commands, replies)) {
        let shown = "\(item.tool) \(item.bench ?? "")".trimmingCharacters(in: .whitespaces)
        if let problem = reply.problem {
          throw SuiteFile.Problem("\(item.name): \(shown) refuses its command: \(problem)")
        }
        let result = command.last!
        if let writes = reply.writes, !writes.contains(FileUseCheck.resolved(result)) {
          throw SuiteFile.Problem(
            "\(item.name): this command of \(shown) writes no result (an option such as print-config makes it print and exit); leave that option out")
        }
        let absent = reply.missing.filter { !FileUseCheck.resolved(SuitePlan.Context.resolve($0, in: item.folder)).hasPrefix(out) }
        if !absent.isEmpty { missing[item.name] = absent }
      }
    }
    return missing
  }

  /// The replies of `tool` (a path) checking `commands` (arguments after the tool) in `folder`.
  private func check(tool: String, folder: URL, commands: [[String]]) throws -> [CommandCheck.Reply] {
    let requests = FileManager.default.temporaryDirectory
      .appendingPathComponent("keybench-suite-commands-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8)).jsonl")
    let encoder = JSONEncoder()
    let lines = try commands.map { String(decoding: try encoder.encode(CommandCheck.Request(arguments: $0)), as: UTF8.self) }
    try (lines.joined(separator: "\n") + "\n").write(to: requests, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: requests) }
    let result: CapturedProcess
    do {
      result = try CapturedProcess.run(
        URL(fileURLWithPath: tool), [CommandCheck.flag, requests.path], directory: folder, environment: childEnvironment)
    } catch {
      throw SuiteFile.Problem("cannot check the suite's commands with \(tool): \(error)")
    }
    let answers = result.standardOutput.split(separator: "\n")
    guard result.status == 0, answers.count == commands.count else {
      throw SuiteFile.Problem("cannot check the suite's commands with \(tool) (exit \(result.status)): \(result.standardError.prefix(300))")
    }
    // The tool's own machine-written answer, so JSONDecoder reads it.
    return try answers.map { try JSONDecoder().decode(CommandCheck.Reply.self, from: Data($0.utf8)) }
  }
}
