import Foundation
import KeyBenchCore

/// `keybench-fuzz`'s two personalities, kept here so `main.swift` stays a few lines.
///
/// Built with `-sanitize=fuzzer -D KEYBENCH_LIBFUZZER`, the executable is a libFuzzer binary
/// whose one entry point calls ``LibFuzzerEntry/testOneInput(_:_:)`` with the target named by
/// `KEYBENCH_FUZZ_TARGET`. Built normally, it is the seeded mutation runner (``FuzzCommand``)
/// that `Scripts/fuzz` falls back to and the regression tests replay inputs with.
public enum LibFuzzerEntry {
  /// Names the target a libFuzzer binary fuzzes; `list` prints the targets and exits.
  public static let environmentVariable = "KEYBENCH_FUZZ_TARGET"

  static let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment[environmentVariable] ?? ""
    if let target = FuzzTargets.named(name) {
      // libFuzzer ends with exit() after -runs; the scratch files go with it (FuzzScratch.root).
      return target
    }
    if name == "list" {
      for target in FuzzTargets.all { print("\(target.name)\t\(target.summary)") }
      exit(0)
    }
    let known = FuzzTargets.all.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(
      Data("keybench-fuzz: set \(environmentVariable) to one of: \(known) (got '\(name)')\n".utf8))
    exit(2)
  }()

  /// One libFuzzer execution; always 0 (a rejected input is not a finding).
  public static func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Data(bytes: $0, count: size) } ?? Data()
    FuzzTargets.execute(target, input)
    return 0
  }
}

/// The standalone runner's command line (see `usage`).
public enum FuzzCommand {
  static let usage = """
    USAGE: keybench-fuzz --list | --version
           keybench-fuzz run TARGET [--runs N] [--seed S] [--max-len BYTES] [--timeout SECONDS]
                                    [--rss-limit-mb MB] [--artifact-prefix PREFIX] [INPUT_DIR_OR_FILE…]
           keybench-fuzz replay TARGET INPUT_DIR_OR_FILE…

    The seeded mutation runner behind Scripts/fuzz when the toolchain has no libFuzzer, and the
    replayer of saved crash inputs. `run` executes every input file once, then mutants of them
    (deterministic for a --seed) until --runs executions (default 10000); an execution that traps
    saves its input as PREFIXcrash-pending-PID, one over --timeout (default 10 s) as
    PREFIXtimeout-pending-PID, memory over --rss-limit-mb (default 2048) as PREFIXoom-pending-PID.
    Inputs longer than --max-len (default 8192) are cut. `replay` runs each file once and prints
    whether the target accepted or rejected it. Statistics are printed as libFuzzer prints them
    (stat::number_of_executed_units, stat::average_exec_per_sec).

    Targets: keybench-fuzz --list (Scripts/fuzz --list).

    EXAMPLES:
      keybench-fuzz run latinime --runs 100000 Tests/KeyBenchFuzzTests/Seeds/latinime
      keybench-fuzz replay sweep-param Tests/KeyBenchFuzzTests/Regressions/sweep-param

    Exit status: 0 no crash or hang; 2 an unreadable input; 64 usage error; 70 hang; 71 out of
    memory; killed by the signal for a crash.
    """

  /// Runs the command line `arguments` (without the program name) and exits with its status.
  public static func runAndExit(_ arguments: [String]) {
    exit(main(arguments))
  }

  /// Runs the command line `arguments` (without the program name); returns the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    do {
      guard let command = arguments.first else { throw UsageError("give a command") }
      switch command {
      case "--help", "-h", "help":
        print(usage)
        return 0
      case "--version":
        print(BuildInfo.versionText)
        return 0
      case "--list", "list":
        for target in FuzzTargets.all { print("\(target.name)\t\(target.summary)") }
        return 0
      case "run": return try run(Array(arguments.dropFirst()))
      case "replay": return try replay(Array(arguments.dropFirst()))
      default: throw UsageError("unknown command '\(command)'")
      }
    } catch let error as UsageError {
      StandardError.write("keybench-fuzz: \(error.message)\n\n\(usage)\n")
      return 64
    } catch {
      StandardError.write("keybench-fuzz: \(error)\n")
      return 2
    }
  }

  struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }

  struct Options {
    var target: FuzzTarget
    var runs = 10_000
    var seed: UInt64 = 1
    var maxLength = 8192
    var timeout = 10.0
    var rssLimitMB = 2048
    var artifactPrefix: String?
    var inputs: [String] = []
  }

  static func options(_ arguments: [String]) throws -> Options {
    guard let name = arguments.first, !name.hasPrefix("-") else { throw UsageError("give a target (--list)") }
    guard let target = FuzzTargets.named(name) else {
      throw UsageError("unknown target '\(name)'; known: \(FuzzTargets.all.map(\.name).joined(separator: ", "))")
    }
    var options = Options(target: target)
    var rest = arguments.dropFirst()
    func value(_ flag: String) throws -> String {
      guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
      return value
    }
    func number<T: LosslessStringConvertible & Comparable>(_ flag: String, at least: T) throws -> T {
      let text = try value(flag)
      guard let parsed = T(text), parsed >= least else { throw UsageError("\(flag) must be a number ≥ \(least), got '\(text)'") }
      return parsed
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--runs": options.runs = try number(argument, at: 0)
      case "--seed": options.seed = try number(argument, at: 0)
      case "--max-len": options.maxLength = try number(argument, at: 1)
      case "--timeout": options.timeout = try number(argument, at: 0.001)
      case "--rss-limit-mb": options.rssLimitMB = try number(argument, at: 0)
      case "--artifact-prefix": options.artifactPrefix = try value(argument)
      default:
        guard !argument.hasPrefix("-") else { throw UsageError("unknown option '\(argument)'") }
        options.inputs.append(argument)
      }
    }
    return options
  }

  static func run(_ arguments: [String]) throws -> Int32 {
    let options = try options(arguments)
    let seeds = MutationRunner.inputs(in: options.inputs).map(\.data)
    FuzzProcessGuard.install(
      artifactPrefix: options.artifactPrefix ?? "./", timeoutSeconds: options.timeout, rssLimitMB: options.rssLimitMB)
    print("keybench-fuzz: target \(options.target.name), \(seeds.count) seed inputs, \(options.runs) runs, seed \(options.seed)")
    var nextReport = 1
    let result = MutationRunner.run(
      options.target, seeds: seeds, runs: options.runs, seed: options.seed, maxLength: options.maxLength,
      beforeEach: FuzzProcessGuard.begin,
      afterEach: { progress in
        FuzzProcessGuard.end()
        if progress.executions == nextReport {
          print("#\(progress.executions)\tpulse  accepted: \(progress.accepted) exec/s: \(Int(progress.executionsPerSecond))")
          fflush(nil)
          nextReport *= 2
        }
      })
    let seconds = Double(result.elapsed.components.seconds) + Double(result.elapsed.components.attoseconds) / 1e18
    let slowest = Double(result.slowest.components.seconds) + Double(result.slowest.components.attoseconds) / 1e18
    print("Done \(result.executions) runs in \(Int(seconds)) second(s)")
    print("stat::number_of_executed_units: \(result.executions)")
    print("stat::average_exec_per_sec:     \(Int(result.executionsPerSecond))")
    print("stat::accepted_units:           \(result.accepted)")
    print("stat::slowest_unit_time_sec:    \(String(format: "%.3f", slowest))")
    FuzzScratch.removeAll()
    return 0
  }

  static func replay(_ arguments: [String]) throws -> Int32 {
    let options = try options(arguments)
    let inputs = MutationRunner.inputs(in: options.inputs)
    guard !inputs.isEmpty else { throw UsageError("give input files or folders") }
    // A replayed input is saved already: the guard only reports a hang or memory overrun.
    FuzzProcessGuard.install(
      artifactPrefix: options.artifactPrefix ?? "", timeoutSeconds: options.timeout, rssLimitMB: options.rssLimitMB,
      saveInputs: options.artifactPrefix != nil)
    for (path, data) in inputs {
      print("\(path): running", terminator: "")
      fflush(nil)
      FuzzProcessGuard.begin(data)
      do {
        try options.target.run(data)
        print(" → accepted")
      } catch {
        print(" → rejected: \(String(describing: error).prefix(300))")
      }
      FuzzProcessGuard.end()
    }
    FuzzScratch.removeAll()
    return 0
  }
}
