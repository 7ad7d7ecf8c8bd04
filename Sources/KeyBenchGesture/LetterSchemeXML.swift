public import Foundation
import KeyBenchCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads letter schemes from XML, as seed 001 keeps them ("letters and fields are pre-set in an
/// XML file"), with one clear message per problem naming the file and line.
///
///     <letterScheme name="english" alphabet="abcdefghijklmnopqrstuvwxyz">
///       <field direction="n" middle="t" counterclockwise="f" clockwise="y"/>
///       <field direction="nw" middle="e" counterclockwise="w" clockwise="r" counterclockwise2="q"/>
///       …one field per direction n ne e se s sw w nw…
///     </letterScheme>
///
/// A scheme must place every letter of its alphabet exactly once and have one field per
/// direction with a middle letter.
public enum LetterSchemeXML {
  static let letterAttributes: [(String, Int)] = [
    ("middle", 0), ("clockwise", 1), ("counterclockwise", -1), ("clockwise2", 2), ("counterclockwise2", -2),
  ]

  /// Parses the scheme file at `path`.
  ///
  /// - Throws: ``InputFileError`` (`FILE:LINE: reason`) for unreadable files, malformed XML,
  ///   unknown elements or attributes, missing or repeated directions, and letters that are
  ///   missing, repeated or outside the alphabet.
  public static func load(path: String) throws -> LetterScheme {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot read")
    }
    return try parse(data, path: path)
  }

  /// Parses scheme XML; `path` names the source in errors.
  public static func parse(_ data: Data, path: String) throws -> LetterScheme {
    let parser = XMLParser(data: data)
    let reader = Reader(path: path)
    parser.delegate = reader
    // On Linux `parse()` can return true after a well-formedness error, so errors are
    // collected by the delegate as they occur.
    let ok = parser.parse()
    if let error = reader.error { throw error }
    guard ok, parser.parserError == nil else {
      throw InputFileError(path: path, line: max(parser.lineNumber, 1), kind: .malformed, reason: "malformed XML")
    }
    guard let root = reader.root else {
      throw InputFileError(path: path, kind: .empty, reason: "no <letterScheme> element")
    }
    return try build(root: root, fields: reader.fields, path: path)
  }

  struct Element {
    var attributes: [String: String]
    var line: Int
  }

  static func build(root: Element, fields: [Element], path: String) throws -> LetterScheme {
    func fail(_ line: Int?, _ reason: String) -> InputFileError {
      InputFileError(path: path, line: line, kind: .malformed, reason: reason)
    }
    let alphabet = Array(root.attributes["alphabet"] ?? "abcdefghijklmnopqrstuvwxyz")
    guard Set(alphabet).count == alphabet.count, !alphabet.isEmpty else {
      throw fail(root.line, "the alphabet attribute must list distinct letters")
    }
    var placements: [Character: LetterScheme.Placement] = [:]
    var where_: [Character: String] = [:]
    var seen: [LetterScheme.Direction: Int] = [:]
    for field in fields {
      guard let raw = field.attributes["direction"] else { throw fail(field.line, "<field> needs a direction (n, ne, e, se, s, sw, w, nw)") }
      guard let direction = LetterScheme.Direction.allCases.first(where: { $0.name == raw.lowercased() }) else {
        throw fail(field.line, "unknown direction '\(raw)' (use n, ne, e, se, s, sw, w, nw)")
      }
      if let earlier = seen[direction] { throw fail(field.line, "direction \(raw) already has a field (line \(earlier))") }
      seen[direction] = field.line
      let known = Set(letterAttributes.map(\.0) + ["direction"])
      if let unknown = field.attributes.keys.sorted().first(where: { !known.contains($0) }) {
        throw fail(field.line, "unknown attribute '\(unknown)' on <field> (letters: \(letterAttributes.map(\.0).joined(separator: ", ")))")
      }
      guard field.attributes["middle"] != nil else { throw fail(field.line, "field \(raw) has no middle letter") }
      for (attribute, steps) in letterAttributes {
        guard let value = field.attributes[attribute] else { continue }
        guard value.count == 1, let letter = value.lowercased().first else {
          throw fail(field.line, "\(attribute) of field \(raw) must be one letter, not '\(value)'")
        }
        guard alphabet.contains(letter) else {
          throw fail(field.line, "letter '\(letter)' (\(attribute) of field \(raw)) is not in the alphabet")
        }
        let place = "\(attribute) of field \(raw), line \(field.line)"
        if let earlier = where_[letter] { throw fail(field.line, "letter '\(letter)' is repeated: \(earlier) and \(place)") }
        where_[letter] = place
        placements[letter] = LetterScheme.Placement(field: direction, steps: steps)
      }
    }
    let missingDirections = LetterScheme.Direction.allCases.filter { seen[$0] == nil }
    if !missingDirections.isEmpty {
      throw fail(nil, "no field for direction\(missingDirections.count > 1 ? "s" : "") \(missingDirections.map(\.name).joined(separator: ", "))")
    }
    let missing = alphabet.filter { placements[$0] == nil }
    if !missing.isEmpty {
      throw fail(nil, "the scheme misses letter\(missing.count > 1 ? "s" : "") \(missing.map(String.init).joined(separator: ", "))")
    }
    return LetterScheme(name: root.attributes["name"] ?? "unnamed", alphabet: alphabet, placements: placements)
  }

  final class Reader: NSObject, XMLParserDelegate {
    let path: String
    var root: Element?
    var fields: [Element] = []
    var error: InputFileError?
    private var depth = 0

    init(path: String) { self.path = path }

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      depth += 1
      let element = Element(attributes: attributes, line: parser.lineNumber)
      switch (depth, name) {
      case (1, "letterScheme"): root = element
      case (2, "field"): fields.append(element)
      default:
        error = error ?? InputFileError(
          path: path, line: parser.lineNumber, kind: .malformed,
          reason: depth == 1
            ? "the root element must be <letterScheme>, not <\(name)>"
            : "unexpected element <\(name)> (a scheme holds only <field> elements)")
        parser.abortParsing()
      }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      depth -= 1
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
      guard error == nil else { return }
      let code = (parseError as NSError).code
      let name = XMLParser.ErrorCode(rawValue: code).map { String(describing: $0) } ?? "error \(code)"
      error = InputFileError(path: path, line: max(parser.lineNumber, 1), kind: .malformed, reason: "malformed XML (\(name))")
    }
  }
}
