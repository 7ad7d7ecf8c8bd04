/// Grouped vertical bars: one group per category, one bar per series, heights from zero (or, with
/// `logY`, from the axis's lowest decade: for speeds that span orders of magnitude, where a linear
/// axis would flatten every slow algorithm to nothing).
enum BarChart {
  struct Series {
    let name: String
    let values: [Double?]
    /// Per value, its interval (same unit), drawn as a whisker; empty or nil draws none.
    var errors: [ClosedRange<Double>?] = []
    /// The series' colour on this page (``SeriesColors``); nil takes the palette by position.
    var color: String? = nil
    /// Fill opacity: top-k drawn faded beside top-1 in its run's colour.
    var opacity = 1.0

    func fill(_ index: Int) -> String { color ?? Palette.color(index) }
  }

  static func svg(title: String, categories: [String], series: [Series], yTitle: String, xTitle: String, logY: Bool = false) -> Node {
    let canvas = Canvas(
      legend: series.enumerated().map { Canvas.LegendEntry(name: $1.name, color: $1.fill($0), opacity: $1.opacity) },
      categoryLines: Canvas.categoryLines(categories))
    let all = series.flatMap { $0.values.compactMap { $0 } + $0.errors.compactMap { $0?.upperBound } }
    let y = logY
      ? Scale.log(covering: all, to: canvas.yRange, flipped: true, wholeDecades: true)
      : Scale.linear(covering: all, to: canvas.yRange, flipped: true, includeZero: true)
    var nodes = canvas.yAxis(y, title: yTitle)
    let band = canvas.bandWidth(categories.count)
    // Bars stay slim when there are few: a single device should not fill the plot.
    let barWidth = min(band * 0.8 / Double(max(series.count, 1)), 56)
    for (c, category) in categories.enumerated() {
      let start = canvas.bandCentre(c, of: categories.count) - barWidth * Double(series.count) / 2
      for (s, entry) in series.enumerated() {
        guard c < entry.values.count, let value = entry.values[c], value.isFinite, !logY || value > 0 else { continue }
        let top = y(value), base = logY ? y(y.domain.lowerBound) : y(0)
        nodes.append(.el("rect", [
          ("class", "bar"), ("data-value", "\(value)"), ("x", Canvas.fmt(start + Double(s) * barWidth)),
          ("y", Canvas.fmt(min(top, base))), ("width", Canvas.fmt(barWidth * 0.92)),
          ("height", Canvas.fmt(abs(base - top))), ("fill", entry.fill(s)),
        ] + (entry.opacity < 1 ? [("fill-opacity", Canvas.fmt(entry.opacity)), ("stroke", entry.fill(s))] : []), [.el("title", text: "\(entry.name), \(category): \(Format.value(value, key: yTitle))")]))
        if c < entry.errors.count, let error = entry.errors[c], error.lowerBound.isFinite, error.upperBound.isFinite {
          let x = start + (Double(s) + 0.46) * barWidth, cap = min(barWidth * 0.3, 8)
          let (low, high) = (y(error.lowerBound), y(error.upperBound))
          nodes.append(.el("path", [
            ("class", "error-bar"), ("data-low", "\(error.lowerBound)"), ("data-high", "\(error.upperBound)"), ("stroke", "#222"),
            ("stroke-width", "1.2"), ("fill", "none"),
            ("d", "M\(Canvas.fmt(x - cap)) \(Canvas.fmt(low))H\(Canvas.fmt(x + cap))M\(Canvas.fmt(x)) \(Canvas.fmt(low))V\(Canvas.fmt(high))M\(Canvas.fmt(x - cap)) \(Canvas.fmt(high))H\(Canvas.fmt(x + cap))"),
          ], []))
        }
        // A label only where it fits over its own bar (about 6 px per character at the label's
        // size); otherwise neighbouring labels would run into each other. The tooltip keeps the value.
        // Percent axes label whole percents (one decimal below 10): the axis carries the unit, the tooltip the exact value.
        let label = yTitle.contains("%") ? String(format: value.magnitude < 10 ? "%.1f" : "%.0f", value) : Format.short(value, key: yTitle)
        // With a whisker the label would sit on it; the tooltip and the axis carry the value.
        let whisker = c < entry.errors.count && entry.errors[c] != nil
        if !whisker && barWidth >= 18 && Double(label.count) * 7.0 <= barWidth - 1 {
          nodes.append(.el("text", [("class", "bar-label"), ("x", Canvas.fmt(start + (Double(s) + 0.46) * barWidth)),
            ("y", Canvas.fmt(min(top, base) - 4)), ("text-anchor", "middle")], text: label))
        }
      }
    }
    nodes += canvas.categoryAxis(categories, centres: categories.indices.map { canvas.bandCentre($0, of: categories.count) },
      title: xTitle)
    return canvas.svg(title: title, nodes)
  }
}
