public import Foundation
import KeyBenchCore

/// Pages that put published figures beside KeyBench's measurements of the same quantity, row by
/// row, from a suite's `figures` section (Suites/README.md): how `Suites/seeds.json` regenerates
/// `Reports/seeds/`.
///
/// A row names the published value and where KeyBench's comes from — `RUN:metric.path`, a ratio
/// `RUN:a / RUN:b`, or `mean(RUN:a, RUN:b, …)` over the runs' `summary.json` metrics — and a note
/// on why the two may differ; the page adds the measured difference. A value a run did not produce
/// is printed as missing, never guessed.
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

  static let units = ["percent", "times", "ms", "number"]

  /// A value specification.
  struct Expression {
    enum Kind { case single, ratio, mean }
    var kind: Kind
    var references: [(run: String, path: String)]

    init(_ spec: String, at place: String) throws {
      func reference(_ text: Substring) throws -> (run: String, path: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.lastIndex(of: ":"), colon != trimmed.startIndex, trimmed.index(after: colon) != trimmed.endIndex else {
          throw SuiteFile.Problem("\(place).value: '\(trimmed)' is not RUN:metric.path")
        }
        return (String(trimmed[..<colon]), String(trimmed[trimmed.index(after: colon)...]))
      }
      if spec.hasPrefix("mean(") && spec.hasSuffix(")") {
        kind = .mean
        references = try spec.dropFirst(5).dropLast().split(separator: ",").map(reference)
      } else if spec.contains(" / ") {
        let parts = spec.components(separatedBy: " / ")
        guard parts.count == 2 else { throw SuiteFile.Problem("\(place).value: one ' / ' at most") }
        kind = .ratio
        references = try parts.map { try reference(Substring($0)) }
      } else {
        kind = .single
        references = [try reference(Substring(spec))]
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
    let values = expression.references.map { reference -> Double? in
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
      return (node as? NSNumber)?.doubleValue
    }
    let present = values.compactMap { $0 }
    guard present.count == values.count, !present.isEmpty else { return nil }
    switch expression.kind {
    case .single: return present[0]
    case .ratio: return present[1] == 0 ? nil : present[0] / present[1]
    case .mean: return present.reduce(0, +) / Double(present.count)
    }
  }

  static func format(_ value: Double, unit: String) -> String {
    switch unit {
    case "percent": return String(format: "%.2f %%", value * 100)
    case "times": return String(format: "%.2f×", value)
    case "ms": return String(format: "%.2f ms", value)
    default: return abs(value) >= 100 || value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.3f", value)
    }
  }

  static func difference(_ measured: Double, _ published: Double, unit: String) -> String {
    switch unit {
    case "percent": return String(format: "%+.2f pt", (measured - published) * 100)
    default: return published == 0 ? "" : String(format: "×%.3g", measured / published)
    }
  }
}
