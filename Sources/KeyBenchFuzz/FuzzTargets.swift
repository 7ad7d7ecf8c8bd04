public import Foundation

/// The parsers KeyBench fuzzes, by name. Placeholder: the fuzzing work fills this in.
public enum FuzzTargets {
  /// Target name → a function that parses `data` and may throw, but must never trap or hang.
  public static let all: [(name: String, run: @Sendable (Data) throws -> Void)] = []
}
