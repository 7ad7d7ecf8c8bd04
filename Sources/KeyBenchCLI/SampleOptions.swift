public import ArgumentParser
import KeyBenchCore
import KeyBenchResults

/// `--sample N` and `--sample-seed S`: N items spread over as many groups as possible
/// (``SpreadSample``), for every command that can take part of a corpus, because "the first N"
/// of a file sorted by user is one or two users and no verdict can come from them.
public struct SampleOptions: ParsableArguments {
  @Option(help: ArgumentHelp(SharedOptionDescriptors.sample))
  public var sample: Int?

  @Option(help: ArgumentHelp(SharedOptionDescriptors.sampleSeed))
  public var sampleSeed: UInt64 = SharedOptionDescriptors.sampleSeed.seedDefault

  public init() {}

  public func validate() throws {
    if let sample, !SharedOptionDescriptors.sample.integerRange.contains(sample) {
      throw ValidationError("--sample must be in \(SharedOptionDescriptors.sample.range!), got \(sample).")
    }
  }

  /// The count and seed, when sampling was asked for.
  public var choice: (count: Int, seed: UInt64)? { sample.map { ($0, sampleSeed) } }
}
