import KeyBenchCore
import KeyBenchResults

/// A part of the report: a heading, an optional note, then figures and tables.
public struct Section: Sendable {
  public let title: String
  public let note: String?
  public let content: [Node]

  public init(title: String, note: String? = nil, content: [Node]) {
    self.title = title
    self.note = note
    self.content = content
  }
}

/// Draws the folders of one kind. To report a new bench its own way, add a type here and list
/// it in ``HTMLReport/renderers`` before ``GenericRenderer``, which takes any summary.json.
public protocol ReportRenderer {
  /// Whether this renderer draws `folder`.
  static func accepts(_ folder: RunFolder) -> Bool
  /// The sections for all the folders it accepted, compared side by side when there are several;
  /// series of a run take their colour from `colors`, shared by every chart of the page.
  static func sections(for folders: [RunFolder], colors: SeriesColors) throws -> [Section]
}

/// Building blocks the renderers share: figures with captions and tables of metrics.
enum Blocks {
  /// The percentage of hits and its 95 % interval over `groups` by the cluster-robust t every
  /// summary uses (nil interval with fewer than two groups), for a bar and its whisker.
  static func percent(groups: [String], hits: [Bool]) -> (value: Double, interval: ClosedRange<Double>?)? {
    guard !hits.isEmpty else { return nil }
    let value = 100 * Double(hits.filter { $0 }.count) / Double(hits.count)
    guard let sample = try? ClusteredRatio(groups: groups, hits: hits), sample.groups >= 2,
      let interval = (try? ClusterRobustT.estimate(sample, binary: true))??.interval
    else { return (value, nil) }
    return (value, (interval.low * 100)...(interval.high * 100))
  }

  /// A plot under a visible heading (its SVG title), with the caption explaining how to read it.
  static func figure(_ svg: Node, caption: String) -> Node {
    var title = ""
    if case .element(_, let attributes, _) = svg { title = attributes.first { $0.0 == "aria-label" }?.1 ?? "" }
    return .el("figure", [], [.el("h3", text: title), svg, .el("figcaption", text: caption)])
  }

  /// A table with a header row; the first cell of each row is a row header.
  static func table(head: [String], rows: [[String]], numericFrom: Int = 1, attributes: [(String, String)] = []) -> Node {
    table(head: head, cells: rows.map { $0.map { [.text($0)] } }, numericFrom: numericFrom, attributes: attributes)
  }

  /// A table whose cells are markup (a path with break opportunities), else as ``table(head:rows:numericFrom:attributes:)``.
  static func table(head: [String], cells rows: [[[Node]]], numericFrom: Int = 1, attributes: [(String, String)] = []) -> Node {
    let headRow = Node.el("tr", [], head.map { .el("th", [("scope", "col")], text: $0) })
    let bodyRows: [Node] = rows.map { row in
      .el("tr", [], row.enumerated().map { index, cell in
        index == 0 ? .el("th", [("scope", "row")], cell)
          : .el("td", index >= numericFrom ? [("class", "num")] : [], cell)
      })
    }
    return .el("table", attributes, [.el("thead", [], [headRow]), .el("tbody", [], bodyRows)])
  }

  /// A path that may wrap after each `/`, `-`, `_` and `.` (`<wbr>`), so a long corpus path breaks
  /// between its parts instead of widening its table past the page.
  static func breakable(_ path: String) -> [Node] {
    var nodes: [Node] = []
    var part = ""
    for character in path {
      part.append(character)
      if "/-_.".contains(character) {
        nodes += [.text(part), .el("wbr")]
        part = ""
      }
    }
    if !part.isEmpty { nodes.append(.text(part)) }
    return nodes
  }

  /// One row per metric key with its unit, one column per run; every value in the one format of
  /// the unit its run declares for it (``Format``).
  static func metricsTable(_ folders: [RunFolder], keys: [String]) -> Node {
    let values = folders.map { folder in
      Dictionary((folder.summary?["metrics"]?.flattened() ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    }
    let declared = declaredUnits(folders)
    let rows: [[String]] = keys.map { key in
      let unit = Format.unit(of: key, declared: declared)
      return [key, Format.unitLabel(unit)] + values.map { metrics in
        switch metrics[key] {
        case let value? where value.number != nil: NumberFormatting.cell(value.number!, unit: unit)
        case .string(let text)?: text
        case .bool(let flag)?: String(flag)
        default: "–"
        }
      }
    }
    return table(head: ["metric", "unit"] + folders.map(\.name), rows: rows, numericFrom: 2)
  }

  /// The units the folders' summaries declare per metric name (the first folder's where two differ).
  static func declaredUnits(_ folders: [RunFolder]) -> [String: String] {
    folders.reduce(into: [String: String]()) { units, folder in units.merge(folder.declaredUnits) { first, _ in first } }
  }

  /// Every scalar metric key of the folders, in sorted order.
  static func allMetricKeys(_ folders: [RunFolder]) -> [String] {
    var seen = Set<String>()
    var keys: [String] = []
    for folder in folders {
      for entry in folder.summary?["metrics"]?.flattened() ?? [] where seen.insert(entry.key).inserted {
        keys.append(entry.key)
      }
    }
    return keys.sorted()
  }
}
