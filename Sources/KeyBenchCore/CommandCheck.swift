/// The exchange between a suite and a KeyBench tool checking command lines without running them
/// (`TOOL --keybench-check-commands FILE`): one ``Request`` per line of FILE, one ``Reply`` per
/// line of the tool's standard output, in order.
///
/// The tool judges its own command lines, with the validation its real run starts with, so a
/// suite's dry run agrees with the run it stands for.
public enum CommandCheck {
  /// The hidden first argument that makes a tool check instead of run.
  public static let flag = "--keybench-check-commands"

  public struct Request: Codable, Sendable {
    /// The arguments after the tool's name.
    public var arguments: [String]
    public init(arguments: [String]) { self.arguments = arguments }
  }

  public struct Reply: Codable, Sendable, Equatable {
    /// Why the tool would refuse the command before any work (its own message), or nil.
    public var problem: String?
    /// Input paths the command names that do not exist, as given.
    public var missing: [String]
    /// Every path the command would write, resolved (``FileUseCheck/resolved(_:)``): empty for a
    /// command that only prints (`--print-config`); nil when the command declares no files.
    public var writes: [String]?

    public init(problem: String? = nil, missing: [String] = [], writes: [String]? = nil) {
      self.problem = problem
      self.missing = missing
      self.writes = writes
    }
  }
}
