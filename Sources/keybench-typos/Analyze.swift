import ArgumentParser
import KeyBenchCLI
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchTyping

extension KeybenchTypos {
  struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Count typing errors in pair files (seed 002 §4.1) and write the distribution JSON.",
      discussion: """
        Aligns every pair with full Levenshtein, classifies each keystroke as copy, near (adjacent \
        key on --layout), umlaut, case, edit, insert (extra letter) or delete (missing letter), \
        and prints the shares as the seed's Fig. 4.1 shows them. Pairs keeping under a third of \
        their letters are rejected. The JSON also holds the channel counts the keyboard corrector \
        learns its error model from. --error-rate rescales the rates (a file of typos alone has \
        far more errors per letter than running text).

        Examples:
          keybench-typos analyze .keybench/corpora/norvig2.tsv --out runs/norvig2-errors.json
        """)

    @Argument(help: "Pair TSV files (from import or generate).")
    var pairs: [String]

    @Option(help: "Layout as DEVICE[/VARIANT] (see keybench-devices list).")
    var layout: String = "pixel6pro-gboard/qwerty-en"

    @Option(help: "Scale all error rates so this share of keystrokes is wrong, e.g. 0.03.")
    var errorRate: Double?

    @Option(help: "The distribution JSON to write.")
    var out: String

    func validate() throws {
      guard !pairs.isEmpty else { throw ValidationError("Give at least one pair file.") }
      if let errorRate, !(errorRate.isFinite && errorRate > 0 && errorRate < 1) {
        throw ValidationError("--error-rate must be a share of keystrokes above 0 and below 1, got \(errorRate).")
      }
    }

    func run() throws {
      let keyboard = try DeviceCatalog.bundled().layout(named: layout)
      var all: [TypoPair] = []
      for path in pairs {
        all += try TypoPairFile.read(path: path)
        guard all.count <= TypoPairFile.maximumPairs else {
          throw CommandFailure("more than \(TypoPairFile.maximumPairs) pairs in all; analyse fewer files at once")
        }
      }
      // Alignment is quadratic in word length: over-long "words" are left out and counted.
      let tooLong = all.filter(TypingErrorAnalysis.isTooLong).count
      if tooLong > 0 {
        StandardError.print(
          "analyze: \(NumberFormatting.grouped(tooLong)) of \(NumberFormatting.grouped(all.count)) pairs skipped: typed or intended longer than \(TypingErrorAnalysis.maximumWordLength) characters")
      }
      let source = pairs.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: ", ")
      var distribution = TypingErrorAnalysis.analyze(all, layout: keyboard, source: source)
      guard distribution.pairs > 0 else {
        throw CommandFailure(
          "no pair could be aligned (\(NumberFormatting.grouped(distribution.rejectedPairs)) rejected as unrelated words, \(NumberFormatting.grouped(tooLong)) too long); nothing written")
      }
      if let errorRate {
        guard distribution.canScale(toErrorRate: errorRate) else {
          throw CommandFailure(
            "--error-rate \(errorRate) cannot be reached: the pairs' own error rate is \(distribution.errorRate), and scaling only adds correct keystrokes (at most \(TypingErrorDistribution.maximumCount) in all)")
        }
        distribution = distribution.scaled(toErrorRate: errorRate)
      }
      try distribution.write(to: out)
      print(TypingErrorAnalysis.figure(distribution), terminator: "")
      print("wrote \(out)")
    }
  }
}

extension KeybenchTypos.Analyze: CommandFiles {
  var reads: [FileUse] { FileUse.files("PAIRS", pairs) }
  var writes: [FileUse] { [FileUse("--out", out)] }
}
