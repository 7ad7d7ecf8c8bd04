import Foundation

/// What `keybench-report compare` prints: every metric compared, with the settings that decide
/// the numbers (resamples, seed, alpha), as Markdown for people and JSON for programs.
public struct ComparisonReport: Sendable, Codable {
  public var schemaVersion = 1
  public var method = "paired cluster bootstrap (groups resampled with replacement, both sides recomputed on the same draw); exact McNemar for 0/1 metrics; Holm across every metric compared"
  public var group: String
  public var resamples: Int
  public var seed: UInt64
  public var level: Double
  public var alpha: Double
  public var comparisons: [MetricComparison]

  enum CodingKeys: String, CodingKey {
    case method, group, resamples, seed, level, alpha, comparisons
    case schemaVersion = "schema_version"
  }

  /// Builds the report from comparisons of several pairs, Holm-adjusting across all of them.
  public init(_ parts: [PairedComparison], group: String, settings: BootstrapSettings, alpha: Double) {
    var all = parts.flatMap(\.comparisons)
    let tested = all.indices.filter { all[$0].pBootstrap != nil }
    let adjusted = Holm.adjust(tested.map { all[$0].pBootstrap ?? 1 })
    for (position, index) in tested.enumerated() { all[index].pHolm = adjusted[position] }
    comparisons = all
    self.group = group
    resamples = settings.resamples
    seed = settings.seed
    level = settings.level
    self.alpha = alpha
  }

  public var json: String {
    get throws {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
  }

  public var markdown: String {
    func value(_ v: Double?, _ unit: String) -> String { RunStatistics.format(v, unit: unit) }
    func signed(_ v: Double?, _ unit: String) -> String {
      guard let v, v.isFinite else { return "n/a" }
      return unit == "fraction" ? String(format: "%+.2f pt", v * 100) : String(format: "%+.4g", v)
    }
    func p(_ v: Double?) -> String {
      guard let v else { return "n/a" }
      // Small p-values keep their digits: "<0.0001" could not be checked against another tool.
      return v < 0.0001 ? String(format: "%.3g", v) : String(format: "%.4f", v)
    }
    var lines = [
      "| metric | A | B | value A | value B | B − A | \(Int(level * 100)) % interval | p (bootstrap) | p (Holm) | McNemar p (only A / only B) | items | \(group)s | verdict |",
      "|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---|",
    ]
    for c in comparisons {
      let interval = c.low.flatMap { low in c.high.map { high in "\(signed(low, c.unit)) … \(signed(high, c.unit))" } } ?? "n/a"
      let mcnemar = c.pMcNemar.map { "\(p($0)) (\(c.onlyA ?? 0) / \(c.onlyB ?? 0))" } ?? ""
      let verdict: String
      switch c.direction(alpha: alpha) {
      case 1: verdict = "B better"
      case -1: verdict = "A better"
      default: verdict = c.pHolm == nil ? "n/a" : "no significant difference"
      }
      lines.append(
        "| \(c.metric) | \(c.a) | \(c.b) | \(value(c.valueA, c.unit)) | \(value(c.valueB, c.unit)) | \(signed(c.difference, c.unit)) | \(interval) | \(p(c.pBootstrap)) | \(p(c.pHolm)) | \(mcnemar) | \(c.items) | \(c.groups) | \(verdict) |")
    }
    lines += [
      "",
      "Differences are B − A on the items both scored; intervals and p-values from a paired bootstrap over \(group)s (\(resamples) resamples, seed \(seed)); verdicts at α = \(alpha) after Holm's correction across the \(comparisons.count) metrics compared. McNemar's exact test counts items only one side got right, treating items as independent (it does not know the \(group)s), so read it beside the bootstrap p-value, not instead of it.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
