import Foundation
import KeyBenchCore
import Testing

/// The JSON syntax scanner that gives Foundation's parse errors a line on Linux: nil for every
/// document Foundation accepts, and the line of the first error otherwise.
@Suite struct JSONTextTests {
  static let valid = [
    #"{}"#, #"[]"#, #"{"a": [1, -0, 1e5, 2.5E-3, -12.75], "b": {"c": null, "d": [true, false, {}]}}"#,
    #"["\u00e9\n\"\\\/", "tab\t"]"#, "\u{FEFF}{\"bom\": 1}", "  \n {\"a\": [1, 2,], \"b\": {\"c\": 1,},}\n",
    // Foundation refuses very deep nesting itself; the scanner's own depth is tested with errors.
    String(repeating: "[", count: 200) + String(repeating: "]", count: 200), "12", "\"text\"",
  ]

  @Test(arguments: valid) func acceptsWhatFoundationAccepts(text: String) throws {
    let data = Data(text.utf8)
    _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    #expect(JSONText.firstSyntaxError(in: data) == nil, "\(text.prefix(60))")
  }

  @Test func pointsAtTheLineOfTheFirstError() {
    let cases: [(String, Int)] = [
      ("{\n  \"a\": tru\n}", 2), ("{\"a\": 1}\n\n x", 3), ("[1,\n2,,\n3]", 2), ("{\n\"a\" 1}", 2),
      ("{\"a\": \"open\n", 1), ("[01]", 1), ("{\"a\": [1, 2}\n", 1), ("\u{FEFF}{\n\n\"x\": nul}", 3), ("", 1),
      (String(repeating: "[", count: 10000), 1),
    ]
    for (text, line) in cases {
      let data = Data(text.utf8)
      let offset = JSONText.firstSyntaxError(in: data)
      #expect(offset != nil, "\(text.prefix(40))")
      let found = data.prefix(offset ?? 0).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
      #expect(found == line, "\(text.prefix(40)): line \(found)")
    }
  }
}
