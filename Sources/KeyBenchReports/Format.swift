import Foundation
import KeyBenchCore
import KeyBenchResults

/// How report tables print numbers: every value goes through ``NumberFormatting/value(_:unit:)``
/// with the unit its metric declares (a summary's `statistics` block), else the unit its name
/// implies (Reports/FORMATS.md), so one unit always looks the same on every table of every page.
enum Format {
  /// The unit of metric `key`: the one `declared` gives for its name (a summary's `statistics`
  /// block, metric name → unit), else the one its name implies; "" for a plain count or number.
  static func unit(of key: String, declared: [String: String] = [:]) -> String {
    declared[MetricUnit.lastComponent(key)] ?? declared[key] ?? MetricUnit.implied(by: key)
  }

  /// How a unit is named in a column header: fractions print as percentages.
  static func unitLabel(_ unit: String) -> String { unit == "fraction" ? "%" : unit }

  /// A header naming its unit: `top-1 (%)`, `median (ms)`; plain numbers keep the bare name.
  static func header(_ name: String, unit: String) -> String {
    unit.isEmpty ? name : "\(name) (\(unitLabel(unit)))"
  }

  /// A table cell for metric `key`, in the unit `declared` gives it or its name implies.
  static func value(_ value: Double?, key: String, declared: [String: String] = [:]) -> String {
    NumberFormatting.cell(value, unit: unit(of: key, declared: declared))
  }

  /// A compact label for a mark: shares as whole-ish percentages ("94.2 %"), else `value(_:key:)`.
  static func short(_ value: Double, key: String) -> String {
    MetricUnit.isShare(key) && value.isFinite ? String(format: "%.1f %%", value * 100) : Self.value(value, key: key)
  }

  /// A plain number in the one format of numbers without a unit.
  static func number(_ value: Double) -> String { NumberFormatting.cell(value, unit: "") }

  /// A run's configuration in one line for any benchmark: the decoder (swipe), then each setting
  /// of `config` (lists of algorithms joined, nested objects by their names, the lexicon and the
  /// parameter tree left to their own column and summary.json), then the plug-ins the run loaded.
  static func configuration(_ summary: JSONValue?) -> String {
    guard case .object(let config)? = summary?["config"] else { return "–" }
    var parts: [String] = []
    if let decoder = config["decoder"]?.string { parts.append(decoder) }
    for key in config.keys.sorted() where !["decoder", "lexicon", "parameters"].contains(key) {
      switch config[key]! {
      case .string(let text): parts.append("\(key) \(text)")
      case .number, .integer: parts.append("\(key) \(Format.number(config[key]!.number!))")
      case .bool(let flag): parts.append("\(key) \(flag)")
      case .array(let values):
        let names = values.compactMap { value -> String? in
          switch value {
          case .string(let text): text
          case .number, .integer: Format.number(value.number!)
          default: nil
          }
        }
        if !names.isEmpty { parts.append("\(key): \(names.joined(separator: ", "))") }
      case .object(let members):
        if !members.isEmpty { parts.append("\(key): \(members.keys.sorted().joined(separator: ", "))") }
      case .null: continue
      }
    }
    if case .array(let plugins)? = summary?["provenance"]?["plugins"] {
      let names = plugins.compactMap { $0["name"]?.string }
      if !names.isEmpty { parts.append("plug-ins: " + names.joined(separator: ", ")) }
    }
    return parts.isEmpty ? "–" : parts.joined(separator: "; ")
  }
}
