import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchCore
import KeyBenchCorpora

extension KeybenchSwipes {
  struct ImportHWS: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import-hws",
      abstract: "Import How We Swipe .log files into a swipe corpus.",
      discussion: """
        Give .log files or folders (searched recursively), e.g. the folder Scripts/fetch-corpora \
        extracts: .keybench/cache/corpora/swipes/hws/raw_logs. Gestures that lost their \
        touchstart or touchend, have no label, were rejected by the study app (is_err=1) or are \
        exact re-logged copies are dropped; landscape/tablet canvases and labels outside a-z are \
        kept and flagged. Per-user metadata is joined from a metadata folder beside the logs, or \
        from --metadata (which must exist and hold <user>.json files).

        Nothing is coerced: a row that is not UTF-8, has fewer than 12 fields, an unknown event, \
        or a timestamp, canvas size or coordinate that is not a finite decimal number in range is \
        a bad row, reported as LOG:LINE: reason (the first 10) and counted by reason; its whole \
        gesture is dropped and counted, as are gestures whose rows disagree on the label or \
        canvas, or whose times or point count are out of range. A log whose rows are mostly bad \
        is refused, and so is an import that keeps no gesture at all. With --manifest, every \
        log's complete and accepted counts must equal the manifest's; the differing logs are \
        named and the corpus is not written.

        Exit status: 0 success, 2 when an input is unusable, no gesture is kept or the manifest \
        disagrees (--out is then left as it was), 64 usage error.

        Examples:
          keybench-swipes import-hws .keybench/cache/corpora/swipes/hws/raw_logs --out .keybench/corpora/hws.jsonl --manifest ../shared/corpora/swipes/hws/hws_log_manifest.tsv
        """)

    @Argument(help: ArgumentHelp("How We Swipe .log files or folders of them.", valueName: "log-or-dir"))
    var inputs: [String] = []

    @Option(help: "The corpus file to write (.jsonl); replaced only when the import succeeds.")
    var out: String

    @Flag(help: "Keep gestures the study app rejected (is_err=1), flagged 'rejected'.")
    var includeRejected = false

    @Option(help: "Folder of per-user metadata JSON (default: a 'metadata' folder found beside the logs).")
    var metadata: String?

    @Option(help: "A How We Swipe log manifest (TSV); every imported log's gesture counts must agree with it.")
    var manifest: String?

    @Option(help: "The study's stimuli folder, whose mem200.txt phrases tell natural-phrase prompts from random word lists (default: a 'stimuli' folder beside the logs, else the shared corpora's).")
    var stimuli: String?

    func validate() throws {
      if inputs.isEmpty {
        throw ValidationError("Give at least one .log file or folder, e.g. .keybench/cache/corpora/swipes/hws/raw_logs.")
      }
      if out.isEmpty { throw ValidationError("--out needs a file name.") }
    }

    func run() throws {
      let importer = HowWeSwipeImport(
        includeRejected: includeRejected, metadataDirectory: metadata.map(URL.init(fileURLWithPath:)),
        manifest: manifest, stimuliDirectory: stimuli.map(URL.init(fileURLWithPath:)))
      let summary: HowWeSwipeImport.Summary
      do {
        summary = try importer.run(inputs: inputs, output: out) { done, total in
          if done % 50 == 0 || done == total { StandardError.print("import-hws: \(done)/\(total) logs") }
        }
      } catch let mismatch as HowWeSwipeImport.ManifestMismatch {
        printWarnings(mismatch.summary.counts)
        printTable(mismatch.summary)
        for difference in mismatch.comparison.differences.prefix(50) { StandardError.print("differs: \(difference)") }
        if mismatch.comparison.differences.count > 50 {
          StandardError.print("differs: … and \(mismatch.comparison.differences.count - 50) more logs")
        }
        let count = mismatch.comparison.differingLogs.count
        throw CommandFailure(
          "\(mismatch.manifest): \(count) of \(mismatch.summary.counts.logs) logs differ from the manifest (listed above as 'differs:'); \(out) was not written")
      }
      printWarnings(summary.counts)
      printTable(summary)
      print("wrote \(out)")
    }

    /// The located examples of bad rows and dropped gestures, then the count of the rest.
    private func printWarnings(_ c: HowWeSwipeLog.Counts) {
      for example in c.examples { StandardError.print("warning: \(example)") }
      let total = c.malformedRows + c.droppedInconsistent + c.droppedOutOfRange
      if total > c.examples.count {
        StandardError.print("warning: … and \(NumberFormatting.grouped(total - c.examples.count)) more bad rows and gestures")
      }
    }

    private func printTable(_ summary: HowWeSwipeImport.Summary) {
      let c = summary.counts
      let g = NumberFormatting.grouped
      var rows: [(String, String)] = [
        ("logs", g(c.logs)),
        ("rows", "\(g(c.rows)) (\(g(c.malformedRows)) malformed rows skipped)"),
      ]
      for (reason, count) in c.malformedByReason.sorted(by: { $0.key < $1.key }) {
        rows.append(("  bad row: \(reason)", g(count)))
      }
      rows += [
        ("complete gestures", g(c.complete)),
        ("  accepted by the app", g(c.accepted)),
        ("dropped: rejected (is_err=1)", g(c.droppedRejected)),
      ]
      if c.flagNotBinary > 0 { rows.append(("  of them is_err not 0 or 1", g(c.flagNotBinary))) }
      rows += [
        ("dropped: duplicate", g(c.droppedDuplicate)),
        ("dropped: empty label", g(c.droppedEmptyLabel)),
        ("dropped: no touchstart", g(c.droppedNoTouchstart)),
        ("dropped: no touchend", g(c.droppedNoTouchend)),
        ("dropped: bad row", g(c.droppedBadRow)),
        ("dropped: label/canvas change", g(c.droppedInconsistent)),
        ("dropped: value out of range", g(c.droppedOutOfRange)),
        ("kept", g(c.kept)),
        ("  flagged landscape", g(c.flaggedLandscape)),
        ("  flagged non-alphabetic", g(c.flaggedNonAlphabetic)),
        ("users with metadata", "\(g(summary.usersWithMetadata)) of \(g(c.logs))"),
      ]
      if summary.phrases != nil {
        for kind in HowWeSwipeLog.PromptKind.allCases { rows.append(("  prompt: \(kind.rawValue)", g(c.prompts[kind.rawValue] ?? 0))) }
      } else {
        rows.append(("prompt kinds", "unknown (no stimuli/mem200.txt found; --stimuli)"))
      }
      if let check = summary.manifest {
        rows.append(("manifest complete", "\(g(check.manifestComplete)) (this import: \(g(check.importComplete)))"))
        rows.append(("manifest accepted", "\(g(check.manifestAccepted)) (this import: \(g(check.importAccepted)))"))
        rows.append(("logs that differ", "\(check.differingLogs.count)\(check.differingLogs.isEmpty ? "" : ": " + check.differingLogs.prefix(5).joined(separator: ", "))"))
      }
      let width = rows.map(\.0.count).max() ?? 0
      for (label, value) in rows {
        print(label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
      }
    }
  }
}

extension KeybenchSwipes.ImportHWS: CommandFiles {
  var reads: [FileUse] {
    inputs.map { path in
      var isFolder: ObjCBool = false
      let folder = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
      return FileUse("LOG-OR-DIR", path, extent: folder ? .folder : .file)
    }
      + FileUse.folder("--metadata", metadata) + FileUse.file("--manifest", manifest) + FileUse.folder("--stimuli", stimuli)
  }
  var writes: [FileUse] { [FileUse("--out", out)] }
}
