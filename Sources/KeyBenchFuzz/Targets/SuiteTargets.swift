import Foundation
import KeyBenchSuites

/// Suite files (`SuiteFile.load`, with their figure pages) and the `plan.json` of a suite output
/// folder (`SuiteOutput`), as `keybench-suite` reads them.
enum SuiteTargets {
  static let all: [FuzzTarget] = [
    FuzzTarget(
      name: "suite-file",
      summary: "Suites/*.json: SuiteFile.load (steps, runs, grids, includes, figures)",
      run: { data in
        let folder = FuzzScratch.directory("suite", clean: true)
        try FuzzScratch.write(data, to: folder + "/suite.json")
        let suite = try SuiteFile.load(path: folder + "/suite.json")
        FuzzInvariant.check(suite.runs.count <= SuiteFile.maximumRuns, "a suite read with \(suite.runs.count) runs")
      }),
    FuzzTarget(
      name: "suite-plan",
      summary: "plan.json of a keybench-suite output folder: SuiteOutput (status, report, merge read it)",
      run: { data in
        let folder = FuzzScratch.directory("suite-plan", clean: true)
        try FuzzScratch.write(data, to: folder + "/plan.json")
        let output = try SuiteOutput(folder: URL(fileURLWithPath: folder))
        _ = output.finishedRuns
      }),
  ]
}
