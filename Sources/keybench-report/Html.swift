import ArgumentParser
import KeyBenchCLI
import KeyBenchCore
import KeyBenchReports

extension KeybenchReport {
  struct Html: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write one self-contained HTML page with SVG plots of benchmark runs and sweeps.",
      discussion: """
        Each RUN_DIR is a keybench-run output folder (summary.json, and for swipe runs results.csv) \
        or a keybench-sweep folder (sweep.csv). Swipe runs get accuracy per device, filter pass-rate \
        box plots and a decode-time CDF, several runs side by side; sweeps get accuracy against \
        decode time with the Pareto frontier; other benches get their metrics table, curves and \
        count matrices. The page needs no network and no JavaScript (format in Reports/FORMATS.md).

        Examples:
          keybench-report html Reports/quickstart/swipe-hws --out /tmp/report.html
        """)

    @Argument(help: "Run or sweep folders to report, compared side by side.")
    var runDirs: [String]

    @Option(help: "The HTML file to write (replaced atomically).")
    var out: String

    func validate() throws {
      guard !runDirs.isEmpty else { throw ValidationError("Give at least one RUN_DIR.") }
    }

    func run() throws {
      // A folder that is neither a run nor a sweep fails here, naming it, before anything is written.
      let html = try HTMLReport(paths: runDirs).render()
      try AtomicFileWriter.write(html, to: out)
      print("wrote \(out) (\(runDirs.count) folder\(runDirs.count == 1 ? "" : "s"))")
    }
  }
}

extension KeybenchReport.Html: CommandFiles {
  var reads: [FileUse] { runDirs.flatMap { FileUse.inside("RUN_DIR", $0, ["summary.json", "results.csv", "sweep.csv"]) } }
  var writes: [FileUse] { [FileUse("--out", out)] }
}
