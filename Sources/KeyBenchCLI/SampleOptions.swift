public import ArgumentParser
import KeyBenchCore

/// `--sample N` and `--sample-seed S`: N items spread over as many groups as possible
/// (``SpreadSample``), for every command that can take part of a corpus, because "the first N"
/// of a file sorted by user is one or two users and no verdict can come from them.
public struct SampleOptions: ParsableArguments {
  @Option(help: ArgumentHelp(
    "Take this many items spread over as many groups (users) as possible, chosen by a seeded hash (not file order).",
    discussion: "Groups are visited round-robin in an order fixed by --sample-seed, so 300 gestures of a 500-user corpus come from 300 users; verdicts (compare, the gate) need at least 10 groups. Applied after folds and flags, before --limit."))
  public var sample: Int?

  @Option(help: "Seed of --sample's choice: the same seed picks the same items on every machine.")
  public var sampleSeed: UInt64 = 1

  public init() {}

  public func validate() throws {
    if let sample, !(1...10_000_000).contains(sample) { throw ValidationError("--sample must be in 1…10000000, got \(sample).") }
  }

  /// The count and seed, when sampling was asked for.
  public var choice: (count: Int, seed: UInt64)? { sample.map { ($0, sampleSeed) } }
}
