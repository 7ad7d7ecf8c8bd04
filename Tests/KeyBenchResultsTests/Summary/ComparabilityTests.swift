import Foundation
import KeyBenchCore
import KeyBenchResults
import Testing

/// One rule for "the same inputs": the leaderboard's grouping key agrees with the gate's
/// comparability check on every kind of difference, and configuration changes affect neither.
@Suite struct ComparabilityTests {
  static func provenance(_ edit: (inout [String: Any]) -> Void = { _ in }) throws -> JSONValue {
    var object: [String: Any] = [
      "inputs": [
        ["role": "gestures", "path": "/a/hws.jsonl", "bytes": 10, "sha256": String(repeating: "a", count: 64)],
        ["role": "device", "path": "/a/iphone5.json", "bytes": 5, "sha256": String(repeating: "b", count: 64)],
      ],
      "items": ["unit": "gestures", "read": 2000, "scored": 1990, "excluded": []],
      "lexicon": ["name": "en_US", "words": 100, "content_sha256": "c"],
      "top_k": 4, "seed": 7, "config": ["beam": 8],
    ]
    edit(&object)
    return try JSONDecoder().decode(JSONValue.self, from: JSONSerialization.data(withJSONObject: object))
  }

  @Test func theLeaderboardKeyIsTheGatesRule() throws {
    let base = try Self.provenance()
    let variants: [(String, JSONValue)] = [
      ("same", try Self.provenance()),
      ("other gestures", try Self.provenance { var inputs = $0["inputs"] as! [[String: Any]]; inputs[0]["sha256"] = String(repeating: "d", count: 64); $0["inputs"] = inputs }),
      ("same bytes elsewhere", try Self.provenance { var inputs = $0["inputs"] as! [[String: Any]]; inputs[0]["path"] = "/b/hws.jsonl"; $0["inputs"] = inputs }),
      ("inputs listed in another order", try Self.provenance { $0["inputs"] = ($0["inputs"] as! [[String: Any]]).reversed() as [[String: Any]] }),
      ("fewer items scored", try Self.provenance { $0["items"] = ["unit": "gestures", "read": 2000, "scored": 1989, "excluded": []] }),
      ("other lexicon content", try Self.provenance { $0["lexicon"] = ["name": "en_US", "words": 100, "content_sha256": "e"] }),
      ("top-k", try Self.provenance { $0["top_k"] = 5 }),
      ("seed", try Self.provenance { $0["seed"] = 8 }),
      ("no seed", try Self.provenance { $0["seed"] = nil }),
      ("configuration", try Self.provenance { $0["config"] = ["beam": 16] }),
      ("a learned model", try Self.provenance { $0["inputs"] = ($0["inputs"] as! [[String: Any]]) + [Self.model("reranker", "f")] }),
      ("a context model's texts", try Self.provenance { $0["inputs"] = ($0["inputs"] as! [[String: Any]]) + [Self.model("context en-texts", "f")] }),
    ]
    var differing = 0
    for (name, other) in variants {
      let gateCompares = Comparability(baseline: base, current: other).inputDifferences.isEmpty
      let leaderboardRanksTogether = Comparability.inputsKey(base) == Comparability.inputsKey(other)
      #expect(gateCompares == leaderboardRanksTogether, "\(name)")
      if !gateCompares { differing += 1 }
    }
    // Input bytes, items, lexicon, top-k and seed differ; paths, order, configuration and the
    // algorithm's own model files do not.
    #expect(differing == 6)
  }

  static func model(_ role: String, _ digit: Character) -> [String: Any] {
    ["role": role, "path": "/m/\(role).json", "bytes": 9, "sha256": String(repeating: digit, count: 64)]
  }

  /// Two models on the same data are a change of algorithm: listed among the configuration
  /// changes, by file name and digest, never an input difference.
  @Test func anotherModelIsAConfigurationChange() throws {
    let old = try Self.provenance { $0["inputs"] = ($0["inputs"] as! [[String: Any]]) + [Self.model("reranker", "e")] }
    let new = try Self.provenance { $0["inputs"] = ($0["inputs"] as! [[String: Any]]) + [Self.model("reranker", "f")] }
    let comparison = Comparability(baseline: old, current: new)
    #expect(comparison.inputDifferences.isEmpty)
    #expect(comparison.configChanges == ["reranker: reranker.json sha256 eeeeeeeeeeee… → reranker.json sha256 ffffffffffff…"])
    #expect(Comparability(baseline: old, current: old).configChanges.isEmpty)
  }
}
