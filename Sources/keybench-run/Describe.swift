import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchResults

extension KeybenchRun {
  struct Describe: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Describe the benchmarks: their options, configurations, group unit and metrics.",
      discussion: """
        Prints, for BENCH or for every benchmark, what it accepts and reports, from the same \
        description its options are declared from: each option's kind (integer, number, text, \
        path, choice, flag or config), default, accepted range or choices and help; each \
        configuration option's default object and the part of --print-config's output it \
        overrides; the unit its bootstrap intervals resample (user, text block, …); and its \
        metrics with their unit, direction and role (headline, slice or cost; the metrics at \
        the benchmark's default options). With --json the description is one JSON object \
        {"schema_version", "benchmarks": […]}, for suites and scripts; keybench-suite checks \
        its runs against it.

        Examples:
          keybench-run describe
          keybench-run describe swipe --json
        """)

    @Argument(help: "The benchmark to describe (default: all): \(BenchmarkCatalog.all.map(\.name).joined(separator: ", ")).")
    var bench: String?

    @Flag(help: "Print JSON instead of tables.")
    var json = false

    func validate() throws {
      if let bench, BenchmarkCatalog.named(bench) == nil {
        throw ValidationError("unknown benchmark '\(bench)'; choose from \(BenchmarkCatalog.all.map(\.name).joined(separator: ", ")).")
      }
    }

    func run() throws {
      let chosen = bench.flatMap(BenchmarkCatalog.named).map { [$0] } ?? BenchmarkCatalog.all
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(BenchmarkDescriptor.Catalog(benchmarks: chosen)), as: UTF8.self))
      } else {
        print(chosen.map(\.table).joined(separator: "\n\n"))
      }
    }
  }
}
