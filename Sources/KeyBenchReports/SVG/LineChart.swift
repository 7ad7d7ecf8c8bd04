/// Mean curves with a shaded band (±1 standard deviation, or an interval), one colour per series.
enum LineChart {
  struct Sample {
    let x: Double
    let mean: Double
    /// The shaded band around the mean at this x; nil draws none.
    let band: ClosedRange<Double>?

    init(x: Double, mean: Double, std: Double?) {
      self.init(x: x, mean: mean, band: std.map { (mean - $0)...(mean + $0) })
    }

    init(x: Double, mean: Double, band: ClosedRange<Double>?) {
      self.x = x
      self.mean = mean
      self.band = band
    }
  }

  struct Series {
    let name: String
    let samples: [Sample]
    /// The series' colour on this page (``SeriesColors``); nil takes the palette by position.
    var color: String? = nil
  }

  /// `yCovering`: extra values the y axis must cover, so charts meant to be read side by side
  /// share one axis.
  static func svg(title: String, series: [Series], xTitle: String, yTitle: String, logX: Bool = false, yCovering: [Double] = []) -> Node {
    let canvas = Canvas(
      legend: series.count > 1 ? series.enumerated().map { Canvas.LegendEntry(name: $1.name, color: $1.color ?? Palette.color($0)) } : [])
    let samples = series.flatMap(\.samples)
    let x = logX ? Scale.log(covering: samples.map(\.x), to: canvas.xRange) : Scale.linear(covering: samples.map(\.x), to: canvas.xRange)
    let y = Scale.linear(covering: samples.flatMap { [$0.band?.lowerBound ?? $0.mean, $0.band?.upperBound ?? $0.mean] } + yCovering,
      to: canvas.yRange, flipped: true)
    var nodes = canvas.yAxis(y, title: yTitle)
    nodes += canvas.xAxis(x, title: xTitle)
    for (s, entry) in series.enumerated() {
      let points = entry.samples.filter { $0.x.isFinite && $0.mean.isFinite }.sorted { $0.x < $1.x }
      guard !points.isEmpty else { continue }
      let color = entry.color ?? Palette.color(s)
      if points.contains(where: { $0.band != nil }) {
        let upper = points.map { "\(Canvas.fmt(x($0.x))) \(Canvas.fmt(y($0.band?.upperBound ?? $0.mean)))" }
        let lower = points.reversed().map { "\(Canvas.fmt(x($0.x))) \(Canvas.fmt(y($0.band?.lowerBound ?? $0.mean)))" }
        nodes.append(.el("path", [("class", "band"), ("d", "M" + (upper + lower).joined(separator: " L") + " Z"),
          ("fill", color), ("fill-opacity", "0.18"), ("stroke", "none")]))
      }
      let d = "M" + points.map { "\(Canvas.fmt(x($0.x))) \(Canvas.fmt(y($0.mean)))" }.joined(separator: " L")
      nodes.append(.el("path", [("class", "line"), ("d", d), ("fill", "none"), ("stroke", color), ("stroke-width", "2")],
        [.el("title", text: entry.name)]))
    }
    return canvas.svg(title: title, nodes)
  }
}
