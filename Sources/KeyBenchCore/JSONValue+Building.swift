import Foundation

/// The one place values become ``JSONValue``: what benchmarks, provenance and plug-in handshakes
/// build their JSON from, each Swift type mapped as `JSONSerialization` wrote it before (integers
/// exact, doubles as doubles, missing and non-finite measurements as null).
extension JSONValue {
  /// An integer, exactly.
  public init(_ value: Int) { self = .integer(Integer(exactly: value)!) }
  public init(_ value: Int64) { self = .integer(Integer(exactly: value)!) }
  public init(_ value: UInt64) { self = .integer(Integer(exactly: value)!) }

  /// A measured number: nil and non-finite values (a rate of nothing, an unavailable time)
  /// become null, as JSON has no NaN or infinity.
  public init(_ value: Double?) {
    if let value, value.isFinite { self = .number(value) } else { self = .null }
  }

  /// An optional string: nil becomes null.
  public init(_ value: String?) { self = value.map(JSONValue.string) ?? .null }

  /// A `Codable` value as the JSON `JSONEncoder` makes of it, to nest it in a larger value: the
  /// same value encoding it and parsing the text back with `JSONSerialization` gave (see
  /// ``init(from:)`` for the one kind of number told apart by value).
  public init(encoding value: some Encodable) throws {
    self = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
  }

  /// Values under dotted names nested as objects (`filters.length.recall` → `filters` →
  /// `length` → `recall`); a later name replaces what an earlier one put on its path.
  public static func nesting(_ values: some Sequence<(String, JSONValue)>) -> [String: JSONValue] {
    func setting(_ path: ArraySlice<Substring>, to value: JSONValue, in object: [String: JSONValue]) -> [String: JSONValue] {
      var object = object
      guard let first = path.first.map(String.init) else { return object }
      object[first] = path.count == 1 ? value : .object(setting(path.dropFirst(), to: value, in: object[first]?.object ?? [:]))
      return object
    }
    var root: [String: JSONValue] = [:]
    for (name, value) in values { root = setting(name.split(separator: ".")[...], to: value, in: root) }
    return root
  }
}
