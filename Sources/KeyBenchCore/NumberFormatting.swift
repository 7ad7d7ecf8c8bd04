import Foundation

/// Number formats shared by every tool's printed summaries.
public enum NumberFormatting {
  /// `160715` → `160,715`.
  public static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return value < 0 ? "-" + out : out
  }

  /// Fixed decimals, independent of the user's locale; "n/a" for a value that could not be
  /// computed (e.g. false corrections over a set with no correctly typed word), never `nan`.
  public static func fixed(_ value: Double, decimals: Int) -> String {
    value.isFinite ? String(format: "%.\(decimals)f", value) : "n/a"
  }

  /// Bytes in MiB with one decimal.
  public static func mebibytes(_ bytes: Int) -> String {
    fixed(Double(bytes) / 1_048_576, decimals: 1) + " MiB"
  }
}
