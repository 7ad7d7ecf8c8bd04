public import ArgumentParser
public import KeyBenchCore

extension UserFold: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }
}

/// `--user-fold` and `--exclude-user-fold`: train a model on some users of a corpus and measure
/// it on the others, the same way in every command that reads gestures.
public struct UserFoldOptions: ParsableArguments {
  @Option(help: ArgumentHelp(
    "Keep only the gestures of users in fold K of N (K/N, e.g. 1/5), users dealt by a digest of their id.",
    discussion: "Measure a model trained with --exclude-user-fold K/N on the users it never saw."))
  public var userFold: UserFold?

  @Option(help: "Leave out the gestures of users in fold K of N (K/N), e.g. to train on the other users.")
  public var excludeUserFold: UserFold?

  public init() {}
}
