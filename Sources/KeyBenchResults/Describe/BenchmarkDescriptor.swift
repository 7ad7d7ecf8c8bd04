import KeyBenchCore

/// What one `keybench-run` benchmark is, as data: its name and purpose, every option it accepts
/// (``OptionDescriptor``), what its bootstrap intervals resample (its group unit) and the metrics it
/// reports. `keybench-run describe --json` prints it; suites check their entries against it
/// instead of reading `--help`.
public struct BenchmarkDescriptor: Sendable, Codable, Equatable {
  /// The subcommand (`swipe`).
  public var name: String
  /// One line: what the benchmark measures.
  public var purpose: String
  /// Every option, in `--help`'s order, without `--help` and `--version`.
  public var options: [OptionDescriptor]
  /// What the bootstrap intervals resample: items of one group stay together (`user`).
  public var groupUnit: String
  /// When the unit depends on the run (touch: blocks of text or users), how.
  public var groupNote: String?
  /// The metrics the benchmark judges algorithms by (at its default options), then its costs.
  public var metrics: [MetricDescriptor]

  enum CodingKeys: String, CodingKey {
    case name, purpose, options, metrics
    case groupUnit = "group_unit"
    case groupNote = "group_note"
  }

  public init(name: String, purpose: String, options: [OptionDescriptor], groupUnit: String, groupNote: String? = nil, metrics: [MetricDescriptor]) {
    self.name = name
    self.purpose = purpose
    self.options = options
    self.groupUnit = groupUnit
    self.groupNote = groupNote
    self.metrics = metrics
  }

  /// The option named `name` (without dashes), if the benchmark has it.
  public func option(_ name: String) -> OptionDescriptor? { options.first { $0.name == name } }

  /// The schema of `describe --json`'s output, raised when a field changes meaning.
  public static let schemaVersion = 1

  /// What `keybench-run describe --json` prints: every benchmark (or the one asked for).
  public struct Catalog: Sendable, Codable, Equatable {
    public var schemaVersion: Int
    public var benchmarks: [BenchmarkDescriptor]

    enum CodingKeys: String, CodingKey {
      case benchmarks
      case schemaVersion = "schema_version"
    }

    public init(benchmarks: [BenchmarkDescriptor]) {
      schemaVersion = BenchmarkDescriptor.schemaVersion
      self.benchmarks = benchmarks
    }
  }
}

/// One metric a benchmark reports: its name in summary.json, its unit, which way is better, and
/// its role (a headline of the gate's family, a slice reported beside it, or a cost).
public struct MetricDescriptor: Sendable, Codable, Equatable {
  public enum Role: String, Sendable, Codable {
    /// Judged by the gate and `compare` as one family (Holm).
    case headline
    /// Reported with its own interval and p-value, outside the family.
    case slice
    /// What an algorithm spends (time per item, throughput); measured, not resampled.
    case cost
  }

  public enum Direction: String, Sendable, Codable {
    case higher, lower
  }

  public var name: String
  /// `fraction`, `ms`, `µs`, `ns`, `per s`, or "" for a plain number.
  public var unit: String
  public var better: Direction
  public var role: Role
  public var description: String

  public init(name: String, unit: String, better: Direction, role: Role, description: String) {
    self.name = name
    self.unit = unit
    self.better = better
    self.role = role
    self.description = description
  }

  /// A metric computed from result rows, as the benchmark declares it to the statistics.
  public init(_ metric: RowMetric) {
    self.init(
      name: metric.name, unit: metric.unit, better: metric.higherIsBetter ? .higher : .lower, role: metric.headline ? .headline : .slice,
      description: metric.description)
  }

  /// A cost metric of summary.json, its unit as ``MetricUnit`` reads it from the name unless given.
  public static func cost(_ name: String, unit: String? = nil, better: Direction = .lower, description: String) -> MetricDescriptor {
    MetricDescriptor(name: name, unit: unit ?? MetricUnit.implied(by: name), better: better, role: .cost, description: description)
  }
}
