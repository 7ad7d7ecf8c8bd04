import Foundation

/// The CSV and number conventions every results and summary file shares (Reports/FORMATS.md).
public enum CSV {
  /// An RFC 4180 row: a field is quoted when it holds a comma, quote or line break (looked for
  /// in its UTF-8 bytes, so a CR LF pair, one Character, is found too).
  public static func row(_ fields: [String]) -> String {
    var line = ""
    for (index, field) in fields.enumerated() {
      if index > 0 { line += "," }
      if field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
        line += "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
      } else {
        line += field
      }
    }
    return line
  }

  /// The shortest text that reads back as exactly `value` (journals that are resumed from must
  /// not round: a resumed row would then differ from a fresh one).
  public static func exactNumber(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// A metric value as summaries store it: integers plainly, others with six significant
  /// digits, and nothing for a value that could not be computed.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.6g", value)
  }
}
