/// A scatter of configurations with the Pareto frontier highlighted, joined by a step line and
/// labelled, so the best trade-offs stand out from the cloud.
enum ScatterChart {
  struct Point {
    let label: String
    let x: Double
    let y: Double
    let frontier: Bool
    /// The y value's interval, drawn as a vertical whisker; nil draws none.
    var interval: ClosedRange<Double>? = nil
  }

  static func svg(title: String, points: [Point], xTitle: String, yTitle: String) -> Node {
    let canvas = Canvas(height: 360, legend: Canvas.LegendEntry.palette(["configuration", "Pareto frontier"]))
    // Fitted to the data: starting at 0 bunched every configuration at the right edge.
    let x = Scale.linear(covering: points.map(\.x), to: canvas.xRange)
    let y = Scale.linear(
      covering: points.flatMap { [$0.y, $0.interval?.lowerBound ?? $0.y, $0.interval?.upperBound ?? $0.y] }, to: canvas.yRange, flipped: true)
    var nodes = canvas.yAxis(y, title: yTitle)
    nodes += canvas.xAxis(x, title: xTitle)
    let frontier = points.filter(\.frontier).sorted { ($0.x, -$0.y) < ($1.x, -$1.y) }
    // A staircase only where slower frontier points are also more accurate: a frontier that keeps
    // points within each other's intervals need not be monotone, and a line down would mislead.
    let monotone = zip(frontier, frontier.dropFirst()).allSatisfy { $0.y <= $1.y }
    if frontier.count > 1 && monotone {
      // Staircase: a faster frontier point holds until the next (slower, more accurate) one.
      var d = "M\(Canvas.fmt(x(frontier[0].x))) \(Canvas.fmt(y(frontier[0].y)))"
      for point in frontier.dropFirst() { d += " H\(Canvas.fmt(x(point.x))) V\(Canvas.fmt(y(point.y)))" }
      nodes.append(.el("path", [("class", "frontier-line"), ("d", d), ("fill", "none"), ("stroke", Palette.color(1)),
        ("stroke-width", "1.5")]))
    }
    for point in points {
      guard let interval = point.interval else { continue }
      nodes.append(.el("path", [
        ("class", "error-bar"), ("data-low", "\(interval.lowerBound)"), ("data-high", "\(interval.upperBound)"),
        ("d", "M\(Canvas.fmt(x(point.x))) \(Canvas.fmt(y(interval.lowerBound)))V\(Canvas.fmt(y(interval.upperBound)))"),
        ("stroke", point.frontier ? Palette.color(1) : Palette.color(0)), ("stroke-opacity", "0.6"), ("stroke-width", "1"),
      ], []))
    }
    for point in points where !point.frontier {
      nodes.append(dot(point, x: x, y: y, color: Palette.color(0), radius: 3, cls: "point"))
      // Every configuration is named while a label per dot stays readable; the tables name them
      // all anyway.
      if points.count <= 24 {
        // Below the dot, towards the plot's middle, so a label never leaves the plot.
        let left = x(point.x) < (canvas.xRange.lowerBound + canvas.xRange.upperBound) / 2
        nodes.append(.el("text", [("class", "point-name"), ("x", Canvas.fmt(x(point.x) + (left ? 5 : -5))),
          ("y", Canvas.fmt(y(point.y) + 12)), ("text-anchor", left ? "start" : "end"), ("fill-opacity", "0.7"), ("font-size", "9")],
          text: point.label))
      }
    }
    for point in frontier {
      nodes.append(dot(point, x: x, y: y, color: Palette.color(1), radius: 5, cls: "frontier"))
      // Up and to the left: the step line arrives from below and leaves to the right, so it never
      // runs through a label there.
      nodes.append(.el("text", [("class", "point-label"), ("x", Canvas.fmt(x(point.x) - 6)),
        ("y", Canvas.fmt(y(point.y) - 7)), ("text-anchor", "end")], text: point.label))
    }
    return canvas.svg(title: title, nodes)
  }

  private static func dot(_ point: Point, x: Scale, y: Scale, color: String, radius: Double, cls: String) -> Node {
    .el("circle", [("class", cls), ("cx", Canvas.fmt(x(point.x))), ("cy", Canvas.fmt(y(point.y))),
      ("r", Canvas.fmt(radius)), ("fill", color), ("fill-opacity", cls == "point" ? "0.55" : "1")],
      [.el("title", text: "\(point.label): \(Canvas.fmt(point.x)) / \(point.y)")])
  }
}

/// Accuracy against time per item with intervals and the Pareto frontier, as inline SVG: the
/// leaderboard draws one per benchmark and input set, so the frontier is seen, not read.
public enum FrontierChart {
  /// One algorithm or configuration: its time per item (x), accuracy (y) with its interval.
  public struct Entry: Sendable {
    public var label: String
    public var time: Double
    public var accuracy: Double
    public var interval: ClosedRange<Double>?
    public var frontier: Bool
    public init(label: String, time: Double, accuracy: Double, interval: ClosedRange<Double>?, frontier: Bool) {
      (self.label, self.time, self.accuracy, self.interval, self.frontier) = (label, time, accuracy, interval, frontier)
    }
  }

  /// The chart as SVG markup.
  public static func svg(title: String, entries: [Entry], xTitle: String, yTitle: String) -> String {
    ScatterChart.svg(
      title: title,
      points: entries.map { .init(label: $0.label, x: $0.time, y: $0.accuracy, frontier: $0.frontier, interval: $0.interval) },
      xTitle: xTitle, yTitle: yTitle
    ).rendered
  }
}
