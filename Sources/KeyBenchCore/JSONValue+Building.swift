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
    var root: JSONValue = .object([:])
    for (name, value) in values {
      let path = name.split(separator: ".").map(String.init)
      if !path.isEmpty { root = root.setting(path, to: value) }
    }
    return root.object ?? [:]
  }

  /// This value with `value` at the object path `path` (`["filters", "length", "a"]`), objects
  /// on the way created and anything else on the way replaced: how a grid sets one field of a
  /// configuration object.
  public func setting(_ path: some Collection<String>, to value: JSONValue) -> JSONValue {
    guard let first = path.first else { return value }
    var members = object ?? [:]
    members[first] = (members[first] ?? .object([:])).setting(path.dropFirst(), to: value)
    return .object(members)
  }

  /// This object merged over `base`, nested objects field by field (anything else replaces what
  /// `base` has): what a configuration file or a suite's `$base` override does to its base.
  public func merged(over base: JSONValue) -> JSONValue {
    guard case .object(let members) = self, case .object(var result) = base else { return self }
    for (key, value) in members { result[key] = result[key].map { value.merged(over: $0) } ?? value }
    return .object(result)
  }

  /// The dotted paths of this object's leaves (values that are not non-empty objects): the
  /// fields a configuration override sets.
  public var leafPaths: [String] {
    guard case .object(let members) = self else { return [] }
    return members.flatMap { key, value -> [String] in
      if let nested = value.object, !nested.isEmpty { return value.leafPaths.map { key + "." + $0 } }
      return [key]
    }
  }
}
