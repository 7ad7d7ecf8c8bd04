public import ArgumentParser
public import KeyBenchResults

/// `--bootstrap N` and `--bootstrap-seed S`, shared by every benchmark that writes intervals.
public struct BootstrapOptions: ParsableArguments {
  @Option(help: ArgumentHelp(SharedOptionDescriptors.bootstrap))
  public var bootstrap: Int = SharedOptionDescriptors.bootstrap.integerDefault

  @Option(help: ArgumentHelp(SharedOptionDescriptors.bootstrapSeed))
  public var bootstrapSeed: UInt64 = SharedOptionDescriptors.bootstrapSeed.seedDefault

  public init() {}

  public mutating func validate() throws {
    guard SharedOptionDescriptors.bootstrap.integerRange.contains(bootstrap) else {
      throw ValidationError("--bootstrap must be in 0…\(BootstrapSettings.maximumResamples), got \(bootstrap).")
    }
  }

  /// The settings recorded with the intervals.
  public var settings: BootstrapSettings {
    get throws { BootstrapSettings(resamples: bootstrap, seed: bootstrapSeed) }
  }
}
