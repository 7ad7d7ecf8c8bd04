import Foundation

/// The CSV and number conventions every results and summary file shares (Reports/FORMATS.md).
public enum CSV {
  /// An RFC 4180 row: a field is quoted when it holds a comma, quote or line break.
  public static func row(_ fields: [String]) -> String {
    fields.map { field in
      field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
        ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }.joined(separator: ",")
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
