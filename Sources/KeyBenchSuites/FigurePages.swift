public import Foundation
import KeyBenchCore

/// Pages that put published figures beside KeyBench's measurements of the same quantity, row by
/// row, from a suite's `figures` section (Suites/README.md): how `Suites/seeds.json` regenerates
/// `Reports/seeds/`.
///
/// A row names the published value and where KeyBench's comes from — `RUN:metric.path`,
/// `mean(…)` or `sum(…)` of such paths, or two of those as a ratio (` / `) or difference (` - `),
/// over the runs' `summary.json` metrics or the JSON file a step wrote — and a note on why the
/// two may differ; the page adds the measured difference. A value a run did not produce is
/// printed as missing, never guessed.
public struct FigurePages {
  /// The suite's `figures` list, as read from the suite file (kept verbatim in plan.json).
  public var pages: [[String: Any]]

  public init(pages: [[String: Any]]) { self.pages = pages }

  /// Checks the structure of a `figures` list; returns it.
  static func parse(_ value: Any?, at here: String) throws -> [[String: Any]] {
    guard let value else { return [] }
    guard let list = value as? [[String: Any]] else { throw SuiteFile.Problem("\(here): \"figures\" is a list of pages") }
    for (index, page) in list.enumerated() {
      let place = "\(here): figures[\(index)]"
      try SuiteFile.checkKeys(page, allowed: ["page", "title", "text", "tables"], at: place)
      guard let name = page["page"] as? String, !name.isEmpty, !name.contains("/") else { throw SuiteFile.Problem("\(place): \"page\" (a file name without folders) is missing") }
      guard let tables = page["tables"] as? [[String: Any]] else { throw SuiteFile.Problem("\(place) \"\(name)\": \"tables\" is a list") }
      for (t, table) in tables.enumerated() {
        try SuiteFile.checkKeys(table, allowed: ["title", "text", "rows"], at: "\(place).tables[\(t)]")
        guard let rows = table["rows"] as? [[String: Any]] else { throw SuiteFile.Problem("\(place).tables[\(t)]: \"rows\" is a list") }
        for (r, row) in rows.enumerated() {
          let at = "\(place).tables[\(t)].rows[\(r)]"
          try SuiteFile.checkKeys(row, allowed: ["label", "published", "value", "unit", "note"], at: at)
          guard row["label"] is String else { throw SuiteFile.Problem("\(at): \"label\" is missing") }
          if let unit = row["unit"] as? String, !units.contains(unit) {
            throw SuiteFile.Problem("\(at).unit: '\(unit)'; choose \(units.joined(separator: ", "))\(SuiteFile.suggestion(unit, units))")
          }
          if let spec = row["value"] as? String { _ = try Expression(spec, at: at) }
        }
      }
    }
    return list
  }

  static let units = ["percent", "points", "times", "ms", "number"]

  /// Every run or step a `figures` list takes values from, with the row that names it: a suite
  /// checks them against its plan, so a misspelt name fails before anything runs.
  static func references(in pages: [[String: Any]], file: String) throws -> [(name: String, place: String)] {
    var found: [(name: String, place: String)] = []
    for (index, page) in pages.enumerated() {
      for (t, table) in (page["tables"] as? [[String: Any]] ?? []).enumerated() {
        for (r, row) in (table["rows"] as? [[String: Any]] ?? []).enumerated() {
          guard let spec = row["value"] as? String else { continue }
          let place = "\(file): figures[\(index)].tables[\(t)].rows[\(r)].value"
          found += try Expression(spec, at: place).references.map { ($0.run, place) }
        }
      }
    }
    return found
  }

  /// A value specification: a term, or two terms joined by ` / ` (their ratio) or ` - ` (their
  /// difference); a term is `NAME:metric.path`, `mean(NAME:a, …)` or `sum(NAME:a, …)`, where
  /// NAME is a run (its summary.json metrics) or a step writing a JSON file (that file).
  struct Expression {
    enum Operator { case ratio, difference }
    struct Term {
      enum Kind { case single, mean, sum }
      var kind: Kind
      var references: [(run: String, path: String)]
    }
    var terms: [Term]
    var operation: Operator?
    var references: [(run: String, path: String)] { terms.flatMap(\.references) }

    init(_ spec: String, at place: String) throws {
      func reference(_ text: Substring) throws -> (run: String, path: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.lastIndex(of: ":"), colon != trimmed.startIndex, trimmed.index(after: colon) != trimmed.endIndex else {
          throw SuiteFile.Problem("\(place).value: '\(trimmed)' is not RUN:metric.path")
        }
        return (String(trimmed[..<colon]), String(trimmed[trimmed.index(after: colon)...]))
      }
      func term(_ text: String) throws -> Term {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (prefix, kind) in [("mean(", Term.Kind.mean), ("sum(", .sum)] where trimmed.hasPrefix(prefix) && trimmed.hasSuffix(")") {
          return Term(kind: kind, references: try trimmed.dropFirst(prefix.count).dropLast().split(separator: ",").map(reference))
        }
        return Term(kind: .single, references: [try reference(Substring(trimmed))])
      }
      let ratio = spec.components(separatedBy: " / ")
      let difference = spec.components(separatedBy: " - ")
      guard ratio.count <= 2, difference.count <= 2, ratio.count + difference.count <= 3 else {
        throw SuiteFile.Problem("\(place).value: one ' / ' or ' - ' at most")
      }
      if ratio.count == 2 {
        operation = .ratio
        terms = try ratio.map(term)
      } else if difference.count == 2 {
        operation = .difference
        terms = try difference.map(term)
      } else {
        terms = [try term(spec)]
      }
    }
  }

  /// Writes one Markdown page per entry into `folder`; `metrics(run)` gives a run's metrics object
  /// (nil when the run has no result). Returns the pages written.
  public func write(to folder: URL, metrics: (String) -> [String: Any]?) throws -> [String] {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var written: [String] = []
    for page in pages {
      let name = page["page"] as? String ?? "page"
      var lines = ["# \(page["title"] as? String ?? name)", ""]
      if let text = page["text"] as? String { lines += [text, ""] }
      for table in page["tables"] as? [[String: Any]] ?? [] {
        if let title = table["title"] as? String { lines += ["## \(title)", ""] }
        if let text = table["text"] as? String { lines += [text, ""] }
        lines += ["| | published | KeyBench | difference | why they may differ |", "|---|---:|---:|---:|---|"]
        for row in table["rows"] as? [[String: Any]] ?? [] {
          let unit = row["unit"] as? String ?? "number"
          let measured = try (row["value"] as? String).map { try value(Expression($0, at: name), metrics: metrics) } ?? nil
          let published = row["published"]
          var difference = ""
          if let measured, let reference = (published as? NSNumber)?.doubleValue, !((published as? NSNumber).map(isJSONBoolean) ?? false) {
            difference = Self.difference(measured, reference, unit: unit)
          }
          let publishedText = (published as? NSNumber).map { Self.format($0.doubleValue, unit: unit) } ?? (published as? String) ?? "not given"
          let measuredText = measured.map { Self.format($0, unit: unit) } ?? ((row["value"] as? String) == nil ? "not measured" : "missing")
          lines.append("| \(row["label"] as? String ?? "") | \(publishedText) | \(measuredText) | \(difference) | \(row["note"] as? String ?? "") |")
        }
        lines.append("")
      }
      let path = folder.appendingPathComponent(name.hasSuffix(".md") ? name : name + ".md").path
      try AtomicFileWriter.write(lines.joined(separator: "\n"), to: path)
      written.append(path)
    }
    return written
  }

  func value(_ expression: Expression, metrics: (String) -> [String: Any]?) -> Double? {
    func lookup(_ reference: (run: String, path: String)) -> Double? {
      guard var node: Any = metrics(reference.run) else { return nil }
      for part in reference.path.split(separator: ".") {
        if let list = node as? [Any], let index = Int(part), list.indices.contains(index) {
          node = list[index]
        } else if let object = node as? [String: Any], let next = object[String(part)] {
          node = next
        } else {
          return nil
        }
      }
      guard let number = node as? NSNumber, !isJSONBoolean(number) else { return nil }
      return number.doubleValue
    }
    func value(_ term: Expression.Term) -> Double? {
      let values = term.references.map(lookup)
      let present = values.compactMap { $0 }
      guard present.count == values.count, !present.isEmpty else { return nil }
      switch term.kind {
      case .single: return present[0]
      case .mean: return present.reduce(0, +) / Double(present.count)
      case .sum: return present.reduce(0, +)
      }
    }
    let values = expression.terms.map(value)
    let present = values.compactMap { $0 }
    guard present.count == values.count else { return nil }
    switch expression.operation {
    case nil: return present[0]
    case .ratio: return present[1] == 0 ? nil : present[0] / present[1]
    case .difference: return present[0] - present[1]
    }
  }

  static func format(_ value: Double, unit: String) -> String {
    switch unit {
    case "percent": return String(format: "%.2f %%", value * 100)
    case "points": return String(format: "%+.2f pt", value * 100)
    case "times": return String(format: "%.2f×", value)
    case "ms": return String(format: "%.2f ms", value)
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
