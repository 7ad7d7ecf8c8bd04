import Foundation
import KeyBenchCore
import Testing

/// The one strict JSON parser: values, escapes, lines of fields and of syntax errors, and the
/// exact integers suites read their numbers with.
@Suite struct CheckedJSONTests {
  @Test func parsesValuesAndEscapesIntoJSONValue() throws {
    let text = #"{"a": [1, -0.5, 2e3, true, null], "s": "caf\u00e9 \"q\" \\ \/ \n\t \ud83d\ude00 ü", "o": {}}"#
    let json = try CheckedJSON(data: Data(text.utf8), path: "v.json")
    #expect(json.root == .object([
      "a": .array([.number(1), .number(-0.5), .number(2000), .bool(true), .null]),
      "s": .string("café \"q\" \\ / \n\t 😀 ü"), "o": .object([:]),
    ]))
    #expect(try CheckedJSON.value(of: Data(text.utf8), path: "v.json") == json.root)
  }

  @Test func knowsTheLineOfEveryFieldAndOfSyntaxErrors() throws {
    let json = try CheckedJSON(data: Data("{\n\"a\": {\n  \"b\": [\n 1,\n 2]},\n\"c\": 3}".utf8), path: "l.json")
    #expect(json.line(of: "") == 1 && json.line(of: "a") == 2 && json.line(of: "a.b") == 3)
    #expect(json.line(of: "a.b[1]") == 5 && json.line(of: "c") == 6 && json.line(of: "a.missing") == 2)
    let cases: [(String, String)] = [
      ("{\n  \"a\": tru\n}", "e.json:2: invalid JSON: unknown word (expected true; NaN and Infinity are not JSON)"),
      ("[1,\n2,,\n3]", "e.json:2: invalid JSON: unexpected ',' where a value was expected"),
      ("{\"a\": 1}\n\n x", "e.json:3: invalid JSON: unexpected text after the end of the JSON value"),
      ("{\"a\": 1,\n\"a\": 2}", "e.json:2: invalid JSON: key 'a' appears twice in one object (first on line 1)"),
      ("[1, 2,\n]", "e.json:2: invalid JSON: unexpected ']' where a value was expected"),
      ("[NaN]", "e.json:1: invalid JSON: NaN and Infinity are not JSON numbers; give a finite number"),
    ]
    for (text, expected) in cases {
      let error = try #require(throws: InputFileError.self) { try CheckedJSON(data: Data(text.utf8), path: "e.json") }
      #expect(error.description == expected)
    }
  }

  /// Suites read integers exactly (a 64-bit seed keeps every digit) and write the bytes
  /// JSONSerialization wrote for the same text, so suite keys, digests of canonical JSON, did
  /// not change when suites moved from Foundation objects to JSONValue.
  @Test func exactIntegersKeepEveryDigitAndTheCanonicalBytes() throws {
    let text = #"{"seed": 18446744073709551615, "n": -9223372036854775808, "f": 3.0, "e": 1e2, "z": -0, "x": 0.1, "k": {"b": 2, "a10": 1, "a2": [1.5, 7]}, "p": "a/b"}"#
    let exact = try CheckedJSON(data: Data(text.utf8), path: "s.json", exactIntegers: true).root
    #expect(exact["seed"]?.exactInteger?.uint64 == UInt64.max)
    #expect(exact["n"]?.exactInteger?.int64 == Int64.min)
    #expect(exact["f"]?.exactInteger == nil && exact["f"]?.int == 3 && exact["z"]?.exactInteger?.int64 == 0)
    #expect(try CheckedJSON(data: Data(text.utf8), path: "s.json").root["seed"]?.exactInteger == nil)
    let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8))
    let written = String(decoding: try JSONSerialization.data(withJSONObject: foundation, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    #expect(try exact.canonicalText() == written)
    #expect(try exact.canonicalText().contains(#""seed":18446744073709551615"#))
    // An exact integer is checked as a number like any other.
    let checked = try CheckedJSON(data: Data(#"{"n": 9007199254740993}"#.utf8), path: "c.json", exactIntegers: true)
    try checked.check(against: .object(required: [:], optional: ["n": .number]))
    let error = try #require(throws: InputFileError.self) { try checked.check(against: .object(required: [:], optional: ["n": .integer])) }
    #expect(error.description == "c.json:1: n must be a whole number (at most 2^53), got 9007199254740993")
  }
}
