import KeyBenchCore
import KeyBenchTestSupport
import KeyBenchTyping
import Testing

/// Every corpus format on small made-up files, bad records, and the shared corpora when present.
@Suite struct TypoImportTests {
  let dir = try! TemporaryDirectory()

  func pairs(_ format: TypoFormat, _ text: String) throws -> TypoImportResult {
    try TypoImport.read(format, path: dir.write("in.txt", text: text), source: "t")
  }

  @Test func mittonSpacesCountsAndUnchanged() throws {
    let result = try pairs(.mitton, "$a_lot\nalot\nAlot 2\n$the\nteh\nthe\n")
    #expect(result.pairs.map(\.typed) == ["alot", "Alot", "Alot", "teh"])
    #expect(result.pairs[0].intended == "a lot")
    #expect(result.unchanged == 1)
    #expect(throws: InputFileError.self) { try pairs(.mitton, "teh\n$the\n") }
    do {
      _ = try pairs(.mitton, "$the\nteh x y\n")
      Issue.record("expected an error")
    } catch let error as InputFileError {
      #expect(error.line == 2)
      #expect(error.description.hasSuffix("in.txt:2: expected 'misspelling [count]', got 'teh x y'"))
    }
  }

  @Test func norvigTestSetsAndCountedErrors() throws {
    let sets = try pairs(.norvig, "contented: contenpted contende\nproblem: problam\n")
    #expect(sets.pairs.map(\.typed) == ["contenpted", "contende", "problam"])
    let counted = try pairs(.norvig, "four: forer, fore*3, four\n")
    #expect(counted.pairs.map(\.typed) == ["forer", "fore", "fore", "fore"])
    #expect(counted.unchanged == 1)
    #expect(throws: InputFileError.self) { try pairs(.norvig, "four: fore*x\n") }
    #expect(throws: InputFileError.self) { try pairs(.norvig, "four fore\n") }
  }

  @Test func codespellHroestKeystrokesUKP() throws {
    #expect(try pairs(.codespell, "abotu->about, abbot,\n").pairs.map(\.intended) == ["about"])
    #expect(throws: InputFileError.self) { try pairs(.codespell, "abotu about\n") }
    let hroest = try pairs(.hroest, "jahr&shy;hundert;jahrhundert\nabgeordner;abgeordneter\n")
    #expect(hroest.pairs.map(\.typed) == ["jahr&shy;hundert", "abgeordner"])
    let keys = try pairs(
      .keystrokes,
      "typed_before_backspace\tintended_word\tword_complete\tparticipant_id\ttest_section_id\nht\tthis\t0\t5\t15\nteh\tthe\t1\t5\t16\n")
    #expect(keys.pairs.map(\.typed) == ["teh"])
    #expect(keys.incomplete == 1)
    #expect(throws: InputFileError.self) {
      try pairs(.keystrokes, "typed_before_backspace\tintended_word\tword_complete\nteh\tthe\tyes\n")
    }
    let ukp = try pairs(.ukp, "1\n2\nlasen\nlassen\n5\nSie lasen.\n\n3\n4\nfeet\nmeat\n9\nThey eat feet.\n")
    #expect(ukp.pairs.map(\.typed) == ["lasen", "feet"])
    #expect(ukp.pairs[1].context == "They eat feet.")
    do {
      _ = try pairs(.ukp, "1\n2\nlasen\nlassen\n\n")
      Issue.record("expected an error")
    } catch let error as InputFileError {
      #expect(error.line == 1)
    }
  }

  @Test func pairFileRoundTripAndErrors() throws {
    let written = [
      TypoPair(typed: "teh", intended: "the", source: "a"),
      TypoPair(typed: "feet", intended: "meat", context: "They eat\tfeet.", source: "b"),
    ]
    let path = dir.path("p.tsv")
    try TypoPairFile.write(written, to: path)
    let read = try TypoPairFile.read(path: path)
    #expect(read.map(\.typed) == ["teh", "feet"])
    #expect(read[1].context == "They eat feet.")
    let bad = try dir.write("bad.tsv", text: TypoPairFile.header + "\nteh\tthe\n")
    #expect(throws: InputFileError(path: bad, line: 2, kind: .malformed, reason: "expected 4 tab-separated fields, found 2")) {
      try TypoPairFile.read(path: bad)
    }
  }

  /// The shared corpora import completely, with the record counts the corpora README gives.
  @Test(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) func sharedCorpora() throws {
    func count(_ format: TypoFormat, _ file: String) throws -> Int {
      try TypoImport.read(format, path: TestPaths.corpus("typos/\(file)")).pairs.count
    }
    #expect(try count(.norvig, "en_norvig_spell-testset1.txt") == 270)
    #expect(try count(.norvig, "en_norvig_spell-testset2.txt") == 400)
    #expect(try count(.codespell, "en_codespell_dictionary.txt") == 64_980)
    #expect(try count(.hroest, "de_wikipedia_hroest_curated.txt") == 4_675)
    let keystrokes = try TypoImport.read(.keystrokes, path: TestPaths.corpus("typos/en_keystrokes136m_backspaced_word_errors.tsv"))
    #expect(keystrokes.pairs.count + keystrokes.incomplete == 22_384)
    #expect(try count(.mitton, "en_birkbeck_missp.dat") > 35_000)
    #expect(try count(.mitton, "en_holbrook_missp.dat") > 1_791)
    #expect(try count(.mitton, "en_aspell_mitton.dat") == 531)
    #expect(try count(.ukp, "en_ukp_wiki_realword_train.txt") > 100)
    #expect(try count(.ukp, "de_ukp_wiki_realword_train.txt") > 100)
    #expect(try count(.norvig, "en_norvig_spell-errors.txt") > 158_000)
  }
}

@Suite struct UnfinishedKeystrokeTests {
  /// An unfinished word is paired with the intended word's prefix it aligns with best.
  @Test func alignedPrefixes() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.write(
      "k.tsv",
      text: "typed_before_backspace\tintended_word\tword_complete\tparticipant_id\ttest_section_id\nmuh\tmuch\t0\t1\t1\nalwai\talways\t0\t1\t2\nteh\tthe\t1\t1\t3\n")
    let result = try TypoImport.read(.keystrokesUnfinished, path: path)
    #expect(result.pairs.map(\.intended) == ["muc", "alway"])
    #expect(result.incomplete == 1)
  }
}
