import ArgumentParser
import KeyBenchReports
import KeyBenchCLI
import KeyBenchCore
import KeyBenchResults

extension KeybenchReport {
  struct Markdown: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Render run summaries as one Markdown table, runs side by side.",
      discussion: """
        Reads the summary.json of each run folder (any benchmark; runs of one benchmark compare \
        best) and prints a table with a column per run and a row per metric, accuracy shares \
        in percent and times in ms. With --out the table goes to that file instead.

        Examples:
          keybench-report markdown Reports/baseline/swipe-hws Reports/baseline/swipe-synthetic --out compare.md
        """)

    @Argument(help: "Run folders (or summary.json files).")
    var runs: [String]

    @Option(help: "Write the Markdown here instead of standard output.")
    var out: String?

    func run() throws {
      guard !runs.isEmpty else { throw ValidationError("give at least one run folder") }
      let summaries = try runs.map(SummaryFile.init(path:))
      let text = SummaryTable(summaries: summaries, names: runs).markdown
      if let out {
        try AtomicFileWriter.write(text, to: out)
        print("wrote \(out)")
      } else {
        print(text, terminator: "")
      }
    }
  }
}

extension KeybenchReport.Markdown: CommandFiles {
  var reads: [FileUse] { runs.flatMap { FileUse.inside("RUN", $0, ["summary.json"]) } }
  var writes: [FileUse] { FileUse.file("--out", out) }
}
