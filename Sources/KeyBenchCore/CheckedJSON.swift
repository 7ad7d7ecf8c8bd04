public import Foundation

/// A JSON file a user writes (device profile, layout variant, typing-error distribution, decoder
/// config, suite, plug-in answer line) parsed strictly into a ``JSONValue`` with the line of every
/// key and value, so each problem is reported as `FILE:LINE: field: reason`.
///
/// This is the one JSON parser for user-written input: duplicate keys, trailing commas, NaN and
/// invalid UTF-8 are refused alike wherever a user's JSON is read.
///
/// Foundation's parser reports neither lines nor duplicate keys, and `JSONDecoder` ignores
/// unknown keys and gives no field for an out-of-range integer. Data files are therefore read in
/// three steps before any of their numbers are used: UTF-8 is checked (``UTF8Text``), the text is
/// parsed here (bounded size and nesting, duplicate keys refused), and the tree is checked
/// against a ``Shape`` (unknown keys, missing keys, types, finite numbers, integers).
public struct CheckedJSON: Sendable {
  /// What a file may contain: key names, which are required, and the type of every value.
  public indirect enum Shape: Sendable {
    case string
    /// A finite number.
    case number
    /// A whole number in ±2⁵³ (written without fraction or exponent, or with an exact one).
    case integer
    case bool
    /// A string from a fixed set.
    case oneOf([String])
    /// An object with known keys; keys not listed are errors.
    case object(required: [String: Shape], optional: [String: Shape])
    /// An object whose keys are data (letters, operation names), each value of one shape.
    case map(Shape)
    case array(Shape)
  }

  /// The file the data came from, as the user named it.
  public let path: String
  /// The document; object keys are unique (a duplicate is refused while parsing).
  public let root: JSONValue
  private let data: Data
  /// The line of every value by its dotted field path (`""` for the root).
  private let lines: [String: Int]

  /// Files above this size are refused before parsing (device and layout files are a few KB).
  public static let defaultMaximumBytes = 16 << 20
  /// Objects and arrays nested deeper than this are refused (the formats need four levels).
  public static let maximumDepth = 32

  /// Reads and parses `path`: a regular file of at most `maximumBytes`, valid UTF-8, one JSON value.
  ///
  /// - Throws: ``InputFileError`` naming the file and line.
  public static func load(path: String, maximumBytes: Int = defaultMaximumBytes) throws -> CheckedJSON {
    let data = try InputFile.data(path, maximumBytes: maximumBytes)
    return try CheckedJSON(data: data, path: path)
  }

  /// Parses `data`; `path` names the source in errors.
  ///
  /// `exactIntegers` reads a number written without fraction or exponent as an exact
  /// ``JSONValue/integer(_:)`` (within `Int64` or `UInt64`), as `JSONSerialization` does, for
  /// files whose values are passed on or digested as written (a suite's 64-bit seeds and config
  /// objects); otherwise every number is a ``JSONValue/number(_:)``.
  public init(data: Data, path: String, exactIntegers: Bool = false) throws {
    try self.init(data: data, path: path, recordsLines: true, exactIntegers: exactIntegers)
  }

  /// `recordsLines` false skips the table of every field's line (its paths cost more than the
  /// parse on short texts such as plug-in answers); syntax errors still have their line.
  private init(data: Data, path: String, recordsLines: Bool, exactIntegers: Bool = false) throws {
    let data = UTF8Text.droppingByteOrderMark(data)
    try UTF8Text.check(data, path: path)
    var parser = Parser(bytes: Array(data), path: path, recordsLines: recordsLines, exactIntegers: exactIntegers)
    root = try parser.parseDocument()
    self.path = path
    self.data = data
    lines = parser.lines
  }

  /// The checked data as Foundation objects (`[String: Any]`, `[Any]`, `NSNumber`, …) for
  /// ``JSONConfig``, which merges a user's config over its encoded defaults by key: Foundation
  /// parses it again only after the strict parse accepted it, so its leniencies (last duplicate
  /// kept, `[1,2,]`) never apply. Everything else reads ``root``.
  public func foundationObject() throws -> Any {
    do {
      return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw InputFileError(path: path, kind: .malformed, reason: "invalid JSON")
    }
  }

  /// The value of `data`, parsed strictly without the table of field lines: for short texts read
  /// on a hot path (a plug-in's answer per item), where building that table costs more than the
  /// parse and no field error needs it.
  ///
  /// - Throws: ``InputFileError`` naming `path` and the line.
  public static func value(of data: Data, path: String) throws -> JSONValue {
    try CheckedJSON(data: data, path: path, recordsLines: false).root
  }

  /// The line of `field` (a dotted path such as `layouts[0].keys[3].width`), or of its nearest
  /// enclosing value when the field itself is absent.
  public func line(of field: String) -> Int? {
    var current = field
    while true {
      if let line = lines[current] { return line }
      guard let cut = current.lastIndex(where: { $0 == "." || $0 == "[" }) else { return lines[""] }
      current = String(current[..<cut])
    }
  }

  /// An ``InputFileError`` for `field` at its line: `FILE:LINE: message`.
  public func error(at field: String, _ message: String) -> InputFileError {
    InputFileError(path: path, line: line(of: field), kind: .malformed, reason: message)
  }

  /// Throws the first problem, with its line, when `problems` is not empty; later ones are
  /// appended to the message with their lines so one run shows them all.
  public func throwIfAny(_ problems: [FieldProblem]) throws {
    guard let first = problems.first else { return }
    var reason = first.message
    let rest = problems.dropFirst()
    if !rest.isEmpty {
      let others = rest.prefix(9).map { problem in
        (line(of: problem.field).map { "line \($0): " } ?? "") + problem.message
      }
      reason += "; also " + others.joined(separator: "; ")
      if rest.count > 9 { reason += "; and \(rest.count - 9) more" }
    }
    throw error(at: first.field, reason)
  }

  /// Checks the whole tree against `shape`.
  ///
  /// - Throws: ``InputFileError`` at the line of the first unknown or missing key, value of the
  ///   wrong type, non-finite number or non-integer count.
  public func check(against shape: Shape) throws {
    var problems: [FieldProblem] = []
    check(root, against: shape, at: "", problems: &problems)
    try throwIfAny(problems)
  }

  /// Decodes the checked data with `JSONDecoder` (call ``check(against:)`` first so decoding
  /// cannot fail on a value the shape allows).
  public func decode<T: Decodable>(_ type: T.Type) throws -> T {
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch let DecodingError.keyNotFound(key, context) {
      let field = Self.dotted(context.codingPath + [key])
      throw error(at: Self.dotted(context.codingPath), "missing key '\(field)'")
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
      let DecodingError.dataCorrupted(context)
    {
      let field = Self.dotted(context.codingPath)
      throw error(at: field, "\(field.isEmpty ? "the file" : field): \(context.debugDescription)")
    } catch {
      throw InputFileError(path: path, kind: .malformed, reason: "cannot decode: \(error)")
    }
  }

  /// A dotted field path from coding keys: `layouts[0].keys[3].width`.
  public static func dotted(_ codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return result
  }

  private static func child(_ parent: String, _ key: String) -> String {
    parent.isEmpty ? key : "\(parent).\(key)"
  }

  private static func typeName(_ value: JSONValue) -> String {
    switch value {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number, .integer: "a number"
    case .bool: "true/false"
    case .null: "null"
    }
  }

  private func check(_ value: JSONValue, against shape: Shape, at path: String, problems: inout [FieldProblem]) {
    let name = path.isEmpty ? "the file" : path
    func wrong(_ expected: String) {
      problems.append(FieldProblem(path, "\(name) must be \(expected), not \(Self.typeName(value))"))
    }
    switch (shape, value) {
    case (.string, .string), (.bool, .bool):
      break
    case (.number, .number(let value)):
      if !value.isFinite { problems.append(FieldProblem(path, "\(name) must be a finite number, got \(value)")) }
    case (.integer, .number(let value)):
      if !(value.isFinite && value == value.rounded() && abs(value) <= 9_007_199_254_740_992) {
        problems.append(FieldProblem(path, "\(name) must be a whole number (at most 2^53), got \(value)"))
      }
    case (.number, .integer):
      break
    case (.integer, .integer(let value)):
      if value.magnitude > 9_007_199_254_740_992 {
        problems.append(FieldProblem(path, "\(name) must be a whole number (at most 2^53), got \(value)"))
      }
    case (.oneOf(let allowed), .string(let value)):
      if !allowed.contains(value) {
        problems.append(FieldProblem(path, "\(name) must be one of \(allowed.joined(separator: ", ")), not '\(value)'"))
      }
    case (.object(let required, let optional), .object(let members)):
      for key in inFileOrder(members, at: path) {
        let field = Self.child(path, key)
        guard let shape = required[key] ?? optional[key] else {
          let known = (Array(required.keys) + Array(optional.keys)).sorted().joined(separator: ", ")
          problems.append(FieldProblem(field, "unknown key '\(field)' (known keys here: \(known))"))
          continue
        }
        check(members[key]!, against: shape, at: field, problems: &problems)
      }
      for key in required.keys.sorted() where members[key] == nil {
        problems.append(FieldProblem(path, "missing key '\(Self.child(path, key))'"))
      }
    case (.map(let shape), .object(let members)):
      for key in inFileOrder(members, at: path) {
        check(members[key]!, against: shape, at: Self.child(path, key), problems: &problems)
      }
    case (.array(let shape), .array(let elements)):
      for (index, element) in elements.enumerated() {
        check(element, against: shape, at: "\(path)[\(index)]", problems: &problems)
      }
    case (.string, _), (.oneOf, _): wrong("a string")
    case (.number, _): wrong("a number")
    case (.integer, _): wrong("a whole number")
    case (.bool, _): wrong("true or false")
    case (.object, _), (.map, _): wrong("an object")
    case (.array, _): wrong("an array")
    }
  }

  /// The keys of an object at `path` in the order the file has them (by line, then name), so
  /// problems are listed as a reader meets them.
  private func inFileOrder(_ members: [String: JSONValue], at path: String) -> [String] {
    members.keys.map { (key: $0, line: lines[Self.child(path, $0)] ?? 0) }
      .sorted { ($0.line, $0.key) < ($1.line, $1.key) }.map(\.key)
  }

  /// A strict RFC 8259 parser over bytes that tracks lines, records the line of every value by
  /// its dotted field path, and refuses duplicate keys.
  private struct Parser {
    let bytes: [UInt8]
    let path: String
    let recordsLines: Bool
    let exactIntegers: Bool
    var index = 0
    var line = 1
    var lines: [String: Int] = [:]

    init(bytes: [UInt8], path: String, recordsLines: Bool, exactIntegers: Bool) {
      self.bytes = bytes
      self.path = path
      self.recordsLines = recordsLines
      self.exactIntegers = exactIntegers
      // A UTF-8 byte order mark is not part of the JSON text.
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    func fail(_ reason: String, line: Int? = nil) -> InputFileError {
      InputFileError(path: path, line: line ?? self.line, kind: .malformed, reason: "invalid JSON: \(reason)")
    }

    mutating func parseDocument() throws -> JSONValue {
      skipSpace()
      guard index < bytes.count else {
        throw InputFileError(path: path, kind: .empty, reason: "no JSON value in the file")
      }
      if recordsLines { lines[""] = line }
      let root = try parseValue(at: "", depth: 0)
      skipSpace()
      guard index == bytes.count else { throw fail("unexpected text after the end of the JSON value") }
      return root
    }

    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x0A: line += 1
        case 0x20, 0x09, 0x0D: break
        default: return
        }
        index += 1
      }
    }

    func describe(_ byte: UInt8) -> String {
      byte >= 0x21 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "byte 0x%02X", byte)
    }

    /// The value at `field`, whose line the caller has recorded (a member's key line, an
    /// element's first line).
    mutating func parseValue(at field: String, depth: Int) throws -> JSONValue {
      guard depth <= CheckedJSON.maximumDepth else {
        throw fail("nested deeper than \(CheckedJSON.maximumDepth) levels")
      }
      guard index < bytes.count else { throw fail("the file ends where a value was expected") }
      switch bytes[index] {
      case UInt8(ascii: "{"): return try parseObject(at: field, depth: depth)
      case UInt8(ascii: "["): return try parseArray(at: field, depth: depth)
      case UInt8(ascii: "\""): return .string(try parseString())
      case UInt8(ascii: "t"): try literal("true"); return .bool(true)
      case UInt8(ascii: "f"): try literal("false"); return .bool(false)
      case UInt8(ascii: "n"): try literal("null"); return .null
      case UInt8(ascii: "N"), UInt8(ascii: "I"):
        throw fail("NaN and Infinity are not JSON numbers; give a finite number")
      case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "I"):
        throw fail("NaN and Infinity are not JSON numbers; give a finite number")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
      default: throw fail("unexpected \(describe(bytes[index])) where a value was expected")
      }
    }

    mutating func literal(_ word: String) throws {
      let expected = Array(word.utf8)
      guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
        throw fail("unknown word (expected \(word); NaN and Infinity are not JSON)")
      }
      index += expected.count
    }

    mutating func parseObject(at field: String, depth: Int) throws -> JSONValue {
      index += 1
      var members: [String: JSONValue] = [:]
      skipSpace()
      if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw fail(index < bytes.count ? "expected a key in quotes, found \(describe(bytes[index]))" : "the file ends inside an object")
        }
        let keyLine = line
        let key = try parseString()
        // A member is reported at its key's line (the value may start on a later one).
        let member = recordsLines ? (field.isEmpty ? key : field + "." + key) : ""
        if members[key] != nil {
          let first = recordsLines ? " (first on line \(lines[member] ?? keyLine))" : ""
          throw fail("key '\(key)' appears twice in one object\(first)", line: keyLine)
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after key '\(key)'") }
        index += 1
        skipSpace()
        if recordsLines { lines[member] = keyLine }
        members[key] = try parseValue(at: member, depth: depth + 1)
        skipSpace()
        guard index < bytes.count else { throw fail("the file ends inside an object") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}', found \(describe(bytes[index]))") }
        index += 1
        return .object(members)
      }
    }

    mutating func parseArray(at field: String, depth: Int) throws -> JSONValue {
      index += 1
      var elements: [JSONValue] = []
      skipSpace()
      if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        skipSpace()
        var element = ""
        if recordsLines {
          element = field + "[" + String(elements.count) + "]"
          lines[element] = line
        }
        elements.append(try parseValue(at: element, depth: depth + 1))
        skipSpace()
        guard index < bytes.count else { throw fail("the file ends inside an array") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']', found \(describe(bytes[index]))") }
        index += 1
        return .array(elements)
      }
    }

    mutating func parseString() throws -> String {
      index += 1
      // Most strings have no escape: one decode of their bytes. With escapes, the unescaped
      // UTF-8 is collected first (the input is valid UTF-8, checked before parsing).
      var unescaped: [UInt8] = []
      var runStart = index
      while true {
        guard index < bytes.count else { throw fail("the file ends inside a string") }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          defer { index += 1 }
          if unescaped.isEmpty { return String(decoding: bytes[runStart..<index], as: UTF8.self) }
          unescaped += bytes[runStart..<index]
          return String(decoding: unescaped, as: UTF8.self)
        }
        if byte < 0x20 { throw fail("a control character (\(describe(byte))) inside a string; write it as an escape") }
        if byte != UInt8(ascii: "\\") {
          index += 1
          continue
        }
        unescaped += bytes[runStart..<index]
        index += 1
        guard index < bytes.count else { throw fail("the file ends inside a string") }
        let escape = bytes[index]
        index += 1
        let scalar: Unicode.Scalar
        switch escape {
        case UInt8(ascii: "\""): scalar = "\""
        case UInt8(ascii: "\\"): scalar = "\\"
        case UInt8(ascii: "/"): scalar = "/"
        case UInt8(ascii: "b"): scalar = "\u{8}"
        case UInt8(ascii: "f"): scalar = "\u{C}"
        case UInt8(ascii: "n"): scalar = "\n"
        case UInt8(ascii: "r"): scalar = "\r"
        case UInt8(ascii: "t"): scalar = "\t"
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
              throw fail("a \\u escape of a lone surrogate")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("a \\u escape of a lone surrogate") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let decoded = Unicode.Scalar(code) else { throw fail("a \\u escape of a lone surrogate") }
          scalar = decoded
        default:
          throw fail("unknown escape \\\(Character(UnicodeScalar(escape)))")
        }
        unescaped += UTF8.encode(scalar)!
        runStart = index
      }
    }

    mutating func hex4() throws -> UInt32 {
      guard bytes.count - index >= 4 else { throw fail("a \\u escape needs four hex digits") }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        let digit: UInt32
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
        default: throw fail("a \\u escape needs four hex digits")
        }
        value = value * 16 + digit
        index += 1
      }
      return value
    }

    mutating func parseNumber() throws -> JSONValue {
      let start = index
      func digits() -> Int {
        let from = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - from
      }
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count else { throw fail("a number without digits") }
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
      } else if digits() == 0 {
        throw fail("a number without digits")
      }
      var whole = true
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        whole = false
        index += 1
        guard digits() > 0 else { throw fail("a number with no digits after '.'") }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        whole = false
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { throw fail("a number with no digits in its exponent") }
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      // As JSONSerialization reads it: Int64, else UInt64, else (beyond both) a Double.
      if exactIntegers, whole, let integer = Int64(text).flatMap(JSONValue.Integer.init(exactly:)) ?? UInt64(text).flatMap(JSONValue.Integer.init(exactly:)) {
        return .integer(integer)
      }
      // Double parses every JSON number; too large a magnitude becomes ±infinity, which the
      // shape check refuses with the field's name.
      guard let value = Double(text) else { throw fail("unreadable number '\(text)'") }
      return .number(value)
    }
  }
}

/// One problem with a field of a data file: the dotted field and a message that names it.
public struct FieldProblem: Sendable, Equatable {
  public var field: String
  public var message: String
  public init(_ field: String, _ message: String) {
    self.field = field
    self.message = message
  }
}

/// Range checks that remember the field each message is about (for its line), built on
/// ``RangeCheck`` so every message has the same form.
public struct FieldChecks: Sendable {
  public private(set) var problems: [FieldProblem] = []
  public init() {}

  /// A finite number within `range`.
  public mutating func number(_ field: String, _ value: Double, in range: ClosedRange<Double>) {
    var check = RangeCheck()
    check.number(field, value, in: range)
    add(field, check)
  }

  /// A finite number above 0 and at most `upperBound`.
  public mutating func positive(_ field: String, _ value: Double, atMost upperBound: Double) {
    var check = RangeCheck()
    check.positive(field, value, atMost: upperBound)
    add(field, check)
  }

  /// An integer within `range`.
  public mutating func integer(_ field: String, _ value: Int, in range: ClosedRange<Int>) {
    var check = RangeCheck()
    check.integer(field, value, in: range)
    add(field, check)
  }

  /// A message of its own about `field`.
  public mutating func fail(_ field: String, _ message: String) {
    problems.append(FieldProblem(field, message))
  }

  public mutating func append(contentsOf other: [FieldProblem]) {
    problems += other
  }

  private mutating func add(_ field: String, _ check: RangeCheck) {
    problems += check.errors.map { FieldProblem(field, $0) }
  }
}
