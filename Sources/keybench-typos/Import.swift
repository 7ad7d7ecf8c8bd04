import ArgumentParser
import KeyBenchCLI
import KeyBenchTyping

/// The corpus format as a command-line argument.
struct TypoFormatArgument: RawRepresentable {
  let format: TypoFormat
  init?(rawValue: String) {
    guard let format = TypoFormat(rawValue: rawValue) else { return nil }
    self.format = format
  }
  var rawValue: String { format.rawValue }
  static var allValueStrings: [String] { TypoFormat.allCases.map(\.rawValue) }
}

extension KeybenchTypos {
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Normalise a typo corpus into the pair TSV (typed, intended, context, source).",
      discussion: """
        Formats: mitton (Birkbeck, Holbrook, Aspell '$' files), norvig (test sets and spell-errors \
        with *N counts), codespell, keystrokes (136M Keystrokes backspaced words; only completed \
        words are kept), hroest (wrong;right), ukp (6-line real-word records with the sentence as \
        context). Counted entries become that many pairs; entries equal to the correct word are \
        dropped. A bad record stops the import with FILE:LINE: reason.

        Examples:
          keybench-typos import norvig ../shared/corpora/typos/en_norvig_spell-testset2.txt --out .keybench/corpora/norvig2.tsv
        """)

    @Argument(help: ArgumentHelp("Corpus format: \(TypoFormatArgument.allValueStrings.joined(separator: ", ")).", valueName: "format"))
    var format: TypoFormatArgument

    @Argument(help: "The corpus file.")
    var file: String

    @Option(help: "Source label for the pairs (default: the file name).")
    var source: String?

    @Option(help: "The pair TSV to write.")
    var out: String

    func run() throws {
      let result = try TypoImport.read(format.format, path: file, source: source)
      // An empty pair file would make every later step "succeed" on nothing.
      guard !result.pairs.isEmpty else {
        throw CommandFailure(
          "\(file): no typo pairs in \(format.rawValue) format (\(NumberFormatting.grouped(result.unchanged)) unchanged entries, \(NumberFormatting.grouped(result.incomplete)) keystroke rows of the other kind); nothing written")
      }
      try TypoPairFile.write(result.pairs, to: out)
      var note = "\(NumberFormatting.grouped(result.pairs.count)) pairs"
      if result.unchanged > 0 { note += ", \(NumberFormatting.grouped(result.unchanged)) unchanged entries dropped" }
      if result.incomplete > 0 { note += ", \(NumberFormatting.grouped(result.incomplete)) keystroke rows of the other kind (finished/unfinished) dropped" }
      print("\(note); wrote \(out)")
    }
  }
}
