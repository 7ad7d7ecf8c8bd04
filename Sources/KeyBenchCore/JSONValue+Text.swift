import Foundation

/// JSON text of a value, written byte for byte as Foundation's `JSONSerialization` writes the
/// equivalent objects on Linux, so files KeyBench wrote from `[String: Any]` before keep their
/// bytes (committed baselines diff cleanly) and config digests keep their values.
extension JSONValue {
  /// A number JSON cannot hold (NaN or infinite); build measured values with
  /// ``init(_:)-(Double?)``, which writes them as null.
  public struct NonFiniteNumber: Error, CustomStringConvertible {
    public var value: Double
    public var description: String { "Invalid number value (\(value)) in JSON write" }
  }

  /// Pretty-printed with sorted keys (`JSONSerialization`'s `[.prettyPrinted, .sortedKeys]`):
  /// two-space indents, `" : "` between key and value, `/` escaped unless `escapingSlashes` is
  /// false (`.withoutEscapingSlashes`, the form of a suite's `plan.json`), empty lists and objects
  /// on two lines. The form of `summary.json` and `provenance.json` (no final newline).
  public func prettyText(escapingSlashes: Bool = true) throws -> String {
    var writer = Writer(pretty: true, escapeSlashes: escapingSlashes)
    try writer.write(self)
    return writer.text
  }

  /// Compact with sorted keys and `/` unescaped (`[.sortedKeys, .withoutEscapingSlashes]`): the
  /// canonical bytes a configuration's digest covers.
  public func canonicalText() throws -> String {
    var writer = Writer(pretty: false, escapeSlashes: false)
    try writer.write(self)
    return writer.text
  }

  /// Keys in the order `JSONSerialization` sorts them: numeric runs by value, case ignored
  /// (`top2` before `top10`, `Top3` between them).
  static func sortedKeys(_ keys: some Sequence<String>) -> [String] {
    keys.sorted { a, b in
      a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex, locale: NSLocale.system as Locale)
        == .orderedAscending
    }
  }

  private struct Writer {
    let pretty: Bool
    let escapeSlashes: Bool
    var text = ""
    var indent = 0

    init(pretty: Bool, escapeSlashes: Bool) {
      self.pretty = pretty
      self.escapeSlashes = escapeSlashes
    }

    mutating func write(_ value: JSONValue) throws {
      switch value {
      case .null: text += "null"
      case .bool(let flag): text += flag ? "true" : "false"
      case .integer(let integer): text += integer.description
      case .number(let number):
        guard number.isFinite else { throw NonFiniteNumber(value: number) }
        var written = number.description
        if written.hasSuffix(".0") { written.removeLast(2) }
        text += written
      case .string(let string): write(string: string)
      case .array(let values):
        text += "["
        open()
        for (index, element) in values.enumerated() {
          if index > 0 { text += pretty ? ",\n" : "," }
          writeIndent()
          try write(element)
        }
        close()
        text += "]"
      case .object(let members):
        text += "{"
        open()
        for (index, key) in JSONValue.sortedKeys(members.keys).enumerated() {
          if index > 0 { text += pretty ? ",\n" : "," }
          writeIndent()
          write(string: key)
          text += pretty ? " : " : ":"
          try write(members[key]!)
        }
        close()
        text += "}"
      }
    }

    mutating func open() {
      guard pretty else { return }
      text += "\n"
      indent += 2
    }

    mutating func close() {
      guard pretty else { return }
      text += "\n"
      indent -= 2
      writeIndent()
    }

    mutating func writeIndent() {
      if pretty { text += String(repeating: " ", count: indent) }
    }

    mutating func write(string: String) {
      text += "\""
      for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case "/": text += escapeSlashes ? "\\/" : "/"
        case "\u{8}": text += "\\b"
        case "\u{c}": text += "\\f"
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        case "\u{0}"..."\u{1f}":
          let hex = String(scalar.value, radix: 16)
          text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: text.unicodeScalars.append(scalar)
        }
      }
      text += "\""
    }
  }
}
