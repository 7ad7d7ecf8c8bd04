/// Grouped vertical bars: one group per category, one bar per series, heights from zero.
enum BarChart {
  struct Series {
    let name: String
    let values: [Double?]
  }

  static func svg(title: String, categories: [String], series: [Series], yTitle: String, xTitle: String) -> Node {
    let canvas = Canvas(legend: series.map(\.name))
    let all = series.flatMap { $0.values.compactMap { $0 } }
    let y = Scale.linear(covering: all, to: canvas.yRange, flipped: true, includeZero: true)
    var nodes = canvas.yAxis(y, title: yTitle)
    let band = canvas.bandWidth(categories.count)
    // Bars stay slim when there are few: a single device should not fill the plot.
    let barWidth = min(band * 0.8 / Double(max(series.count, 1)), 56)
    for (c, category) in categories.enumerated() {
      let start = canvas.bandCentre(c, of: categories.count) - barWidth * Double(series.count) / 2
      for (s, entry) in series.enumerated() {
        guard c < entry.values.count, let value = entry.values[c], value.isFinite else { continue }
        let top = y(value), base = y(0)
        nodes.append(.el("rect", [
          ("class", "bar"), ("data-value", "\(value)"), ("x", Canvas.fmt(start + Double(s) * barWidth)),
          ("y", Canvas.fmt(min(top, base))), ("width", Canvas.fmt(barWidth * 0.92)),
          ("height", Canvas.fmt(abs(base - top))), ("fill", Palette.color(s)),
        ], [.el("title", text: "\(entry.name), \(category): \(Format.value(value, key: yTitle))")]))
        if barWidth >= 22 {
          nodes.append(.el("text", [("class", "bar-label"), ("x", Canvas.fmt(start + (Double(s) + 0.46) * barWidth)),
            ("y", Canvas.fmt(min(top, base) - 4)), ("text-anchor", "middle")], text: Format.short(value, key: yTitle)))
        }
      }
    }
    nodes += canvas.categoryAxis(categories, centres: categories.indices.map { canvas.bandCentre($0, of: categories.count) },
      title: xTitle)
    return canvas.svg(title: title, nodes)
  }
}
