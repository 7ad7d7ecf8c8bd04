import Foundation
import KeyBenchCore
import Testing

@Suite struct JSONConfigTests {
  struct Inner: Codable, Equatable {
    var a = 0.75
    var enabled = true
  }

  struct Outer: Codable, Equatable {
    var inner = Inner()
    var threads = 1
    var rate: Double?
  }

  func merged(_ text: String) throws -> Outer {
    try JSONConfig.merged(Outer(), with: Data(text.utf8), path: "c.json")
  }

  /// The message a config text is refused with: `c.json:LINE: reason`.
  func refusal(_ text: String) throws -> String {
    try #require(throws: InputFileError.self) { try merged(text) }.description
  }

  @Test func mergesOnlyWhatTheFileNames() throws {
    #expect(try merged(#"{"inner": {"a": 0.5}}"#) == Outer(inner: Inner(a: 0.5, enabled: true), threads: 1, rate: nil))
    #expect(try merged(#"{"rate": 57}"#).rate == 57)
  }

  @Test func rejectsUnknownKeysAndWrongTypesAtTheirLine() throws {
    #expect(try refusal("{\n\"inner\": {\n\"b\": 1},\n\"thread\": 2}")
      == #"c.json:3: unknown keys: inner.b (did you mean "inner.a"?), thread (did you mean "threads"?)"#)
    #expect(try refusal("{\"inner\":\n {\"enabled\": \"yes\"}}")
      == "c.json:2: wrong type or value at 'inner.enabled' (compare with --print-config: e.g. a fraction where a whole number belongs)")
    // A fraction for a whole number fails without a coding path on Linux; the field is still named.
    #expect(try refusal("{\n\n\"threads\": 2.5}")
      == "c.json:3: wrong type or value at 'threads' (compare with --print-config: e.g. a fraction where a whole number belongs)")
    #expect(try refusal("\n[1]") == "c.json:2: a configuration is a JSON object")
  }

  /// The strict parser reads configs: what Foundation would accept (the last of two keys, a comma
  /// before a bracket) is refused with the file and line.
  @Test func refusesDuplicateKeysAndTrailingCommasWithFileAndLine() throws {
    #expect(try refusal("{\n\"threads\": 2,\n\"threads\": 3\n}")
      == "c.json:3: invalid JSON: key 'threads' appears twice in one object (first on line 2)")
    #expect(try refusal("{\n\"inner\": {\"a\": 0.5,\n}\n}") == "c.json:3: invalid JSON: expected a key in quotes, found '}'")
  }

  @Test func setsOneValueByDottedName() throws {
    let set = try JSONConfig.setting("inner.a", to: 0.9, in: Outer())
    #expect(set.inner.a == 0.9)
    let unknown = try #require(throws: JSONConfig.Problem.self) { try JSONConfig.setting("inner.z", to: 1, in: Outer()) }
    #expect(unknown.description == #"unknown keys: inner.z (did you mean "inner.a"?)"# && unknown.field == "inner.z")
  }
}
