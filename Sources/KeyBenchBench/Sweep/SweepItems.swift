import Foundation
import KeyBenchCore
public import KeyBenchResults

/// The per-item results of a sweep's configurations, read back from their run folders
/// (`runs/<config>/`), and the paired verdicts between configurations they allow.
///
/// Every configuration decodes the same gestures, so two of them differ item by item: a paired
/// test separates configurations whose marginal intervals overlap (at 1,000 gestures of 13
/// users each top-1 interval is about ±8 points, while a paired difference of 2 points can be
/// clear). Only the objective's per-item values are kept in memory (two doubles per item and
/// configuration), and each pair is compared once per sweep process.
public struct SweepItems {
  /// The folder inside a sweep's output that holds one run folder per configuration.
  public static let folderName = "runs"

  public let directory: String
  /// The objective as a row metric (in the Holm family whatever its role in a run).
  public let metric: RowMetric
  /// Items and their groups in the first loaded configuration's order; every other
  /// configuration is aligned to it.
  public private(set) var items: [String] = []
  public private(set) var groups: [String] = []
  private var position: [String: Int] = [:]
  private var scores: [String: (numerators: [Double], denominators: [Double])] = [:]
  private var comparisons: [String: MetricComparison] = [:]

  /// - Throws: ``SweepError`` for a metric that counts only some items (a slice): a sweep's
  ///   objective is judged on every gesture.
  public init(directory: String, metric: RowMetric) throws {
    guard metric.filter == nil else { throw SweepError("the objective \(metric.name) is a slice of the gestures; give top1, top-k or mrr") }
    var metric = metric
    metric.headline = true
    self.directory = directory
    self.metric = metric
  }

  /// The items of the sweep in `directory` for the objective named `objective`, defined as the
  /// run folder of configuration `example` defines it (its summary's statistics).
  ///
  /// - Throws: ``SweepError`` when the runs do not compute `objective` from rows.
  public init(directory: String, objective: String, example config: String?) throws {
    guard let config else { throw SweepError("the sweep has no configuration to read '\(objective)' from") }
    let run = try RunResults(path: Self.folder(of: config, in: directory))
    guard let metric = run.definitions.first(where: { $0.name == objective }) else {
      throw SweepError("\(run.path) has no per-gesture '\(objective)' (it has \(run.definitions.map(\.name).joined(separator: ", "))); give one of those as --objective")
    }
    try self.init(directory: directory, metric: metric)
  }

  /// The run folder of `config` in the sweep folder `directory`.
  public static func folder(of config: String, in directory: String) -> String {
    ((directory as NSString).appendingPathComponent(folderName) as NSString).appendingPathComponent(config)
  }

  /// Whether `config`'s run folder is complete (its rows and summary were written).
  public static func hasRun(_ config: String, in directory: String) -> Bool {
    let folder = folder(of: config, in: directory)
    return ["results.csv", "summary.json"].allSatisfy { FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0)) }
  }

  /// Distinct groups (users) behind the items.
  public var groupCount: Int { Set(groups).count }

  /// Reads `config`'s rows (once) and aligns them with the configurations read before.
  ///
  /// - Throws: ``InputFileError`` when the run has other items or groups than the first one (a
  ///   folder copied in from another sweep), or not exactly one algorithm.
  mutating func load(_ config: String) throws {
    guard scores[config] == nil else { return }
    let folder = Self.folder(of: config, in: directory)
    let table = try ResultTable(path: (folder as NSString).appendingPathComponent("results.csv"))
    guard table.algorithms.count == 1, let algorithm = table.algorithms.first else {
      throw InputFileError(path: table.path, kind: .malformed, reason: "holds \(table.algorithms.count) algorithms; a sweep configuration's run has one")
    }
    if let problem = metric.validationError(in: table) { throw InputFileError(path: table.path, kind: .malformed, reason: problem) }
    let rows = table.indices(of: algorithm)
    let first = items.isEmpty
    if !first && rows.count != items.count {
      throw InputFileError(path: table.path, kind: .malformed, reason: "\(rows.count) items where the sweep's other configurations have \(items.count): not a run of this sweep")
    }
    var numerators = [Double](repeating: 0, count: rows.count), denominators = numerators
    for index in rows {
      let row = table.rows[index]
      let at: Int
      if first {
        at = items.count
        guard position.updateValue(at, forKey: row.item) == nil else {
          throw InputFileError(path: table.path, line: index + 2, kind: .malformed, reason: "item '\(row.item.prefix(80))' twice")
        }
        items.append(row.item)
        groups.append(row.group)
      } else {
        guard let known = position[row.item], groups[known] == row.group else {
          throw InputFileError(
            path: table.path, line: index + 2, kind: .malformed,
            reason: "item '\(row.item.prefix(80))' (group '\(row.group.prefix(60))') is not among the sweep's other configurations' items: not a run of this sweep")
        }
        at = known
      }
      (numerators[at], denominators[at]) = try metric.contribution(index, in: table)
    }
    scores[config] = (numerators, denominators)
  }

  /// The paired test of `a` against `b` on the objective (B − A), made once per pair.
  mutating func comparison(_ a: String, _ b: String) throws -> MetricComparison {
    let key = a + "|" + b
    if let known = comparisons[key] { return known }
    try load(a)
    try load(b)
    let sa = scores[a]!, sb = scores[b]!
    let made = try PairedComparison.compare(
      metric, a: a, b: b, groups: groups, numeratorsA: sa.numerators, denominatorsA: sa.denominators,
      numeratorsB: sb.numerators, denominatorsB: sb.denominators)
    comparisons[key] = made
    return made
  }

  /// For configurations `configs`, whether the first of two is more accurate than the second by
  /// the paired test, Holm-adjusted across every pair of `configs` (``PairedVerdicts``).
  public mutating func verdicts(_ configs: [String], alpha: Double = 0.05) throws -> (String, String) -> Bool? {
    var pairs: [PairedVerdicts.Pair] = []
    for i in configs.indices {
      for j in configs.indices where j > i {
        pairs.append(.init(i: i, j: j, comparison: try comparison(configs[i], configs[j])))
      }
    }
    let matrix = PairedVerdicts.matrix(count: configs.count, pairs: pairs, alpha: alpha)
    var at: [String: Int] = [:]
    for (index, config) in configs.enumerated() { at[config] = index }
    return { a, b in at[a].flatMap { i in at[b].flatMap { j in matrix[i][j] } } }
  }
}
