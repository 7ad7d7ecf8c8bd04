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

  public init(name: String, higherIsBetter: Bool, description: String, score: Score, filter: Filter? = nil, unit: String = "fraction") {
    self.name = name
    self.unit = unit
    self.higherIsBetter = higherIsBetter
    self.description = description
    self.score = score
    self.filter = filter
  }

  enum CodingKeys: String, CodingKey {
    case name, unit, description, score, filter
    case higherIsBetter = "higher_is_better"
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
  public func validationError(in table: ResultTable) -> String? {
    switch score.kind {
    case .rankAtMost, .rankBeyond:
      guard let k = score.k, (1...1_000_000).contains(k) else { return "metric \(name): k must be 1…1000000" }
    case .rankWeights:
      guard let weights = score.weights, !weights.isEmpty, weights.count <= 10_000, weights.allSatisfy({ $0.isFinite }) else {
        return "metric \(name): weights must be 1…10000 finite numbers"
      }
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

  /// Whether row `index` of `table` counts for this metric.
  public func includes(_ index: Int, in table: ResultTable) -> Bool {
    guard let filter else { return true }
    let value = table.extra(filter.column, at: index) ?? ""
    return filter.values.contains(value) != filter.exclude
  }

  /// Row `index`'s numerator and denominator.
  ///
  /// - Throws: ``InputFileError`` naming the row when a column value is not a finite number ≥ 0.
  public func contribution(_ index: Int, in table: ResultTable) throws -> (numerator: Double, denominator: Double) {
    let rank = table.rows[index].rank
    switch score.kind {
    case .rankAtMost: return (rank.map { $0 <= (score.k ?? 1) } == true ? 1 : 0, 1)
    case .rankBeyond: return (rank.map { $0 <= (score.k ?? 1) } == true ? 0 : 1, 1)
    case .rankWeights:
      let weights = score.weights ?? []
      guard let rank, rank <= weights.count else { return (0, 1) }
      return (weights[rank - 1], 1)
    case .columns:
      func number(_ column: String?) throws -> Double {
        let text = column.flatMap { table.extra($0, at: index) } ?? ""
        guard let value = Double(text), value.isFinite, value >= 0 else {
          throw InputFileError(
            path: table.path, line: index + 2, kind: .malformed,
            reason: "\(column ?? "?") '\(text.prefix(40))' is not a finite number ≥ 0 (metric \(name))")
        }
        return value
      }
      return (try number(score.numerator), try number(score.denominator))
    }
  }
}
