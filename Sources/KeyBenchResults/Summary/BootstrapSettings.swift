/// How a run's intervals are computed (`--bootstrap N`, `--bootstrap-seed S`), recorded with them.
public struct BootstrapSettings: Sendable, Equatable {
  /// Resamples of the groups; 0 turns intervals off.
  public var resamples: Int
  public var seed: UInt64
  public var level: Double

  public init(resamples: Int = RunStatistics.defaultResamples, seed: UInt64 = RunStatistics.defaultSeed, level: Double = 0.95) {
    self.resamples = resamples
    self.seed = seed
    self.level = level
  }

  /// The largest `--bootstrap` accepted: beyond it the Monte Carlo error is far below any
  /// difference worth reporting, and the cost grows linearly.
  public static let maximumResamples = 100_000
}
