import ArgumentParser
import Foundation
import KeyBenchBench

extension KeybenchReport {
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Combine the shards of one sweep into one sweep.csv and sweep.md.",
      discussion: """
        Reads each shard folder's sweep.journal.csv (or its sweep.csv), checks that they are \
        shards of one sweep (same parameters and metrics, no configuration with two different \
        values), and writes the union to --out with the Pareto frontier recomputed over all rows. \
        The merged journal is written too, so the merged sweep can be resumed or extended.
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
        if let journal = try SweepTable.readJournal(in: folder) { return journal }
        return try SweepTable.parse(path: (folder as NSString).appendingPathComponent("sweep.csv"), pareto: true)
      }
      let merged = try SweepTable.merge(tables)
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
      let journal = (out as NSString).appendingPathComponent(SweepTable.journalName)
      if FileManager.default.fileExists(atPath: journal) {
        throw ValidationError("\(out) already holds a sweep journal; merge into an empty folder")
      }
      for row in merged.rows { try merged.append(row, toJournalIn: out) }
      try merged.write(to: out, objective: objective, cost: cost, title: "Sweep (merged from \(shards.count) shards)")
      let frontier = try merged.paretoConfigs(objective: objective, cost: cost)
      print("merged \(merged.rows.count) configurations from \(shards.count) shards; \(frontier.count) on the Pareto frontier")
      print("wrote \(out)/sweep.csv, sweep.md")
    }
  }
}
