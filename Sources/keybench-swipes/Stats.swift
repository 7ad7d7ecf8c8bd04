import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchGeometry

extension KeybenchSwipes {
  struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print shape statistics of a swipe corpus, optionally beside another one.",
      discussion: """
        Points and duration per gesture, path length ÷ key-centre polyline length, start and \
        end offsets from the first/last key centre (key widths), and turning angles at interior \
        letter keys. With --compare the table shows both corpora and their relative difference \
        — how a synthetic corpus is calibrated against real swipes. Gestures flagged rejected, \
        landscape or non-alphabetic are left out unless --include-flagged. Prints Markdown.

        Examples:
          keybench-swipes stats .keybench/corpora/synthetic-iphone5.jsonl --compare .keybench/corpora/hws.jsonl
        """)

    @Argument(help: "The swipe corpus (.jsonl).")
    var corpus: String

    @Option(help: "A second corpus to compare with.")
    var compare: String?

    @Flag(help: "Include gestures flagged rejected, landscape or non-alphabetic.")
    var includeFlagged = false

    @Option(help: "The first corpus's column title (default: its path), e.g. \"How We Swipe\".")
    var label: String?

    @Option(help: "The --compare corpus's column title (default: its path), e.g. synthetic.")
    var compareLabel: String?

    @Option(help: "Write the table to this file instead of standard output (how a suite step keeps it).")
    var out: String?

    func validate() throws {
      if compareLabel != nil && compare == nil { throw ValidationError("--compare-label needs --compare.") }
    }

    func run() throws {
      let resolver = LayoutResolver(catalog: try DeviceCatalog.bundled())
      let first = try statistics(corpus, resolver)
      let second = try compare.map { try statistics($0, resolver) }
      let markdown = SwipeStatisticsTable(first: (label ?? corpus, first), second: second.map { (compareLabel ?? compare!, $0) }).markdown
      if let out {
        try AtomicFileWriter.write(markdown, to: out)
      } else {
        print(markdown)
      }
    }

    private func statistics(_ path: String, _ resolver: LayoutResolver) throws -> SwipeStatistics {
      var gestures: [SwipeGesture] = []
      try SwipeCorpus.read(path: path) { gesture in
        if includeFlagged || gesture.flags.isEmpty { gestures.append(gesture) }
      }
      guard !gestures.isEmpty else {
        throw CommandFailure("\(path): no gesture to describe\(includeFlagged ? "" : " (flagged gestures are left out; --include-flagged counts them)")")
      }
      let statistics = SwipeStatistics(gestures: gestures, layouts: resolver.layout(for:))
      // Statistics of no gesture would print a table of empty cells and exit 0.
      guard statistics.gestures > 0 else {
        throw CommandFailure(
          "\(path): none of its \(gestures.count) gestures can be described: each names a layout no device has or a word with letters the layout has no key for")
      }
      return statistics
    }
  }
}

extension KeybenchSwipes.Stats: CommandFiles {
  var reads: [FileUse] { [FileUse("CORPUS", corpus)] + FileUse.file("--compare", compare) }
  var writes: [FileUse] { FileUse.file("--out", out) }
}
