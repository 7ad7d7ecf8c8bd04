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
        shards of one sweep (the same --param grid, --random and --seed in their provenance.json; \
        every row a configuration of that grid with the grid's values, none twice: the checks a \
        resumed sweep makes of its journal, each failure naming the file and line), and writes \
        the union to --out with the Pareto frontier recomputed over all rows, and each \
        configuration's run folder (runs/<config>/, its per-gesture rows) copied from its shard. \
        The merged journal is written too, so the merged sweep can be resumed or extended. \
        Shards must have read the same inputs (their provenance.json: corpus digest, gestures \
        scored, lexicon content, top-k); the merged provenance.json lists the shards.

        Example: keybench-report merge sweeps/shard-1 sweeps/shard-2 --out sweeps/merged
        """)

    @Argument(help: "Shard folders written by keybench-sweep --shard I/N.")
    var shards: [String]

    @Option(help: "The accuracy of the Pareto frontier and the best (higher is better), judged by paired tests on the configurations' per-gesture rows: top1, top<K> or mrr.")
    var objective: String = "top1"

    @Option(help: "The cost metric of the Pareto frontier (lower is better).")
    var cost: String = "decode_ms_median"

    @Option(help: "Output folder.")
    var out: String

    @Flag(help: "Merge even when configurations of the sweep are missing (a shard absent or unfinished); otherwise that is refused.")
    var allowPartial = false

    func run() throws {
      guard !shards.isEmpty else { throw ValidationError("give the shard folders to merge") }
      let provenance = try Self.provenance(of: shards)
      // Shards of other grids share ids (c0001) that mean other configurations.
      let sweeps = try shards.map(Self.sweep(of:))
      for other in sweeps.dropFirst() where other.selection != sweeps[0].selection {
        throw CommandFailure(
          "\(other.path) and \(sweeps[0].path) record different sweeps (\(other.described) against \(sweeps[0].described)); "
            + "only shards of one sweep (the same --param, --random and --seed) can be merged")
      }
      let plan = sweeps[0].selection.plan
      let tables = try shards.map { folder -> (path: String, table: SweepTable) in
        let journal = (folder as NSString).appendingPathComponent(SweepTable.journalName)
        let csv = (folder as NSString).appendingPathComponent("sweep.csv")
        let read = try SweepTable.readJournal(in: folder, warn: { StandardError.print("merge: warning: \($0)") }).map { (journal, $0) }
          ?? (csv, try SweepTable.parse(path: csv, pareto: true))
        // The rules a resume applies to a journal (SweepRunner), so a merge never takes a row a
        // resume would refuse.
        try plan.check(read.1, path: read.0, remedy: "rerun that shard with keybench-sweep into an empty folder")
        return read
      }
      let merged = try SweepTable.merge(tables)
      // A frontier over half a grid looks like a finished sweep: refuse unless asked for.
      let expected = Set(plan.configurations(random: sweeps[0].selection.random, seed: sweeps[0].selection.seed ?? 1).map(\.id))
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
      // Each configuration's run folder comes along, so the merged sweep's paired tests (and
      // compare) see every configuration's rows.
      for row in merged.rows {
        guard let shard = shards.first(where: { SweepItems.hasRun(row.config, in: $0) }) else {
          throw CommandFailure(
            "no shard holds \(SweepItems.folderName)/\(row.config)/ (its per-gesture rows, which the paired tests need); "
              + "rerun the shard that ran \(row.config) with this KeyBench into an empty folder")
        }
        let target = SweepItems.folder(of: row.config, in: out)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: target) { try FileManager.default.removeItem(atPath: target) }
        try FileManager.default.copyItem(atPath: SweepItems.folder(of: row.config, in: shard), toPath: target)
      }
      var items = try SweepItems(directory: out, objective: objective, example: merged.rows.first?.config)
      for row in merged.rows { try merged.append(row, toJournalIn: out) }
      try AtomicFileWriter.write(provenance, to: (out as NSString).appendingPathComponent("provenance.json"))
      let frontier = try merged.write(to: out, objective: objective, cost: cost, title: "Sweep (merged from \(shards.count) shards)",
        footer: "## How this was made\n\nMerged from " + shards.map { "`\($0)`" }.joined(separator: ", ")
          + " by `\(CommandLine.arguments.joined(separator: " "))`; inputs, items and each shard's command are in provenance.json.\n",
        items: &items)
      print("merged \(merged.rows.count) configurations from \(shards.count) shards; \(frontier.count) on the Pareto frontier")
      print("wrote \(out)/sweep.csv, sweep.md")
    }

    /// The configurations a sweep runs: its grid, and the random sample of it when it drew one.
    struct Selection: Equatable {
      var plan: SweepPlan
      var random: Int?
      /// The seed of the sample (nil without one: it then chooses nothing).
      var seed: UInt64?
    }

    /// The sweep a shard's provenance.json records (the grid as --param texts, for messages).
    /// (provenance.json is machine-written by keybench-sweep, so `JSONDecoder` reads it.)
    static func sweep(of shard: String) throws -> (path: String, selection: Selection, described: String) {
      let path = (shard as NSString).appendingPathComponent("provenance.json")
      guard let data = FileManager.default.contents(atPath: path),
        let config = (try? JSONDecoder().decode(JSONValue.self, from: data))?["config"], config.object != nil,
        let grid = config["grid"]?.strings
      else {
        throw InputFileError(path: path, kind: .malformed, reason: "has no 'config.grid' (the sweep's --param list); rerun the shard with keybench-sweep")
      }
      let plan: SweepPlan
      do {
        plan = try SweepPlan(parameters: grid.map(SweepPlan.Parameter.init(parsing:)))
      } catch {
        throw InputFileError(path: path, kind: .malformed, reason: "config.grid: \(error)")
      }
      let random = config["random"]?.number.map { Int($0) }
      let seed = random == nil ? nil : config["random_seed"]?.exactInteger?.uint64 ?? 1
      let described = grid.map { "--param \($0)" }.joined(separator: " ") + (random.map { " --random \($0) --seed \(seed ?? 1)" } ?? "")
      return (path, Selection(plan: plan, random: random, seed: seed), described)
    }

    /// The first shard's provenance with every shard listed, after checking that all shards read
    /// the same inputs.
    /// (Each shard's provenance.json is machine-written, so `JSONDecoder` reads it.)
    static func provenance(of shards: [String]) throws -> String {
      var objects: [(path: String, raw: [String: JSONValue], value: JSONValue)] = []
      for shard in shards {
        let path = (shard as NSString).appendingPathComponent("provenance.json")
        guard let data = FileManager.default.contents(atPath: path) else {
          throw InputFileError(
            path: path, kind: .unreadable,
            reason: "missing: the shard was written before KeyBench 0.14 or is not a sweep folder; rerun it with keybench-sweep")
        }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: data), let raw = value.object
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
      merged["merged_shards"] = .array(objects.map { object in
        ["path": .string(object.path), "command_line": object.raw["command_line"] ?? .null, "created_utc": object.raw["created_utc"] ?? .null]
      })
      return try JSONValue.object(merged).prettyText() + "\n"
    }
  }
}

extension KeybenchReport.Merge: CommandFiles {
  var reads: [FileUse] {
    shards.flatMap { FileUse.files("SHARD", in: $0, [SweepTable.journalName, "sweep.csv", "provenance.json"]) }
  }
  var writes: [FileUse] { FileUse.files("--out", in: out, [SweepTable.journalName, "sweep.csv", "sweep.md", "provenance.json"]) }
}
