import Foundation
import KeyBenchBench
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLanguageModel
import KeyBenchLexicon
import KeyBenchTestSupport
import KeyBenchTyping
import Testing

/// The sentence-level correction set (identity pairs, previous words) and correction with context.
@Suite struct SentenceCorrectionTests {
  let dir = try! TemporaryDirectory()
  let raw = TestPaths.fixture("sentences/raw.tsv")
  let backspaced = TestPaths.fixture("sentences/backspaced.tsv")
  let text = TestPaths.fixture("context-en.txt")

  /// Every word of every sentence in order; misspelled words as typo pairs, the rest as identity
  /// pairs, each with the sentence's earlier words as meant.
  @Test func importKeepsCorrectlyTypedWordsWithTheirPreviousWords() throws {
    let result = try SentenceImport.keystrokes(path: raw, source: "t")
    // "Please send me thereport." has 4 typed words for 5: left out whole.
    #expect(result.sentences == 4)
    #expect(result.misalignedSentences == 1)
    let rows = result.pairs.map { "\($0.typed)>\($0.intended)|\($0.previous?.joined(separator: " ") ?? "nil")" }
    #expect(
      rows == [
        "I>I|", "went>went|I", "to>to|I went", "there>their|I went to", "house>house|I went to their",
        "yesterday>yesterday|I went to their house",
        // "can" for "Can": capitalisation, not a spelling error.
        "can>can|", "we>we|Can", "meeet>meet|Can we", "at>at|Can we meet", "noon>noon|Can we meet at",
        "It's>It's|", "a>a|It's", "lovley>lovely|It's a", "day>day|It's a lovely", "isnt>isn't|It's a lovely day",
        "it>it|It's a lovely day isn't",
        // "9" has no letter: not scored, but a previous word.
        "We>We|", "left>left|We", "at>at|We left", "and>and|We left at 9", "arived>arrived|We left at 9 and",
        "late>late|We left at 9 and arrived",
      ])
    #expect(result.caseOnly == 1)
    #expect(result.withoutLetters == 1)
    #expect(result.typos == 5)
    #expect(result.pairs.filter(\.isUnchanged).count == 18)
    #expect(SentenceImport.sentences(of: result.pairs).map { $0.joined(separator: " ") } == [
      "I went to their house yesterday", "Can we meet at noon", "It's a lovely day isn't it", "We left at 9 and arrived late",
    ])
  }

  /// A finished word the typist erased is what the keyboard saw: it replaces the final form.
  /// Unfinished words, unknown and left-out sections and unmatched words are counted, not used.
  @Test func backspacedFinishedWordsReplaceTheFinalForm() throws {
    let result = try SentenceImport.keystrokes(path: raw, backspaced: backspaced, source: "t")
    let house = try #require(result.pairs.first { $0.intended == "house" })
    #expect(house.typed == "hoyse")
    #expect(house.previous == ["I", "went", "to", "their"])
    // "aat" belongs to section 5's "at", not to section 2's.
    #expect(result.pairs.filter { $0.intended == "at" }.map(\.typed) == ["at", "aat"])
    #expect(result.backspacedUsed == 2)
    #expect(result.backspacedUnused == 3)  // unfinished "yest", section 999, misaligned section 3
    #expect(result.typos == 7)
  }

  @Test func pairFilesKeepPreviousWordsAndOldFilesStayFourColumns() throws {
    let result = try SentenceImport.keystrokes(path: raw, source: "t")
    let path = dir.path("s.tsv")
    try TypoPairFile.write(result.pairs, to: path)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written.hasPrefix("typed\tintended\tcontext\tsource\tprevious\nI\tI\t\tt\t\nwent\twent\t\tt\tI\n"))
    #expect(try TypoPairFile.read(path: path) == result.pairs)
    let old = dir.path("o.tsv")
    try TypoPairFile.write([TypoPair(typed: "teh", intended: "the", source: "t")], to: old)
    #expect(try String(contentsOfFile: old, encoding: .utf8) == "typed\tintended\tcontext\tsource\nteh\tthe\t\tt\n")
    #expect(try TypoPairFile.read(path: old).first?.previous == nil)
    let bad = try dir.write("b.tsv", text: "typed\tintended\tcontext\tsource\tprevious\nteh\tthe\t\tt\tI  went\n")
    do {
      _ = try TypoPairFile.read(path: bad)
      Issue.record("expected an error")
    } catch let error as InputFileError {
      #expect(error.description.hasSuffix("b.tsv:2: previous words must be separated by single spaces"))
    }
    let short = try dir.write("c.tsv", text: "typed\tintended\tcontext\tsource\tprevious\nteh\tthe\t\tt\n")
    #expect(throws: InputFileError.self) { try TypoPairFile.read(path: short) }
  }

  @Test func importRefusesBadRowsNamingFileAndLine() throws {
    let wrongHeader = try dir.write("h.tsv", text: "typed\tintended\nteh\tthe\n")
    do {
      _ = try SentenceImport.keystrokes(path: wrongHeader)
      Issue.record("expected an error")
    } catch let error as InputFileError {
      #expect(error.description.contains("h.tsv:1: expected the header 'PARTICIPANT_ID<TAB>TEST_SECTION_ID<TAB>SENTENCE<TAB>USER_INPUT"))
    }
    let header = "PARTICIPANT_ID\tTEST_SECTION_ID\tSENTENCE\tUSER_INPUT\tKEYSTROKE_ID\n"
    let disagreeing = try dir.write("d.tsv", text: header + "1\t2\tSee you soon.\tSee you soon\t1\n1\t2\tSee you later.\tSee you soon\t2\n")
    do {
      _ = try SentenceImport.keystrokes(path: disagreeing)
      Issue.record("expected an error")
    } catch let error as InputFileError {
      #expect(error.description.hasSuffix("d.tsv:3: participant 1 section 2 has another sentence or input than on line 2"))
    }
    let badFlag = try dir.write("e.tsv", text: "typed_before_backspace\tintended_word\tword_complete\tparticipant_id\ttest_section_id\nteh\tthe\tyes\t101\t1\n")
    do {
      _ = try SentenceImport.keystrokes(path: raw, backspaced: badFlag)
      Issue.record("expected an error")
    } catch let error as InputFileError {
      #expect(error.description.hasSuffix("e.tsv:2: word_complete must be 0 or 1, got 'yes'"))
    }
  }

  // MARK: - Correction with context

  func lexicon() -> CorrectionLexicon {
    let words: [(String, UInt8)] = [
      ("the", 230), ("to", 225), ("I", 220), ("there", 205), ("their", 195), ("three", 180), ("went", 175), ("house", 170),
      ("they", 200), ("then", 190), ("here", 185), ("where", 186), ("this", 215), ("thus", 150), ("afternoon", 160),
      ("around", 170), ("be", 215), ("you", 220), ("will", 210), ("of", 226), ("if", 212), ("a", 228), ("lot", 180),
      ("people", 190),
    ]
    return CorrectionLexicon(lexicon: Lexicon(name: "t", locale: "en", entries: words.map { Lexicon.Entry(word: $0.0, frequency: $0.1) }))
  }

  func keyboard(contextWeight: Double? = nil, model: WordContextModel?) throws -> KeyboardCorrector {
    let layout = try DeviceCatalog.shipped().layout(named: "pixel6pro-gboard")
    let distribution = try TypingErrorDistribution.read(path: TestPaths.repository.appendingPathComponent("Corpora/typos/keyboard-en.json").path)
    var config = KeyboardCorrector.Config()
    if let contextWeight { config.contextWeight = contextWeight }
    return try KeyboardCorrector(lexicon: lexicon(), distribution: distribution, layout: layout, config: config, contextModel: model)
  }

  /// "We met a lot if people": alone, "if" is a frequent real word and stays; after "a lot", a text
  /// where a lot is always "a lot of" makes "of" (one key to the right of i) the correction.
  @Test func contextFixesARealWordError() throws {
    let model = WordContextModel(counts: try NGramCounts(files: [text]))
    let corrector = try keyboard(model: model)
    #expect(corrector.config.contextWeight == KeyboardCorrector.Config().contextWeight)
    #expect(corrector.suggestions(for: "if", limit: 1) == ["if"])
    #expect(corrector.suggestions(for: "if", context: nil, previous: ["We", "met", "a", "lot"], limit: 1) == ["of"])
    // Where the text asks "if", it stays.
    #expect(corrector.suggestions(for: "if", context: nil, previous: ["Let", "me", "know"], limit: 1) == ["if"])
    // Weight 0 or no previous words: context plays no part.
    let off = try keyboard(contextWeight: 0, model: model)
    #expect(off.suggestions(for: "if", context: nil, previous: ["We", "met", "a", "lot"], limit: 1) == ["if"])
    #expect(corrector.suggestions(for: "if", context: nil, previous: nil, limit: 1) == ["if"])
  }

  /// "I went to there house": two letters apart, "their" needs more than the default weight's
  /// evidence from a 200-word text; a larger weight trusts the context more.
  @Test func theContextWeightDecidesHowMuchContextMayOverrule() throws {
    let model = WordContextModel(counts: try NGramCounts(files: [text]))
    #expect(model.logRatio("their", previous: ["went", "to"]) > 0)
    #expect(model.logRatio("there", previous: ["went", "to"]) < 0)
    #expect(try keyboard(model: model).suggestions(for: "there", context: nil, previous: ["I", "went", "to"], limit: 1) == ["there"])
    let trusting = try keyboard(contextWeight: 3, model: model)
    #expect(trusting.suggestions(for: "there", context: nil, previous: ["I", "went", "to"], limit: 1) == ["their"])
    #expect(trusting.suggestions(for: "there", context: nil, previous: ["I", "left", "my", "bag", "over"], limit: 1) == ["there"])
    var config = KeyboardCorrector.Config()
    config.contextWeight = 11
    #expect(config.validationErrors().contains { $0.contains("contextWeight") })
  }

  /// The context boost can reorder the list, so the early stop must not end the search before a
  /// boosted rarer word: the same top list as scoring every candidate.
  @Test func contextRankingMatchesAnExhaustiveSearch() throws {
    let model = WordContextModel(counts: try NGramCounts(files: [text]))
    let corrector = try keyboard(model: model)
    for typed in ["thier", "there", "hoise", "tge", "thwn"] {
      let few = corrector.suggestions(for: typed, context: nil, previous: ["went", "to"], limit: 2)
      let many = corrector.suggestions(for: typed, context: nil, previous: ["went", "to"], limit: 12)
      #expect(Array(many.prefix(2)) == few, "\(typed)")
    }
  }

  /// A corrector that changes every word it is given.
  final class ChangesEverything: Corrector {
    let name = "changes-everything"
    func suggestions(for typed: String, limit: Int) -> [String] { [String(typed.reversed()) + "x"] }
  }

  /// Identity pairs make a corrector that changes everything pay: every correctly typed word is a
  /// false correction, while the word-level view of its errors alone would hide it.
  @Test func changingEveryWordIsAHundredPercentFalseCorrections() throws {
    let pairs = try SentenceImport.keystrokes(path: raw, source: "t").pairs
    let benchmark = CorrectionBenchmark(lexicon: lexicon(), suggestions: 4)
    let results = try benchmark.run(ChangesEverything(), pairs: pairs, previousWords: true)
    let summary = CorrectionSummary(corrector: "changes-everything", results: results, top: 4)
    #expect(summary.falseCorrections == 1)
    #expect(summary.words == 23)
    #expect(summary.errors == 5)
    let honest = try keyboard(model: nil)
    let kept = CorrectionSummary(corrector: "keyboard", results: try benchmark.run(honest, pairs: pairs), top: 4)
    #expect(kept.falseCorrections < 1)
  }
}
