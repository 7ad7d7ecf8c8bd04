import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Checks a file KeyBench generated before it replaces anything: JSON must parse, XML and HTML
/// must be well-formed XML (every HTML page KeyBench writes is also well-formed XML).
///
/// CI systems and browsers reject a JUnit file with a raw escape byte in it, or a summary.json cut
/// short, and say little about why; a writer bug caught here fails the command with the file's
/// name and leaves the earlier file in place (``AtomicFileWriter/commit()`` calls it before the
/// rename). The format follows the file name: `.json`, `.xml`, `.html`, `.svg`.
enum GeneratedFile {
  enum Format: String {
    case json = "JSON"
    case xml = "XML"
  }

  /// The format checked for a file named `path`, or nil for formats without a check (CSV,
  /// Markdown, JSON lines, TSV).
  static func format(of path: String) -> Format? {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "json": .json
    case "xml", "html", "htm", "svg": .xml
    default: nil
    }
  }

  /// Why `data` is not well-formed `format`, or nil.
  static func problem(_ data: Data, format: Format) -> String? {
    switch format {
    case .json:
      do {
        _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return nil
      } catch {
        return "\(error.localizedDescription)"
      }
    case .xml:
      // FoundationXML traps on invalid UTF-8; KeyBench writes Strings, so this only guards a bug.
      guard String(data: data, encoding: .utf8) != nil else { return "not valid UTF-8" }
      let parser = XMLParser(data: data)
      parser.shouldResolveExternalEntities = false
      // On Linux a document cut short parses "successfully" with an error set: both must be clean.
      let parsed = parser.parse()
      guard !parsed || parser.parserError != nil else { return nil }
      let code = (parser.parserError as NSError?)?.code ?? 0
      return "line \(parser.lineNumber), column \(parser.columnNumber): XML parser error \(code)"
    }
  }
}
