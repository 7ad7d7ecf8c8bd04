import ArgumentParser
import Foundation
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

    func run() throws {
      guard !shards.isEmpty else { throw ValidationError("give the shard folders to merge") }
      let tables = try shards.map { folder -> SweepTable in
        if let journal = try SweepTable.readJournal(in: folder, warn: { StandardError.print("merge: warning: \($0)") }) { return journal }
        return try SweepTable.parse(path: (folder as NSString).appendingPathComponent("sweep.csv"), pareto: true)
      }
      let provenance = try Self.provenance(of: shards)
      let merged = try SweepTable.merge(tables)
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
  
    /// The first shard's provenance with every shard listed, after checking that all shards read
    /// the same inputs.
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
