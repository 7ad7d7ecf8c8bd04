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

  /// Scheme files larger than this are refused (a scheme is about a kilobyte).
  public static let maximumBytes = 1 << 20
  /// At most this many letters: eight fields of five letters each.
  public static let maximumAlphabet = 40
  /// Longest `name` and `language` attribute.
  public static let maximumNameLength = 64

  /// Parses the scheme file at `path`: a regular file of at most ``maximumBytes``.
  ///
  /// - Throws: ``InputFileError`` (`FILE:LINE: reason`) for unreadable files, invalid UTF-8,
  ///   malformed XML, unknown elements or attributes, missing or repeated directions, and letters
  ///   that are missing, repeated or outside the alphabet.
  public static func load(path: String) throws -> LetterScheme {
    let data = try InputFile.data(path, maximumBytes: maximumBytes)
    return try parse(data, path: path)
  }

  /// Parses scheme XML; `path` names the source in errors.
  ///
  /// The bytes are checked before FoundationXML sees them: it traps on invalid UTF-8 in a
  /// comment, name or processing instruction, and would expand entities of a DTD. So invalid
  /// UTF-8 (with the line of the first bad byte), an encoding other than UTF-8, a DOCTYPE and
  /// more than ``maximumBytes`` are refused first.
  public static func parse(_ data: Data, path: String) throws -> LetterScheme {
    guard data.count <= maximumBytes else {
      throw InputFileError(path: path, kind: .unreadable, reason: "is \(data.count) bytes; a scheme file has at most \(maximumBytes)")
    }
    try UTF8Text.check(data, path: path)
    try checkProlog(data, path: path)
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
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

  /// Refuses what the parser must not act on: a declared encoding other than UTF-8 (the bytes
  /// were checked as UTF-8), document type declarations (entities could expand without bound)
  /// and processing instructions (FoundationXML traps on some).
  static func checkProlog(_ data: Data, path: String) throws {
    let bytes = [UInt8](data)
    func line(at offset: Int) -> Int { 1 + bytes[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
    func find(_ needle: String, from start: Int = 0) -> Int? {
      let pattern = Array(needle.utf8)
      guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
      for offset in start...(bytes.count - pattern.count) where bytes[offset] == pattern[0] {
        if Array(bytes[offset..<offset + pattern.count]) == pattern { return offset }
      }
      return nil
    }
    if let doctype = find("<!DOCTYPE") ?? find("<!ENTITY") {
      throw InputFileError(
        path: path, line: line(at: doctype), kind: .malformed,
        reason: "a scheme file has no DOCTYPE or entity declarations")
    }
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    // Processing instructions other than the XML declaration mean nothing in a scheme, and
    // FoundationXML traps on some (`<?pi?>` without data): refuse every one.
    let declared = bytes.count >= start + 6 && Array(bytes[start..<start + 6]) == Array("<?xml ".utf8)
    var search = 0
    while let instruction = find("<?", from: search) {
      if !(declared && instruction == start) {
        throw InputFileError(
          path: path, line: line(at: instruction), kind: .malformed,
          reason: "a scheme file has no processing instructions other than the XML declaration")
      }
      search = instruction + 2
    }
    guard bytes.count >= start + 5, Array(bytes[start..<start + 5]) == Array("<?xml".utf8),
      let end = find("?>", from: start)
    else { return }
    let declaration = String(decoding: bytes[start..<end], as: UTF8.self)
    guard let range = declaration.range(of: "encoding") else { return }
    let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
    let name = rest.dropFirst().prefix { $0 != "\"" && $0 != "'" }.lowercased()
    guard name == "utf-8" || name == "utf8" else {
      throw InputFileError(
        path: path, line: line(at: start), kind: .malformed,
        reason: "the XML declaration names encoding '\(name)'; scheme files are UTF-8")
    }
  }

  struct Element {
    var attributes: [String: String]
    var line: Int
  }

  static func build(root: Element, fields: [Element], path: String) throws -> LetterScheme {
    func fail(_ line: Int?, _ reason: String) -> InputFileError {
      InputFileError(path: path, line: line, kind: .malformed, reason: reason)
    }
    let rootAttributes: Set<String> = ["name", "language", "alphabet"]
    if let unknown = root.attributes.keys.sorted().first(where: { !rootAttributes.contains($0) }) {
      throw fail(root.line, "unknown attribute '\(unknown)' on <letterScheme> (known: alphabet, language, name)")
    }
    if let name = root.attributes["name"],
      name.isEmpty || name.count > maximumNameLength || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    {
      throw fail(root.line, "the name attribute must be 1–\(maximumNameLength) printable characters")
    }
    if let language = root.attributes["language"],
      language.isEmpty || language.count > maximumNameLength
        || !language.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") })
    {
      throw fail(root.line, "the language attribute must be a language code such as en or de_CH, not '\(language)'")
    }
    let alphabet = Array(root.attributes["alphabet"] ?? "abcdefghijklmnopqrstuvwxyz")
    guard Set(alphabet).count == alphabet.count, !alphabet.isEmpty else {
      throw fail(root.line, "the alphabet attribute must list distinct letters")
    }
    guard alphabet.count <= maximumAlphabet else {
      throw fail(root.line, "the alphabet has \(alphabet.count) letters; eight fields hold at most \(maximumAlphabet)")
    }
    if let odd = alphabet.first(where: { !($0.isLetter && String($0).lowercased() == String($0)) }) {
      throw fail(root.line, "the alphabet must list lowercase letters (text is lowercased before it is typed), not '\(odd)'")
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
        let lowered = value.lowercased()
        guard value.count == 1, lowered.count == 1, let letter = lowered.first else {
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
            : depth == 2
              ? "unexpected element <\(name)> (a scheme holds only <field> elements)"
              : "element <\(name)> inside a <field> (a field holds only attributes)")
        parser.abortParsing()
      }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      depth -= 1
    }

    // Text between elements may only be white space: a letter typed there would be ignored.
    func parser(_ parser: XMLParser, foundCharacters string: String) {
      guard string.contains(where: { !$0.isWhitespace }) else { return }
      unexpected(parser, "text '\(string.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40))' outside an attribute (letters go in <field> attributes)")
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
      unexpected(parser, "a CDATA section (letters go in <field> attributes)")
    }

    private func unexpected(_ parser: XMLParser, _ reason: String) {
      guard error == nil else { return }
      error = InputFileError(path: path, line: max(parser.lineNumber, 1), kind: .malformed, reason: reason)
      parser.abortParsing()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
      guard error == nil else { return }
      let code = (parseError as NSError).code
      let name = XMLParser.ErrorCode(rawValue: code).map { String(describing: $0) } ?? "error \(code)"
      error = InputFileError(path: path, line: max(parser.lineNumber, 1), kind: .malformed, reason: "malformed XML (\(name))")
    }
  }
}
