import Foundation

/// The shared frame of every plot: an SVG element of fixed size, a plot area inside margins, axes
/// with ticks and titles, and a legend below.
struct Canvas {
  static let width = 640.0
  var height = 300.0
  let left = 64.0, right = 20.0, top = 16.0
  var legend: [String] = []

  init(height: Double = 300, legend: [String] = []) {
    self.height = height
    self.legend = legend
  }

  var legendRows: [[(index: Int, name: String)]] {
    var rows: [[(index: Int, name: String)]] = []
    var row: [(index: Int, name: String)] = []
    var used = 0.0
    for (index, name) in legend.enumerated() {
      let w = Self.legendItemWidth(name)
      if !row.isEmpty && used + w > Self.width - left - right {
        rows.append(row)
        row = []
        used = 0
      }
      row.append((index, name))
      used += w
    }
    if !row.isEmpty { rows.append(row) }
    return rows
  }

  static func legendItemWidth(_ name: String) -> Double { 32 + 7.6 * Double(name.count) }

  var bottomMargin: Double { 48 + 18 * Double(legendRows.count) }
  var plotLeft: Double { left }
  var plotRight: Double { Self.width - right }
  var plotTop: Double { top }
  var plotBottom: Double { height - bottomMargin }
  var xRange: ClosedRange<Double> { plotLeft...plotRight }
  var yRange: ClosedRange<Double> { plotTop...plotBottom }

  /// The `<svg>` element holding `children`, with an accessible title.
  func svg(title: String, _ children: [Node]) -> Node {
    .el(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 0 \(Self.fmt(Self.width)) \(Self.fmt(height))"),
        ("width", Self.fmt(Self.width)), ("height", Self.fmt(height)), ("role", "img"), ("aria-label", title),
      ],
      [.el("title", text: title)] + children + legendNodes)
  }

  /// Grid lines, tick labels and the title of a numeric y axis.
  func yAxis(_ scale: Scale, title: String) -> [Node] {
    var nodes: [Node] = []
    for tick in scale.ticks {
      let y = scale(tick)
      nodes.append(.el("line", [("class", "grid"), ("x1", Self.fmt(plotLeft)), ("x2", Self.fmt(plotRight)),
        ("y1", Self.fmt(y)), ("y2", Self.fmt(y))]))
      nodes.append(.el("text", [("class", "tick"), ("x", Self.fmt(plotLeft - 6)), ("y", Self.fmt(y + 4)),
        ("text-anchor", "end")], text: scale.label(tick)))
    }
    let midY = (plotTop + plotBottom) / 2
    nodes.append(.el("text", [("class", "axis-title"), ("x", "14"), ("y", Self.fmt(midY)), ("text-anchor", "middle"),
      ("transform", "rotate(-90 14 \(Self.fmt(midY)))")], text: title))
    nodes.append(axisLine(x1: plotLeft, y1: plotTop, x2: plotLeft, y2: plotBottom))
    return nodes
  }

  /// Ticks, labels and the title of a numeric x axis.
  func xAxis(_ scale: Scale, title: String) -> [Node] {
    var nodes: [Node] = []
    for tick in scale.ticks {
      let x = scale(tick)
      nodes.append(.el("line", [("class", "grid"), ("x1", Self.fmt(x)), ("x2", Self.fmt(x)),
        ("y1", Self.fmt(plotTop)), ("y2", Self.fmt(plotBottom))]))
      nodes.append(.el("text", [("class", "tick"), ("x", Self.fmt(x)), ("y", Self.fmt(plotBottom + 16)),
        ("text-anchor", "middle")], text: scale.label(tick)))
    }
    nodes.append(xTitle(title))
    nodes.append(axisLine(x1: plotLeft, y1: plotBottom, x2: plotRight, y2: plotBottom))
    return nodes
  }

  /// Category labels centred under their bands, and the axis title.
  func categoryAxis(_ names: [String], centres: [Double], title: String) -> [Node] {
    var nodes: [Node] = zip(names, centres).map { name, x in
      .el("text", [("class", "tick"), ("x", Self.fmt(x)), ("y", Self.fmt(plotBottom + 16)), ("text-anchor", "middle")],
        text: name)
    }
    nodes.append(xTitle(title))
    nodes.append(axisLine(x1: plotLeft, y1: plotBottom, x2: plotRight, y2: plotBottom))
    return nodes
  }

  /// The centre of band `index` of `count` equal bands across the plot width.
  func bandCentre(_ index: Int, of count: Int) -> Double {
    plotLeft + (Double(index) + 0.5) * bandWidth(count)
  }

  func bandWidth(_ count: Int) -> Double { (plotRight - plotLeft) / Double(max(count, 1)) }

  private func xTitle(_ title: String) -> Node {
    .el("text", [("class", "axis-title"), ("x", Self.fmt((plotLeft + plotRight) / 2)), ("y", Self.fmt(plotBottom + 36)),
      ("text-anchor", "middle")], text: title)
  }

  private func axisLine(x1: Double, y1: Double, x2: Double, y2: Double) -> Node {
    .el("line", [("class", "axis"), ("x1", Self.fmt(x1)), ("y1", Self.fmt(y1)), ("x2", Self.fmt(x2)), ("y2", Self.fmt(y2))])
  }

  private var legendNodes: [Node] {
    var nodes: [Node] = []
    for (rowIndex, row) in legendRows.enumerated() {
      let y = plotBottom + 56 + 18 * Double(rowIndex)
      var x = plotLeft
      for item in row {
        nodes.append(.el("g", [("class", "legend-item")], [
          .el("rect", [("x", Self.fmt(x)), ("y", Self.fmt(y - 10)), ("width", "14"), ("height", "10"),
            ("fill", Palette.color(item.index))]),
          .el("text", [("class", "legend"), ("x", Self.fmt(x + 19)), ("y", Self.fmt(y))], text: item.name),
        ]))
        x += Self.legendItemWidth(item.name)
      }
    }
    return nodes
  }

  /// Coordinates with one decimal: small files, no visible loss.
  static func fmt(_ value: Double) -> String {
    let text = String(format: "%.1f", value)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}

/// Colours that stay distinguishable for colour-blind readers (Okabe & Ito), then repeat.
enum Palette {
  static let colors = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
  static func color(_ index: Int) -> String { colors[index % colors.count] }
}
