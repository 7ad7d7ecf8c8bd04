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

  /// UKP's one marked error per sentence; the other words are identity pairs, and a stem record
  /// (`monkey` for "monkeys") keeps the word's ending on the right word.
  @Test func ukpRecordsBecomeSentences() throws {
    let file = try dir.write(
      "u.txt",
      text: """
        1
        42
        feet
        meat
        23
        Other animals eat only feet and are called carnivores.

        2
        43
        monkey
        monk
        56
        History The first people who lived there were Irish monkeys.

        """)
    let result = try SentenceImport.ukp(path: file, source: "u")
    #expect(result.sentences == 2)
    #expect(result.pairs.filter { !$0.isUnchanged }.map { "\($0.typed)>\($0.intended)" } == ["feet>meat", "monkeys>monks"])
    #expect(result.pairs.count == 9 + 10)
    let meat = try #require(result.pairs.first { $0.intended == "meat" })
    #expect(meat.previous == ["Other", "animals", "eat", "only"])
    #expect(result.pairs.last?.previous?.suffix(2) == ["were", "Irish"])
    let missing = try dir.write("m.txt", text: "1\n2\ngoat\ngoal\n3\nThe team scored a late goal.\n")
    do {
      _ = try SentenceImport.ukp(path: missing)
      Issue.record("expected an error")
    } catch let error as InputFileError {
      #expect(error.description.hasSuffix("m.txt:3: the wrong word 'goat' is not a word of its sentence"))
    }
  }

  // MARK: - keybench-typos import and keybench-run correct --context

  /// A database with the mini lexicon and `context-en.txt`'s counts as `texts`, and the fixture
  /// sentences as a pair file.
  func prepared() throws -> (db: String, pairs: String) {
    let db = dir.path("l.sqlite")
    let words = try dir.write(
      "en.combined",
      text: "dictionary=main:en_us,locale=en_US,description=t,date=1,version=54\n"
        + [("the", 230), ("to", 225), ("I", 220), ("there", 205), ("their", 195), ("went", 175), ("house", 170), ("yesterday", 160),
           ("can", 210), ("we", 215), ("meet", 170), ("at", 218), ("noon", 120), ("it's", 190), ("a", 228), ("lovely", 150),
           ("day", 190), ("isn't", 170), ("it", 222), ("left", 180), ("and", 226), ("arrived", 150), ("late", 170), ("of", 226), ("if", 212)]
          .map { " word=\($0.0),f=\($0.1)\n" }.joined())
    let ingested = try Run.product("keybench-ingest", [words, "--db", db, "--name", "en_US"])
    #expect(ingested.status == 0, "\(ingested.stderr)")
    let counted = try Run.product("keybench-ingest", ["--text", text, "--name", "texts", "--db", db])
    #expect(counted.status == 0, "\(counted.stderr)")
    let pairs = dir.path("s.tsv")
    let imported = try Run.product("keybench-typos", ["import", "keystrokes-sentences", raw, "--backspaced", backspaced, "--out", pairs])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.hasPrefix("23 words of 4 sentences: 7 typed wrongly, 16 typed correctly (1 of them differing only in case)"))
    return (db, pairs)
  }

  @Test func runCorrectWithContextReportsBothPassesSideBySide() throws {
    let (db, pairs) = try prepared()
    let out = dir.path("run")
    let result = try Run.product(
      "keybench-run", ["correct", "--lexicon", "en_US", "--db", db, "--pairs", pairs, "--corrector", "keyboard,baseline", "--context", "texts", "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/summary.json"))) as! [String: Any]
    let all = try #require(summary["metrics"] as? [String: Any])
    let metrics = all.compactMapValues { $0 as? [String: Any] }
    #expect(Set(all.keys).subtracting(metrics.keys) == ["peak_resident_mib"])
    #expect(Set(metrics.keys) == ["keyboard", "keyboard+context", "baseline", "baseline+context"])
    #expect(metrics["keyboard+context"]?["words"] as? Double == 23)
    #expect(metrics["keyboard+context"]?["false_corrections"] != nil)
    // The baseline ignores previous words: both passes agree.
    #expect(metrics["baseline"]?["top1"] as? Double == metrics["baseline+context"]?["top1"] as? Double)
    #expect((summary["config"] as? [String: Any])?["context"] as? String == "texts")
    #expect(try ProvenanceCheck.problems(inRun: out, expectedRoles: ["pairs", "ngrams texts", "error_model"], unit: "pairs") == [])
    let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
    #expect(report.contains("## With and without context"))
    #expect(report.contains("trained on running texts only"))
    #expect(report.contains("0 of the 3 test sentences of 6+ words occur verbatim"))
    #expect(report.contains("| keyboard | "))
    let csv = try String(contentsOfFile: "\(out)/results.csv", encoding: .utf8).split(separator: "\n")
    #expect(csv.count == 1 + 4 * 23)
    let page = dir.path("run.html")
    let html = try Run.product("keybench-report", ["html", out, "--out", page])
    #expect(html.status == 0, "\(html.stderr)")
    let text = try String(contentsOfFile: page, encoding: .utf8)
    #expect(text.contains("Correction without and with context (run)"))
    #expect(text.contains("False corrections (run)"))
  }

  /// `--sample N` spreads the pairs over sentences, each pair keeping the sentence it came from.
  @Test func aSampleSpreadsPairsOverSentences() throws {
    let (db, pairs) = try prepared()
    let out = dir.path("sampled")
    let result = try Run.product(
      "keybench-run", ["correct", "--lexicon", "en_US", "--db", db, "--pairs", pairs, "--corrector", "baseline", "--sample", "3", "--sample-seed", "4", "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("outside --sample 3 (seed 4)"), "\(result.stderr)")
    let rows = try String(contentsOfFile: "\(out)/results.csv", encoding: .utf8).split(separator: "\n").dropFirst()
      .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    #expect(rows.count == 3)
    // Three pairs from three of the four sentences, each labelled as the whole set labels it.
    #expect(Set(rows.map { $0[2] }).count == 3)
    let whole = dir.path("whole")
    #expect(try Run.product(
      "keybench-run", ["correct", "--lexicon", "en_US", "--db", db, "--pairs", pairs, "--corrector", "baseline", "--out", whole]).status == 0)
    var sentencesOf: [String: Set<String>] = [:]
    for row in try String(contentsOfFile: "\(whole)/results.csv", encoding: .utf8).split(separator: "\n").dropFirst() {
      let fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      sentencesOf[fields[3], default: []].insert(fields[2])
    }
    for row in rows { #expect(sentencesOf[row[3]]?.contains(row[2]) == true, "\(row[3]) in \(row[2])") }
  }

  /// A context model that saw the test sentences is refused before any corrector runs; an earlier
  /// run folder stays as it was.
  @Test func contextTrainedOnTheTestSentencesIsRefused() throws {
    let (db, pairs) = try prepared()
    let leaked = try dir.write("leak.txt", text: "I went to their house yesterday. It was a lovely day.\n")
    #expect(try Run.product("keybench-ingest", ["--text", leaked, "--name", "leak", "--db", db]).status == 0)
    let out = dir.path("run")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let earlier = try dir.write("run/report.md", text: "earlier")
    let result = try Run.product(
      "keybench-run", ["correct", "--lexicon", "en_US", "--db", db, "--pairs", pairs, "--corrector", "keyboard", "--context", "leak", "--out", out])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--context leak was trained on the test sentences: \(pairs): 1 of 3 test sentences of 6+ words also occur in the training text"), "\(result.stderr)")
    #expect(try String(contentsOfFile: earlier, encoding: .utf8) == "earlier")
    let unknown = try Run.product(
      "keybench-run", ["correct", "--lexicon", "en_US", "--db", db, "--pairs", pairs, "--corrector", "keyboard", "--context", "nope", "--out", out])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("nope"))
  }

  @Test func contextNeedsASentenceLevelSetAndARangeCheckedWeight() throws {
    let (db, pairs) = try prepared()
    let words = try dir.write("w.tsv", text: "typed\tintended\tcontext\tsource\nteh\tthe\t\tt\n")
    let flat = try Run.product(
      "keybench-run", ["correct", "--lexicon", "en_US", "--db", db, "--pairs", words, "--corrector", "keyboard", "--context", "texts", "--out", dir.path("a")])
    #expect(flat.status == 2)
    #expect(flat.stderr.contains("w.tsv: no pair carries previous words, so --context has nothing to use"))
    let config = try dir.write("k.json", text: "{\"contextWeight\": 11}")
    let heavy = try Run.product(
      "keybench-run",
      ["correct", "--lexicon", "en_US", "--db", db, "--pairs", pairs, "--corrector", "keyboard", "--keyboard-config", config, "--context", "texts", "--out", dir.path("b")])
    #expect(heavy.status == 2)
    #expect(heavy.stderr.contains("contextWeight"), "\(heavy.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.path("b")))
    // A bad row in the raw file: one message naming file and line, the earlier pair file intact.
    let broken = try dir.write("raw.tsv", text: "PARTICIPANT_ID\tTEST_SECTION_ID\tSENTENCE\tUSER_INPUT\tKEYSTROKE_ID\n7\t1\tSee you soon.\n")
    let before = try String(contentsOfFile: pairs, encoding: .utf8)
    let refused = try Run.product("keybench-typos", ["import", "keystrokes-sentences", broken, "--out", pairs])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("raw.tsv:2: expected at least 4 tab-separated fields, found 3"), "\(refused.stderr)")
    #expect(try String(contentsOfFile: pairs, encoding: .utf8) == before)
    let misplaced = try Run.product("keybench-typos", ["import", "norvig", raw, "--backspaced", backspaced, "--out", dir.path("c.tsv")])
    #expect(misplaced.status == 64)
    #expect(misplaced.stderr.contains("--backspaced only goes with the keystrokes-sentences format."))
  }
}
