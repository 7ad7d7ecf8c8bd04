import Foundation
public import KeyBenchCore

/// Whether two benchmark results may be compared metric by metric, read from their provenance.
///
/// A gate that compares 400 real gestures with 188 synthetic ones passes or fails for reasons
/// that have nothing to do with the code under test. Two runs are comparable when they read
/// the same input bytes, scored the same number of items, used the same lexicon content, the same
/// top-k and the same seed. Configuration differences are what a gate exists to judge, so they
/// are listed, never refused.
public struct Comparability: Sendable, Equatable {
  /// Differences of inputs that make the comparison unfair, one sentence each.
  public var inputDifferences: [String]
  /// Configuration values that changed (`parameters.filters.length.a: 0.55 → 0.6`).
  public var configChanges: [String]

  /// Compares the `provenance` of two summaries.
  ///
  /// - Throws: ``InputFileError`` naming the summary that has no provenance (written before
  ///   KeyBench 0.14) and how to refresh it.
  public init(baseline: SummaryFile, current: SummaryFile) throws {
    try self.init(
      baseline: Self.provenance(baseline.provenance, in: baseline.path),
      current: Self.provenance(current.provenance, in: current.path))
  }

  /// Compares two `provenance` objects read from `summary.json` or a sweep's `provenance.json`.
  /// `labels` name the two sides in the messages (`baseline`/`current`, `earlier`/`now`).
  public init(baseline old: JSONValue, current new: JSONValue, labels: (String, String) = ("baseline", "current")) {
    let (a0, b0) = labels
    var differences: [String] = []

    let oldItems = Self.items(old), newItems = Self.items(new)
    let oldAll = Self.inputs(old), newAll = Self.inputs(new)
    let oldInputs = oldAll.filter(\.isData), newInputs = newAll.filter(\.isData)
    let roles = (oldInputs.map(\.role) + newInputs.map(\.role)).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    for (position, role) in roles.enumerated() {
      let a = oldInputs.filter { $0.role == role }, b = newInputs.filter { $0.role == role }
      guard a.map(\.sha256) != b.map(\.sha256) else { continue }
      // The first input is what the items are read from; its message carries the item counts.
      let counts = position == 0
      func describe(_ files: [Input], _ items: String) -> String {
        guard !files.isEmpty else { return "none" }
        return files.map { file in
          "\((file.path as NSString).lastPathComponent)\(counts ? " \(items)" : "") sha256 \(file.sha256.prefix(12))…"
        }.joined(separator: " + ")
      }
      differences.append(
        "\(role) differs: \(a0) \(describe(a, oldItems.description)), \(b0) \(describe(b, newItems.description))")
    }
    if oldItems.scored != newItems.scored {
      differences.append("items scored differ: \(a0) \(oldItems.description), \(b0) \(newItems.description)")
    }
    let oldLexicon = old["lexicon"], newLexicon = new["lexicon"]
    if oldLexicon?["content_sha256"]?.string != newLexicon?["content_sha256"]?.string {
      func describe(_ lexicon: JSONValue?) -> String {
        guard let lexicon, let sha = lexicon["content_sha256"]?.string else { return "none" }
        return "\(lexicon["name"]?.string ?? "?") \(Int(lexicon["words"]?.number ?? 0)) words sha256 \(sha.prefix(12))…"
      }
      differences.append("lexicon differs: \(a0) \(describe(oldLexicon)), \(b0) \(describe(newLexicon))")
    }
    for (key, name) in [("top_k", "top-k"), ("seed", "seed")] where old[key] != new[key] {
      differences.append("\(name) differs: \(a0) \(Self.text(old[key])), \(b0) \(Self.text(new[key]))")
    }
    inputDifferences = differences

    let oldConfig = Self.leaves(old["config"] ?? .null), newConfig = Self.leaves(new["config"] ?? .null)
    configChanges = Set(oldConfig.keys).union(newConfig.keys).sorted().compactMap { key in
      oldConfig[key] == newConfig[key] ? nil : "\(key): \(Self.text(oldConfig[key])) → \(Self.text(newConfig[key]))"
    }
    // A learned model's file or a context model's texts belong to the algorithm under test.
    let oldModels = oldAll.filter { !$0.isData }, newModels = newAll.filter { !$0.isData }
    for role in Set((oldModels + newModels).map(\.role)).sorted() {
      func describe(_ files: [Input]) -> String {
        files.isEmpty ? "none" : files.map { "\(($0.path as NSString).lastPathComponent) sha256 \($0.sha256.prefix(12))…" }.joined(separator: " + ")
      }
      let a = oldModels.filter { $0.role == role }, b = newModels.filter { $0.role == role }
      if a.map(\.sha256) != b.map(\.sha256) { configChanges.append("\(role): \(describe(a)) → \(describe(b))") }
    }
  }

  /// The inputs of a run as one key: two provenances have equal keys exactly when
  /// ``inputDifferences`` between them is empty, so a leaderboard ranks side by side only what
  /// the gate would compare (one rule for both; a test holds them together).
  public static func inputsKey(_ provenance: JSONValue) -> String {
    let inputs = Self.inputs(provenance).filter(\.isData)
    let roles = Set(inputs.map(\.role)).sorted()
    let parts = roles.map { role in role + "=" + inputs.filter { $0.role == role }.map(\.sha256).joined(separator: ",") }
    return (parts + [
      "items=\(items(provenance).scored)",
      "lexicon=\(provenance["lexicon"]?["content_sha256"]?.string ?? "none")",
      "top_k=\(text(provenance["top_k"]))", "seed=\(text(provenance["seed"]))",
    ]).joined(separator: "|")
  }

  /// The inputs of a run in words, for a table heading: `gestures=hws.jsonl, lexicon en_US, 2000 gestures, top-4`.
  public static func inputsDescription(_ provenance: JSONValue) -> String {
    var parts = inputs(provenance).filter(\.isData).map { "\($0.role)=\(($0.path as NSString).lastPathComponent)" }
    if let name = provenance["lexicon"]?["name"]?.string { parts.append("lexicon \(name)") }
    let items = items(provenance)
    if items.scored >= 0 { parts.append(items.description) }
    if let k = provenance["top_k"]?.number { parts.append("top-\(text(.number(k)))") }
    if let seed = provenance["seed"]?.number { parts.append("seed \(text(.number(seed)))") }
    return parts.joined(separator: ", ")
  }

  /// Every non-object value under its dotted path (arrays are values, unlike in metrics).
  static func leaves(_ value: JSONValue, prefix: String = "") -> [String: JSONValue] {
    guard case .object(let object) = value else { return [prefix: value] }
    var out: [String: JSONValue] = [:]
    for (key, child) in object { out.merge(leaves(child, prefix: prefix.isEmpty ? key : "\(prefix).\(key)")) { $1 } }
    return out
  }

  struct Input {
    var role: String
    var path: String
    var sha256: String

    /// Whether the file is data the items come from or are scored against (corpus, device,
    /// layout, …), rather than part of the algorithm: a learned model (`reranker`) or the texts
    /// a context model was counted from (`context NAME`). Runs with different models on the
    /// same data are what a comparison is for; they differ in configuration, not inputs.
    var isData: Bool { role != "reranker" && !role.hasPrefix("context ") }
  }

  struct Items: CustomStringConvertible {
    var unit: String
    var scored: Int
    var description: String { "\(scored) \(unit)" }
  }

  /// `provenance` checked for the keys comparisons need.
  ///
  /// - Throws: ``InputFileError`` naming `path` when it is missing or incomplete.
  public static func provenance(_ provenance: JSONValue?, in path: String) throws -> JSONValue {
    guard let provenance else {
      throw InputFileError(
        path: path, kind: .malformed,
        reason: "has no 'provenance' (written before KeyBench 0.14), so its inputs cannot be checked; "
          + "refresh it by rerunning the command that wrote it (for the committed gate baselines: Scripts/gate --refresh)")
    }
    for key in ["inputs", "items", "config"] where provenance[key] == nil {
      throw InputFileError(path: path, kind: .malformed, reason: "'provenance' has no '\(key)' (see Reports/FORMATS.md)")
    }
    return provenance
  }

  static func inputs(_ provenance: JSONValue) -> [Input] {
    guard case .array(let list) = provenance["inputs"] ?? .null else { return [] }
    return list.map { Input(role: $0["role"]?.string ?? "?", path: $0["path"]?.string ?? "?", sha256: $0["sha256"]?.string ?? "") }
  }

  static func items(_ provenance: JSONValue) -> Items {
    Items(unit: provenance["items"]?["unit"]?.string ?? "items", scored: Int(provenance["items"]?["scored"]?.number ?? -1))
  }

  static func text(_ value: JSONValue?) -> String {
    switch value {
    case nil, .null?: return "none"
    case .bool(let flag)?: return String(flag)
    case .integer(let integer)? where integer.double.magnitude < 1e15: return integer.description
    case .integer(let integer)?: return String(integer.double)
    case .number(let number)?: return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    case .string(let string)?: return string
    case .array(let items)?: return "[" + items.map { text($0) }.joined(separator: ", ") + "]"
    case .object?: return "{…}"
    }
  }
}
