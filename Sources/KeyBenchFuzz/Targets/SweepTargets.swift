import Foundation
import KeyBenchBench
import KeyBenchCore
import KeyBenchSwipe

/// Sweep inputs: `--param` values (`SweepPlan.Parameter(parsing:)`, one per line of the input),
/// applied to the decoder config as `keybench-sweep` does, and the sweep tables it resumes from
/// and merges (`SweepTable.parse`).
enum SweepTargets {
  static let all: [FuzzTarget] = [
    FuzzTarget(
      name: "sweep-param",
      summary: "keybench-sweep --param values, one per line: SweepPlan, JSONConfig.setting over DTWDecoderConfig per configuration, a decode each",
      run: { data in
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        let parameters = try lines.prefix(8).map { try SweepPlan.Parameter(parsing: String($0)) }
        let plan = try SweepPlan(parameters: parameters)
        let size = plan.gridSize
        // The first few configurations, and a seeded sample as `--random` draws it when small.
        var configurations = (0..<min(size, 4)).map(plan.configuration(at:))
        if size <= 10_000 { configurations += plan.configurations(random: 3, seed: 7, shard: (1, 2)) }
        for configuration in configurations {
          var config = DTWDecoderConfig()
          for (parameter, value) in zip(plan.parameters, configuration.values) {
            config = try JSONConfig.setting(parameter.name, to: value.json, in: config)
          }
          _ = configuration.id
          ConfigTargets.decode(config)
        }
      }),
    FuzzTarget(
      name: "sweep-table",
      summary: "sweep.csv and sweep.journal.csv: SweepTable.parse (with and without the pareto column), Pareto frontier, merge",
      run: { data in
        let folder = FuzzScratch.directory("sweep", clean: true)
        try FuzzScratch.write(data, to: folder + "/" + SweepTable.journalName)
        let journal = try? SweepTable.readJournal(in: folder)
        let table = try SweepTable.parse(path: folder + "/" + SweepTable.journalName, pareto: true)
        for objective in ["top1", "mrr"] {
          _ = try? table.paretoConfigs(objective: objective, cost: "decode_ms_median")
        }
        if let journal, journal.parameters == table.parameters, journal.metrics == table.metrics {
          _ = try? SweepTable.merge([("journal", journal), ("table", table)])
        }
      }),
  ]
}
