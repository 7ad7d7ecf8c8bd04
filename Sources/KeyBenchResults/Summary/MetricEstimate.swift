/// One metric of one algorithm with its uncertainty: the record every summary's `statistics`
/// block lists and every reader (report tables, leaderboards, the gate) shows.
public struct MetricEstimate: Sendable, Codable, Equatable {
  public var algorithm: String
  public var name: String
  /// The point estimate (nil when no row counted, e.g. no misspelled word for an error rate).
  public var value: Double?
  /// Percentile interval from the cluster bootstrap; nil when fewer than two groups counted.
  public var low: Double?
  public var high: Double?
  /// Items that counted (the denominator's item count).
  public var n: Int
  /// Groups those items fall in.
  public var groups: Int
  public var unit: String
  public var higherIsBetter: Bool
  public var description: String
  /// How the metric is computed from rows, so a reader can recompute it on other samples.
  public var definition: RowMetric

  enum CodingKeys: String, CodingKey {
    case algorithm, name, value, low, high, n, groups, unit, description, definition
    case higherIsBetter = "higher_is_better"
  }

  public init(algorithm: String, definition: RowMetric, value: Double?, interval: Interval?, n: Int, groups: Int) {
    self.algorithm = algorithm
    name = definition.name
    self.value = value
    low = interval?.low
    high = interval?.high
    self.n = n
    self.groups = groups
    unit = definition.unit
    higherIsBetter = definition.higherIsBetter
    description = definition.description
    self.definition = definition
  }

  /// Half the interval's width, the "±" a table shows.
  public var halfWidth: Double? {
    guard let low, let high else { return nil }
    return (high - low) / 2
  }
}

/// How spread accuracy is across groups (users, typists): the share an average hides.
public struct GroupSpread: Sendable, Codable, Equatable {
  public var algorithm: String
  public var metric: String
  /// Groups with at least ``minimumItems`` items (smaller ones would make the tails pure noise).
  public var groups: Int
  public var minimumItems: Int
  /// The metric of the worst group, of the group a tenth of the way from the worst, of the median
  /// group and of the best — worst meaning lowest where higher is better, highest for an error rate.
  public var worst: Double
  public var p10: Double
  public var median: Double
  public var best: Double

  enum CodingKeys: String, CodingKey {
    case algorithm, metric, groups, worst, p10, median, best
    case minimumItems = "minimum_items"
  }
}
