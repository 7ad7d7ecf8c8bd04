public import KeyBenchResults

/// Every benchmark `keybench-run` runs, in its `--help`'s order.
public enum BenchmarkCatalog {
  public static let all: [BenchmarkDescriptor] = [
    SwipeRunner.Described.descriptor, CorrectionRunner.Described.descriptor, TouchRunner.Described.descriptor,
    GestureRunner.Described.descriptor, PredictionRunner.Described.descriptor, PhotoRunner.Described.descriptor,
    KeyboardRunner.Described.descriptor,
  ]

  /// The benchmark named `name`, if there is one.
  public static func named(_ name: String) -> BenchmarkDescriptor? { all.first { $0.name == name } }
}
