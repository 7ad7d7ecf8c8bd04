/// Empirical cumulative distributions as step lines, one per series, optionally on a log x axis.
enum CDFChart {
  struct Series {
    let name: String
    let values: [Double]
    /// The series' colour on this page (``SeriesColors``); nil takes the palette by position.
    var color: String? = nil
  }

  static func svg(title: String, series: [Series], xTitle: String, logX: Bool) -> Node {
    // One series needs no legend.
    let canvas = Canvas(
      legend: series.count > 1 ? series.enumerated().map { Canvas.LegendEntry(name: $1.name, color: $1.color ?? Palette.color($0)) } : [])
    let all = series.flatMap(\.values)
    let x = logX ? Scale.log(covering: all, to: canvas.xRange) : Scale.linear(covering: all, to: canvas.xRange)
    // Shares in percent, as on every other chart.
    let y = Scale(kind: .linear, domain: 0...100, range: canvas.yRange, flipped: true)
    var nodes = canvas.yAxis(y, title: "% of items ≤ x")
    nodes += canvas.xAxis(x, title: xTitle)
    for (s, entry) in series.enumerated() {
      let sorted = entry.values.filter(\.isFinite).sorted()
      guard !sorted.isEmpty else { continue }
      // Start at 0 on the left edge; each step raises the curve to the cumulative share of the
      // values up to it. Values closer than half a pixel share one step, which keeps runs of tens of
      // thousands of items small without changing the picture.
      var d = "M\(Canvas.fmt(canvas.plotLeft)) \(Canvas.fmt(y(0)))"
      var index = 0
      while index < sorted.count {
        let px = x(sorted[index])
        while index < sorted.count && x(sorted[index]) < px + 0.5 { index += 1 }
        d += " H\(Canvas.fmt(px)) V\(Canvas.fmt(y(100 * Double(index) / Double(sorted.count))))"
      }
      d += " H\(Canvas.fmt(canvas.plotRight))"
      nodes.append(.el("path", [("class", "cdf"), ("d", d), ("fill", "none"), ("stroke", entry.color ?? Palette.color(s)),
        ("stroke-width", "2")], [.el("title", text: "\(entry.name): \(sorted.count) items")]))
    }
    return canvas.svg(title: title, nodes)
  }
}
