import Foundation
import KeyBenchCore
public import KeyBenchResults

/// Pairs the algorithms of one or two run folders and compares them (`keybench-report compare`,
/// the gate): the one place that decides which sides are compared and checks they may be.
public enum RunComparison {
  /// - Parameters:
  ///   - runs: one folder (then `algorithms` names A and B) or two (A, B).
  ///   - metrics: names to keep; empty keeps every metric the first run declares.
  /// - Throws: ``InputFileError`` for unreadable or incomparable runs, unknown algorithms or metrics.
  public static func report(
    runs: [String], algorithm: String? = nil, algorithms: [String]? = nil, metrics: [String] = [],
    settings: BootstrapSettings, alpha: Double, allowDifferentInputs: Bool = false
  ) throws -> ComparisonReport {
    let first = try RunResults(path: runs[0])
    let second = runs.count > 1 ? try RunResults(path: runs[1]) : first
    var parts: [PairedComparison] = []
    let definitions = try selected(first.definitions, names: metrics, path: first.path)
    if runs.count == 1 {
      guard let algorithms, algorithms.count == 2 else {
        throw InputFileError(path: first.path, kind: .malformed, reason: "name two algorithms to compare (it has \(first.table.algorithms.joined(separator: ", ")))")
      }
      for name in algorithms where !first.table.algorithms.contains(name) {
        throw InputFileError(path: first.table.path, kind: .malformed, reason: "has no algorithm '\(name)' (it has \(first.table.algorithms.joined(separator: ", ")))")
      }
      parts.append(try PairedComparison(
        a: .init(table: first.table, algorithm: algorithms[0], label: algorithms[0]),
        b: .init(table: first.table, algorithm: algorithms[1], label: algorithms[1]),
        metrics: definitions, settings: settings))
    } else {
      guard first.bench == second.bench else {
        throw InputFileError(path: second.path, kind: .malformed, reason: "is a '\(second.bench)' run; \(first.path) is a '\(first.bench)' run")
      }
      try checkComparable(first.path, second.path, allowDifferentInputs: allowDifferentInputs)
      let common = first.table.algorithms.filter(second.table.algorithms.contains)
      let chosen: [String]
      if let algorithm {
        guard common.contains(algorithm) else {
          throw InputFileError(path: second.path, kind: .malformed, reason: "algorithm '\(algorithm)' is not in both runs (common: \(common.joined(separator: ", ")))")
        }
        chosen = [algorithm]
      } else {
        chosen = common
      }
      guard !chosen.isEmpty else {
        throw InputFileError(path: second.path, kind: .malformed, reason: "no algorithm in common with \(first.path)")
      }
      let names = (runs.map { ($0 as NSString).lastPathComponent })
      let labels = names[0] == names[1] ? ["A", "B"] : names
      for name in chosen {
        parts.append(try PairedComparison(
          a: .init(table: first.table, algorithm: name, label: "\(labels[0]):\(name)"),
          b: .init(table: second.table, algorithm: name, label: "\(labels[1]):\(name)"),
          metrics: definitions, settings: settings))
      }
    }
    return ComparisonReport(parts, group: first.statistics.group, settings: settings, alpha: alpha)
  }

  /// The metrics compared: every declared one (the headline metrics forming the Holm family),
  /// or those named, which then form the family themselves — the user chose what is tested.
  static func selected(_ definitions: [RowMetric], names: [String], path: String) throws -> [RowMetric] {
    guard !names.isEmpty else { return definitions }
    return try names.map { name in
      guard var definition = definitions.first(where: { $0.name == name }) else {
        throw InputFileError(path: path, kind: .malformed, reason: "declares no metric '\(name)' (it has \(definitions.map(\.name).joined(separator: ", ")))")
      }
      definition.headline = true
      return definition
    }
  }

  /// The gate's rule for runs of the same inputs, shared by `compare`.
  public static func checkComparable(_ a: String, _ b: String, allowDifferentInputs: Bool) throws {
    let comparability = try Comparability(baseline: SummaryFile(path: a), current: SummaryFile(path: b))
    guard !comparability.inputDifferences.isEmpty else { return }
    let list = comparability.inputDifferences.map { "  - \($0)" }.joined(separator: "\n")
    guard allowDifferentInputs else {
      throw InputFileError(
        path: b, kind: .malformed,
        reason: "is not comparable with \(a):\n\(list)\nCompare runs of the same inputs, or pass --allow-different-inputs to compare them on purpose.")
    }
    StandardError.write("warning: comparing runs of different inputs (--allow-different-inputs):\n\(list)\n")
  }
}
