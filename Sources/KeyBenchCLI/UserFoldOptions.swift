public import ArgumentParser
public import KeyBenchCore
import KeyBenchResults

extension UserFold: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }
}

/// `--user-fold` and `--exclude-user-fold`: train a model on some users of a corpus and measure
/// it on the others, the same way in every command that reads gestures.
public struct UserFoldOptions: ParsableArguments {
  @Option(help: ArgumentHelp(SharedOptionDescriptors.userFold))
  public var userFold: UserFold?

  @Option(help: ArgumentHelp(SharedOptionDescriptors.excludeUserFold))
  public var excludeUserFold: UserFold?

  public init() {}
}
