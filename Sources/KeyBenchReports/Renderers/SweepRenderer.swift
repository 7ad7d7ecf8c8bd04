import KeyBenchCore
import KeyBenchResults

/// Sweeps (`keybench-sweep`): accuracy against median decode time for every configuration, with
/// the Pareto frontier highlighted, and a table of the frontier's configurations.
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
        var point = ScatterChart.Point(label: row[config], x: x, y: y, frontier: onFrontier)
        if let low, let high, let a = Double(row[low]), let b = Double(row[high]), a <= y, y <= b { point.interval = a...b }
        points.append(point)
        if onFrontier { frontierRows.append(row) }
      }
      frontierRows.sort { (Double($0[median]) ?? .infinity) < (Double($1[median]) ?? .infinity) }
      let shown = metricColumns.filter { table.column($0) != nil }
      let rows = frontierRows.map { row in
        [row[config]] + parameters.map { row[table.column($0)!] }
          + shown.map { key in Format.value(Double(row[table.column(key)!]), key: key) }
      }
      let scatter = Blocks.figure(
        ScatterChart.svg(title: "Sweep: accuracy against decode time", points: points,
          xTitle: "median decode time per gesture (ms)", yTitle: "top-1 accuracy"),
        caption: "Each dot is one configuration, its whisker top-1's 95 % interval from a bootstrap over users. Larger labelled "
          + "dots are on the frontier (no other configuration is clearly more accurate — intervals apart — without being clearly "
          + "slower, or clearly faster — by more than 1.5× — without being clearly less accurate); where each slower one "
          + "is also more accurate, a step line joins them.")
      return Section(
        title: "Sweep \(folder.name)",
        note: "\(points.count) configurations over \(parameters.joined(separator: ", ")); \(frontierRows.count) on the frontier.",
        content: [scatter, .el("h3", text: "Pareto frontier"),
          Blocks.table(head: ["config"] + parameters + shown.map { Format.header($0, unit: Format.unit(of: $0)) }, rows: rows)])
    }
  }
}
