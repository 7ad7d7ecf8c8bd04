import Foundation

/// A matrix of counts as shaded cells (darker = more), each labelled with its count; rows are
/// normalised separately so a confusion matrix reads per true class. Cells whose row and column
/// labels agree (a confusion matrix's diagonal: the right answers) are drawn grey and left out of
/// the shading, or they would outshine every confusion the map is there to show.
enum HeatMap {
  static func svg(title: String, rows: [String], columns: [String], counts: [[Double]], rowTitle: String,
    columnTitle: String) -> Node {
    let cell = min(36, 560 / Double(max(columns.count, 1)))
    let left = 90.0, top = 40.0
    let width = left + cell * Double(columns.count) + 20
    let height = top + cell * Double(rows.count) + 20
    var nodes: [Node] = [.el("title", text: title)]
    nodes.append(.el("text", [("class", "axis-title"), ("x", Canvas.fmt(left)), ("y", "14")],
      text: "\(columnTitle) →, \(rowTitle) ↓"))
    for (c, name) in columns.enumerated() {
      nodes.append(.el("text", [("class", "tick"), ("x", Canvas.fmt(left + (Double(c) + 0.5) * cell)),
        ("y", Canvas.fmt(top - 6)), ("text-anchor", "middle")], text: name))
    }
    for (r, name) in rows.enumerated() {
      let rowCounts = r < counts.count ? counts[r] : []
      let rowMax = rowCounts.indices.filter { $0 >= columns.count || columns[$0] != name }.map { rowCounts[$0] }.filter(\.isFinite).max() ?? 0
      nodes.append(.el("text", [("class", "tick"), ("x", Canvas.fmt(left - 6)),
        ("y", Canvas.fmt(top + (Double(r) + 0.5) * cell + 4)), ("text-anchor", "end")], text: name))
      for c in columns.indices {
        let value = c < rowCounts.count ? rowCounts[c] : 0
        let diagonal = columns[c] == name
        let shade = !diagonal && rowMax > 0 && value.isFinite ? value / rowMax : 0
        let cx = left + Double(c) * cell, cy = top + Double(r) * cell
        nodes.append(.el("rect", [("class", "cell"), ("data-value", "\(value)"), ("x", Canvas.fmt(cx)),
          ("y", Canvas.fmt(cy)), ("width", Canvas.fmt(cell)), ("height", Canvas.fmt(cell)), ("fill", diagonal ? "#9a9a9a" : Palette.color(0)),
          ("fill-opacity", diagonal ? "0.35" : String(format: "%.3f", 0.04 + 0.96 * shade)), ("stroke", "#ffffff")],
          [.el("title", text: "\(rows[r]) → \(columns[c]): \(Format.number(value))")]))
        if value > 0 && cell >= 24 {
          nodes.append(.el("text", [("class", "cell-label"), ("x", Canvas.fmt(cx + cell / 2)), ("y", Canvas.fmt(cy + cell / 2 + 4)),
            ("text-anchor", "middle"), ("fill", shade > 0.55 ? "#ffffff" : "#222222")], text: Format.number(value)))
        }
      }
    }
    return .el("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 0 \(Canvas.fmt(width)) \(Canvas.fmt(height))"),
      ("width", Canvas.fmt(width)), ("height", Canvas.fmt(height)), ("role", "img"), ("aria-label", title)], nodes)
  }
}
