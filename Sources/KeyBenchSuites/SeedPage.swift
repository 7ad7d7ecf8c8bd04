import Foundation
import KeyBenchCore
import KeyBenchResults

/// One seed's published results beside KeyBench's, as data: `Reports/seeds/NNN.json`.
///
/// ``FigurePages`` computes it from a suite's `figures` section and the runs' outputs, writes it,
/// and renders the Markdown page from it alone (``markdown``), so the page and the JSON cannot
/// disagree. `records` holds one entry per published result of the seed. Its status is not
/// chosen by whoever wrote the row: it follows from the record's own fields (``Record/derivedStatus``),
/// so a failed comparison cannot be called close:
///
/// - `reproduced`: KeyBench's value meets the record's ``Rule`` (a tolerance around the seed's
///   number, or the bound or direction the seed states) on the same kind of data and hardware;
/// - `approximated`: it meets the rule on other data or hardware (`data: other`), and `why`
///   names the difference;
/// - `differs`: it was measured and misses the rule (outside the tolerance, or the opposite
///   direction), and `why` gives the measured cause;
/// - `not-reproducible`: the figure needs a user study or a device that cannot exist offline
///   (declared by the row, with no KeyBench value; an x86 figure stays beside it as context);
/// - `not-measured`: KeyBench could measure it and does not yet (declared, or a run that did not
///   produce the value): a marked gap rather than silence.
///
/// `context` holds KeyBench's rows that answer no published number (the seed draws a figure
/// without values, or the row explains another): they carry a `note` and no status.
public struct SeedPage: Codable, Equatable, Sendable {
  public static let formatVersion = 2
  public static let statuses = ["reproduced", "approximated", "differs", "not-reproducible", "not-measured"]
  /// The statuses a suite row may declare: those no comparison can decide.
  public static let declaredStatuses = ["not-reproducible", "not-measured"]
  /// Whether KeyBench's data and hardware are of the seed's kind (`same`) or not (`other`).
  public static let dataKinds = ["same", "other"]

  public var format: Int = SeedPage.formatVersion
  /// The seed's number, e.g. `000`.
  public var seed: String
  /// The Markdown page's file name without `.md`, e.g. `000-swipe`.
  public var page: String
  public var title: String
  public var text: String?
  public var tables: [Table]
  public var records: [Record]
  public var context: [Record]

  public struct Table: Codable, Equatable, Sendable {
    public var title: String?
    public var text: String?
  }

  /// A published value: a number (in the record's unit) or the seed's words.
  public enum Published: Codable, Equatable, Sendable {
    case number(Double)
    case text(String)

    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else {
        self = .text(try container.decode(String.self))
      }
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .number(let value): try container.encode(value)
      case .text(let value): try container.encode(value)
      }
    }
  }

  public struct Record: Codable, Equatable, Sendable {
    public var seed: String
    /// Where the seed publishes it (section, table, figure or page), e.g. `§4.1, Fig. 4.1`.
    public var section: String?
    public var quantity: String
    public var published: Published?
    /// KeyBench's value (the median over the suite's rounds when it ran more than one); nil when
    /// the run did not produce it or the row measures nothing.
    public var keybench: Double?
    /// Every round's value, when the rounds disagree (timings).
    public var rounds: [Double]?
    /// `percent` (fractions), `points`, `times`, `ms`, `ns`, `s` or `number`.
    public var unit: String
    public var status: String?
    /// How KeyBench's value is compared with the seed's; nil only for a declared status.
    public var rule: Rule?
    /// `same` when KeyBench measures on the seed's kind of data and hardware, `other` when not:
    /// the difference between `reproduced` and `approximated`.
    public var data: String?
    /// The entry of the seed's published-results checklist (`Reports/seeds/published/SEED.tsv`)
    /// this record answers.
    public var claim: String?
    public var why: String?
    /// For context rows: what the row shows.
    public var note: String?
    /// The value's expression over the suite's outputs (`RUN:metric.path`, Suites/README.md).
    public var expression: String?
    /// The step outputs it was computed from: `RUN/summary.json` (metrics) or a step's file.
    public var from: [String]?
    /// Position on the page: table index and row index within it.
    public var table: Int
    public var row: Int

    /// The status the record's own fields give: a declared status when it has no rule, else
    /// `not-measured` without a value, `differs` when the value misses the rule, and
    /// `reproduced` or `approximated` by the kind of data when it meets it.
    public var derivedStatus: String? {
      guard let rule else { return status.flatMap { SeedPage.declaredStatuses.contains($0) ? $0 : nil } }
      guard let keybench else { return "not-measured" }
      guard rule.holds(keybench) else { return "differs" }
      switch data {
      case "same"?: return "reproduced"
      case "other"?: return "approximated"
      default: return nil
      }
    }
  }

  /// How a record compares KeyBench's value with the seed's, so its status can be derived rather
  /// than chosen: a direction, the number compared against and the slack allowed.
  public struct Rule: Codable, Equatable, Sendable {
    /// `equal` (within the tolerance on either side, and not of the opposite sign), `at-least`,
    /// `at-most` (a bound the seed states, less the tolerance), `above` or `below` (strictly: a
    /// direction such as "falls with length" is `below 0`).
    public var direction: String
    /// The seed's number, or the bound its words give.
    public var reference: Double
    /// The slack: in the unit's raw values (fractions for percent), or a fraction of the
    /// reference when `relative`.
    public var tolerance: Double
    public var relative: Bool

    public static let directions = ["equal", "at-least", "at-most", "above", "below"]

    public init(direction: String, reference: Double, tolerance: Double = 0, relative: Bool = false) {
      self.direction = direction
      self.reference = reference
      self.tolerance = tolerance
      self.relative = relative
    }

    /// The slack in the unit's raw values.
    public var allowed: Double { relative ? tolerance * abs(reference) : tolerance }

    /// Whether `value` meets the rule (a rounding error's slack on the tolerance's edge).
    public func holds(_ value: Double) -> Bool {
      let slack = allowed * (1 + 1e-9) + 1e-12
      switch direction {
      case "equal":
        if reference != 0 && value * reference < 0 { return false }
        return abs(value - reference) <= slack
      case "at-least": return value >= reference - slack
      case "at-most": return value <= reference + slack
      case "above": return value > reference
      case "below": return value < reference
      default: return false
      }
    }

    /// The rule as the page prints it, in the record's unit: `±2.00 pt`, `±10 % of it`,
    /// `≥ 99.45 %`, `< 0` (a direction).
    public func text(unit: String) -> String {
      let bound = reference == 0 ? "0" : SeedPage.format(published: reference, unit: unit)
      let slack = relative ? String(format: "%g %%", tolerance * 100) : SeedPage.magnitude(tolerance, unit: unit)
      switch direction {
      case "equal": return "±\(slack)"
      case "at-least": return tolerance == 0 ? "≥ \(bound)" : "≥ \(bound) − \(slack)"
      case "at-most": return tolerance == 0 ? "≤ \(bound)" : "≤ \(bound) + \(slack)"
      case "above": return "> \(bound)"
      case "below": return "< \(bound)"
      default: return direction
      }
    }
  }

  /// Everything wrong with the page as data: unknown statuses or data kinds, a status its own
  /// value, rule and data kind do not give, a missing `why`, context rows with a status. Empty
  /// when the page is sound.
  public var problems: [String] {
    var found: [String] = []
    for record in records {
      let name = "\(seed).json: \"\(record.quantity)\""
      if record.seed != seed { found.append("\(name): seed \(record.seed), page seed \(seed)") }
      if record.published == nil { found.append("\(name): a record needs the published value") }
      if (record.section ?? "").isEmpty { found.append("\(name): no section") }
      guard let status = record.status, Self.statuses.contains(status) else {
        found.append("\(name): status '\(record.status ?? "")'; choose \(Self.statuses.joined(separator: ", "))")
        continue
      }
      if let rule = record.rule {
        if !Rule.directions.contains(rule.direction) { found.append("\(name): direction '\(rule.direction)'; choose \(Rule.directions.joined(separator: ", "))") }
        if !(rule.tolerance >= 0 && rule.tolerance.isFinite) { found.append("\(name): tolerance \(rule.tolerance)") }
        if !Self.dataKinds.contains(record.data ?? "") { found.append("\(name): data '\(record.data ?? "")'; choose same, other") }
      } else if !Self.declaredStatuses.contains(status) {
        found.append("\(name): \(status) without a rule (tolerance and direction)")
      }
      if let derived = record.derivedStatus, derived != status {
        found.append("\(name): status \(status), but its value, rule and data give \(derived)")
      }
      if status != "reproduced" && (record.why ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
        found.append("\(name): \(status) needs a why")
      }
      if status == "not-reproducible" && record.keybench != nil { found.append("\(name): not-reproducible with a KeyBench value (make it a context row)") }
    }
    for record in context where record.status != nil || record.published != nil {
      found.append("\(seed).json: context row \"\(record.quantity)\" has a published value or status")
    }
    return found
  }

  /// Records per status, in ``statuses`` order (statuses without records left out): the
  /// counts the seed README lists.
  public var statusCounts: [(status: String, count: Int)] {
    Self.statuses.compactMap { status in
      let count = records.filter { $0.status == status }.count
      return count == 0 ? nil : (status, count)
    }
  }

  /// Reads and checks a page written by ``FigurePages`` (strict JSON: duplicate keys refused).
  public static func load(path: String) throws -> SeedPage {
    let page = try CheckedJSON.load(path: path).decode(SeedPage.self)
    if let problem = page.problems.first { throw SuiteFile.Problem(problem) }
    return page
  }

  /// The page's JSON: sorted keys, one field per line, so diffs show what changed.
  public var json: String {
    get throws {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
  }

  /// The Markdown page, from the data alone.
  public var markdown: String {
    var lines = ["# \(title)", ""]
    if let text { lines += [text, ""] }
    let rows = (records + context).sorted { ($0.table, $0.row) < ($1.table, $1.row) }
    for (index, table) in tables.enumerated() {
      if let title = table.title { lines += ["## \(title)", ""] }
      if let text = table.text { lines += [text, ""] }
      lines += ["| | published | KeyBench | difference | compared | status | why they may differ |", "|---|---:|---:|---:|---|---|---|"]
      for row in rows where row.table == index {
        let measured: String
        if let value = row.keybench {
          measured = Self.format(value, unit: row.unit) + (row.rounds.map { Self.range($0, unit: row.unit) } ?? "")
        } else {
          measured = row.expression == nil ? "not measured" : "missing"
        }
        var published = "not given"
        var difference = ""
        switch row.published {
        case .number(let value)?:
          published = Self.format(published: value, unit: row.unit)
          if let measuredValue = row.keybench { difference = Self.difference(measuredValue, value, unit: row.unit) }
        case .text(let text)?: published = text
        case nil: break
        }
        let why = row.why ?? row.note ?? ""
        var compared = row.rule.map { $0.text(unit: row.unit) } ?? ""
        if let data = row.data { compared += compared.isEmpty ? "\(data) data" : ", \(data) data" }
        lines.append("| \(row.quantity) | \(published) | \(measured) | \(difference) | \(compared) | \(row.status ?? "") | \(why) |")
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// ` (LOW – HIGH, 97 % interval for the median of 6 rounds)` for a value measured in several
  /// rounds (timings): the distribution-free interval of ``MedianInterval``, whose coverage the
  /// number of rounds fixes.
  static func range(_ values: [Double], unit: String) -> String {
    guard let interval = try? MedianInterval(values) else { return "" }
    let coverage = String(format: "%.0f %%", (interval.coverage * 100).rounded(.down))
    return " (\(format(interval.low, unit: unit)) – \(format(interval.high, unit: unit)), \(coverage) interval for the median of \(interval.count) rounds)"
  }

  /// A seed's number as it gives it: times keep the seed's own digits (`5.4 s`, `100 ns`, not
  /// `5.40 s`), so the page claims no precision the document does not; other units as measured.
  static func format(published value: Double, unit: String) -> String {
    ["ms", "ns", "s"].contains(unit) ? NumberFormatting.number(value) + " " + unit : format(value, unit: unit)
  }

  /// One value in the row's unit, through ``NumberFormatting`` like every other page.
  static func format(_ value: Double, unit: String) -> String {
    switch unit {
    case "percent": return NumberFormatting.percent(value)
    case "points": return NumberFormatting.points(value)
    case "times": return NumberFormatting.ratio(value)
    case "ms", "ns", "s": return NumberFormatting.time(value, unit: unit)
    default: return NumberFormatting.number(value)
    }
  }

  /// A tolerance in the unit, without sign: points for fractions.
  static func magnitude(_ value: Double, unit: String) -> String {
    switch unit {
    case "percent", "points": return String(format: "%.2f pt", value * 100)
    default: return format(value, unit: unit)
    }
  }

  static func difference(_ measured: Double, _ published: Double, unit: String) -> String {
    switch unit {
    case "percent", "points": return String(format: "%+.2f pt", (measured - published) * 100)
    default: return published == 0 ? "" : String(format: "×%.3g", measured / published)
    }
  }
}
