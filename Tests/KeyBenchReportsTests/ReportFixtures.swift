import Foundation
import KeyBenchTestSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Run and sweep folders in the formats of Reports/FORMATS.md, written with known contents so
/// the tests can check what the plots show.
enum ReportFixtures {
  /// One gesture of a swipe results.csv.
  struct Gesture {
    let word: String
    let device: String
    let rank: Int?
    /// Words kept after start_point, start_direction, end_point, length.
    let kept: [Int]
    let decodeMicroseconds: Double
  }

  static let filters = ["start_point", "start_direction", "end_point", "length"]

  /// Writes a swipe run folder: results.csv with every documented column and a summary.json.
  @discardableResult
  static func swipeRun(in dir: TemporaryDirectory, name: String, gestures: [Gesture], lexiconWords: Int = 1000,
    decoder: String = "dtw") throws -> String {
    let folder = dir.path(name)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var lines = [
      (["algorithm", "item", "group", "target", "rank", "candidates", "time_us", "user", "device", "in_lexicon"] + filters.map { "kept_after_\($0)" }
        + filters.map { "target_survived_\($0)" } + ["points", "points_used", "time_limit_hit", "dtw_columns"])
        .joined(separator: ",")
    ]
    for (index, g) in gestures.enumerated() {
      func quoted(_ text: String) -> String {
        text.contains(",") || text.contains("\"") ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
      }
      let word = quoted(g.word)
      let fields = ["seed000", "g\(index)", "u1", word, g.rank.map(String.init) ?? "", quoted("\(g.word)|other"), String(g.decodeMicroseconds), "u1", g.device, "true"]
        + g.kept.map(String.init) + g.kept.map { _ in "true" } + ["40", "32", "false", "0"]
      lines.append(fields.joined(separator: ","))
    }
    try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/results.csv", atomically: true, encoding: .utf8)
    let top1 = Double(gestures.filter { $0.rank == 1 }.count) / Double(gestures.count)
    let summary = """
      {"bench": "swipe",
       "config": {"decoder": "\(decoder)", "parameters": {}, "lexicon": "en_US", "top": 4},
       "corpus": {"path": "hws.jsonl", "gestures": \(gestures.count)},
       "metrics": {"gestures": \(gestures.count), "top1": \(top1), "top4": 0.9, "mrr": 0.8, "coverage": 1,
         "decode_ms_median": 2.5, "decode_ms_p99": 9.1, "lexicon_words": \(lexiconWords),
         "filters": {"length": {"recall": 0.97, "kept_median": 0.01}}}}
      """
    try summary.write(toFile: folder + "/summary.json", atomically: true, encoding: .utf8)
    return folder
  }

  /// Twelve gestures on two devices with known per-device accuracy:
  /// iphone5 top-1 2/4, top-4 3/4; iphone6s top-1 6/8, top-4 7/8.
  static var mixedGestures: [Gesture] {
    let ranks5: [Int?] = [1, 1, 3, nil]
    let ranks6: [Int?] = [1, 1, 1, 1, 1, 1, 2, 9]
    var out: [Gesture] = []
    for (i, rank) in ranks5.enumerated() {
      out.append(Gesture(word: "w\(i)", device: "iphone5", rank: rank, kept: [400, 200, 50, 10 + i],
        decodeMicroseconds: 800 + 300 * Double(i)))
    }
    for (i, rank) in ranks6.enumerated() {
      out.append(Gesture(word: "v\(i)", device: "iphone6s", rank: rank, kept: [300, 150, 40, 5 + i],
        decodeMicroseconds: 1500 + 1200 * Double(i)))
    }
    return out
  }
}

/// The elements of a well-formed XML/HTML document, in document order, with their text.
final class ParsedMarkup: NSObject, XMLParserDelegate {
  struct Element {
    let name: String
    let attributes: [String: String]
    /// The `aria-label` (plot title) of the enclosing `<svg>`, if any.
    let plot: String?
    var text = ""
  }

  private(set) var elements: [Element] = []
  private var open: [Int] = []
  private(set) var error: (any Error)?

  /// Parses `markup`; `error` is set when it is not well-formed.
  init(_ markup: String) {
    super.init()
    let parser = XMLParser(data: Data(markup.utf8))
    parser.delegate = self
    if !parser.parse() { error = parser.parserError ?? TestSupportError("not well-formed") }
  }

  func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String]) {
    let enclosing = open.last.flatMap { elements[$0].name == "svg" ? elements[$0].attributes["aria-label"] : elements[$0].plot }
    open.append(elements.count)
    elements.append(Element(name: name, attributes: attributes, plot: enclosing))
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    for index in open { elements[index].text += string }
  }

  func all(_ name: String, class cls: String? = nil) -> [Element] {
    elements.filter { $0.name == name && (cls == nil || $0.attributes["class"] == cls) }
  }

  /// The elements drawn inside the plot titled `title`.
  func inPlot(_ title: String, _ name: String, class cls: String? = nil) -> [Element] {
    all(name, class: cls).filter { $0.plot == title }
  }
}
