import ArgumentParser
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
      if let errorRate, !(errorRate > 0 && errorRate < 1) { throw ValidationError("--error-rate must be between 0 and 1.") }
    }

    func run() throws {
      let keyboard = try DeviceCatalog.bundled().layout(named: layout)
      var all: [TypoPair] = []
      for path in pairs { all += try TypoPairFile.read(path: path) }
      let source = pairs.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: ", ")
      var distribution = TypingErrorAnalysis.analyze(all, layout: keyboard, source: source)
      if let errorRate { distribution = distribution.scaled(toErrorRate: errorRate) }
      try distribution.write(to: out)
      print(TypingErrorAnalysis.figure(distribution), terminator: "")
      print("wrote \(out)")
    }
  }
}
