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

  /// `value` with `decimals` (0…3) digits after the point, exactly as `String(format: "%.2f")`
  /// prints it (the exact binary value rounded half to even, "-" kept for a negative value
  /// that rounds to zero), without Foundation's formatting machinery, which cost a fifth of a
  /// benchmark writing a million coordinates. Values beyond 2⁵² and non-finite ones take the
  /// slow path.
  public static func fixed(_ value: Double, decimals: Int) -> String {
    guard (0...3).contains(decimals), value.isFinite, value.magnitude < 0x1p52 else {
      return String(format: "%.\(decimals)f", value)
    }
    let scale: UInt64 = [1, 10, 100, 1000][decimals]
    // value = significand · 2^exponent exactly, the significand a whole number below 2⁵³.
    let significand = value.magnitude == 0 ? 0 : value.magnitude.significandBitPattern | (value.magnitude.isNormal ? 1 << 52 : 0)
    let exponent = value.magnitude.isNormal ? Int(value.magnitude.exponent) - 52 : -1074
    var scaled = significand * scale  // below 2⁶³ for three decimals
    if exponent >= 0 {
      scaled <<= UInt64(exponent)  // exact: the value is a whole number below 2⁵²
    } else {
      let shift = -exponent
      if shift >= 64 {
        scaled = 0  // below 2⁶³ ÷ 2⁶⁴: rounds to zero
      } else {
        let kept = scaled >> UInt64(shift)
        let rest = scaled & ((1 << UInt64(shift)) - 1)
        let half: UInt64 = 1 << UInt64(shift - 1)
        scaled = kept + (rest > half || (rest == half && kept & 1 == 1) ? 1 : 0)
      }
    }
    var text = value.sign == .minus ? "-" : ""
    text += String(scaled / scale)
    if decimals > 0 {
      let fraction = String(scaled % scale)
      text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return text
  }
}
