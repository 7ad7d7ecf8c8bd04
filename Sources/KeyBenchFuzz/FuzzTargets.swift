public import Foundation

/// One parser KeyBench fuzzes: a name for `Scripts/fuzz TARGET`, and a function that feeds the
/// bytes to the parser the way a tool would (through its public, path-based reader) and usually
/// one step further, into the benchmark object the parsed value configures.
///
/// The contract a fuzzer checks: `run` may throw — any Swift error is a graceful rejection of a
/// bad input — but it must never trap, hang or grow memory without bound. A few targets add an
/// oracle (a written file must read back) that traps with `FuzzInvariant` when it fails, because
/// silently corrupted output is as bad as a crash.
public struct FuzzTarget: Sendable {
  /// The name `Scripts/fuzz` and `KEYBENCH_FUZZ_TARGET` use, e.g. `latinime` or `config-decoder`.
  public let name: String
  /// What the target reads and through which API, for `--list`.
  public let summary: String
  /// Parses `data`; throws on a rejected input.
  public let run: @Sendable (Data) throws -> Void

  public init(name: String, summary: String, run: @escaping @Sendable (Data) throws -> Void) {
    self.name = name
    self.summary = summary
    self.run = run
  }
}

/// The parsers KeyBench fuzzes, by name.
///
/// Seeds (valid inputs each target starts from) live in `Tests/KeyBenchFuzzTests/Seeds/<name>/`;
/// inputs that once trapped live in `Tests/KeyBenchFuzzTests/Regressions/<name>/`.
public enum FuzzTargets {
  /// Every target, in `--list` order.
  public static let all: [FuzzTarget] =
    LexiconTargets.all + CorpusTargets.all + TypoTargets.all + GestureTargets.all + DeviceTargets.all
    + ConfigTargets.all + SweepTargets.all + TextTargets.all + PhotoTargets.all + SuiteTargets.all

  /// The target called `name`, if any.
  public static func named(_ name: String) -> FuzzTarget? {
    all.first { $0.name == name }
  }

  /// Runs `target` on `data`, reporting whether the parser accepted it; thrown errors are the
  /// expected outcome for most mutated inputs and are swallowed here.
  @discardableResult
  public static func execute(_ target: FuzzTarget, _ data: Data) -> Bool {
    do {
      try target.run(data)
      return true
    } catch {
      return false
    }
  }
}

/// Traps with a message naming the broken invariant, so a fuzzer saves the input that broke it.
enum FuzzInvariant {
  static func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz invariant: \(message())") }
  }
}
