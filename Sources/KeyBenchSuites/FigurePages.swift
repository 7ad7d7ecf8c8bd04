public import Foundation
import KeyBenchCore
import KeyBenchResults

/// Pages that put published figures beside KeyBench's measurements of the same quantity, row by
/// row, from a suite's `figures` section (Suites/README.md): how `Suites/seeds.json` regenerates
/// `Reports/seeds/`.
///
/// A row names the published value and where KeyBench's comes from — `RUN:metric.path`,
/// `mean(…)` or `sum(…)` of such paths (a number in a path indexes a list, -1 its last entry),
/// or two of those as a ratio (` / `) or difference (` - `), over the runs' `summary.json`
/// metrics or the JSON file a step wrote — and a note on why the two may differ; the page adds
/// the measured difference and the status (``SeedPage``). A value a run did not produce is
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
      try SuiteFile.checkKeys(page, allowed: ["page", "seed", "title", "text", "tables"], at: place)
      guard let name = page["page"] as? String, !name.isEmpty, !name.contains("/") else { throw SuiteFile.Problem("\(place): \"page\" (a file name without folders) is missing") }
      guard let tables = page["tables"] as? [[String: Any]] else { throw SuiteFile.Problem("\(place) \"\(name)\": \"tables\" is a list") }
      for (t, table) in tables.enumerated() {
        try SuiteFile.checkKeys(table, allowed: ["title", "text", "section", "rows"], at: "\(place).tables[\(t)]")
        guard let rows = table["rows"] as? [[String: Any]] else { throw SuiteFile.Problem("\(place).tables[\(t)]: \"rows\" is a list") }
        for (r, row) in rows.enumerated() {
          let at = "\(place).tables[\(t)].rows[\(r)]"
          try SuiteFile.checkKeys(row, allowed: ["label", "published", "value", "unit", "note", "section", "status", "tolerance", "expect"], at: at)
          guard row["label"] is String else { throw SuiteFile.Problem("\(at): \"label\" is missing") }
          if isPublished(row) {
            guard ((row["note"] as? String) ?? "").contains(where: { !$0.isWhitespace }) || row["tolerance"] != nil || row["expect"] != nil else {
              throw SuiteFile.Problem("\(at): a published result needs a \"note\" saying why KeyBench's value may differ (or a \"tolerance\" or \"expect\" under which it is reproduced)")
            }
            guard row["section"] is String || table["section"] is String else {
              throw SuiteFile.Problem("\(at): a published result needs a \"section\" (on the row or its table) naming where the seed gives it")
            }
          }
          if let status = row["status"] {
            guard status as? String == "not-reproducible", isPublished(row) else {
              throw SuiteFile.Problem("\(at).status: only \"not-reproducible\" is declared (on a published result); reproduced and approximated follow from the values")
            }
          }
          if let expect = row["expect"] {
            guard let text = expect as? String, Expectation(text) != nil, isPublished(row), row["tolerance"] == nil else {
              throw SuiteFile.Problem("\(at).expect: 'positive', 'negative' or a bound '>= X', '> X', '<= X', '< X' (on a published result without tolerance)")
            }
          }
          if let tolerance = row["tolerance"] {
            guard let number = (tolerance as? NSNumber)?.doubleValue, number.isFinite, number >= 0, row["published"] is NSNumber else {
              throw SuiteFile.Problem("\(at).tolerance: a non-negative number, on a row with a numeric published value")
            }
          }
          if let unit = row["unit"] as? String, !units.contains(unit) {
            throw SuiteFile.Problem("\(at).unit: '\(unit)'; choose \(units.joined(separator: ", "))\(SuiteFile.suggestion(unit, units))")
          }
          if let spec = row["value"] as? String { _ = try Expression(spec, at: at) }
        }
      }
    }
    return list
  }

  static let units = ["percent", "points", "times", "ms", "ns", "s", "number"]

  /// Whether a row answers a published result of the seed (a number, or words other than
  /// "not given"); other rows are KeyBench's context.
  static func isPublished(_ row: [String: Any]) -> Bool {
    if let number = row["published"] as? NSNumber { return !isJSONBoolean(number) }
    if let text = row["published"] as? String { return text != "not given" }
    return false
  }

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

  /// Writes each page's data, `SEED.json` (``SeedPage``), and the Markdown page rendered from
  /// that file into `folder`; `metrics(name)` gives a run's metrics object or a step's JSON (nil
  /// when it has no result; a repeated run's later rounds are `NAME#2`, …). Returns the files
  /// written.
  public func write(to folder: URL, origins: [String: String] = [:], metrics: (String) -> [String: Any]?) throws -> [String] {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var written: [String] = []
    for entry in pages {
      let page = try seedPage(entry, origins: origins, metrics: metrics)
      if let problem = page.problems.first { throw SuiteFile.Problem(problem) }
      let jsonPath = folder.appendingPathComponent(page.seed + ".json").path
      try AtomicFileWriter.write(try page.json, to: jsonPath)
      // The Markdown comes from the file just written, read back.
      let stored = try SeedPage.load(path: jsonPath)
      let path = folder.appendingPathComponent(page.page + ".md").path
      try AtomicFileWriter.write(stored.markdown, to: path)
      written += [jsonPath, path]
    }
    return written
  }

  /// One page's data: every row's value (per round when the runs were repeated), its status
  /// and the outputs it was read from.
  func seedPage(_ entry: [String: Any], origins: [String: String], metrics: (String) -> [String: Any]?) throws -> SeedPage {
    var name = entry["page"] as? String ?? "page"
    if name.hasSuffix(".md") { name = String(name.dropLast(3)) }
    let seed = entry["seed"] as? String ?? String(name.prefix { $0 != "-" })
    var page = SeedPage(
      seed: seed, page: name, title: entry["title"] as? String ?? name, text: entry["text"] as? String, tables: [], records: [], context: [])
    for (t, table) in (entry["tables"] as? [[String: Any]] ?? []).enumerated() {
      page.tables.append(SeedPage.Table(title: table["title"] as? String, text: table["text"] as? String))
      for (r, row) in (table["rows"] as? [[String: Any]] ?? []).enumerated() {
        let unit = row["unit"] as? String ?? "number"
        let spec = row["value"] as? String
        let expression = try spec.map { try Expression($0, at: name) }
        let perRound = expression.map { rounds($0, metrics: metrics) } ?? []
        let present = perRound.compactMap { $0 }
        var measured: Double?
        var roundValues: [Double]?
        if !present.isEmpty && present.count == perRound.count {
          let sorted = present.sorted()
          measured = Percentile.linear(sorted: sorted, at: 0.5)
          if sorted.first != sorted.last { roundValues = present }
        }
        var record = SeedPage.Record(
          seed: seed, section: row["section"] as? String ?? table["section"] as? String, quantity: row["label"] as? String ?? "",
          published: nil, keybench: measured, rounds: roundValues, unit: unit, status: nil, criterion: nil, why: nil, note: nil, expression: spec,
          from: expression.map { Self.sources($0, origins: origins) }, table: t, row: r)
        let note = (row["note"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        if Self.isPublished(row) {
          if let number = row["published"] as? NSNumber {
            record.published = .number(number.doubleValue)
          } else if let text = row["published"] as? String {
            record.published = .text(text)
          }
          record.status = Self.status(row, published: record.published, measured: measured)
          if let tolerance = (row["tolerance"] as? NSNumber)?.doubleValue {
            record.criterion = "within \(CSV.number(tolerance))"
          } else if let expect = row["expect"] as? String {
            record.criterion = "expect \(expect)"
          }
          // A reproduced result needs no why; its note stays beside it.
          if record.status == "reproduced" { record.note = note } else { record.why = note }
          page.records.append(record)
        } else {
          record.note = note
          page.context.append(record)
        }
      }
    }
    return page
  }

  /// What a published statement says about KeyBench's value when it gives a direction or a
  /// bound rather than a number ("falls with text length": the difference of its ends is
  /// negative; "under 0.5 µs": at most 500 ns).
  struct Expectation {
    var holds: (Double) -> Bool

    init?(_ text: String) {
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      switch trimmed {
      case "positive": holds = { $0 > 0 }
      case "negative": holds = { $0 < 0 }
      default:
        for (symbol, test) in [(">=", { (a: Double, b: Double) in a >= b }), ("<=", { $0 <= $1 }), (">", { $0 > $1 }), ("<", { $0 < $1 })]
        where trimmed.hasPrefix(symbol) {
          guard let bound = Double(trimmed.dropFirst(symbol.count).trimmingCharacters(in: .whitespaces)), bound.isFinite else { return nil }
          holds = { test($0, bound) }
          return
        }
        return nil
      }
    }
  }

  /// `not-reproducible` when the row says so; `reproduced` when a numeric published value and
  /// KeyBench's lie within the row's `tolerance`, or KeyBench's value meets the row's `expect`;
  /// `approximated` otherwise.
  static func status(_ row: [String: Any], published: SeedPage.Published?, measured: Double?) -> String {
    if let declared = row["status"] as? String { return declared }
    if let measured, let expectation = (row["expect"] as? String).flatMap(Expectation.init), expectation.holds(measured) {
      return "reproduced"
    }
    if case .number(let value)? = published, let measured, let tolerance = (row["tolerance"] as? NSNumber)?.doubleValue {
      let gap: Double = abs(measured - value)
      if gap <= tolerance * (1 + 1e-9) { return "reproduced" }
    }
    return "approximated"
  }

  /// The expression's value in every round of the runs it names: round 1 reads `NAME`, round
  /// k `NAME#k` (steps and unrepeated runs have one result, used in every round). A value one
  /// round lacks is nil there.
  func rounds(_ expression: Expression, metrics: (String) -> [String: Any]?) -> [Double?] {
    let names = Set(expression.references.map(\.run))
    var count = 1
    while names.contains(where: { metrics("\($0)#\(count + 1)") != nil }) { count += 1 }
    return (1...count).map { round in
      value(expression) { name in
        if round == 1 { return metrics(name) }
        if let result = metrics("\(name)#\(round)") { return result }
        return metrics("\(name)#2") == nil ? metrics(name) : nil
      }
    }
  }

  /// Where each term of an expression is read, `FILE: PATH`: `origins[NAME]` names the file
  /// (`NAME/summary.json` and `metrics.` for a run, the output file for a step), else NAME.
  static func sources(_ expression: Expression, origins: [String: String]) -> [String] {
    var seen: [String] = []
    for reference in expression.references {
      let text = "\(origins[reference.run] ?? reference.run): \(reference.path)"
      if !seen.contains(text) { seen.append(text) }
    }
    return seen
  }

  func value(_ expression: Expression, metrics: (String) -> [String: Any]?) -> Double? {
    func lookup(_ reference: (run: String, path: String)) -> Double? {
      guard var node: Any = metrics(reference.run) else { return nil }
      for part in reference.path.split(separator: ".") {
        if let list = node as? [Any], let number = Int(part), list.indices.contains(number < 0 ? list.count + number : number) {
          node = list[number < 0 ? list.count + number : number]
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
}
