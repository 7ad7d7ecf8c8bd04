import Foundation
import KeyBenchCore

/// What `keybench-report compare` prints: every metric compared, with the settings that decide
/// the numbers (resamples, seed, alpha), as Markdown for people and JSON for programs.
public struct ComparisonReport: Sendable, Codable {
  public var schemaVersion = 1
  public var method = "paired cluster-robust t (CR3 variance over groups, groups − 1 degrees of freedom); for 0/1 metrics the larger of its p and exact McNemar's; Holm across the family (headline metrics, or those named); no verdict below \(RunStatistics.fewGroups) groups"
  public var group: String
  public var level: Double
  public var alpha: Double
  public var comparisons: [MetricComparison]
  /// How many comparisons Holm's correction ran over.
  public var family: Int
  /// What differs between the two runs' configurations, as the gate lists it (empty for one run).
  public var configChanges: [String] = []
  /// The median time per item of each side compared, when both were timed comparably.
  public var timings: [Timing] = []
  /// Why times are not compared (a run timed with concurrent jobs), if so.
  public var timingsNotComparable: String?

  /// One pair's median time per item, from one run each: no interval (`keybench-report
  /// time-ratio` repeats runs in interleaved rounds for one).
  public struct Timing: Sendable, Codable, Equatable {
    public var a: String
    public var b: String
    public var medianMicrosecondsA: Double
    public var medianMicrosecondsB: Double
    /// B ÷ A: below 1 when B is faster.
    public var ratio: Double { medianMicrosecondsB / medianMicrosecondsA }

    public init(a: String, b: String, medianMicrosecondsA: Double, medianMicrosecondsB: Double) {
      self.a = a
      self.b = b
      self.medianMicrosecondsA = medianMicrosecondsA
      self.medianMicrosecondsB = medianMicrosecondsB
    }

    enum CodingKeys: String, CodingKey {
      case a, b
      case medianMicrosecondsA = "median_us_a"
      case medianMicrosecondsB = "median_us_b"
    }
  }

  enum CodingKeys: String, CodingKey {
    case method, group, level, alpha, comparisons, family, timings
    case schemaVersion = "schema_version"
    case configChanges = "config_changes"
    case timingsNotComparable = "timings_not_comparable"
  }

  /// Builds the report from comparisons of several pairs, Holm-adjusting across the family:
  /// every in-family comparison with a p-value and enough groups for a verdict.
  public init(_ parts: [PairedComparison], group: String, settings: BootstrapSettings, alpha: Double) {
    self.init(comparisons: parts.flatMap(\.comparisons), group: group, settings: settings, alpha: alpha)
  }

  /// The report of comparisons made one by one (``PairedComparison/compare(_:a:b:groups:numeratorsA:denominatorsA:numeratorsB:denominatorsB:level:)``).
  public init(comparisons given: [MetricComparison], group: String, settings: BootstrapSettings, alpha: Double) {
    var all = given
    let tested = all.indices.filter { all[$0].inFamily && all[$0].p != nil && all[$0].hasEnoughGroups }
    let adjusted = Holm.adjust(tested.map { all[$0].p ?? 1 })
    for (position, index) in tested.enumerated() { all[index].pHolm = adjusted[position] }
    family = tested.count
    if let model = try? PairedPower(alpha: alpha, family: max(tested.count, 1)) {
      for index in tested {
        let c = all[index]
        all[index].detectable = model.detectable(
          items: c.items, groups: c.groups, pairedStandardError: c.powerStandardError ?? 0, binary: c.onlyA != nil)
      }
    }
    comparisons = all
    self.group = group
    level = settings.level
    self.alpha = alpha
  }

  /// A p-value as every reader prints it: four decimals, or two significant digits below 0.0001
  /// ("0.0000" could not be checked against another tool).
  public static func pValue(_ value: Double) -> String {
    value >= 0.0001 ? String(format: "%.4f", value) : (value == 0 ? "< 1e-300" : String(format: "%.2g", value))
  }

  public var json: String {
    get throws {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
  }

  /// "cannot judge" lines: comparisons whose groups are too few for any verdict.
  public var cannotJudge: [String] {
    comparisons.compactMap { c in c.tooFewGroups(group: group).map { "cannot judge \(c.metric) (\(c.a) vs \(c.b)): \($0)" } }
  }

  public var markdown: String {
    func value(_ v: Double?, _ unit: String) -> String { NumberFormatting.value(v, unit: unit) }
    func signed(_ v: Double?, _ unit: String) -> String { NumberFormatting.difference(v, unit: unit) }
    func p(_ v: Double?) -> String { v.map(Self.pValue) ?? "n/a" }
    func detectable(_ c: MetricComparison) -> String {
      guard let d = c.detectable else { return "" }
      return c.unit == "fraction" ? String(format: "%.2f pt", d * 100) : NumberFormatting.value(d, unit: c.unit)
    }
    var lines = [
      "| metric | A | B | value A | value B | B − A | \(Int(level * 100)) % interval | p (cluster t) | McNemar p (only A / only B) | p (Holm) | detects (80 %) | items | \(group)s | verdict |",
      "|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    let cannot = cannotJudge
    if !cannot.isEmpty { lines.insert(contentsOf: cannot.map { "**\($0)**" } + [""], at: 0) }
    for c in comparisons {
      let interval = c.low.flatMap { low in c.high.map { high in "\(signed(low, c.unit)) … \(signed(high, c.unit))" } } ?? "n/a"
      let mcnemar = c.pMcNemar.map { "\(p($0)) (\(c.onlyA ?? 0) / \(c.onlyB ?? 0))" } ?? ""
      lines.append(
        "| \(c.metric) | \(c.a) | \(c.b) | \(value(c.valueA, c.unit)) | \(value(c.valueB, c.unit)) | \(signed(c.difference, c.unit)) | \(interval) | \(p(c.pClusterT)) | \(mcnemar) | \(c.pHolm.map(p) ?? "") | \(detectable(c)) | \(c.items) | \(c.groups) | \(c.verdict(alpha: alpha, group: group)) |")
    }
    lines += [
      "",
      "Differences are B − A on the items both scored; intervals and p-values from a paired cluster-robust t over \(group)s (CR3 variance, \(group)s − 1 degrees of freedom); for 0/1 metrics a verdict also needs McNemar's exact test on the items only one side got right (the larger p counts). Verdicts at α = \(alpha) after Holm's correction across the family of \(family) comparison\(family == 1 ? "" : "s") (headline metrics, or those named with --metric); slices are shown, not judged; no verdict from fewer than \(RunStatistics.fewGroups) \(group)s. \"detects\" is the smallest change found with 80 % power at this size (paired, Holm over the family).",
    ]
    if !configChanges.isEmpty {
      lines += ["", "Config changes (A → B):", ""] + configChanges.map { "- `\($0)`" }
    }
    if let timingsNotComparable {
      lines += ["", "Times not compared: \(timingsNotComparable)."]
    } else if !timings.isEmpty {
      lines += ["", "| A | B | median time per item, A | B | B ÷ A |", "|---|---|---:|---:|---:|"]
      lines += timings.map { t in
        "| \(t.a) | \(t.b) | \(NumberFormatting.time(t.medianMicrosecondsA, unit: "µs")) | \(NumberFormatting.time(t.medianMicrosecondsB, unit: "µs")) | \(NumberFormatting.ratio(t.ratio)) |"
      }
      lines += ["", "Times are one run each, without an interval; `keybench-report time-ratio` repeats both in interleaved rounds for a verdict on speed."]
    }
    if !cannot.isEmpty { lines += [""] + cannot.map { "**\($0)**" } }
    return lines.joined(separator: "\n") + "\n"
  }
}
