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

  /// Escapes `& < > "` (and `'`), enough for text and double-quoted attributes in HTML and XML,
  /// and replaces the characters XML 1.0 does not allow anywhere, escaped or not: the C0 controls
  /// other than tab, line feed and carriage return (an ESC from a coloured log becomes `␛`, its
  /// Unicode control picture) and the non-characters U+FFFE and U+FFFF (as U+FFFD). Lone
  /// surrogates cannot occur: a Swift String holds Unicode scalars only (bytes that are not
  /// UTF-8 already became U+FFFD when they were decoded). Every XML and HTML writer in KeyBench
  /// goes through this, so a CI system can always parse a JUnit file, whatever a log held.
  public static func escape(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0) }) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out.append(contentsOf: "&amp;".unicodeScalars)
      case "<": out.append(contentsOf: "&lt;".unicodeScalars)
      case ">": out.append(contentsOf: "&gt;".unicodeScalars)
      case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
      case "'": out.append(contentsOf: "&#39;".unicodeScalars)
      case "\t", "\n", "\r": out.append(scalar)
      case _ where scalar.value < 0x20: out.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case "\u{FFFE}", "\u{FFFF}": out.append("\u{FFFD}")
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "&", "<", ">", "\"", "'", "\u{FFFE}", "\u{FFFF}": true
    case "\t", "\n", "\r": false
    default: scalar.value < 0x20
    }
  }
}
