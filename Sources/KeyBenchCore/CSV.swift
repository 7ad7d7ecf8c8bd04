import Foundation

/// The CSV and number conventions every results and summary file shares (Reports/FORMATS.md).
public enum CSV {
  /// An RFC 4180 row: a field is quoted when it holds a comma, quote or line break (looked for
  /// in its UTF-8 bytes, so a CR LF pair, one Character, is found too).
  public static func row(_ fields: [String]) -> String {
    var bytes: [UInt8] = []
    append(row: fields, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``row(_:)``'s bytes for `fields` (no line break) to `bytes`: a results file with
  /// hundreds of thousands of rows is built as bytes, without a String per row.
  public static func append(row fields: [String], to bytes: inout [UInt8]) {
    for (index, field) in fields.enumerated() {
      if index > 0 { bytes.append(0x2C) }
      append(field, to: &bytes)
    }
  }

  /// One field's bytes, quoted as ``row(_:)`` quotes it (a value repeated on many rows,
  /// formatted once).
  public static func bytes(_ field: String) -> [UInt8] {
    var bytes: [UInt8] = []
    append(field, to: &bytes)
    return bytes
  }

  /// Appends one field, quoted as ``row(_:)`` quotes it.
  public static func append(_ field: String, to bytes: inout [UInt8]) {
    let utf8 = field.utf8
    guard utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
      bytes.append(contentsOf: utf8)
      return
    }
    bytes.append(0x22)
    for byte in utf8 {
      bytes.append(byte)
      if byte == 0x22 { bytes.append(0x22) }
    }
    bytes.append(0x22)
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
    var bytes: [UInt8] = []
    append(value, decimals: decimals, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``fixed(_:decimals:)``'s text to `bytes` (a results row built in place).
  public static func append(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
    guard (0...3).contains(decimals), value.isFinite, value.magnitude < 0x1p52 else {
      bytes.append(contentsOf: String(format: "%.\(decimals)f", value).utf8)
      return
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
    if value.sign == .minus { bytes.append(0x2D) }
    appendDigits(UInt(scaled / scale), to: &bytes)
    if decimals > 0 {
      bytes.append(0x2E)
      var fraction = scaled % scale
      var digits = [UInt8](repeating: 0x30, count: decimals)
      for position in stride(from: decimals - 1, through: 0, by: -1) {
        digits[position] = 0x30 + UInt8(fraction % 10)
        fraction /= 10
      }
      bytes.append(contentsOf: digits)
    }
  }

  /// Appends the decimal digits of `value`, as `String(value)` prints them.
  public static func append(_ value: Int, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(0x2D) }
    appendDigits(value.magnitude, to: &bytes)
  }

  private static func appendDigits(_ value: UInt, to bytes: inout [UInt8]) {
    var rest = value
    let start = bytes.count
    repeat {
      bytes.append(0x30 + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    bytes[start...].reverse()
  }
}
