import Foundation
import KeyBenchCore

/// How one metric is computed from result rows, declared by the benchmark that makes it.
///
/// Every accuracy-type metric KeyBench reports is a ratio over items (Σ numerator ÷ Σ
/// denominator): top-k is hits over items, a keystroke saving rate is keystrokes saved over
/// keystrokes. Declaring the per-item numerator and denominator lets the statistics layer
/// resample groups and recompute any metric, and lets `compare` and the gate judge a metric they
/// have never heard of; kinds and directions are never guessed from names.
public struct RowMetric: Sendable, Codable, Equatable {
  /// The metric's name in the run's summary (`top1`, `ksr`, `key_error_rate`).
  public var name: String
  /// What the value measures in (`fraction` for every ratio of this kind).
  public var unit: String
  public var higherIsBetter: Bool
  /// One sentence for readers of the summary.
  public var description: String
  /// What one row contributes.
  public var score: Score
  /// Which rows count (all when nil).
  public var filter: Filter?
  /// A headline figure of its benchmark (true) or a slice of one (a prompt kind, in-lexicon
  /// targets, one error kind). The gate's and compare's Holm family is the headline metrics:
  /// slices and near-duplicates are reported with their own p-values but do not dilute it.
  public var headline: Bool

  public init(
    name: String, higherIsBetter: Bool, description: String, score: Score, filter: Filter? = nil, unit: String = "fraction",
    headline: Bool = true
  ) {
    self.name = name
    self.unit = unit
    self.higherIsBetter = higherIsBetter
    self.description = description
    self.score = score
    self.filter = filter
    self.headline = headline
  }

  enum CodingKeys: String, CodingKey {
    case name, unit, description, score, filter, headline
    case higherIsBetter = "higher_is_better"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    unit = try container.decode(String.self, forKey: .unit)
    higherIsBetter = try container.decode(Bool.self, forKey: .higherIsBetter)
    description = try container.decode(String.self, forKey: .description)
    score = try container.decode(Score.self, forKey: .score)
    filter = try container.decodeIfPresent(Filter.self, forKey: .filter)
    // Summaries written before metrics declared it judged every metric: all headline.
    headline = try container.decodeIfPresent(Bool.self, forKey: .headline) ?? true
  }

  /// The same metric as a slice (see ``headline``).
  public var slice: RowMetric {
    var copy = self
    copy.headline = false
    return copy
  }

  /// A row's contribution: the numerator and denominator of the ratio.
  public struct Score: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
      /// 1 when the target's rank is at most `k`.
      case rankAtMost = "rank_at_most"
      /// 1 when the target is absent or ranked beyond `k` (an error rate).
      case rankBeyond = "rank_beyond"
      /// `weights[rank − 1]`, 0 beyond them (reciprocal-rank-like scores such as MRR).
      case rankWeights = "rank_weights"
      /// Two numeric benchmark columns: `numerator` over `denominator`.
      case columns
    }
    public var kind: Kind
    public var k: Int?
    public var weights: [Double]?
    public var numerator: String?
    public var denominator: String?

    public static func rankAtMost(_ k: Int) -> Score { Score(kind: .rankAtMost, k: k) }
    public static func rankBeyond(_ k: Int) -> Score { Score(kind: .rankBeyond, k: k) }
    public static func rankWeights(_ weights: [Double]) -> Score { Score(kind: .rankWeights, weights: weights) }
    public static func columns(_ numerator: String, over denominator: String) -> Score {
      Score(kind: .columns, numerator: numerator, denominator: denominator)
    }

    /// Whether each row scores 0 or 1 over a denominator of 1: such metrics pair for McNemar.
    public var isBinary: Bool { kind == .rankAtMost || kind == .rankBeyond }
  }

  /// Keeps rows whose benchmark column `column` is (or, with `exclude`, is not) one of `values`.
  public struct Filter: Sendable, Codable, Equatable {
    public var column: String
    public var values: [String]
    public var exclude: Bool

    public init(column: String, values: [String], exclude: Bool = false) {
      self.column = column
      self.values = values
      self.exclude = exclude
    }
  }

  /// A metric definition read from a file can name anything; this says what is wrong with it.
  ///
  /// A fraction must lie in [0, 1] whatever the rows hold, so rank weights of a fraction are in
  /// [0, 1] and k is at least 1; the name and unit must be printable.
  public func validationError(in table: ResultTable) -> String? {
    if let problem = definitionError { return problem }
    switch score.kind {
    case .rankAtMost, .rankBeyond, .rankWeights: break
    case .columns:
      for column in [score.numerator, score.denominator] {
        guard let column, table.extraColumns.contains(column) else {
          return "metric \(name): results.csv has no column '\(column ?? "")'"
        }
      }
    }
    if let filter, !table.extraColumns.contains(filter.column) {
      return "metric \(name): results.csv has no column '\(filter.column)' to filter on"
    }
    return nil
  }

  /// What is wrong with the definition itself, before any rows are read.
  public var definitionError: String? {
    let shown = String(name.prefix(60).unicodeScalars.filter { $0.properties.generalCategory != .control })
    guard !name.isEmpty, name.count <= 200, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      return "metric '\(shown)': a name must be 1…200 printable characters"
    }
    guard !unit.isEmpty, unit.count <= 40 else { return "metric \(name): unit must be 1…40 characters" }
    switch score.kind {
    case .rankAtMost, .rankBeyond:
      guard let k = score.k, (1...1_000_000).contains(k) else { return "metric \(name): k must be 1…1000000, got \(score.k.map(String.init) ?? "none")" }
    case .rankWeights:
      guard let weights = score.weights, !weights.isEmpty, weights.count <= 10_000, weights.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
        return "metric \(name): weights must be 1…10000 finite numbers ≥ 0"
      }
      if unit == "fraction", let over = weights.first(where: { $0 > 1 }) {
        return "metric \(name): a fraction's rank weights must be at most 1 (got \(over))"
      }
    case .columns:
      guard score.numerator?.isEmpty == false, score.denominator?.isEmpty == false else {
        return "metric \(name): a columns score names a numerator and a denominator column"
      }
    }
    return nil
  }

  /// Whether row `index` of `table` counts for this metric.
  public func includes(_ index: Int, in table: ResultTable) -> Bool {
    includes { table.extra($0, at: index) }
  }

  /// Row `index`'s numerator and denominator.
  ///
  /// - Throws: ``InputFileError`` naming the row when a column value is not a finite number ≥ 0.
  public func contribution(_ index: Int, in table: ResultTable) throws -> (numerator: Double, denominator: Double) {
    try contribution(rank: table.rows[index].rank, path: table.path, line: index + 2) { table.extra($0, at: index) }
  }

  /// Whether a row counts, its benchmark columns read through `extra` (a column's value by
  /// name; nil when the row has no such column). The one definition of a filter, for rows read
  /// back from a file and for rows scored as they are written (``includes(_:in:)``).
  public func includes(_ extra: (String) -> String?) -> Bool {
    guard let filter else { return true }
    let value = extra(filter.column) ?? ""
    return filter.values.contains(value) != filter.exclude
  }

  /// A row's numerator and denominator from its rank and its benchmark columns (read through
  /// `extra`); `path` and `line` name the row in an error.
  ///
  /// - Throws: ``InputFileError`` naming the row when a column value is not a finite number ≥ 0.
  public func contribution(
    rank: Int?, path: String, line: Int, extra: (String) -> String?
  ) throws -> (numerator: Double, denominator: Double) {
    switch score.kind {
    case .rankAtMost: return (rank.map { $0 <= (score.k ?? 1) } == true ? 1 : 0, 1)
    case .rankBeyond: return (rank.map { $0 <= (score.k ?? 1) } == true ? 0 : 1, 1)
    case .rankWeights:
      let weights = score.weights ?? []
      guard let rank, rank <= weights.count else { return (0, 1) }
      return (weights[rank - 1], 1)
    case .columns:
      func number(_ column: String?) throws -> Double {
        let text = column.flatMap(extra) ?? ""
        guard let value = Double(text), value.isFinite, value >= 0 else {
          throw InputFileError(
            path: path, line: line, kind: .malformed,
            reason: "\(column ?? "?") '\(text.prefix(40))' is not a finite number ≥ 0 (metric \(name))")
        }
        return value
      }
      return (try number(score.numerator), try number(score.denominator))
    }
  }
}
