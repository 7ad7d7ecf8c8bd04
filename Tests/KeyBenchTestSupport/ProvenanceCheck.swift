import Foundation

/// Checks the `provenance` object every benchmark writes (Reports/FORMATS.md#provenance) against
/// the files it names, so each bench's test asserts the same contract on its real output.
public enum ProvenanceCheck {
  /// The problems found in `<folder>/summary.json` (empty when the provenance is complete and
  /// true): every key present, each input's size and SHA-256 equal to the file's, items adding up,
  /// `expectedRoles` among the input roles, and `report.md` carrying "How this was made".
  public static func problems(inRun folder: String, expectedRoles: [String], unit: String) throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("summary.json"))
    guard let summary = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let provenance = summary["provenance"] as? [String: Any]
    else { return ["no provenance object"] }
    var problems: [String] = []
    for key in ["keybench", "created_utc", "host", "command_line", "inputs", "lexicon", "items", "config", "config_sha256", "seed", "top_k"]
    where provenance.index(forKey: key) == nil {
      problems.append("missing key \(key)")
    }
    let keybench = provenance["keybench"] as? [String: Any] ?? [:]
    if (keybench["version"] as? String)?.isEmpty ?? true { problems.append("no version") }
    if let commit = keybench["commit"] as? String, commit != "unknown", commit.count != 40 { problems.append("bad commit \(commit)") }
    let host = provenance["host"] as? [String: Any] ?? [:]
    if (host["cores"] as? Int ?? 0) < 1 { problems.append("no core count") }
    // The machine's speed when the result was written: a positive, finite number of seconds.
    if !((host["machine_reference_seconds"] as? Double).map { $0 > 0 && $0.isFinite } ?? false) {
      problems.append("no machine reference")
    }
    if (provenance["command_line"] as? [String])?.isEmpty ?? true { problems.append("no command line") }
    let inputs = provenance["inputs"] as? [[String: Any]] ?? []
    for role in expectedRoles where !inputs.contains(where: { $0["role"] as? String == role }) {
      problems.append("no input with role \(role)")
    }
    for input in inputs {
      guard let path = input["path"] as? String, let sha = input["sha256"] as? String else {
        problems.append("input without path or sha256")
        continue
      }
      guard let bytes = input["bytes"] as? Int else { continue }  // known by a recorded digest only
      let file = path.hasPrefix("/") ? path : TestPaths.repository.appendingPathComponent(path).path
      guard let content = FileManager.default.contents(atPath: file) else {
        problems.append("input \(path) is not readable")
        continue
      }
      if content.count != bytes { problems.append("\(path): \(bytes) bytes recorded, \(content.count) on disk") }
      if try sha256(file) != sha { problems.append("\(path): sha256 differs from the file's") }
    }
    let items = provenance["items"] as? [String: Any] ?? [:]
    let excluded = (items["excluded"] as? [[String: Any]] ?? []).map { $0["count"] as? Int ?? 0 }.reduce(0, +)
    if items["unit"] as? String != unit { problems.append("items unit \(items["unit"] ?? "none"), expected \(unit)") }
    if let read = items["read"] as? Int, let scored = items["scored"] as? Int {
      if read != scored + excluded { problems.append("items do not add up: \(read) read, \(scored) scored, \(excluded) excluded") }
      if scored < 1 { problems.append("nothing scored") }
    } else {
      problems.append("items without read/scored")
    }
    if (provenance["config_sha256"] as? String)?.count != 64 { problems.append("no config digest") }
    let report = try String(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("report.md"), encoding: .utf8)
    if !report.contains("## How this was made") { problems.append("report.md has no 'How this was made'") }
    return problems
  }

  /// The `provenance` object of a run folder's summary without `created_utc` (the one key that
  /// differs between two runs of the same command), as canonical JSON.
  public static func stablePart(ofRun folder: String) throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("summary.json"))
    let summary = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    var provenance = summary["provenance"] as? [String: Any] ?? [:]
    provenance["created_utc"] = nil
    // The machine's speed at run time differs between runs like the time of day does.
    var host = provenance["host"] as? [String: Any] ?? [:]
    host["machine_reference_seconds"] = nil
    host["machine_reference"] = nil
    provenance["host"] = host
    return String(decoding: try JSONSerialization.data(withJSONObject: provenance, options: [.sortedKeys]), as: UTF8.self)
  }

  /// `sha256sum` of a file (coreutils), independent of the code under test.
  public static func sha256(_ path: String) throws -> String {
    let result = try Run.tool("/usr/bin/env", ["sha256sum", path])
    return String(result.stdout.prefix(64))
  }
}
