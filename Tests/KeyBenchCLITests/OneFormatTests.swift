import Foundation
import KeyBenchTestSupport
import Testing

/// One format per unit over every report kind a user reads: each benchmark's report.md and what
/// its command printed, the sweep's page, `markdown`, `compare`, the gate's output and its JUnit
/// XML, and the HTML page's tables. Shares are percentages with two decimals wherever they
/// appear; no raw float (`0.8532555879494655`, `0.812063`) reaches a reader; a share column never
/// shows a bare fraction. Charts' own labels (inside `<svg>`) are drawings, not tables: they are
/// left out, and their tooltips go through the same formats as the tables.
@Suite(.serialized) struct OneFormatTests {
  /// A share column: its header names a rate, an accuracy or a saving.
  static var shareHeader: Regex<AnyRegexOutput> { try! Regex(#"(?i)\b(top-?\d|mrr|recall|rate|accuracy|ksr|saving|coverage|share|kept|correction f|precision|wer|cer)\b"#) }
  /// A number with five or more significant decimals (`0.812063`, `0.8532555879494655`): full
  /// precision belongs in CSV and JSON only. Four significant digits (`0.08621`) are a format.
  static var rawFloat: Regex<AnyRegexOutput> { try! Regex(#"(?:^|[^0-9.])(?:0\.0*[1-9][0-9]{4,}|[1-9][0-9]*\.[0-9]{5,})"#) }
  /// A number written with a percent sign.
  static var anyPercent: Regex<AnyRegexOutput> { try! Regex(#"(?:^|[^\w.])(-?[0-9][0-9,]*(?:\.[0-9]+)?)\s?%"#) }

  struct Problem: CustomStringConvertible {
    let source: String
    let text: String
    let why: String
    var description: String { "\(source): \(why): \(text)" }
  }

  /// Markdown tables: header cells and body rows.
  static func tables(_ markdown: String) -> [(header: [String], rows: [[String]])] {
    var tables: [(header: [String], rows: [[String]])] = []
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func cells(_ line: String) -> [String] {
      line.trimmingCharacters(in: .whitespaces).dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
    }
    var index = 0
    while index + 1 < lines.count {
      if lines[index].hasPrefix("|"), lines[index + 1].hasPrefix("|---") || lines[index + 1].hasPrefix("|:") {
        let header = cells(lines[index])
        var rows: [[String]] = []
        index += 2
        while index < lines.count, lines[index].hasPrefix("|") {
          rows.append(cells(lines[index]))
          index += 1
        }
        tables.append((header, rows))
      } else {
        index += 1
      }
    }
    return tables
  }

  /// Everything wrong with one cell of a column headed `header`: a raw float, a percentage
  /// with other than two decimals (whole ones are levels and settings: "95 %"), or a share
  /// column holding a bare number.
  static func check(cell: String, header: String, source: String) -> [Problem] {
    var problems: [Problem] = []
    if cell.contains(rawFloat) { problems.append(Problem(source: source, text: "\(header): \(cell)", why: "raw float")) }
    for match in cell.matches(of: anyPercent) {
      let number = String(match.output[1].substring ?? "")
      let decimals = number.split(separator: ".").dropFirst().first?.count ?? 0
      if decimals != 0 && decimals != 2 && !number.hasPrefix("0.00") {
        problems.append(Problem(source: source, text: "\(header): \(cell)", why: "a percentage with \(decimals) decimals"))
      }
    }
    if !cell.contains("%"), header.contains(shareHeader), !header.lowercased().contains("per "),
      cell.wholeMatch(of: try! Regex(#"-?[0-9][0-9,]*\.[0-9]+"#)) != nil
    {
      problems.append(Problem(source: source, text: "\(header): \(cell)", why: "a share column holding a bare number"))
    }
    return problems
  }

  static func checkMarkdown(_ text: String, source: String) -> [Problem] {
    tables(text).flatMap { table in
      table.rows.flatMap { row in
        zip(table.header + Array(repeating: "", count: max(0, row.count - table.header.count)), row).flatMap { header, cell in
          // The "metric | unit | value" tables name their unit in a column of its own: the
          // metric's name heads its values.
          header == "unit" ? [] : check(cell: cell, header: table.header.contains("unit") ? (row.first ?? header) : header, source: source)
        }
      }
    }
  }

  /// A command's printed lines: every percentage has two decimals, nothing is a raw float, and
  /// a share named on the line ("top-1 …", "MRR …") is a percentage.
  static func checkLines(_ text: String, source: String) -> [Problem] {
    var problems: [Problem] = []
    let named = try! Regex(#"(?i)\b(top-\d|mrr|coverage|ksr|correction f|wer)\s+(-?[0-9.]+)(\s?%)?"#)
    for line in text.split(separator: "\n").map(String.init) where !line.hasPrefix("|") {
      if line.contains(rawFloat) { problems.append(Problem(source: source, text: line, why: "raw float")) }
      for match in line.matches(of: named) where match.output[3].substring == nil {
        problems.append(Problem(source: source, text: line, why: "share \(match.output[1].substring ?? "") without a percent sign"))
      }
      for match in line.matches(of: anyPercent) {
        let number = String(match.output[1].substring ?? "")
        let decimals = number.split(separator: ".").dropFirst().first?.count ?? 0
        // Whole percentages are settings and levels ("95 % interval", "10 % negative queries").
        if decimals != 0 && decimals != 2 && !number.hasPrefix("0.00") {
          problems.append(Problem(source: source, text: line, why: "a percentage with \(decimals) decimals"))
        }
      }
    }
    return problems
  }

  /// The HTML page's tables (charts left out) as cells under their column's header.
  static func checkHTML(_ html: String, source: String) -> [Problem] {
    let withoutCharts = html.replacing(try! Regex(#"(?s)<svg.*?</svg>"#), with: "")
    var problems: [Problem] = []
    let table = try! Regex(#"(?s)<table.*?</table>"#)
    let row = try! Regex(#"(?s)<tr.*?</tr>"#)
    let cell = try! Regex(#"(?s)<t([hd])[^>]*>(.*?)</t[hd]>"#)
    func text(_ markup: Substring) -> String {
      String(markup).replacing(try! Regex("<[^>]+>"), with: "").replacingOccurrences(of: "&amp;", with: "&")
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    for match in withoutCharts.matches(of: table) {
      let rows = match.output[0].substring!.matches(of: row).map { r in r.output[0].substring!.matches(of: cell).map { (head: $0.output[1].substring == "h", text: text($0.output[2].substring!)) } }
      guard let header = rows.first?.map(\.text) else { continue }
      let unitColumn = header.firstIndex(of: "unit")
      for cells in rows.dropFirst() {
        for (index, entry) in cells.enumerated() where !entry.head && index != unitColumn {
          let name = unitColumn != nil ? (cells.first?.text ?? "") : (index < header.count ? header[index] : "")
          problems += check(cell: entry.text, header: name, source: source)
        }
      }
    }
    return problems
  }

  @Test func everyReportKindPrintsEachUnitOneWay() throws {
    let dir = try TemporaryDirectory()
    let folders = try BrowserRenderTests.runs(in: dir)
    var problems: [Problem] = []
    var checked: [String] = []
    for folder in folders {
      let name = URL(fileURLWithPath: folder).lastPathComponent
      for file in ["report.md", "sweep.md"] where FileManager.default.fileExists(atPath: folder + "/" + file) {
        problems += Self.checkMarkdown(try String(contentsOfFile: folder + "/" + file, encoding: .utf8), source: "\(name)/\(file)")
        checked.append("\(name)/\(file)")
      }
      if let printed = try? String(contentsOfFile: folder + ".stdout", encoding: .utf8) {
        problems += Self.checkLines(printed, source: "\(name): printed")
        checked.append("\(name) stdout")
      }
      let page = dir.path("\(name).html")
      let made = try Run.product("keybench-report", ["html", folder, "--out", page])
      #expect(made.status == 0, "\(made.stderr)")
      problems += Self.checkHTML(try String(contentsOfFile: page, encoding: .utf8), source: "\(name).html")
      checked.append("\(name).html")
      guard FileManager.default.fileExists(atPath: folder + "/summary.json") else { continue }
      let table = try Run.product("keybench-report", ["markdown", folder])
      problems += Self.checkMarkdown(table.stdout, source: "markdown \(name)")
      let compared = try Run.product("keybench-report", ["compare", folder, folder])
      problems += Self.checkMarkdown(compared.stdout, source: "compare \(name)") + Self.checkLines(compared.stderr, source: "compare \(name) stderr")
      let junit = dir.path("\(name).xml")
      let gated = try Run.product("keybench-report", ["gate", "--baseline", folder, "--current", folder, "--junit", junit])
      problems += Self.checkMarkdown(gated.stdout, source: "gate \(name)") + Self.checkLines(gated.stderr, source: "gate \(name) stderr")
      if let xml = try? String(contentsOfFile: junit, encoding: .utf8) {
        for line in xml.split(separator: "\n") where line.contains(Self.rawFloat) {
          problems.append(Problem(source: "gate \(name) JUnit", text: String(line), why: "raw float"))
        }
        checked.append("\(name) JUnit")
      }
      checked += ["markdown \(name)", "compare \(name)", "gate \(name)"]
    }
    #expect(checked.count >= 30, "\(checked)")
    let listed = problems.prefix(40).map(\.description).joined(separator: "\n")
    #expect(problems.isEmpty, "\(problems.count) cells or lines out of format:\n\(listed)")
  }

  /// The checks themselves catch what they are for.
  @Test func theChecksCatchTheFormatsTheyForbid() {
    let bad = "| decoder | top-1 | MRR | median |\n|---|---:|---:|---:|\n| a | 80.5 % | 0.8051 | 0.8532555879494655 |\n"
    let found = Self.checkMarkdown(bad, source: "t").map(\.why)
    #expect(found.contains("a percentage with 1 decimals"))
    #expect(found.contains("a share column holding a bare number"))
    #expect(found.contains("raw float"))
    let good = "| decoder | top-1 | MRR | median |\n|---|---:|---:|---:|\n| a | 80.51 % (79.10 – 81.90 %) | 80.51 % | 1.20 ms |\n"
    #expect(Self.checkMarkdown(good, source: "t").isEmpty)
    #expect(!Self.checkLines("top-1 0.8051, MRR 80.5 %", source: "t").isEmpty)
    #expect(Self.checkLines("top-1 80.51 %, MRR 80.51 %; 95 % interval", source: "t").isEmpty)
  }
}
