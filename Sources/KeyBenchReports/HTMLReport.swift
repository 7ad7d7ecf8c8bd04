import Foundation

/// One self-contained HTML page (inline CSS and SVG, no script, no network) reporting benchmark
/// runs and sweeps, so results can be mailed, archived as a CI artifact and opened anywhere.
public struct HTMLReport {
  /// Renderers in priority order; each folder goes to the first that accepts it.
  public static var renderers: [any ReportRenderer.Type] { [SwipeRenderer.self, SweepRenderer.self, GenericRenderer.self] }

  public let folders: [RunFolder]

  public init(folders: [RunFolder]) { self.folders = folders }

  /// Reads each folder (failing on the first that is neither a run nor a sweep).
  public init(paths: [String]) throws {
    folders = try paths.map { try RunFolder(path: $0) }
  }

  /// The whole document.
  public func render() throws -> String {
    var sections: [Section] = []
    var remaining = folders
    let colors = SeriesColors()
    for renderer in Self.renderers {
      let mine = remaining.filter { renderer.accepts($0) }
      remaining.removeAll { renderer.accepts($0) }
      if !mine.isEmpty { sections += try renderer.sections(for: mine, colors: colors) }
    }
    if let statistics = StatisticsFigures.section(for: folders, colors: colors) { sections.append(statistics) }
    var body: [Node] = [.el("h1", text: "KeyBench report"), inputs]
    for section in sections {
      var nodes: [Node] = [.el("h2", text: section.title)]
      if let note = section.note { nodes.append(.el("p", [("class", "note")], text: note)) }
      body.append(.el("section", [], nodes + section.content))
    }
    let html = Node.el("html", [("lang", "en")], [
      .el("head", [], [
        .el("meta", [("charset", "utf-8")]),
        .el("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")]),
        .el("title", text: "KeyBench report: " + folders.map(\.name).joined(separator: ", ")),
        .el("style", text: Self.style),
      ]),
      .el("body", [], body),
    ])
    return "<!DOCTYPE html>\n" + html.rendered + "\n"
  }

  /// What was reported: one row per folder, paths and configurations wrapping so the table
  /// stays within the page however many runs it lists.
  private var inputs: Node {
    Blocks.table(head: ["folder", "kind", "configuration", "lexicon", "corpus", "made by", "items"], cells: folders.map { folder in
      let corpus = folder.summary?["corpus"]
      let provenance = folder.summary?["provenance"]
      let kind: String
      switch folder.kind {
      case .run(let bench): kind = bench
      case .sweep: kind = "sweep"
      }
      // Items scored of items read (from the provenance), else the swipe corpus's gesture count.
      let items = provenance?["items"]
      let counted = items?["scored"]?.number.map { scored in
        "\(Format.number(scored)) of \(Format.number(items?["read"]?.number ?? scored)) \(items?["unit"]?.string ?? "")"
      }
      let made = provenance.map { p in
        let commit = p["keybench"]?["commit"]?.string ?? "unknown"
        return "KeyBench \(p["keybench"]?["version"]?.string ?? "?") @ \(commit.prefix(10))"
          + (p["keybench"]?["uncommitted_changes"]?.string == "true" ? "+" : "") + ", \(p["created_utc"]?.string ?? "")"
      }
      let cells: [[Node]] = [
        Blocks.breakable(folder.path), [.text(kind)], [.text(folder.kind == .sweep ? "see sweep.csv" : Format.configuration(folder.summary))],
        [.text(folder.summary?["config"]?["lexicon"]?.string ?? "–")], Blocks.breakable(corpus?["path"]?.string ?? "–"),
        [.text(made ?? "–")], [.text(counted ?? corpus?["gestures"]?.number.map(Format.number) ?? "–")],
      ]
      return cells
    }, numericFrom: 6, attributes: [("class", "inputs")])
  }

  /// The page's CSS. `<style>` content is raw text in HTML (entities are not decoded), so it must
  /// hold none of the characters the markup escapes: no quotes, `<`, `>` or `&`.
  static let style = """
    body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,Liberation Sans,DejaVu Sans,Arial,sans-serif;color:#222;max-width:1100px;margin:24px auto;padding:0 16px}
    h1{font-size:24px;margin:0 0 12px}h2{font-size:19px;margin:28px 0 6px;border-bottom:1px solid #ddd}h3{font-size:15px}
    .note{color:#555;margin:0 0 8px}
    table{border-collapse:collapse;margin:8px 0 16px;font-size:13px}
    th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
    thead th{background:#f3f3f3}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
    figure{margin:16px 0}figure h3{margin:0 0 4px}figcaption{color:#555;font-size:13px;max-width:640px}
    svg{display:block;max-width:100%;height:auto;background:#fff}
    svg text{font-family:inherit}svg .tick,svg .axis-title,svg .legend,svg .point-label,svg .bar-label{fill:#333}svg .bar-label{font-size:10px}svg .tick{font-size:11px}svg .axis-title{font-size:12px}
    svg .legend{font-size:12px}svg .point-label{font-size:10px}svg .cell-label{font-size:10px}
    svg .grid{stroke:#e6e6e6}svg .axis{stroke:#888}
    details{margin:0 0 12px}summary{cursor:pointer;color:#0072B2}
    table.inputs{width:100%;table-layout:fixed}table.inputs td,table.inputs th{overflow-wrap:anywhere}table.inputs td.num{white-space:normal}
    table.inputs thead th:nth-child(1){width:15%}table.inputs thead th:nth-child(2){width:7%}table.inputs thead th:nth-child(3){width:32%}
    table.inputs thead th:nth-child(4){width:6%}table.inputs thead th:nth-child(5){width:20%}table.inputs thead th:nth-child(6){width:11%}table.inputs thead th:nth-child(7){width:9%}
    """
}
