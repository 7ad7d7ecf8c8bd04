import Foundation

/// The shared frame of every plot: an SVG element of fixed size, a plot area inside margins, axes
/// with ticks and titles, and a legend below.
struct Canvas {
  static let width = 640.0
  var height = 300.0
  let left = 64.0, right = 20.0, top = 16.0
  var legend: [LegendEntry] = []
  /// Lines the longest category label wraps to; the axis title and legend move down by the rest.
  var categoryLines = 1

  /// One legend item: a series' name and how its marks are painted.
  struct LegendEntry {
    var name: String
    var color: String
    /// Fill opacity of the swatch: a faded series (top-k beside top-1) shows faded here too.
    var opacity = 1.0

    /// Names coloured by their position, for plots whose series carry no colour of their own.
    static func palette(_ names: [String]) -> [LegendEntry] {
      names.enumerated().map { LegendEntry(name: $1, color: Palette.color($0)) }
    }
  }

  /// A plot `height` tall plus what wrapped category labels and a legend of more than one row
  /// need, so many series or long labels never squeeze the plot area itself.
  init(height: Double = 300, legend: [LegendEntry] = [], categoryLines: Int = 1) {
    self.legend = legend
    self.categoryLines = max(categoryLines, 1)
    self.height = height
    self.height = height + Self.lineHeight * Double(self.categoryLines - 1) + max(legendHeight - Self.legendRowHeight, 0)
  }

  /// Text line height of tick labels and legend items.
  static let lineHeight = 13.0
  static let legendRowHeight = 18.0
  /// Average advance of a character at the legend's and the ticks' font sizes, for wrapping.
  static let legendCharWidth = 7.6, tickCharWidth = 6.4

  /// Legend items laid out in rows across the plot width, each name wrapped to that width.
  var legendRows: [[(index: Int, lines: [String])]] {
    var rows: [[(index: Int, lines: [String])]] = []
    var row: [(index: Int, lines: [String])] = []
    var used = 0.0
    let available = Self.width - left - right
    for (index, entry) in legend.enumerated() {
      let lines = Self.wrap(entry.name, width: available - 32, charWidth: Self.legendCharWidth)
      let w = Self.legendItemWidth(lines)
      if !row.isEmpty && used + w > available {
        rows.append(row)
        row = []
        used = 0
      }
      row.append((index, lines))
      used += w
    }
    if !row.isEmpty { rows.append(row) }
    return rows
  }

  static func legendItemWidth(_ lines: [String]) -> Double { 32 + legendCharWidth * Double(lines.map(\.count).max() ?? 0) }

  /// The height of each legend row: one line, plus a line for each wrapped line of its tallest item.
  var legendRowHeights: [Double] {
    legendRows.map { row in Self.legendRowHeight + Self.lineHeight * Double((row.map(\.lines.count).max() ?? 1) - 1) }
  }

  var legendHeight: Double { legendRowHeights.reduce(0, +) }

  /// Below the plot: tick labels (wrapped), the axis title, then the legend.
  var titleOffset: Double { 36 + Self.lineHeight * Double(categoryLines - 1) }
  var bottomMargin: Double { titleOffset + 12 + legendHeight }
  var plotLeft: Double { left }
  var plotRight: Double { Self.width - right }
  var plotTop: Double { top }
  var plotBottom: Double { height - bottomMargin }
  var xRange: ClosedRange<Double> { plotLeft...plotRight }
  var yRange: ClosedRange<Double> { plotTop...plotBottom }

  /// `text` broken into lines of at most `width` pixels: at spaces first, then after
  /// punctuation inside a long word (`,;/=-_(·`), and only a run of letters longer than a whole
  /// line is cut — so labels wrap instead of running into their neighbours or being cut mid-word.
  static func wrap(_ text: String, width: Double, charWidth: Double) -> [String] {
    let limit = max(Int(width / charWidth), 4)
    guard text.count > limit else { return [text] }
    // Pieces that may end a line: words, with long words split after punctuation.
    var pieces: [String] = []
    for (position, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
      var current = position == 0 ? "" : " "
      for character in word {
        current.append(character)
        if ",;/=-_(·".contains(character) {
          pieces.append(current)
          current = ""
        }
      }
      if !current.isEmpty { pieces.append(current) }
    }
    var lines: [String] = []
    var line = ""
    for piece in pieces {
      if line.count + piece.count <= limit {
        line += piece
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = piece.hasPrefix(" ") ? String(piece.dropFirst()) : piece
      while line.count > limit {
        lines.append(String(line.prefix(limit)))
        line = String(line.dropFirst(limit))
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// A `<text>` of one or more lines: one line is plain text, more are `<tspan>`s below each other.
  static func text(_ lines: [String], attributes: [(String, String)], x: Double) -> Node {
    guard lines.count > 1 else { return .el("text", attributes, text: lines.first ?? "") }
    return .el("text", attributes, lines.enumerated().map { index, line in
      .el("tspan", [("x", fmt(x)), ("dy", index == 0 ? "0" : fmt(lineHeight))], text: line)
    })
  }

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

  /// Category labels centred under their bands, wrapped to the band's width, and the axis title.
  func categoryAxis(_ names: [String], centres: [Double], title: String) -> [Node] {
    let width = bandWidth(names.count) - 4
    var nodes: [Node] = zip(names, centres).map { name, x in
      Self.text(Self.wrap(name, width: width, charWidth: Self.tickCharWidth),
        attributes: [("class", "tick"), ("x", Self.fmt(x)), ("y", Self.fmt(plotBottom + 16)), ("text-anchor", "middle")], x: x)
    }
    nodes.append(xTitle(title))
    nodes.append(axisLine(x1: plotLeft, y1: plotBottom, x2: plotRight, y2: plotBottom))
    return nodes
  }

  /// How many lines the longest of `names` wraps to under `count` bands: what a chart tells its
  /// canvas before the canvas is made.
  static func categoryLines(_ names: [String]) -> Int {
    let width = (width - 64 - 20) / Double(max(names.count, 1)) - 4
    return names.map { wrap($0, width: width, charWidth: tickCharWidth).count }.max() ?? 1
  }

  /// The centre of band `index` of `count` equal bands across the plot width.
  func bandCentre(_ index: Int, of count: Int) -> Double {
    plotLeft + (Double(index) + 0.5) * bandWidth(count)
  }

  func bandWidth(_ count: Int) -> Double { (plotRight - plotLeft) / Double(max(count, 1)) }

  private func xTitle(_ title: String) -> Node {
    .el("text", [("class", "axis-title"), ("x", Self.fmt((plotLeft + plotRight) / 2)), ("y", Self.fmt(plotBottom + titleOffset)),
      ("text-anchor", "middle")], text: title)
  }

  private func axisLine(x1: Double, y1: Double, x2: Double, y2: Double) -> Node {
    .el("line", [("class", "axis"), ("x1", Self.fmt(x1)), ("y1", Self.fmt(y1)), ("x2", Self.fmt(x2)), ("y2", Self.fmt(y2))])
  }

  private var legendNodes: [Node] {
    var nodes: [Node] = []
    var y = plotBottom + titleOffset + 20
    for (row, rowHeight) in zip(legendRows, legendRowHeights) {
      var x = plotLeft
      for item in row {
        let entry = legend[item.index]
        nodes.append(.el("g", [("class", "legend-item")], [
          .el("rect", [("x", Self.fmt(x)), ("y", Self.fmt(y - 10)), ("width", "14"), ("height", "10"),
            ("fill", entry.color)] + (entry.opacity < 1 ? [("fill-opacity", Self.fmt(entry.opacity)), ("stroke", entry.color)] : [])),
          Self.text(item.lines, attributes: [("class", "legend"), ("x", Self.fmt(x + 19)), ("y", Self.fmt(y))], x: x + 19),
        ]))
        x += Self.legendItemWidth(item.lines)
      }
      y += rowHeight
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

/// The colour of every algorithm KeyBench ships, fixed by name, so a reader who learnt that
/// kannsch is blue on the correction page finds it blue on the prediction page and in every
/// suite's pages. Names that a benchmark draws together have different colours (tested against
/// the benchmarks' catalogues); indexes are into ``Palette/colors``.
public enum AlgorithmPalette {
  /// Per benchmark, its shipped algorithms and peers. An algorithm in two benchmarks (kannsch
  /// corrects and predicts) has the same colour in both.
  public static let byBench: [String: [String: Int]] = [
    "swipe": ["seed000": 0, "shark2": 1],
    "correct": [
      "kannsch": 0, "kannsch-static": 4, "keyboard": 2, "baseline": 7, "hunspell": 1, "aspell": 5, "nuspell": 3, "symspell": 6,
    ],
    "predict": ["kannsch": 0, "ngram": 2, "presage": 1],
    "touch": ["static": 7, "nearest": 4, "gaussian": 1, "gaussian-density": 5, "dynamic": 0, "dynamic-2d": 2],
    "photos": ["exact": 7, "synonyms": 4, "hypernyms": 1, "hyponyms": 5, "best": 0],
  ]

  /// The fixed colour index of `name` in charts of `bench` (or of any benchmark that ships it).
  public static func index(of name: String, bench: String) -> Int? {
    byBench[bench]?[name] ?? byBench.keys.sorted().lazy.compactMap { byBench[$0]?[name] }.first
  }
}

/// The colour of each run (and each algorithm of a run) on one page. An algorithm KeyBench ships
/// takes its fixed colour (``AlgorithmPalette``) the first time the page draws it; anything else
/// (plug-ins, variants such as `keyboard+context`, a second run of the same algorithm, whole runs)
/// takes the first colour that no fixed name of its benchmark claims and no series of the
/// benchmark holds yet, so a series keeps one colour across every chart of the page.
public final class SeriesColors {
  private var assigned: [String: Int] = [:]
  private var taken: [String: Set<Int>] = [:]

  public init() {}

  /// The colour of `algorithm` of `run` (nil: the run as a whole) in a chart of `bench`.
  public func color(bench: String, run: String, algorithm: String? = nil) -> String {
    let key = [bench, run, algorithm ?? ""].joined(separator: "\u{0}")
    if let index = assigned[key] { return Palette.color(index) }
    var used = taken[bench, default: []]
    let index: Int
    if let algorithm, let fixed = AlgorithmPalette.index(of: algorithm, bench: bench), !used.contains(fixed) {
      index = fixed
    } else {
      // Free colours first avoid every fixed one, so a shipped algorithm drawn later on the page
      // still finds its own colour; past that, any colour the benchmark has not used; past all
      // eight, the palette repeats.
      let reserved = Set(AlgorithmPalette.byBench[bench]?.values.map { $0 } ?? [])
      let all = Array(0..<Palette.colors.count)
      index = all.first { !used.contains($0) && !reserved.contains($0) } ?? all.first { !used.contains($0) }
        ?? used.count % Palette.colors.count
    }
    used.insert(index)
    taken[bench] = used
    assigned[key] = index
    return Palette.color(index)
  }
}
