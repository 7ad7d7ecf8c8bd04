import Foundation

/// Any JSON value: KeyBench's one JSON value model.
///
/// Files a user writes are parsed into it by ``CheckedJSON`` (strict, with lines); files KeyBench
/// wrote itself (summary.json, provenance.json) are decoded into it with `JSONDecoder`, so
/// reports read every bench's summary without knowing its shape. Object keys are unique.
/// KeyBench's own files are built as values of it and written by ``prettyText()``, so a summary
/// is typed from the benchmark to the bytes on disk.
public enum JSONValue: Sendable, Equatable, Codable {
  case null
  case bool(Bool)
  case number(Double)
  /// A whole number held exactly (seeds and counts beyond 2⁵³ survive a round trip).
  case integer(Integer)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Any `Int64` or `UInt64` exactly, as a sign and a magnitude (one type for both ranges, since
  /// seeds are unsigned and counts signed).
  public struct Integer: Sendable, Hashable, CustomStringConvertible {
    /// True only below zero.
    public let isNegative: Bool
    public let magnitude: UInt64

    /// Nil when `value` lies outside both `Int64` and `UInt64`.
    public init?(exactly value: some BinaryInteger) {
      guard let magnitude = UInt64(exactly: value.magnitude), value >= 0 || magnitude <= UInt64(Int64.max) + 1 else { return nil }
      isNegative = value < 0
      self.magnitude = magnitude
    }

    public var int64: Int64? {
      isNegative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(exactly: magnitude)
    }

    public var uint64: UInt64? { isNegative ? nil : magnitude }

    /// The nearest `Double` (exact within ±2⁵³).
    public var double: Double { isNegative ? -Double(magnitude) : Double(magnitude) }

    public var description: String { (isNegative ? "-" : "") + String(magnitude) }
  }

  /// Reads any JSON, its numbers as `JSONSerialization` reads what it wrote, so a value read back
  /// writes the same bytes: a whole number becomes ``integer(_:)`` exactly (`-0` is the integer
  /// 0, as there), any other number ``number(_:)``. `JSONDecoder` hides how a number was written,
  /// so one case is told by its value: a whole number from 10¹⁶ up that a `Double` holds exactly
  /// is read as the `Double` (both writers give such doubles an exponent and random integers of
  /// that size are rarely exact doubles); its value is exact either way.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() { self = .null }
    else if let value = try? container.decode(Bool.self) { self = .bool(value) }
    else if let value = try? container.decode(Double.self) {
      let whole = (try? container.decode(Int64.self)).flatMap { Integer(exactly: $0) }
        ?? (try? container.decode(UInt64.self)).flatMap { Integer(exactly: $0) }
      if let whole, abs(value) < 1e16 || UInt64(exactly: value.magnitude) != whole.magnitude {
        self = .integer(whole)
      } else {
        self = .number(value)
      }
    }
    else if let value = try? container.decode(String.self) { self = .string(value) }
    else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
    else { self = .object(try container.decode([String: JSONValue].self)) }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .integer(let value):
      if let signed = value.int64 { try container.encode(signed) } else { try container.encode(value.magnitude) }
    case .string(let value): try container.encode(value)
    case .array(let values): try container.encode(values)
    case .object(let members): try container.encode(members)
    }
  }

  /// Numbers are equal by value whichever case holds them (`.integer(3) == .number(3)`), so a
  /// value read back equals the value written.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.number, .number), (.number, .integer), (.integer, .number): lhs.number == rhs.number
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a == b
    default: false
    }
  }

  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  /// The value of a number of either case (an integer as its nearest `Double`).
  public var number: Double? {
    switch self {
    case .number(let value): value
    case .integer(let value): value.double
    default: nil
    }
  }

  /// The exact value of an ``integer(_:)``; nil for any other case (a whole ``number(_:)`` too).
  public var exactInteger: Integer? {
    if case .integer(let value) = self { return value }
    return nil
  }

  public var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// A whole number of either case that an `Int` holds exactly (`3`, `3.0`), nil for anything
  /// else: what a field that counts or names by number accepts.
  public var int: Int? {
    switch self {
    case .integer(let value): value.int64.flatMap { Int(exactly: $0) }
    case .number(let value): Int(exactly: value)
    default: nil
    }
  }

  public var array: [JSONValue]? {
    if case .array(let values) = self { return values }
    return nil
  }

  /// The list when every element is a string, else nil.
  public var strings: [String]? {
    guard case .array(let values) = self, case let strings = values.compactMap(\.string), strings.count == values.count else { return nil }
    return strings
  }

  /// The list when every element is a number of either case, else nil.
  public var numbers: [Double]? {
    guard case .array(let values) = self, case let numbers = values.compactMap(\.number), numbers.count == values.count else { return nil }
    return numbers
  }

  /// The list when every element is an object (a list of records), else nil.
  public var objects: [JSONValue]? {
    guard case .array(let values) = self, values.allSatisfy({ $0.object != nil }) else { return nil }
    return values
  }

  public var object: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// The value at a dotted path (`filters.length.recall`; a number indexes a list, a negative
  /// one from its end: `curve.-1.mean`), or nil where the path leads nowhere.
  public func value(at path: some StringProtocol) -> JSONValue? {
    var node = self
    for part in path.split(separator: ".") {
      if case .array(let list) = node, let number = Int(part) {
        let index = number < 0 ? list.count + number : number
        guard list.indices.contains(index) else { return nil }
        node = list[index]
      } else if let next = node[String(part)] {
        node = next
      } else {
        return nil
      }
    }
    return node
  }

  /// Scalars under dotted keys (`filters.length.recall`), sorted by key; arrays and count matrices
  /// are left out (plots show them).
  public func flattened(prefix: String = "") -> [(key: String, value: JSONValue)] {
    switch self {
    case .object(let object):
      if !prefix.isEmpty && countMatrix(named: prefix) != nil { return [] }
      return object.keys.sorted().flatMap { key in
        object[key]!.flattened(prefix: prefix.isEmpty ? key : "\(prefix).\(key)")
      }
    case .array:
      return []
    default:
      return [(prefix, self)]
    }
  }

  /// A count matrix (row label → column label → count), e.g. a touch confusion matrix: an object of
  /// objects of numbers, recognised when its key mentions "confusion" or when row and column labels
  /// are of one kind (they overlap), which tells it apart from groups of metrics such as `filters`.
  public func countMatrix(named key: String) -> (rows: [String], columns: [String], counts: [[Double]])? {
    guard case .object(let object) = self, !object.isEmpty else { return nil }
    var table: [String: [String: Double]] = [:]
    for (row, value) in object {
      guard case .object(let cells) = value else { return nil }
      var numbers: [String: Double] = [:]
      for (column, cell) in cells {
        guard let number = cell.number else { return nil }
        numbers[column] = number
      }
      table[row] = numbers
    }
    let rows = table.keys.sorted()
    let columns = Set(table.values.flatMap(\.keys)).sorted()
    guard key.lowercased().contains("confusion") || !Set(rows).isDisjoint(with: columns) else { return nil }
    return (rows, columns, rows.map { row in columns.map { table[row]?[$0] ?? 0 } })
  }

  /// A curve: an array of `{"x", "mean", "std"?}` objects (e.g. saving ratio against text length).
  public var curve: [(x: Double, mean: Double, std: Double?)]? {
    guard case .array(let items) = self, !items.isEmpty else { return nil }
    var points: [(x: Double, mean: Double, std: Double?)] = []
    for item in items {
      guard let x = item["x"]?.number, let mean = item["mean"]?.number else { return nil }
      points.append((x, mean, item["std"]?.number))
    }
    return points
  }
}

/// Literals, so code and tests can write a JSON value as they would write the JSON.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(integerLiteral value: Int) { self.init(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
