import Foundation
import KeyBenchCore

extension BenchmarkDescriptor {
  /// The descriptor as `keybench-run describe` prints it for people: the purpose and group unit,
  /// one row per option (kind, default, accepted values) and one per metric.
  public var table: String {
    var lines = ["\(name): \(purpose)", "groups (bootstrap resamples them): \(groupUnit)" + (groupNote.map { " (\($0))" } ?? ""), ""]
    lines += Self.columns(
      [["option", "kind", "default", "accepts"]]
        + options.map { option in ["--" + option.name, option.kind.rawValue + (option.repeatable ? " (repeatable)" : ""), option.defaultText, option.acceptsText] })
    lines.append("")
    lines += Self.columns([["metric", "unit", "better", "role"]] + metrics.map { [$0.name, $0.unit.isEmpty ? "-" : $0.unit, $0.better.rawValue, $0.role.rawValue] })
    return lines.joined(separator: "\n")
  }

  /// Rows padded into columns two spaces apart (the last column unpadded).
  static func columns(_ rows: [[String]]) -> [String] {
    guard let count = rows.first?.count else { return [] }
    let widths = (0..<count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }.joined(separator: "  ").trimmingTrailingSpaces
    }
  }
}

extension OptionDescriptor {
  /// The default as a person reads it: `-` for none, the configuration's key count for objects.
  var defaultText: String {
    if let config { return "{\(config.defaults.object?.count ?? 0) keys}" }
    switch defaultValue {
    case nil, .null?: return "-"
    case .string(let text)?: return text.isEmpty ? "\"\"" : text
    case .array(let values)?: return values.isEmpty ? "-" : values.compactMap(\.string).joined(separator: " ")
    case let value?: return (try? value.canonicalText()) ?? "-"
    }
  }

  /// What the option accepts beyond its kind: a range, the choices, or where a configuration prints.
  var acceptsText: String {
    switch kind {
    case .choice: return (choices ?? []).joined(separator: ", ") + (commaSeparated ? " (comma-separated)" : "")
    case .config:
      let arguments = (config?.printArguments ?? []) + ["--print-config"]
      return "JSON object; see " + arguments.joined(separator: " ") + (config?.printedPart.map { " (its \"\($0)\")" } ?? "")
    case .integer, .number: return range.map { "\($0)" } ?? ""
    case .flag, .text, .path: return ""
    }
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
