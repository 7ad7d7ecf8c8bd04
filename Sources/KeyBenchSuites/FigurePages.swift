public import Foundation
public import KeyBenchCore
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
///
/// Benchmark pages (`Suites/swipe-hws.json` and the others that replaced `Scripts/bench-*`) use
/// two more kinds of table: one with `columns` (several measured values per row, each column with
/// its unit, e.g. decoder × top-1, top-4, median ms) and a `report` excerpt (lines of a run's own
/// `report.md`, the benchmark's rendering of its result), and `median`/`min`/`max` over a
/// run's rounds (`NAME#*`) for timings measured with `"repeat": N`. Such pages are written as
/// Markdown only; seed pages (rows of published results) get their `SEED.json` records too.
public struct FigurePages {
  /// The suite's `figures` list, as read from the suite file (kept verbatim in plan.json).
  public var pages: [JSONValue]

  public init(pages: [JSONValue]) { self.pages = pages }

  /// Checks the structure of a `figures` list; returns it.
  static func parse(_ value: JSONValue?, at here: String) throws -> [JSONValue] {
    guard let value else { return [] }
    guard let list = value.array, list.allSatisfy({ $0.object != nil }) else { throw SuiteFile.Problem("\(here): \"figures\" is a list of pages") }
    for (index, page) in list.enumerated() {
      let place = "\(here): figures[\(index)]"
      try SuiteFile.checkKeys(page, allowed: ["page", "seed", "title", "text", "tables"], at: place)
      guard let name = page["page"]?.string, !name.isEmpty, !name.contains("/") else { throw SuiteFile.Problem("\(place): \"page\" (a file name without folders) is missing") }
      guard let tables = page["tables"]?.objects else { throw SuiteFile.Problem("\(place) \"\(name)\": \"tables\" is a list") }
      for (t, table) in tables.enumerated() {
        let here = "\(place).tables[\(t)]"
        try SuiteFile.checkKeys(
          table, allowed: ["title", "text", "section", "data", "rows", "label", "columns", "report", "from", "after", "until", "demote"], at: here)
        if let data = table["data"], !SeedPage.dataKinds.contains(data.string ?? "") { throw SuiteFile.Problem("\(here).data: 'same' or 'other'") }
        if let run = table["report"] {
          guard run.string != nil, table["rows"] == nil, table["columns"] == nil else {
            throw SuiteFile.Problem("\(here).report: the name of a run whose report.md is excerpted (a table without rows)")
          }
          for key in ["from", "after", "until"] where table[key] != nil && table[key]?.string == nil { throw SuiteFile.Problem("\(here).\(key): a line's beginning") }
          continue
        }
        guard let rows = table["rows"]?.objects else { throw SuiteFile.Problem("\(here): \"rows\" is a list") }
        let columns = try self.columns(table, at: here)
        for (r, row) in rows.enumerated() {
          let at = "\(here).rows[\(r)]"
          if let columns {
            try SuiteFile.checkKeys(row, allowed: ["label", "values"], at: at)
            guard let values = row["values"]?.array, values.count == columns.count else {
              throw SuiteFile.Problem("\(at).values: one value per column (\(columns.count))")
            }
            for (value, column) in zip(values, columns) where value != .null {
              guard let spec = value.string else { throw SuiteFile.Problem("\(at).values: a value is a string or null") }
              if column.unit != "text" { _ = try Expression(spec, at: at) }
            }
            continue
          }
          try SuiteFile.checkKeys(
            row, allowed: ["label", "published", "value", "unit", "note", "section", "status", "tolerance", "relative", "direction", "expect", "data", "claim"],
            at: at)
          guard row["label"]?.string != nil else { throw SuiteFile.Problem("\(at): \"label\" is missing") }
          if isPublished(row) {
            guard (row["note"]?.string ?? "").contains(where: { !$0.isWhitespace }) || row["tolerance"] != nil || row["relative"] != nil || row["expect"] != nil else {
              throw SuiteFile.Problem("\(at): a published result needs a \"note\" saying why KeyBench's value may differ (or a \"tolerance\" or \"expect\" under which it is reproduced)")
            }
            guard row["section"]?.string != nil || table["section"]?.string != nil else {
              throw SuiteFile.Problem("\(at): a published result needs a \"section\" (on the row or its table) naming where the seed gives it")
            }
            if !isBenchmarkPage(page) { _ = try rule(row, table: table, at: at) }
          }
          if let status = row["status"] {
            guard let text = status.string, SeedPage.declaredStatuses.contains(text), isPublished(row) else {
              throw SuiteFile.Problem(
                "\(at).status: only \"not-reproducible\" or \"not-measured\" is declared (on a published result); the others follow from the value, the tolerance and the direction")
            }
          }
          if let unit = row["unit"]?.string { try checkUnit(unit, at: at) }
          if let spec = row["value"]?.string { _ = try Expression(spec, at: at) }
        }
      }
    }
    return list
  }

  /// A published row's comparison: nil when it declares its status (`not-reproducible`,
  /// `not-measured`); else from `expect` (`positive`, `negative`, `>= X`, `> X`, `<= X`, `< X`:
  /// a direction or bound the seed states in words) or from the numeric `published` with
  /// `tolerance` (absolute, in the unit's raw values) or `relative` (a fraction of it) and
  /// `direction` (`equal` by default, `at-least`, `at-most`); and `data` (`same` or `other`,
  /// on the row or its table) must say whose kind of data and hardware KeyBench measured on.
  static func rule(_ row: JSONValue, table: JSONValue, at place: String) throws -> (rule: SeedPage.Rule, data: String)? {
    if row["status"] != nil {
      guard row["tolerance"] == nil, row["relative"] == nil, row["expect"] == nil, row["direction"] == nil else {
        throw SuiteFile.Problem("\(place): a declared status has no tolerance, expectation or direction")
      }
      return nil
    }
    guard let data = row["data"]?.string ?? table["data"]?.string, SeedPage.dataKinds.contains(data) else {
      throw SuiteFile.Problem("\(place).data: 'same' or 'other' (the kind of data and hardware KeyBench measures on, against the seed's)")
    }
    if let expect = row["expect"] {
      guard let text = expect.string, let rule = Expectation(text)?.rule, row["tolerance"] == nil, row["relative"] == nil, row["direction"] == nil else {
        throw SuiteFile.Problem("\(place).expect: 'positive', 'negative' or a bound '>= X', '> X', '<= X', '< X' (on a published result without tolerance)")
      }
      return (rule, data)
    }
    guard let published = row["published"]?.number else {
      throw SuiteFile.Problem("\(place): a published result in words needs an \"expect\" (its direction or bound) or a declared \"status\"")
    }
    let absolute = row["tolerance"], relative = row["relative"]
    guard (absolute == nil) != (relative == nil), let tolerance = (absolute ?? relative)?.number, tolerance.isFinite, tolerance >= 0 else {
      throw SuiteFile.Problem("\(place).tolerance: a non-negative number (\"tolerance\" in the unit's raw values or \"relative\", a fraction of the published value), exactly one")
    }
    let direction = row["direction"]?.string ?? "equal"
    guard ["equal", "at-least", "at-most"].contains(direction) else {
      throw SuiteFile.Problem("\(place).direction: '\(direction)'; choose equal, at-least, at-most")
    }
    return (SeedPage.Rule(direction: direction, reference: published, tolerance: tolerance, relative: relative != nil), data)
  }

  static let units = ["percent", "points", "times", "ms", "ns", "s", "number"]

  /// Whether a row answers a published result of the seed (a number, or words other than
  /// "not given"); other rows are KeyBench's context.
  static func isPublished(_ row: JSONValue) -> Bool {
    if row["published"]?.number != nil { return true }
    if let text = row["published"]?.string { return text != "not given" }
    return false
  }

  static func checkUnit(_ unit: String, at place: String, text: Bool = false) throws {
    let allowed = units + (text ? ["text"] : [])
    guard allowed.contains(unit) else {
      throw SuiteFile.Problem("\(place).unit: '\(unit)'; choose \(allowed.joined(separator: ", "))\(SuiteFile.suggestion(unit, allowed))")
    }
  }

  /// A table's `columns`, `[{"title", "unit"}]` (`unit` as for rows, or `text`: the row's value
  /// printed as written, e.g. a target); nil for a published-beside-measured table.
  static func columns(_ table: JSONValue, at place: String) throws -> [(title: String, unit: String)]? {
    guard let value = table["columns"] else { return nil }
    guard let list = value.objects, !list.isEmpty else { throw SuiteFile.Problem("\(place).columns: a list of {\"title\", \"unit\"}") }
    return try list.enumerated().map { index, column in
      let at = "\(place).columns[\(index)]"
      try SuiteFile.checkKeys(column, allowed: ["title", "unit"], at: at)
      guard let title = column["title"]?.string else { throw SuiteFile.Problem("\(at): \"title\" is missing") }
      let unit = column["unit"]?.string ?? "number"
      try checkUnit(unit, at: at, text: true)
      return (title, unit)
    }
  }


  /// Every run or step a `figures` list takes values from, with the row that names it: a suite
  /// checks them against its plan, so a misspelt name fails before anything runs.
  static func references(in pages: [JSONValue], file: String) throws -> [(name: String, place: String)] {
    var found: [(name: String, place: String)] = []
    for (index, page) in pages.enumerated() {
      for (t, table) in (page["tables"]?.array ?? []).enumerated() {
        if let run = table["report"]?.string { found.append((run, "\(file): figures[\(index)].tables[\(t)].report")) }
        let units = (try? columns(table, at: ""))??.map(\.unit)
        for (r, row) in (table["rows"]?.array ?? []).enumerated() {
          let place = "\(file): figures[\(index)].tables[\(t)].rows[\(r)].value"
          let specs: [String]
          if let units, let values = row["values"]?.array {
            specs = zip(values, units).compactMap { $1 == "text" ? nil : $0.string }
          } else {
            specs = (row["value"]?.string).map { [$0] } ?? []
          }
          for spec in specs { found += try Expression(spec, at: place).references.map { ($0.run, place) } }
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
      enum Kind { case single, mean, sum, median, minimum, maximum }
      var kind: Kind
      var references: [(run: String, path: String)]
    }
    var terms: [Term]
    var operation: Operator?
    /// The runs and steps named, a `NAME#*` by its first round's name.
    var references: [(run: String, path: String)] {
      terms.flatMap(\.references).map { ($0.run.hasSuffix("#*") ? String($0.run.dropLast(2)) : $0.run, $0.path) }
    }

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
        let functions: [(String, Term.Kind)] = [("mean(", .mean), ("sum(", .sum), ("median(", .median), ("min(", .minimum), ("max(", .maximum)]
        for (prefix, kind) in functions where trimmed.hasPrefix(prefix) && trimmed.hasSuffix(")") {
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

  /// Writes every page into `folder`: a seed page (rows of published results) as its data,
  /// `SEED.json` (``SeedPage``), and the Markdown rendered from that file; a benchmark page (with
  /// `columns` or `report` tables) as Markdown. `metrics(name)` gives a run's metrics object or a
  /// step's JSON (nil when it has no result; a repeated run's later rounds are `NAME#2`, …),
  /// `rounds(run)` how many rounds a run has (`NAME#*`) and `report(run)` its report.md. Returns
  /// the files written.
  public func write(
    to folder: URL, origins: [String: String] = [:], metrics: (String) -> JSONValue?, rounds: (String) -> Int = { _ in 1 },
    report: (String) -> String? = { _ in nil }
  ) throws -> [String] {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var written: [String] = []
    for entry in pages {
      if Self.isBenchmarkPage(entry) {
        written.append(try writeBenchmarkPage(entry, to: folder, metrics: metrics, rounds: rounds, report: report))
        continue
      }
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

  /// A page of benchmark results rather than published ones: it has a `columns` or `report` table.
  static func isBenchmarkPage(_ page: JSONValue) -> Bool {
    (page["tables"]?.array ?? []).contains { $0["columns"] != nil || $0["report"] != nil }
  }

  /// A benchmark page as Markdown (columns tables, report excerpts, published-beside-measured rows).
  func writeBenchmarkPage(
    _ page: JSONValue, to folder: URL, metrics: (String) -> JSONValue?, rounds: (String) -> Int, report: (String) -> String?
  ) throws -> String {
    let name = page["page"]?.string ?? "page"
    var lines = ["# \(page["title"]?.string ?? name)", ""]
    if let text = page["text"]?.string { lines += [text, ""] }
    for table in page["tables"]?.array ?? [] {
      if let title = table["title"]?.string { lines += ["## \(title)", ""] }
      if let text = table["text"]?.string { lines += [text, ""] }
      if let run = table["report"]?.string {
        lines += Self.excerpt(report(run), of: run, table: table) + [""]
        continue
      }
      if let columns = try Self.columns(table, at: name) {
        lines.append("| \(table["label"]?.string ?? "") | " + columns.map(\.title).joined(separator: " | ") + " |")
        lines.append("|---|" + columns.map { $0.unit == "text" ? "---|" : "---:|" }.joined())
        for row in table["rows"]?.array ?? [] {
          let cells = try zip(row["values"]?.array ?? [], columns).map { spec, column -> String in
            guard let spec = spec.string else { return "" }
            if column.unit == "text" { return spec }
            return try value(Expression(spec, at: name), metrics: metrics, rounds: rounds).map { SeedPage.format($0, unit: column.unit) } ?? "missing"
          }
          lines.append("| \(row["label"]?.string ?? "") | " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        continue
      }
      lines += ["| | published | KeyBench | difference | why they may differ |", "|---|---:|---:|---:|---|"]
      for row in table["rows"]?.array ?? [] {
        let unit = row["unit"]?.string ?? "number"
        let measured = try (row["value"]?.string).map { try value(Expression($0, at: name), metrics: metrics, rounds: rounds) } ?? nil
        let published = row["published"]
        var difference = ""
        if let measured, let reference = published?.number {
          difference = SeedPage.difference(measured, reference, unit: unit)
        }
        let publishedText = (published?.number).map { SeedPage.format($0, unit: unit) } ?? published?.string ?? "not given"
        let measuredText = measured.map { SeedPage.format($0, unit: unit) } ?? (row["value"]?.string == nil ? "not measured" : "missing")
        lines.append("| \(row["label"]?.string ?? "") | \(publishedText) | \(measuredText) | \(difference) | \(row["note"]?.string ?? "") |")
      }
      lines.append("")
    }
    let path = folder.appendingPathComponent(name.hasSuffix(".md") ? name : name + ".md").path
    try AtomicFileWriter.write(lines.joined(separator: "\n"), to: path)
    return path
  }


  /// The lines of `report` from the first beginning with `from` (or after the first beginning
  /// with `after`) up to the next beginning with `until` (an empty `until`: the next empty
  /// line, where a Markdown table or paragraph ends); the whole report without its title
  /// line by default; `"demote": true` turns its `## ` headings into `### `.
  static func excerpt(_ report: String?, of run: String, table: JSONValue) -> [String] {
    guard let report else { return ["`\(run)`: missing (no report)"] }
    var lines = report.components(separatedBy: "\n")
    if let from = table["from"]?.string ?? table["after"]?.string {
      guard let start = lines.firstIndex(where: { $0.hasPrefix(from) }) else { return ["`\(run)`: missing (its report has no '\(from)')"] }
      lines = Array(lines[(table["from"] != nil ? start : start + 1)...])
    } else if lines.first?.hasPrefix("# ") == true {
      lines.removeFirst()
    }
    if let until = table["until"]?.string, let end = lines.dropFirst().firstIndex(where: { until.isEmpty ? $0.isEmpty : $0.hasPrefix(until) }) {
      lines = Array(lines[..<end])
    }
    if table["demote"]?.bool == true { lines = lines.map { $0.hasPrefix("## ") ? "#" + $0 : $0 } }
    while lines.first?.isEmpty == true { lines.removeFirst() }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// One page's data: every row's value (per round when the runs were repeated), its status
  /// and the outputs it was read from.
  func seedPage(_ entry: JSONValue, origins: [String: String], metrics: (String) -> JSONValue?) throws -> SeedPage {
    var name = entry["page"]?.string ?? "page"
    if name.hasSuffix(".md") { name = String(name.dropLast(3)) }
    let seed = entry["seed"]?.string ?? String(name.prefix { $0 != "-" })
    var page = SeedPage(
      seed: seed, page: name, title: entry["title"]?.string ?? name, text: entry["text"]?.string, tables: [], records: [], context: [])
    for (t, table) in (entry["tables"]?.array ?? []).enumerated() {
      page.tables.append(SeedPage.Table(title: table["title"]?.string, text: table["text"]?.string))
      for (r, row) in (table["rows"]?.array ?? []).enumerated() {
        let unit = row["unit"]?.string ?? "number"
        let spec = row["value"]?.string
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
          seed: seed, section: row["section"]?.string ?? table["section"]?.string, quantity: row["label"]?.string ?? "",
          published: nil, keybench: measured, rounds: roundValues, unit: unit, status: nil, rule: nil, data: nil, claim: row["claim"]?.string, why: nil,
          note: nil, expression: spec,
          from: expression.map { Self.sources($0, origins: origins) }, table: t, row: r)
        let note = (row["note"]?.string).flatMap { $0.isEmpty ? nil : $0 }
        if Self.isPublished(row) {
          if let number = row["published"]?.number {
            record.published = .number(number)
          } else if let text = row["published"]?.string {
            record.published = .text(text)
          }
          let rule = try Self.rule(row, table: table, at: "\(name): \(record.quantity)")
          record.rule = rule?.rule
          record.data = rule?.data
          record.status = rule == nil ? row["status"]?.string : record.derivedStatus
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

  /// A direction or bound the seed states in words rather than a number ("falls with text
  /// length": the difference of its ends is below 0; "under 0.5 µs": at most 500 ns), as the
  /// rule a record is compared by.
  struct Expectation {
    var rule: SeedPage.Rule

    init?(_ text: String) {
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      switch trimmed {
      case "positive": rule = SeedPage.Rule(direction: "above", reference: 0)
      case "negative": rule = SeedPage.Rule(direction: "below", reference: 0)
      default:
        for (symbol, direction) in [(">=", "at-least"), ("<=", "at-most"), (">", "above"), ("<", "below")] where trimmed.hasPrefix(symbol) {
          guard let bound = Double(trimmed.dropFirst(symbol.count).trimmingCharacters(in: .whitespaces)), bound.isFinite else { return nil }
          rule = SeedPage.Rule(direction: direction, reference: bound)
          return
        }
        return nil
      }
    }
  }

  /// The expression's value in every round of the runs it names: round 1 reads `NAME`, round
  /// k `NAME#k` (steps and unrepeated runs have one result, used in every round). A value one
  /// round lacks is nil there.
  func rounds(_ expression: Expression, metrics: (String) -> JSONValue?) -> [Double?] {
    let names = Set(expression.references.map(\.run))
    var count = 1
    while names.contains(where: { metrics("\($0)#\(count + 1)") != nil }) { count += 1 }
    return (1...count).map { round in
      value(expression, metrics: { name in
        if round == 1 { return metrics(name) }
        if let result = metrics("\(name)#\(round)") { return result }
        return metrics("\(name)#2") == nil ? metrics(name) : nil
      })
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

  func value(_ expression: Expression, metrics: (String) -> JSONValue?, rounds: (String) -> Int = { _ in 1 }) -> Double? {
    func lookup(_ reference: (run: String, path: String)) -> Double? {
      metrics(reference.run)?.value(at: reference.path)?.number
    }
    // `NAME#*`: every round, NAME, NAME#2, … NAME#N; a round without the value makes it missing.
    func expanded(_ reference: (run: String, path: String)) -> [(run: String, path: String)] {
      guard reference.run.hasSuffix("#*") else { return [reference] }
      let base = String(reference.run.dropLast(2))
      return (1...max(1, rounds(base))).map { ($0 == 1 ? base : "\(base)#\($0)", reference.path) }
    }
    func value(_ term: Expression.Term) -> Double? {
      let values = term.references.flatMap(expanded).map(lookup)
      let present = values.compactMap { $0 }
      guard present.count == values.count, !present.isEmpty else { return nil }
      switch term.kind {
      case .single: return present.count == 1 ? present[0] : nil
      case .mean: return present.reduce(0, +) / Double(present.count)
      case .sum: return present.reduce(0, +)
      case .median: return Percentile.linear(sorted: present.sorted(), at: 0.5)
      case .minimum: return present.min()
      case .maximum: return present.max()
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
