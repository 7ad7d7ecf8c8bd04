import Foundation
import KeyBenchCore
import Testing

/// JSONValue's writer against Foundation's `JSONSerialization` on the same values, byte for byte
/// (summaries written before kept their bytes), and its exact integers through a Codable round trip.
@Suite struct JSONValueTextTests {
  /// Numbers where formatting differs: fractions, tiny and huge exponents, negative zero, the
  /// ends of Int64 and UInt64, whole doubles past 10¹⁶ (written with an exponent, unlike integers).
  static let doubles: [Double] = [
    0, -0.0, 0.1, 0.2 + 0.1, 1e-7, 1e-5, 1.5e-300, .leastNonzeroMagnitude, 1e15, 1e16, 1e21, 1e22, 123456789012.5, -2.5, 1.0 / 3,
    Double(Int64.max), Double.greatestFiniteMagnitude, -Double.leastNormalMagnitude, 100, 3,
  ]
  static let integers: [JSONValue] = [
    JSONValue(0), JSONValue(-1), JSONValue(Int64.max), JSONValue(Int64.min), JSONValue(UInt64.max),
    JSONValue(UInt64(1) << 53 + 1), JSONValue(10_000_000_000_000_000),
  ]
  static let strings = [
    "", "plain", "quote \" back \\ slash / path/to/file", "tab\tline\nreturn\r bell\u{7} nul\u{0} esc\u{1b} \u{1f} \u{8}\u{c}",
    "café ü 😀 \u{2028} \u{7f} 中文", "top10", "top2", "Top3", "a", "B", "a1", "a01", "A1", "_x", "x y", "é", "e", "z",
  ]

  /// A random value up to `depth` levels deep, and the Foundation object the old code built for it.
  static func random(depth: Int, using rng: inout SeededGenerator) -> (JSONValue, Any) {
    let kind = depth == 0 ? Int.random(in: 0..<5, using: &rng) : Int.random(in: 0..<7, using: &rng)
    switch kind {
    case 0: return (.null, NSNull())
    case 1:
      let flag = Bool.random(using: &rng)
      return (.bool(flag), flag)
    case 2:
      let value = Bool.random(using: &rng)
        ? doubles.randomElement(using: &rng)! * (Bool.random(using: &rng) ? 1 : -1)
        : Double(bitPattern: UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &rng)) * (Bool.random(using: &rng) ? 1 : -1)
      return (.number(value), value)
    case 3:
      let value = integers.randomElement(using: &rng)!
      guard case .integer(let integer) = value else { fatalError("integers holds integers") }
      if let signed = integer.int64 { return (value, signed) }
      return (value, integer.magnitude)
    case 4:
      let text = strings.randomElement(using: &rng)! + (Bool.random(using: &rng) ? strings.randomElement(using: &rng)! : "")
      return (.string(text), text)
    case 5:
      let elements = (0..<Int.random(in: 0...4, using: &rng)).map { _ in random(depth: depth - 1, using: &rng) }
      return (.array(elements.map(\.0)), elements.map(\.1))
    default:
      var members: [String: JSONValue] = [:]
      var object: [String: Any] = [:]
      for _ in 0..<Int.random(in: 0...6, using: &rng) {
        let key = strings.randomElement(using: &rng)! + (Bool.random(using: &rng) ? String(Int.random(in: 0...120, using: &rng)) : "")
        let (value, foundation) = random(depth: depth - 1, using: &rng)
        members[key] = value
        object[key] = foundation
      }
      return (.object(members), object)
    }
  }

  @Test func writesWhatJSONSerializationWrites() throws {
    var rng = SeededGenerator(seed: 42)
    var compared = 0
    for _ in 0..<3000 {
      // JSONSerialization writes only a list or an object at the top: wrap each draw in a list.
      let (element, object) = Self.random(depth: 4, using: &rng)
      let (value, foundation): (JSONValue, Any) = (.array([element]), [object])
      guard JSONSerialization.isValidJSONObject(foundation) else { continue }
      let pretty = try JSONSerialization.data(withJSONObject: foundation, options: [.prettyPrinted, .sortedKeys])
      #expect(try value.prettyText() == String(decoding: pretty, as: UTF8.self))
      let canonical = try JSONSerialization.data(withJSONObject: foundation, options: [.sortedKeys, .withoutEscapingSlashes])
      #expect(try value.canonicalText() == String(decoding: canonical, as: UTF8.self))
      let plain = try JSONSerialization.data(withJSONObject: foundation, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      #expect(try value.prettyText(escapingSlashes: false) == String(decoding: plain, as: UTF8.self))
      compared += 1
    }
    #expect(compared == 3000)
  }

  @Test func writesEmptyContainersAndEscapesAsFoundationDoes() throws {
    let value: JSONValue = ["a": [], "b": [:], "c": [[]], "d/e": "x/\u{1}", "n": .number(-0.0), "f": 1e21, "g": 1e-7, "h": 0.1]
    #expect(try value.prettyText() == """
      {
        "a" : [

        ],
        "b" : {

        },
        "c" : [
          [

          ]
        ],
        "d\\/e" : "x\\/\\u0001",
        "f" : 1e+21,
        "g" : 1e-07,
        "h" : 0.1,
        "n" : -0
      }
      """)
    #expect(throws: JSONValue.NonFiniteNumber.self) { try JSONValue.array([.number(.nan)]).prettyText() }
    #expect(JSONValue(Double.infinity) == .null && JSONValue(Double?.none) == .null && JSONValue(2.5) == .number(2.5))
  }

  @Test func integersSurviveARoundTripExactly() throws {
    let value: JSONValue = .object([
      "seed": JSONValue(UInt64.max), "big": JSONValue(UInt64(1) << 53 + 1), "signed": JSONValue(Int64.min + 1),
      "fraction": 0.5, "whole": .number(3), "huge": .number(1e300), "large_double": .number(1e16), "list": [1, -2, 0],
    ])
    let encoded = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(JSONValue.self, from: encoded)
    #expect(decoded == value)
    #expect(decoded["seed"]?.exactInteger?.uint64 == UInt64.max)
    #expect(decoded["big"]?.exactInteger?.int64 == 9_007_199_254_740_993)
    #expect(decoded["signed"]?.exactInteger?.int64 == Int64.min + 1)
    #expect(decoded["whole"]?.exactInteger?.int64 == 3 && decoded["whole"]?.number == 3)
    #expect(decoded["fraction"] == .number(0.5) && decoded["large_double"]?.exactInteger == nil)
    #expect(try decoded.prettyText() == value.prettyText())
    // What JSONSerialization wrote reads back into the same bytes, 2⁵³ + 1 exact (a Double cannot
    // hold it); negative zero written as -0 reads as the integer 0, as JSONSerialization reads it.
    let objects: [String: Any] = ["n": 9_007_199_254_740_993, "s": UInt64.max, "e": 1e16, "z": -0.0, "f": 0.1, "i": 12]
    let written = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
    let read = try JSONDecoder().decode(JSONValue.self, from: written)
    #expect(read["n"]?.exactInteger?.int64 == 9_007_199_254_740_993 && read["s"]?.exactInteger?.uint64 == UInt64.max)
    let reread = try JSONSerialization.jsonObject(with: written)
    let rewritten = try JSONSerialization.data(withJSONObject: reread, options: [.prettyPrinted, .sortedKeys])
    #expect(try read.prettyText() == String(decoding: rewritten, as: UTF8.self))
    #expect(JSONValue(9_007_199_254_740_993) != JSONValue(9_007_199_254_740_992))
  }

  /// A Codable value nested as JSONValue writes what encoding it and parsing the text back with
  /// JSONSerialization wrote (how summaries nested statistics and configurations before).
  @Test func nestsCodableValuesAsTheFoundationRoundTripDid() throws {
    struct Config: Codable { var weight = 0.1; var limit = 3; var seed: UInt64 = .max; var radius = -0.0; var tiny = 1e-7; var names = ["a/b", "c"]; var big = 1e16 }
    let nested = try JSONValue(encoding: Config())
    let old = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Config()))
    let oldText = try JSONSerialization.data(withJSONObject: old, options: [.prettyPrinted, .sortedKeys])
    #expect(try nested.prettyText() == String(decoding: oldText, as: UTF8.self))
  }
}
