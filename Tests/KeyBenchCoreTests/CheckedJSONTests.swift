import Foundation
import KeyBenchCore
import Testing

/// The one strict JSON parser: values, escapes, lines of fields and of syntax errors, and the
/// Foundation objects it hands to code that reads by key.
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

  /// What plug-in answers are read as: the objects JSONSerialization gives for the same text.
  @Test func foundationObjectsMatchJSONSerialization() throws {
    let text = #"{"id": 12, "candidates": ["the", "ten"], "time_us": 41.5, "ok": true, "none": null, "n": {"x": -3}}"#
    let strict = try CheckedJSON.value(of: Data(text.utf8), path: "a").foundationObject
    let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8))
    func canonical(_ object: Any) throws -> String {
      String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
    #expect(try canonical(strict) == canonical(foundation))
    let object = try #require(strict as? [String: Any])
    #expect(object["id"] as? Int == 12 && object["time_us"] as? Double == 41.5)
    #expect(String(cString: try #require(object["ok"] as? NSNumber).objCType) == "c")
  }
}
