import Foundation

/// The one way each unit is printed, by every writer: the command line, Markdown reports, HTML
/// pages, JUnit messages, sweep and seed pages. A reader who sees `80.51 %` in one place never
/// meets `0.8051` or `80.5` for the same kind of number in another (Reports/FORMATS.md).
/// Machine-readable files (CSV, JSON) keep full precision and never go through here.
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

  /// A grouped count with its noun, singular for one: `1 pair`, `2 pairs`, `1,000 pairs`
  /// (`plural` for nouns that do not take an s).
  public static func count(_ value: Int, _ noun: String, plural: String? = nil) -> String {
    "\(grouped(value)) \(value == 1 ? noun : plural ?? noun + "s")"
  }

  /// Fixed decimals, independent of the user's locale; "n/a" for a value that could not be
  /// computed (e.g. false corrections over a set with no correctly typed word), never `nan`.
  public static func fixed(_ value: Double, decimals: Int) -> String {
    value.isFinite ? String(format: "%.\(decimals)f", value) : "n/a"
  }

  /// A 0…1 share as a percentage with two decimals: `0.80512` → `80.51 %`; shares too small for
  /// two decimals keep two significant digits (`0.0043 %`) rather than reading as zero.
  public static func percent(_ fraction: Double) -> String {
    guard fraction.isFinite else { return "n/a" }
    let percent = fraction * 100
    return String(format: percent != 0 && abs(percent) < 0.01 ? "%.2g %%" : "%.2f %%", percent)
  }

  /// A share with its interval, as tables show them: `80.51 % (79.10 – 81.90 %)`; the share
  /// alone where there is no interval.
  public static func percent(_ fraction: Double, low: Double?, high: Double?) -> String {
    guard let low, let high else { return percent(fraction) }
    return "\(percent(fraction)) (\(percentInterval(low, high)))"
  }

  /// An interval of shares: `79.10 – 81.90 %`.
  public static func percentInterval(_ low: Double, _ high: Double) -> String {
    guard low.isFinite, high.isFinite else { return "n/a" }
    return String(format: "%.2f – %.2f %%", low * 100, high * 100)
  }

  /// A difference of shares in percentage points, signed: `+1.23 pt`.
  public static func points(_ difference: Double, decimals: Int = 2) -> String {
    difference.isFinite ? String(format: "%+.\(decimals)f pt", difference * 100) : "n/a"
  }

  /// A time with its unit: two decimals (three below 1, so 0.004 ms does not read 0.00 ms),
  /// grouped whole numbers from 1,000 up. `unit` is "s", "ms", "µs" or "ns".
  public static func time(_ value: Double, unit: String) -> String {
    guard value.isFinite else { return "n/a" }
    if abs(value) >= 1000 { return grouped(Int(value.rounded())) + " " + unit }
    return String(format: abs(value) < 1 && value != 0 ? "%.3f" : "%.2f", value) + " " + unit
  }

  /// How many times one quantity is another: `1.42×`.
  public static func ratio(_ value: Double) -> String {
    value.isFinite ? String(format: "%.2f×", value) : "n/a"
  }

  /// A rate per second: grouped whole numbers from 10 up (`18,527 per s`, or with what is
  /// counted, `18,527 words per s`), three significant digits below (`3.25 per s`).
  public static func rate(_ perSecond: Double, of items: String? = nil) -> String {
    guard perSecond.isFinite else { return "n/a" }
    let number = abs(perSecond) >= 10 ? grouped(Int(perSecond.rounded())) : String(format: "%.3g", perSecond)
    return number + (items.map { " \($0)" } ?? "") + " per s"
  }

  /// A table cell: `–` where there is no value (nil, or not finite: a share of nothing), else
  /// ``value(_:unit:)``.
  public static func cell(_ value: Double?, unit: String) -> String {
    guard let value, value.isFinite else { return "–" }
    return Self.value(value, unit: unit)
  }

  /// A signed difference in `unit`: shares in percentage points (`+1.23 pt`), anything else as
  /// its unit prints, with its sign (`+0.41 ms`, `-12 µs`).
  public static func difference(_ value: Double?, unit: String) -> String {
    guard let value, value.isFinite else { return "n/a" }
    if unit == "fraction" { return points(value) }
    let text = Self.value(abs(value), unit: unit)
    return (value < 0 ? "-" : "+") + text
  }

  /// Bytes in MiB with one decimal.
  public static func mebibytes(_ bytes: Int) -> String {
    value(Double(bytes) / 1_048_576, unit: "MiB")
  }

  /// A number without a unit: whole numbers grouped (`7,928`), large ones rounded to whole,
  /// others with four significant digits (`1.886`, `0.3939`).
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    if abs(value) >= 1000 && abs(value) < 1e15 { return grouped(Int(value.rounded())) }
    guard value == value.rounded() && abs(value) < 1e15 else { return String(format: "%.4g", value) }
    return grouped(Int(value))
  }

  /// A value in the unit a metric declares (Reports/FORMATS.md): "fraction" prints as a
  /// percentage, times with their unit, "per s" as a rate, "" as a plain number, anything else
  /// as a number followed by its unit. "n/a" where there is no value.
  public static func value(_ value: Double?, unit: String) -> String {
    guard let value, value.isFinite else { return "n/a" }
    switch unit {
    case "fraction": return percent(value)
    case "s", "ms", "µs", "ns": return time(value, unit: unit)
    case "us": return time(value, unit: "µs")
    case "per s": return rate(value)
    case "times", "×": return ratio(value)
    case "MiB": return fixed(value, decimals: 1) + " MiB"
    case "": return number(value)
    default: return number(value) + " " + unit
    }
  }
}
