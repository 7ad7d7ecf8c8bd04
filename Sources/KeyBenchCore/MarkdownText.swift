/// Text from outside KeyBench — what a plug-in calls itself, its version, config and error
/// messages — placed in a line of `report.md`: escaped so it cannot turn into a link, an image,
/// HTML, emphasis or a table cell, cut to a length, and kept on its line.
///
/// A plug-in chooses these strings itself; raw, a name such as `<img src=x onerror=…>` or
/// `x | y` would be markup in every page rendered from the report.
public enum MarkdownText {
  /// `text` as plain inline text: control and line-breaking characters become U+FFFD, the
  /// characters Markdown or HTML give a meaning inline are backslash-escaped (CommonMark escapes
  /// any ASCII punctuation), and text beyond `limit` characters is cut with `…`.
  public static func inline(_ text: String, limit: Int = 200) -> String {
    var out = ""
    for character in printable(text, limit: limit) {
      if "\\`*_[]<>|~&!#".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }

  /// `text` as an inline code span: fenced with one backtick more than its longest run of
  /// backticks (padded with a space when it starts or ends with one), control and line-breaking
  /// characters made U+FFFD, cut beyond `limit` characters.
  public static func code(_ text: String, limit: Int = 1000) -> String {
    let body = printable(text, limit: limit)
    var longest = 0
    var run = 0
    for character in body {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padding = body.hasPrefix("`") || body.hasSuffix("`") ? " " : ""
    return fence + padding + body + padding + fence
  }

  /// `text` without control or line-breaking characters, cut to `limit` characters.
  private static func printable(_ text: String, limit: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .control, .lineSeparator, .paragraphSeparator: scalars.append("\u{FFFD}")
      default: scalars.append(scalar)
      }
    }
    let clean = String(scalars)
    return clean.count <= limit ? clean : String(clean.prefix(limit)) + "…"
  }
}
