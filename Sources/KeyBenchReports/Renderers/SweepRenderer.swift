import Foundation
import KeyBenchCore
import KeyBenchResults

/// Sweeps (`keybench-sweep`): accuracy against median decode time for every configuration, with
/// the Pareto frontier highlighted, a table of the frontier's configurations and one of every
/// configuration, under a header saying what was decoded (lexicon, corpus, gestures).
public enum SweepRenderer: ReportRenderer {
  public static func accepts(_ folder: RunFolder) -> Bool { folder.kind == .sweep }

  static let metricColumns = ["top1", "top1_low", "top1_high", "top4", "mrr", "decode_ms_median", "decode_ms_p99"]

  public static func sections(for folders: [RunFolder], colors: SeriesColors) throws -> [Section] {
    try folders.map { folder in
      let table = try CSVTable(path: folder.file("sweep.csv"))
      for name in ["config", "top1", "decode_ms_median", "pareto"] where table.column(name) == nil {
        throw InputFileError(path: table.path, kind: .malformed,
          reason: "not a sweep table: no column \(name) (see Reports/FORMATS.md)")
      }
      let config = table.column("config")!, top1 = table.column("top1")!
      let median = table.column("decode_ms_median")!, pareto = table.column("pareto")!
      // Swept parameters sit between `config` and the first metric column.
      let parameters = Array(table.header[(config + 1)..<top1])
      let low = table.column("top1_low"), high = table.column("top1_high")
      var points: [ScatterChart.Point] = []
      var frontierRows: [[String]] = []
      for row in table.rows {
        guard let x = Double(row[median]), let y = Double(row[top1]) else { continue }
        let onFrontier = row[pareto].lowercased() == "true"
        // In % like the tables under the chart.
        var point = ScatterChart.Point(label: row[config], x: x, y: y * 100, frontier: onFrontier)
        if let low, let high, let a = Double(row[low]), let b = Double(row[high]), a <= y, y <= b { point.interval = (a * 100)...(b * 100) }
        points.append(point)
        if onFrontier { frontierRows.append(row) }
      }
      frontierRows.sort { (Double($0[median]) ?? .infinity) < (Double($1[median]) ?? .infinity) }
      let shown = metricColumns.filter { table.column($0) != nil }
      func cells(_ row: [String]) -> [String] {
        [row[config]] + parameters.map { row[table.column($0)!] }
          + shown.map { key in Format.value(Double(row[table.column(key)!]), key: key) }
      }
      let rows = frontierRows.map(cells)
      let everyRow = table.rows.sorted { $0[config] < $1[config] }.map { cells($0) + [$0[pareto].lowercased() == "true" ? "★" : ""] }
      let head = ["config"] + parameters + shown.map { Format.header($0, unit: Format.unit(of: $0)) }
      let scatter = Blocks.figure(
        ScatterChart.svg(title: "Sweep: accuracy against decode time", points: points,
          xTitle: "median decode time per gesture (ms)", yTitle: "top-1 accuracy (%)"),
        caption: "Each dot is one configuration, its whisker top-1's 95 % interval (cluster-robust t over users). Larger "
          + "labelled dots are on the frontier: no other configuration is clearly more accurate — by the paired test on the "
          + "gestures every configuration decoded, Holm across every pair — without being clearly slower, or clearly faster — "
          + "by more than 1.5× — without being clearly less accurate; where each slower one is also more accurate, a step "
          + "line joins them. The table of every configuration below names the others.")
      return Section(
        title: "Sweep \(folder.name)",
        note: "\(points.count) configurations over \(parameters.joined(separator: ", ")); \(frontierRows.count) on the frontier. "
          + describedInputs(folder),
        content: [scatter, .el("h3", text: "Pareto frontier"), Blocks.table(head: head, rows: rows),
          .el("h3", text: "All configurations"), Blocks.table(head: head + ["frontier"], rows: everyRow)])
    }
  }

  /// "Lexicon en_US (160,715 words), corpus hws.jsonl, 1,500 of 32,779 gestures of 521 users."
  /// from the sweep's provenance.json, or nothing when it has none (a hand-made table).
  static func describedInputs(_ folder: RunFolder) -> String {
    guard let data = FileManager.default.contents(atPath: folder.file("provenance.json")),
      let provenance = try? JSONDecoder().decode(JSONValue.self, from: data)
    else { return "" }
    var parts: [String] = []
    if let name = provenance["lexicon"]?["name"]?.string {
      let words = provenance["lexicon"]?["words"]?.number.map { " (\(NumberFormatting.grouped(Int($0))) words)" } ?? ""
      parts.append("lexicon \(name)\(words)")
    }
    if case .array(let inputs)? = provenance["inputs"], let corpus = inputs.first(where: { $0["role"]?.string == "corpus" })?["path"]?.string {
      parts.append("corpus \((corpus as NSString).lastPathComponent)")
    }
    if let scored = provenance["items"]?["scored"]?.number, let read = provenance["items"]?["read"]?.number {
      let unit = provenance["items"]?["unit"]?.string ?? "items"
      let users = provenance["config"]?["users"]?.number.map { " of \(NumberFormatting.grouped(Int($0))) users" } ?? ""
      parts.append("\(NumberFormatting.grouped(Int(scored))) of \(NumberFormatting.grouped(Int(read))) \(unit)\(users)")
    }
    guard !parts.isEmpty else { return "" }
    let text = parts.joined(separator: ", ")
    return text.prefix(1).uppercased() + text.dropFirst() + "."
  }
}
