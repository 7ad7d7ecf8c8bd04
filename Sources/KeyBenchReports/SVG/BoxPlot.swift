/// Box plots: per category, one box per series (quartiles, median line, whiskers at the 5th and
/// 95th percentiles; outliers are not drawn because runs hold thousands of items).
enum BoxPlot {
  struct Series {
    let name: String
    /// Samples per category (same order as the categories).
    let samples: [[Double]]
    /// The series' colour on this page (``SeriesColors``); nil takes the palette by position.
    var color: String? = nil
  }

  struct Summary: Equatable {
    let p5, q1, median, q3, p95: Double
    init?(_ values: [Double]) {
      let sorted = values.filter(\.isFinite).sorted()
      guard !sorted.isEmpty else { return nil }
      p5 = Quantile.of(sorted, 0.05)
      q1 = Quantile.of(sorted, 0.25)
      median = Quantile.of(sorted, 0.5)
      q3 = Quantile.of(sorted, 0.75)
      p95 = Quantile.of(sorted, 0.95)
    }
  }

  static func svg(title: String, categories: [String], series: [Series], xTitle: String, yTitle: String, logY: Bool)
    -> Node {
    // One series needs no legend.
    let canvas = Canvas(
      legend: series.count > 1 ? series.enumerated().map { Canvas.LegendEntry(name: $1.name, color: $1.color ?? Palette.color($0)) } : [],
      categoryLines: Canvas.categoryLines(categories))
    let summaries = series.map { $0.samples.map(Summary.init) }
    // The axis spans what is drawn (whiskers), not the most extreme single items.
    let all = summaries.flatMap { $0.compactMap { $0 }.flatMap { [$0.p5, $0.p95] } }
    let y = logY
      ? Scale.log(covering: all, to: canvas.yRange, flipped: true)
      : Scale.linear(covering: all, to: canvas.yRange, flipped: true, includeZero: true)
    var nodes = canvas.yAxis(y, title: yTitle)
    let band = canvas.bandWidth(categories.count)
    let slot = min(band * 0.8 / Double(max(series.count, 1)), 70)
    for (c, category) in categories.enumerated() {
      let start = canvas.bandCentre(c, of: categories.count) - slot * Double(series.count) / 2
      for (s, entry) in series.enumerated() {
        guard c < entry.samples.count, let summary = summaries[s][c] else { continue }
        let x0 = start + Double(s) * slot + slot * 0.1, x1 = x0 + slot * 0.8, mid = (x0 + x1) / 2
        let color = entry.color ?? Palette.color(s)
        let tip = "\(entry.name), \(category): median \(Format.value(summary.median, key: yTitle)), "
          + "quartiles \(Format.value(summary.q1, key: yTitle))–\(Format.value(summary.q3, key: yTitle)), "
          + "5–95 % \(Format.value(summary.p5, key: yTitle))–\(Format.value(summary.p95, key: yTitle))"
        nodes.append(.el("g", [("class", "box"), ("data-median", "\(summary.median)")], [
          .el("title", text: tip),
          line(mid, y(summary.p5), mid, y(summary.q1), color),
          line(mid, y(summary.q3), mid, y(summary.p95), color),
          line(x0 + slot * 0.2, y(summary.p5), x1 - slot * 0.2, y(summary.p5), color),
          line(x0 + slot * 0.2, y(summary.p95), x1 - slot * 0.2, y(summary.p95), color),
          .el("rect", [("x", Canvas.fmt(x0)), ("y", Canvas.fmt(y(summary.q3))), ("width", Canvas.fmt(x1 - x0)),
            ("height", Canvas.fmt(max(y(summary.q1) - y(summary.q3), 1))), ("fill", color), ("fill-opacity", "0.25"),
            ("stroke", color)]),
          .el("line", [("class", "median"), ("x1", Canvas.fmt(x0)), ("x2", Canvas.fmt(x1)),
            ("y1", Canvas.fmt(y(summary.median))), ("y2", Canvas.fmt(y(summary.median))), ("stroke", color),
            ("stroke-width", "2.5")]),
        ]))
      }
    }
    nodes += canvas.categoryAxis(categories, centres: categories.indices.map { canvas.bandCentre($0, of: categories.count) },
      title: xTitle)
    return canvas.svg(title: title, nodes)
  }

  private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ color: String) -> Node {
    .el("line", [("x1", Canvas.fmt(x1)), ("y1", Canvas.fmt(y1)), ("x2", Canvas.fmt(x2)), ("y2", Canvas.fmt(y2)),
      ("stroke", color)])
  }
}

/// Linear-interpolation quantiles (type 7, as numpy and R default) of sorted samples.
enum Quantile {
  static func of(_ sorted: [Double], _ q: Double) -> Double {
    guard sorted.count > 1 else { return sorted.first ?? .nan }
    let position = q * Double(sorted.count - 1)
    let low = Int(position.rounded(.down)), high = min(low + 1, sorted.count - 1)
    return sorted[low] + (position - Double(low)) * (sorted[high] - sorted[low])
  }
}
