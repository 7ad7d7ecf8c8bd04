/// Empirical cumulative distributions as step lines, one per series, optionally on a log x axis.
enum CDFChart {
  struct Series {
    let name: String
    let values: [Double]
  }

  static func svg(title: String, series: [Series], xTitle: String, logX: Bool) -> Node {
    let canvas = Canvas(legend: series.map(\.name))
    let all = series.flatMap(\.values)
    let x = logX ? Scale.log(covering: all, to: canvas.xRange) : Scale.linear(covering: all, to: canvas.xRange)
    let y = Scale(kind: .linear, domain: 0...1, range: canvas.yRange, flipped: true)
    var nodes = canvas.yAxis(y, title: "share of items ≤ x")
    nodes += canvas.xAxis(x, title: xTitle)
    for (s, entry) in series.enumerated() {
      let sorted = entry.values.filter(\.isFinite).sorted()
      guard !sorted.isEmpty else { continue }
      // Start at 0 on the left edge; each distinct value raises the curve to its cumulative share.
      var d = "M\(Canvas.fmt(canvas.plotLeft)) \(Canvas.fmt(y(0)))"
      var index = 0
      while index < sorted.count {
        let value = sorted[index]
        while index < sorted.count && sorted[index] == value { index += 1 }
        d += " H\(Canvas.fmt(x(value))) V\(Canvas.fmt(y(Double(index) / Double(sorted.count))))"
      }
      d += " H\(Canvas.fmt(canvas.plotRight))"
      nodes.append(.el("path", [("class", "cdf"), ("d", d), ("fill", "none"), ("stroke", Palette.color(s)),
        ("stroke-width", "2")], [.el("title", text: "\(entry.name): \(sorted.count) items")]))
    }
    return canvas.svg(title: title, nodes)
  }
}
