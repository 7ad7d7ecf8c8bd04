import Foundation

/// How report tables print numbers: shares as percentages, times in ms, counts grouped.
enum Format {
  /// Whether a metric named `key` is a 0…1 share (by the naming rules of Reports/FORMATS.md).
  static func isShare(_ key: String) -> Bool {
    let last = key.split(separator: ".").last.map(String.init) ?? key
    // An interval's bound (`top1_low`, `top1_high`) is in the unit of its metric.
    for suffix in ["_low", "_high"] where last.hasSuffix(suffix) && last.count > suffix.count {
      return isShare(String(last.dropLast(suffix.count)))
    }
    // MRR is a mean of weights, not a share of items: it prints as 0.7777, not 77.77 %.
    if last.hasPrefix("kept_") || last == "recall" || last == "coverage" || last.contains("share")
      || last.hasSuffix("rate") || last.hasSuffix("accuracy") || last.hasSuffix("ratio") {
      return true
    }
    // top1, top4, in_lexicon_top1 …
    if let range = last.range(of: "top"), last[range.upperBound...].allSatisfy(\.isNumber), range.upperBound != last.endIndex {
      return true
    }
    return key.lowercased().contains("pass rate")
  }

  static func value(_ value: Double?, key: String) -> String {
    guard let value, value.isFinite else { return "–" }
    if isShare(key) { return String(format: value < 0.001 && value > 0 ? "%.4f %%" : "%.2f %%", value * 100) }
    if key.hasSuffix("_ms") || key.contains("_ms_") || key.hasSuffix(" ms") || key.contains("(ms)") {
      return String(format: value < 1 ? "%.3f ms" : "%.2f ms", value)
    }
    return number(value)
  }

  /// A compact label for a mark: shares as whole-ish percentages ("94.2 %"), else `value(_:key:)`.
  static func short(_ value: Double, key: String) -> String {
    isShare(key) && value.isFinite ? String(format: "%.1f %%", value * 100) : Self.value(value, key: key)
  }

  /// Integers (and values from 1,000 up, rounded) with thousands separators, other values with
  /// four significant digits — never an exponent a reader has to decode.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    if abs(value) >= 1000 && abs(value) < 1e15 && value != value.rounded() { return number(value.rounded()) }
    if value == value.rounded() && abs(value) < 1e15 {
      let digits = String(Int(value).magnitude)
      var out = ""
      for (offset, digit) in digits.enumerated() {
        if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
        out.append(digit)
      }
      return value < 0 ? "-" + out : out
    }
    return String(format: "%.4g", value)
  }
}
