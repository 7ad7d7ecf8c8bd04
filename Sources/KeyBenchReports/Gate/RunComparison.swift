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
    var sides: [(a: PairedComparison.Side, b: PairedComparison.Side)] = []
    var configChanges: [String] = []
    let definitions = try selected(first.definitions, names: metrics, path: first.path)
    if runs.count == 1 {
      guard let algorithms, algorithms.count == 2 else {
        throw InputFileError(path: first.path, kind: .malformed, reason: "name two algorithms to compare (it has \(first.table.algorithms.joined(separator: ", ")))")
      }
      for name in algorithms where !first.table.algorithms.contains(name) {
        throw InputFileError(path: first.table.path, kind: .malformed, reason: "has no algorithm '\(name)' (it has \(first.table.algorithms.joined(separator: ", ")))")
      }
      sides.append((.init(table: first.table, algorithm: algorithms[0], label: algorithms[0]), .init(table: first.table, algorithm: algorithms[1], label: algorithms[1])))
    } else {
      guard first.bench == second.bench else {
        throw InputFileError(path: second.path, kind: .malformed, reason: "is a '\(second.bench)' run; \(first.path) is a '\(first.bench)' run")
      }
      configChanges = try checkComparable(first.path, second.path, allowDifferentInputs: allowDifferentInputs).configChanges
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
        sides.append((.init(table: first.table, algorithm: name, label: "\(labels[0]):\(name)"), .init(table: second.table, algorithm: name, label: "\(labels[1]):\(name)")))
      }
    }
    for (a, b) in sides { parts.append(try PairedComparison(a: a, b: b, metrics: definitions, settings: settings)) }
    var report = ComparisonReport(parts, group: first.statistics.group, settings: settings, alpha: alpha)
    report.configChanges = configChanges
    let summaries = try runs.map { try SummaryFile(path: $0) }
    if let concurrent = summaries.first(where: { $0.concurrentTiming != nil }), let why = concurrent.concurrentTiming {
      report.timingsNotComparable = "\(concurrent.path) says \(why)"
    } else {
      report.timings = sides.compactMap { a, b in
        guard let timeA = medianTime(a), let timeB = medianTime(b), timeA > 0 else { return nil }
        return .init(a: a.label, b: b.label, medianMicrosecondsA: timeA, medianMicrosecondsB: timeB)
      }
    }
    return report
  }

  /// The median time per item of one side, nil when its rows carry no times.
  static func medianTime(_ side: PairedComparison.Side) -> Double? {
    let times = side.table.indices(of: side.algorithm).compactMap { side.table.rows[$0].timeMicroseconds }.sorted()
    return Percentile.linear(sorted: times, at: 0.5)
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

  /// The gate's rule for runs of the same inputs, shared by `compare`; returns what it found
  /// (the config changes are listed by the caller).
  @discardableResult
  public static func checkComparable(_ a: String, _ b: String, allowDifferentInputs: Bool) throws -> Comparability {
    let comparability = try Comparability(baseline: SummaryFile(path: a), current: SummaryFile(path: b))
    guard !comparability.inputDifferences.isEmpty else { return comparability }
    let list = comparability.inputDifferences.map { "  - \($0)" }.joined(separator: "\n")
    guard allowDifferentInputs else {
      throw InputFileError(
        path: b, kind: .malformed,
        reason: "is not comparable with \(a):\n\(list)\nCompare runs of the same inputs, or pass --allow-different-inputs to compare them on purpose.")
    }
    StandardError.write("warning: comparing runs of different inputs (--allow-different-inputs):\n\(list)\n")
    return comparability
  }
}
