import Foundation
import KeyBenchCore
import KeyBenchResults
import KeyBenchTestSupport
import Testing

/// Every benchmark's published description (`keybench-run describe --json`) agrees with the
/// command line the same binary parses: the same long options in the same order, flags where it
/// has flags, the same defaults, repeatable where it repeats, every declared range enforced, and
/// every configuration's defaults as `--print-config` prints them.
@Suite struct BenchmarkDescriptorTests {
  /// The exit status of a usage error (README: Exit status).
  static let usage: Int32 = 64

  /// The binary's description of every benchmark.
  static func catalog() throws -> BenchmarkDescriptor.Catalog {
    let result = try Run.product("keybench-run", ["describe", "--json"])
    try #require(result.status == 0, "\(result.stderr)")
    return try JSONDecoder().decode(BenchmarkDescriptor.Catalog.self, from: Data(result.stdoutBytes))
  }

  /// One argument as swift-argument-parser's `--experimental-dump-help` describes it.
  struct Argument: Decodable {
    struct Name: Decodable {
      var kind: String
      var name: String
    }
    var kind: String
    var names: [Name]?
    var defaultValue: String?
    var isRepeating: Bool
    /// The values of an option parsed into an enum.
    var allValues: [String]?
    var long: String? { names?.first { $0.kind == "long" }?.name }
  }

  struct Command: Decodable {
    var commandName: String
    var arguments: [Argument]?
    var subcommands: [Command]?
  }

  /// Each subcommand's arguments, from the binary's own dump.
  static func parsedArguments() throws -> [String: [Argument]] {
    struct Tool: Decodable { var command: Command }
    let result = try Run.product("keybench-run", ["--experimental-dump-help"])
    try #require(result.status == 0, "\(result.stderr)")
    let tool = try JSONDecoder().decode(Tool.self, from: Data(result.stdoutBytes))
    return Dictionary(uniqueKeysWithValues: (tool.command.subcommands ?? []).map { ($0.commandName, $0.arguments ?? []) })
  }

  /// A default as the argument parser prints it (`10.0` for a Double, a list's values joined).
  static func parserText(_ value: JSONValue?, kind: OptionDescriptor.Kind) -> String? {
    switch value {
    case nil, .null?, .bool?: return nil
    case .integer(let integer)?: return kind == .number ? integer.double.description : integer.description
    case .number(let number)?: return number.description
    // The parser shows no empty default.
    case .string(let text)?: return text.isEmpty ? nil : text
    case .array(let values)?: return values.isEmpty ? nil : values.compactMap(\.string).joined(separator: " ")
    case .object?: return nil
    }
  }

  @Test func everyBenchmarkIsDescribedAsItsCommandLineParses() throws {
    let catalog = try Self.catalog()
    #expect(catalog.schemaVersion == BenchmarkDescriptor.schemaVersion)
    let parsed = try Self.parsedArguments()
    // Every subcommand but the server, describe and help is a benchmark, and each is described.
    #expect(Set(catalog.benchmarks.map(\.name)) == Set(parsed.keys).subtracting(["keyboard-serve", "describe", "help"]))
    for bench in catalog.benchmarks {
      let arguments = try #require(parsed[bench.name]).filter { $0.long.map { !["help", "version"].contains($0) } ?? false }
      #expect(bench.options.map(\.name) == arguments.map { $0.long! }, "\(bench.name): options differ from the parser's")
      for (option, argument) in zip(bench.options, arguments) where option.name == argument.long {
        #expect((option.kind == .flag) == (argument.kind == "flag"), "\(bench.name) --\(option.name): flag in one, not the other")
        #expect(option.repeatable == argument.isRepeating, "\(bench.name) --\(option.name): repeatable differs")
        #expect(Self.parserText(option.defaultValue, kind: option.kind) == argument.defaultValue, "\(bench.name) --\(option.name): default differs")
        if let values = argument.allValues {
          #expect(option.kind == .choice && option.choices == values, "\(bench.name) --\(option.name): the parser takes \(values)")
        }
        if option.kind == .choice, let value = option.defaultValue?.string, !value.isEmpty {
          #expect(option.choices?.contains(value) == true, "\(bench.name) --\(option.name): default '\(value)' is no choice")
        }
      }
      #expect(!bench.metrics.filter { $0.role == .headline }.isEmpty, "\(bench.name) declares no headline metric")
      #expect(bench.metrics.allSatisfy { !$0.name.isEmpty && !$0.description.isEmpty })
    }
  }

  /// The arguments a benchmark needs before its range checks run (its other required options).
  static func required(_ bench: BenchmarkDescriptor, out: String) -> [String] {
    switch bench.name {
    case "predict": ["--out", out, "--text", "missing.txt", "--train", "missing.txt"]
    default: []
    }
  }

  @Test func aValueOutsideADeclaredRangeIsAUsageErrorAndItsBoundIsNot() throws {
    let dir = try TemporaryDirectory()
    var checked = 0
    for bench in try Self.catalog().benchmarks {
      // --print-config stops after the checks; without it (predict) an accepted value fails later, on the missing files.
      let base = [bench.name] + Self.required(bench, out: dir.path("out-\(bench.name)")) + (bench.option("print-config") != nil ? ["--print-config"] : [])
      for option in bench.options {
        guard let range = option.range else { continue }
        let whole = option.kind == .integer
        let outside: Double, bound: Double
        if let maximum = range.maximum {
          outside = range.maximumExcluded ? maximum : maximum + 1
          bound = range.maximumExcluded ? (range.minimum ?? maximum - 1) : maximum
        } else {
          let minimum = try #require(range.minimum, "\(bench.name) --\(option.name): a range without bounds")
          outside = whole ? minimum - 1 : minimum / 2
          bound = minimum
        }
        let text = { (value: Double) in whole ? String(Int64(value)) : String(value) }
        let refused = try Run.product("keybench-run", base + ["--\(option.name)=\(text(outside))"])
        #expect(refused.status == Self.usage, "\(bench.name) --\(option.name)=\(text(outside)) was not refused: \(refused.stderr)")
        #expect(refused.stderr.contains("--\(option.name)"), "\(bench.name) --\(option.name): \(refused.stderr)")
        let accepted = try Run.product("keybench-run", base + ["--\(option.name)=\(text(bound))"])
        #expect(accepted.status != Self.usage, "\(bench.name) --\(option.name)=\(text(bound)) was refused: \(accepted.stderr)")
        checked += 1
      }
    }
    // Every benchmark has --bootstrap and --limit-like counts: far more than one range each.
    #expect(checked >= 40, "only \(checked) ranges checked")
  }

  @Test func everyConfigurationsDefaultsAreWhatPrintConfigPrints() throws {
    var configs = 0
    for bench in try Self.catalog().benchmarks {
      for option in bench.options where option.kind == .config {
        let config = try #require(option.config, "\(bench.name) --\(option.name) has no defaults")
        let printed = try Run.product("keybench-run", [bench.name] + config.printArguments + ["--print-config"])
        try #require(printed.status == 0, "\(printed.stderr)")
        let whole = try JSONDecoder().decode(JSONValue.self, from: Data(printed.stdoutBytes))
        let part = config.printedPart.map { whole[$0] } ?? whole
        #expect(part == config.defaults, "\(bench.name) --\(option.name): the described defaults are not what --print-config prints")
        configs += 1
      }
    }
    #expect(configs == 8)
  }

  @Test func describePrintsOneBenchmarkOrEvery() throws {
    let one = try Run.product("keybench-run", ["describe", "touch", "--json"])
    #expect(one.status == 0, "\(one.stderr)")
    let catalog = try JSONDecoder().decode(BenchmarkDescriptor.Catalog.self, from: Data(one.stdoutBytes))
    #expect(catalog.benchmarks.map(\.name) == ["touch"])
    let touch = try #require(catalog.benchmarks.first)
    #expect(touch.groupUnit == "text block")
    #expect(touch.option("order")?.range == .init(minimum: 1, maximum: 3))
    #expect(touch.option("seed")?.defaultValue == 1)
    #expect(touch.option("resolver")?.choices?.contains("nearest") == true)
    #expect(touch.metrics.map(\.name).contains("key_error_rate"))
    #expect(touch.metrics.first { $0.role == .cost }?.unit == "ns")

    let table = try Run.product("keybench-run", ["describe", "touch"])
    #expect(table.status == 0, "\(table.stderr)")
    let lines = table.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "touch: Benchmark touch resolvers (seed 004) on simulated and real taps.")
    #expect(lines.contains { $0.hasPrefix("--order") && $0.contains("integer") && $0.hasSuffix("1…3") }, "\(table.stdout)")
    #expect(lines.contains { $0.hasPrefix("--device") && $0.contains("text (repeatable)") && $0.contains("iphone5") }, "\(table.stdout)")
    #expect(lines.contains { $0.hasPrefix("key_error_rate") && $0.contains("lower") && $0.hasSuffix("headline") }, "\(table.stdout)")

    let every = try Run.product("keybench-run", ["describe"])
    #expect(every.status == 0)
    for name in ["swipe", "correct", "touch", "gesture", "predict", "photos", "keyboard"] {
      #expect(every.stdout.contains("\n\(name): ") || every.stdout.hasPrefix("\(name): "), "\(name) missing")
    }

    let unknown = try Run.product("keybench-run", ["describe", "swip"])
    #expect(unknown.status == Self.usage)
    #expect(unknown.stderr.contains("unknown benchmark 'swip'; choose from swipe, correct"), "\(unknown.stderr)")
  }
}
