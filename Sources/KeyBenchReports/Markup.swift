/// A tiny HTML/SVG tree that renders well-formed markup with every text and attribute escaped.
///
/// One node type serves both the HTML page and its inline SVG plots, so escaping lives in one place
/// and the whole report stays parseable as XML (which the tests rely on).
public indirect enum Node: Sendable {
  case element(String, [(String, String)], [Node])
  case text(String)

  /// An element with attributes in the given order.
  public static func el(_ name: String, _ attributes: [(String, String)] = [], _ children: [Node] = []) -> Node {
    .element(name, attributes, children)
  }

  /// An element holding only text.
  public static func el(_ name: String, _ attributes: [(String, String)] = [], text: String) -> Node {
    .element(name, attributes, [.text(text)])
  }

  /// HTML void elements render self-closed (`<meta/>`), valid both as HTML5 and as XML.
  static let voidElements: Set<String> = ["meta", "br", "hr", "img", "link", "col", "input", "wbr"]

  /// The markup, escaped.
  public var rendered: String {
    var out = ""
    render(into: &out)
    return out
  }

  func render(into out: inout String) {
    switch self {
    case .text(let text):
      out += Self.escape(text)
    case .element(let name, let attributes, let children):
      out += "<" + name
      for (key, value) in attributes { out += " \(key)=\"\(Self.escape(value))\"" }
      if children.isEmpty && Self.voidElements.contains(name) {
        out += "/>"
        return
      }
      out += ">"
      for child in children { child.render(into: &out) }
      out += "</\(name)>"
    }
  }

  /// Escapes `& < > "` (and `'`), enough for text and double-quoted attributes in HTML and XML.
  public static func escape(_ text: String) -> String {
    guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
    var out = ""
    out.reserveCapacity(text.count + 8)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }
}
