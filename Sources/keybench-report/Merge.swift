import ArgumentParser
import Foundation
import KeyBenchResults
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchReports

extension KeybenchReport {
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Combine the shards of one sweep into one sweep.csv and sweep.md.",
      discussion: """
        Reads each shard folder's sweep.journal.csv (or its sweep.csv), checks that they are \
        shards of one sweep (same parameters and metrics, no configuration with two different \
        values), and writes the union to --out with the Pareto frontier recomputed over all rows. \
        The merged journal is written too, so the merged sweep can be resumed or extended. \
        Shards must have read the same inputs (their provenance.json: corpus digest, gestures \
        scored, lexicon content, top-k); the merged provenance.json lists the shards.

        Example: keybench-report merge sweeps/shard-1 sweeps/shard-2 --out sweeps/merged
        """)

    @Argument(help: "Shard folders written by keybench-sweep --shard I/N.")
    var shards: [String]

    @Option(help: "The accuracy metric of the Pareto frontier (higher is better).")
    var objective: String = "top1"

    @Option(help: "The cost metric of the Pareto frontier (lower is better).")
    var cost: String = "decode_ms_median"

    @Option(help: "Output folder.")
    var out: String

    @Flag(help: "Merge even when configurations of the sweep are missing (a shard absent or unfinished); otherwise that is refused.")
    var allowPartial = false

    func run() throws {
      guard !shards.isEmpty else { throw ValidationError("give the shard folders to merge") }
      let tables = try shards.map { folder -> SweepTable in
        if let journal = try SweepTable.readJournal(in: folder, warn: { StandardError.print("merge: warning: \($0)") }) { return journal }
        return try SweepTable.parse(path: (folder as NSString).appendingPathComponent("sweep.csv"), pareto: true)
      }
      let provenance = try Self.provenance(of: shards)
      let merged = try SweepTable.merge(tables)
      // A frontier over half a grid looks like a finished sweep: refuse unless asked for.
      let expected = try Self.expectedConfigurations(provenanceOf: shards[0])
      let missing = expected.subtracting(merged.rows.map(\.config)).sorted()
      if !missing.isEmpty {
        let list = missing.prefix(8).joined(separator: ", ") + (missing.count > 8 ? ", …" : "")
        let message = "merged \(merged.rows.count) of \(expected.count) configurations of the sweep; missing \(list) (a shard absent or unfinished)"
        guard allowPartial else {
          throw CommandFailure(message + "; give every shard folder, finish the unfinished ones, or pass --allow-partial")
        }
        StandardError.print("merge: warning: \(message) (--allow-partial)")
      }
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
      let journal = (out as NSString).appendingPathComponent(SweepTable.journalName)
      if FileManager.default.fileExists(atPath: journal) {
        throw ValidationError("\(out) already holds a sweep journal; merge into an empty folder")
      }
      for row in merged.rows { try merged.append(row, toJournalIn: out) }
      try AtomicFileWriter.write(provenance, to: (out as NSString).appendingPathComponent("provenance.json"))
      try merged.write(to: out, objective: objective, cost: cost, title: "Sweep (merged from \(shards.count) shards)",
        footer: "## How this was made\n\nMerged from " + shards.map { "`\($0)`" }.joined(separator: ", ")
          + " by `\(CommandLine.arguments.joined(separator: " "))`; inputs, items and each shard's command are in provenance.json.\n")
      let frontier = try merged.paretoConfigs(objective: objective, cost: cost)
      print("merged \(merged.rows.count) configurations from \(shards.count) shards; \(frontier.count) on the Pareto frontier")
      print("wrote \(out)/sweep.csv, sweep.md")
    }
  
    /// The configuration ids the whole sweep runs, from the grid recorded in a shard's provenance.
    /// (provenance.json is machine-written by keybench-sweep, so Foundation parses it.)
    static func expectedConfigurations(provenanceOf shard: String) throws -> Set<String> {
      let path = (shard as NSString).appendingPathComponent("provenance.json")
      guard let data = FileManager.default.contents(atPath: path),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let config = object["config"] as? [String: Any], let grid = config["grid"] as? [String]
      else {
        throw InputFileError(path: path, kind: .malformed, reason: "has no 'config.grid' (the sweep's --param list); rerun the shard with keybench-sweep")
      }
      let plan: SweepPlan
      do {
        plan = try SweepPlan(parameters: grid.map(SweepPlan.Parameter.init(parsing:)))
      } catch {
        throw InputFileError(path: path, kind: .malformed, reason: "config.grid: \(error)")
      }
      let random = (config["random"] as? NSNumber)?.intValue
      let seed = (config["random_seed"] as? NSNumber)?.uint64Value ?? 1
      return Set(plan.configurations(random: random, seed: seed).map(\.id))
    }

    /// The first shard's provenance with every shard listed, after checking that all shards read
    /// the same inputs.
    /// (Each shard's provenance.json is machine-written, so Foundation and JSONDecoder read it.)
    static func provenance(of shards: [String]) throws -> String {
      var objects: [(path: String, raw: [String: Any], value: JSONValue)] = []
      for shard in shards {
        let path = (shard as NSString).appendingPathComponent("provenance.json")
        guard let data = FileManager.default.contents(atPath: path) else {
          throw InputFileError(
            path: path, kind: .unreadable,
            reason: "missing: the shard was written before KeyBench 0.14 or is not a sweep folder; rerun it with keybench-sweep")
        }
        guard let raw = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let value = try? JSONDecoder().decode(JSONValue.self, from: data)
        else { throw InputFileError(path: path, kind: .malformed, reason: "not a JSON object") }
        objects.append((path, raw, try Comparability.provenance(value, in: path)))
      }
      for other in objects.dropFirst() {
        let differences = Comparability(baseline: objects[0].value, current: other.value, labels: ("first shard", "this shard")).inputDifferences
        guard differences.isEmpty else {
          throw CommandFailure(
            "\(other.path) is not a shard of the same sweep as \(objects[0].path):\n"
              + differences.map { "  - \($0)" }.joined(separator: "\n"))
        }
      }
      var merged = objects[0].raw
      merged["merged_shards"] = objects.map { object -> [String: Any] in
        ["path": object.path, "command_line": object.raw["command_line"] ?? NSNull(), "created_utc": object.raw["created_utc"] ?? NSNull()]
      }
      let data = try JSONSerialization.data(withJSONObject: merged, options: [.prettyPrinted, .sortedKeys])
      return String(decoding: data, as: UTF8.self) + "\n"
    }
  }
}
