import Foundation

/// Any JSON value: KeyBench's one JSON value model.
///
/// Files a user writes are parsed into it by ``CheckedJSON`` (strict, with lines); files KeyBench
/// wrote itself (summary.json, provenance.json) are decoded into it with `JSONDecoder`, so
/// reports read every bench's summary without knowing its shape. Object keys are unique.
public enum JSONValue: Sendable, Equatable, Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() { self = .null }
    else if let value = try? container.decode(Bool.self) { self = .bool(value) }
    else if let value = try? container.decode(Double.self) { self = .number(value) }
    else if let value = try? container.decode(String.self) { self = .string(value) }
    else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
    else { self = .object(try container.decode([String: JSONValue].self)) }
  }

  /// The value as the Foundation objects `JSONSerialization` gives (`[String: Any]`, `[Any]`,
  /// `String`, `NSNumber`, booleans as `NSNumber(value: Bool)`, `NSNull`), for code that reads
  /// answers by key, without parsing the text twice. A whole number within ±2⁵³ becomes an
  /// integer `NSNumber`, any other number a `Double` one; integers beyond 2⁵³ are not exact here
  /// (``CheckedJSON/foundationObject()`` keeps them exact for files that may hold them).
  public var foundationObject: Any {
    switch self {
    case .null: NSNull()
    case .bool(let value): NSNumber(value: value)
    case .number(let value):
      value == value.rounded() && abs(value) <= 9_007_199_254_740_992 ? NSNumber(value: Int(value)) : NSNumber(value: value)
    case .string(let value): value
    case .array(let values): values.map(\.foundationObject)
    case .object(let members): members.mapValues(\.foundationObject)
    }
  }

  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  public var number: Double? {
    if case .number(let value) = self { return value }
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

  public var array: [JSONValue]? {
    if case .array(let values) = self { return values }
    return nil
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
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
