import ArgumentParser
import KeyBenchCLI
import KeyBenchCore
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

        keystrokes-sentences builds a sentence-level set from the 136M Keystrokes raw key-event file \
        (taps/en_keystrokes136m_raw_sample.tsv): every word of every typed sentence in order, \
        misspelled words as typo pairs and correctly typed ones as identity pairs (typed = \
        intended, so false corrections are measured), each with its previous words (a fifth \
        column). --backspaced adds the words typists finished wrongly and then erased (the \
        backspaced-word TSV) as the typed form of their word. ukp-sentences does the same with \
        the UKP real-word records: the marked error as a typo pair, the sentence's other words as \
        identity pairs.

        keystroke-erasures reads the same raw key-event file as seed 002 §4.1 read its logs: each \
        run of erased characters is paired with as many characters typed after it (cursor and \
        modifier keys are passed over, as the seed's logs did not record them), so `analyze` \
        counts the errors the seed's way. Pairs where the typist retyped the same characters are \
        kept (they add only correct keystrokes); sections whose events carry no characters are \
        left out and counted.

        Examples:
          keybench-typos import norvig ../shared/corpora/typos/en_norvig_spell-testset2.txt --out .keybench/corpora/norvig2.tsv
          keybench-typos import keystrokes-sentences ../shared/corpora/taps/en_keystrokes136m_raw_sample.tsv --backspaced ../shared/corpora/typos/en_keystrokes136m_backspaced_word_errors.tsv --out .keybench/corpora/keystrokes-sentences.tsv
          keybench-typos import keystroke-erasures ../shared/corpora/taps/en_keystrokes136m_raw_sample.tsv --out .keybench/corpora/keystroke-erasures.tsv
        """)

    @Argument(help: ArgumentHelp("Corpus format: \(TypoFormatArgument.allValueStrings.joined(separator: ", ")).", valueName: "format"))
    var format: TypoFormatArgument

    @Argument(help: "The corpus file.")
    var file: String

    @Option(help: "Source label for the pairs (default: the file name).")
    var source: String?

    @Option(help: "keystrokes-sentences: the 136M Keystrokes backspaced-word TSV, whose finished words typed wrongly become the typed form of their word.")
    var backspaced: String?

    @Option(help: "The pair TSV to write.")
    var out: String

    func validate() throws {
      if backspaced != nil, format.format != .keystrokesSentences {
        throw ValidationError("--backspaced only goes with the keystrokes-sentences format.")
      }
    }

    func run() throws {
      if [.keystrokesSentences, .ukpSentences].contains(format.format) {
        let result = format.format == .ukpSentences
          ? try SentenceImport.ukp(path: file, source: source)
          : try SentenceImport.keystrokes(path: file, backspaced: backspaced, source: source)
        guard !result.pairs.isEmpty else {
          throw CommandFailure("\(file): no sentence could be paired word by word (\(result.misalignedSentences) misaligned); nothing written")
        }
        try TypoPairFile.write(result.pairs, to: out)
        let words = result.pairs.count
        print(
          "\(NumberFormatting.grouped(words)) words of \(NumberFormatting.grouped(result.sentences)) sentences: \(NumberFormatting.grouped(result.typos)) typed wrongly, \(NumberFormatting.grouped(words - result.typos)) typed correctly (\(NumberFormatting.grouped(result.caseOnly)) of them differing only in case); \(NumberFormatting.grouped(result.misalignedSentences)) sentences left out (typed with another number of words), \(NumberFormatting.grouped(result.withoutLetters)) tokens without letters not scored"
            + (backspaced == nil ? "" : "; \(NumberFormatting.grouped(result.backspacedUsed)) erased finished words used, \(NumberFormatting.grouped(result.backspacedUnused)) backspaced rows not used")
            + "; wrote \(out)")
        return
      }
      if format.format == .keystrokeErasures {
        let result = try ErasurePairing.keystrokes(path: file, source: source)
        guard !result.pairs.isEmpty else {
          throw CommandFailure("\(file): no erased run was typed over in \(NumberFormatting.grouped(result.sections)) sections; nothing written")
        }
        try TypoPairFile.write(result.pairs, to: out)
        let changed = result.pairs.filter { !$0.isUnchanged }.count
        print(
          "\(NumberFormatting.grouped(result.pairs.count)) erased runs paired with what was typed next (\(NumberFormatting.grouped(changed)) typed over with other characters) in \(NumberFormatting.grouped(result.sections - result.sectionsWithoutCharacters)) sections; \(NumberFormatting.grouped(result.sectionsWithoutCharacters)) sections left out (key codes without characters), \(NumberFormatting.grouped(result.unfinishedRuns)) runs erased at a section's end, \(NumberFormatting.grouped(result.passedOver)) modifier and cursor keys passed over; wrote \(out)")
        return
      }
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

extension KeybenchTypos.Import: CommandFiles {
  var reads: [FileUse] { [FileUse("FILE", file)] + FileUse.file("--backspaced", backspaced) }
  var writes: [FileUse] { [FileUse("--out", out)] }
}
