import Foundation

/// Lays out `--help` the same way for every command: the description, then usage and options, and
/// last the examples (one per line, unwrapped, so they can be copied) and the exit status — the
/// parts people look for at the end. ArgumentParser prints a command's discussion, where examples
/// are written, before the usage; this moves them.
public enum HelpLayout {
  /// `message` (ArgumentParser's help text) with its `Example:`/`Examples:` and `Exit status:`
  /// paragraphs moved after the options; `exitStatus` is added when the text has none.
  public static func arranged(_ message: String, exitStatus: String = ExitStatus.help) -> String {
    guard let usage = message.range(of: "\nUSAGE:") else { return message.hasSuffix("\n") ? message : message + "\n" }
    let overview = message[..<usage.lowerBound].components(separatedBy: "\n")
    var kept: [String] = []
    var examples: [String] = []
    var status: [String] = []
    var index = 0
    while index < overview.count {
      let line = overview[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let isExamples = trimmed.hasPrefix("Example:") || trimmed.hasPrefix("Examples:")
      guard isExamples || trimmed.hasPrefix("Exit status:") else {
        kept.append(line)
        index += 1
        continue
      }
      // The paragraph runs to the next blank line.
      var block: [String] = []
      while index < overview.count, !overview[index].trimmingCharacters(in: .whitespaces).isEmpty {
        block.append(overview[index])
        index += 1
      }
      if isExamples {
        examples += commands(in: block)
      } else {
        status.append(block.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))
      }
    }
    while kept.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { kept.removeLast() }
    var text = kept.joined(separator: "\n") + "\n" + message[usage.lowerBound...]
    while text.hasSuffix("\n") { text.removeLast() }
    if !examples.isEmpty {
      text += "\n\nEXAMPLES:\n" + examples.map { "  " + $0 }.joined(separator: "\n")
    }
    text += "\n\n" + (status.isEmpty ? exitStatus : status.joined(separator: " "))
    return text + "\n"
  }

  /// The commands of an examples paragraph, each rejoined from the lines the help text wrapped it
  /// into: a command starts on an indented line (or after `Example:`), and an unindented line
  /// continues the one before.
  static func commands(in block: [String]) -> [String] {
    var commands: [String] = []
    for (position, line) in block.enumerated() {
      var content = Substring(line)
      if position == 0 {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        content = Substring(trimmed.drop { $0 != ":" }.dropFirst())
        if content.trimmingCharacters(in: .whitespaces).isEmpty { continue }
        commands.append(content.trimmingCharacters(in: .whitespaces))
        continue
      }
      if line.hasPrefix("  ") || commands.isEmpty {
        commands.append(line.trimmingCharacters(in: .whitespaces))
      } else {
        commands[commands.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
      }
    }
    return commands.filter { !$0.isEmpty }
  }
}
