public import Foundation

/// Configuration files that override only what they name.
///
/// Every tunable KeyBench plug-in has a `Codable` configuration whose Swift defaults are the
/// documented ones. A user's JSON is merged over the encoded defaults, so a file may set a
/// single nested key (`{"filters": {"length": {"a": 0.8}}}`); keys the configuration does not
/// have are rejected by their dotted path, so a typo never silently does nothing.
///
/// The one place outside ``CheckedJSON`` that keeps Foundation objects (`[String: Any]`): the
/// defaults come from `JSONEncoder`, and the merged object goes back through `JSONSerialization`
/// into `JSONDecoder` for the configuration's own type, so both ends are Foundation's. A user's
/// file is still parsed strictly first (``CheckedJSON/foundationObject()``).
public enum JSONConfig {
  /// Problems with a configuration file.
  public struct Problem: Error, CustomStringConvertible, Equatable {
    public let description: String
    /// The dotted field the problem is about (the first one when several are), so a file's
    /// error can name its line.
    public let field: String?
    public init(_ description: String, field: String? = nil) {
      self.description = description
      self.field = field
    }
  }

  /// `defaults` with the JSON object in `data`, the file at `path`, merged over it.
  ///
  /// The file is parsed strictly (``CheckedJSON``): duplicate keys and trailing commas are
  /// refused like bad syntax.
  ///
  /// - Throws: ``InputFileError`` `PATH:LINE: reason`, at the line of the field a problem is
  ///   about (unknown key, wrong type); without a line for whole-config checks.
  public static func merged<T: Codable>(_ defaults: T, with data: Data, path: String) throws -> T {
    let json = try CheckedJSON(data: data, path: path)
    guard case .object = json.root, let override = try json.foundationObject() as? [String: Any] else {
      throw json.error(at: "", "a configuration is a JSON object")
    }
    do {
      return try merged(defaults, with: override)
    } catch let problem as Problem {
      guard let field = problem.field else { throw InputFileError(path: path, kind: .malformed, reason: problem.description) }
      throw json.error(at: field, problem.description)
    }
  }

  /// `defaults` with `override` merged over it.
  public static func merged<T: Codable>(_ defaults: T, with override: [String: Any]) throws -> T {
    let defaultsObject = try object(defaults)
    var base = defaultsObject
    merge(override, into: &base)
    let result: T
    do {
      result = try JSONDecoder().decode(T.self, from: JSONSerialization.data(withJSONObject: base))
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
      let DecodingError.dataCorrupted(context)
    {
      var fields = [context.codingPath.map(\.stringValue).joined(separator: ".")]
      if fields[0].isEmpty {
        // Some failures (2.5 for a whole number, on Linux) carry no path: find the fields that
        // fail on their own.
        fields = leafPaths(override).sorted().filter { leaf in
          var single = defaultsObject
          merge(object(setting: leaf.split(separator: ".").map(String.init), to: value(at: leaf, in: override) as Any, in: [:]), into: &single)
          guard let data = try? JSONSerialization.data(withJSONObject: single) else { return true }
          return (try? JSONDecoder().decode(T.self, from: data)) == nil
        }
      }
      throw Problem(
        "wrong type or value at '\(fields.joined(separator: "', '"))' (compare with --print-config: e.g. a fraction where a whole number belongs)",
        field: fields.first)
    }
    // A key the type ignored when decoding is missing when the result is encoded again.
    let known = try object(result)
    let unknown = unknownKeys(in: override, known: known)
    guard unknown.isEmpty else {
      throw Problem("unknown keys: \(unknown.joined(separator: ", "))", field: leafPaths(override).filter { !has(path: $0, in: known) }.min())
    }
    if let validated = result as? any ValidatedConfig {
      let problems = validated.validationErrors()
      guard problems.isEmpty else { throw Problem(problems.joined(separator: "; ")) }
    }
    return result
  }

  /// Sets one value by dotted path (`filters.length.a`), as sweeps do.
  public static func setting<T: Codable>(_ path: String, to value: Any, in config: T) throws -> T {
    let keys = path.split(separator: ".").map(String.init)
    guard !keys.isEmpty else { throw Problem("empty parameter name") }
    return try merged(config, with: object(setting: keys, to: value, in: [:]))
  }

  private static func object(_ value: some Encodable) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any]
    else { throw Problem("configuration does not encode as an object") }
    return object
  }

  private static func merge(_ override: [String: Any], into base: inout [String: Any]) {
    for (key, value) in override {
      if var nested = base[key] as? [String: Any], let overrideNested = value as? [String: Any] {
        merge(overrideNested, into: &nested)
        base[key] = nested
      } else {
        base[key] = value
      }
    }
  }

  /// The dotted paths of `override` that `known` (an encoded configuration) lacks, sorted, each
  /// with the nearest known path suggested: `filters.lenght.a (did you mean "filters.length.a"?)`.
  private static func unknownKeys(in override: [String: Any], known: [String: Any]) -> [String] {
    let knownPaths = leafPaths(known)
    return leafPaths(override).filter { !has(path: $0, in: known) }.sorted().map {
      $0 + EditDistance.suggestion($0, knownPaths)
    }
  }

  /// `object` with the value at the dotted `path` set (objects on the way created), as sweeps
  /// set one field of a configuration.
  private static func object(setting path: [String], to value: Any, in object: [String: Any]) -> [String: Any] {
    var object = object
    guard let first = path.first else { return object }
    object[first] = path.count == 1 ? value : Self.object(setting: Array(path.dropFirst()), to: value, in: object[first] as? [String: Any] ?? [:])
    return object
  }

  private static func value(at path: String, in object: [String: Any]) -> Any? {
    var current: Any = object
    for key in path.split(separator: ".") {
      guard let dictionary = current as? [String: Any], let next = dictionary[String(key)] else { return nil }
      current = next
    }
    return current
  }

  private static func leafPaths(_ object: [String: Any], prefix: String = "") -> [String] {
    object.flatMap { key, value -> [String] in
      let path = prefix.isEmpty ? key : "\(prefix).\(key)"
      if let nested = value as? [String: Any], !nested.isEmpty { return leafPaths(nested, prefix: path) }
      return [path]
    }
  }

  private static func has(path: String, in object: [String: Any]) -> Bool {
    value(at: path, in: object) != nil
  }
}
