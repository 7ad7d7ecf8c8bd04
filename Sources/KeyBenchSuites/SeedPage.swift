import Foundation
import KeyBenchCore

/// One seed's published results beside KeyBench's, as data: `Reports/seeds/NNN.json`.
///
/// ``FigurePages`` computes it from a suite's `figures` section and the runs' outputs, writes it,
/// and renders the Markdown page from it alone (``markdown``), so the page and the JSON cannot
/// disagree. `records` holds one entry per published result of the seed, with its status:
///
/// - `reproduced`: KeyBench measured the same quantity and lands within the row's stated
///   tolerance of the published value;
/// - `approximated`: KeyBench measured the nearest quantity it can, and `why` says what differs;
/// - `not-reproducible`: the data or hardware behind the figure cannot exist offline (a user
///   study, a phone), and `why` says which.
///
/// `context` holds KeyBench's rows that answer no published number (the seed draws a figure
/// without values, or the row explains another): they carry a `note` and no status.
public struct SeedPage: Codable, Equatable, Sendable {
  public static let formatVersion = 1
  public static let statuses = ["reproduced", "approximated", "not-reproducible"]

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
    /// What `reproduced` was judged by: `within X` of the published number (in the unit's raw
    /// values: fractions for percent) or `expect E` (a direction or bound the seed states).
    public var criterion: String?
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
  }

  /// Everything wrong with the page as data: unknown statuses, a missing `why`, a reproduced
  /// record without a value, context rows with a status. Empty when the page is sound.
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
      if status != "reproduced" && (record.why ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
        found.append("\(name): \(status) needs a why")
      }
      if status == "reproduced" && record.keybench == nil { found.append("\(name): reproduced without a KeyBench value") }
    }
    for record in context where record.status != nil || record.published != nil {
      found.append("\(seed).json: context row \"\(record.quantity)\" has a published value or status")
    }
    return found
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
      lines += ["| | published | KeyBench | difference | status | why they may differ |", "|---|---:|---:|---:|---|---|"]
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
          published = Self.format(value, unit: row.unit)
          if let measuredValue = row.keybench { difference = Self.difference(measuredValue, value, unit: row.unit) }
        case .text(let text)?: published = text
        case nil: break
        }
        let why = row.why ?? row.note ?? ""
        lines.append("| \(row.quantity) | \(published) | \(measured) | \(difference) | \(row.status ?? "") | \(why) |")
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// ` (LOW–HIGH over N rounds)` for a value measured in several rounds.
  static func range(_ values: [Double], unit: String) -> String {
    guard let low = values.min(), let high = values.max() else { return "" }
    return " (\(format(low, unit: unit))–\(format(high, unit: unit)), \(values.count) rounds)"
  }

  static func format(_ value: Double, unit: String) -> String {
    switch unit {
    case "percent": return String(format: "%.2f %%", value * 100)
    case "points": return String(format: "%+.2f pt", value * 100)
    case "times": return String(format: "%.2f×", value)
    case "ms": return String(format: "%.2f ms", value)
    case "ns": return String(format: "%.0f ns", value)
    case "s": return String(format: "%.1f s", value)
    default: return abs(value) >= 100 || value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.3f", value)
    }
  }

  static func difference(_ measured: Double, _ published: Double, unit: String) -> String {
    switch unit {
    case "percent", "points": return String(format: "%+.2f pt", (measured - published) * 100)
    default: return published == 0 ? "" : String(format: "×%.3g", measured / published)
    }
  }
}
