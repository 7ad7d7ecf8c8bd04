import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchTestSupport
import Testing

@testable import KeyBenchTyping

/// Typo corpora, pair files and typing-error distributions: counts capped, every bad record
/// located, every distribution field validated at load, work bounded on long words.
@Suite struct HardeningTypoTests {
  let dir = try! TemporaryDirectory()
  static let layout = try! DeviceCatalog.shipped().layout(named: "pixel6pro-gboard")

  func failure(_ body: () throws -> Void) throws -> InputFileError {
    do {
      try body()
    } catch let error as InputFileError {
      return error
    }
    throw TestSupportError("no InputFileError")
  }

  func importing(_ format: TypoFormat, _ text: String) throws -> InputFileError {
    let path = try dir.write("corpus.txt", text: text)
    return try failure { _ = try TypoImport.read(format, path: path) }
  }

  static let keystrokesHeader = "typed_before_backspace\tintended_word\tword_complete\tparticipant_id\ttest_section_id\n"

  /// One valid record per format, two lines long, so line 3 is the first line a test breaks.
  static let validStart: [TypoFormat: String] = [
    .mitton: "$the\nteh 2\n",
    .norvig: "the: teh thw\nand: adn\n",
    .codespell: "teh->the\nadn->and\n",
    .keystrokes: keystrokesHeader + "teh\tthe\t1\t5\t16\n",
    .keystrokesUnfinished: keystrokesHeader + "th\tthe\t0\t5\t16\n",
    .keystrokesSentences: "PARTICIPANT_ID\tTEST_SECTION_ID\tSENTENCE\tUSER_INPUT\tKEYSTROKE_ID\n1\t2\tSee you.\tSee you.\t1\n",
    .keystrokeErasures: "PARTICIPANT_ID\tTEST_SECTION_ID\tSENTENCE\tUSER_INPUT\tKEYSTROKE_ID\tPRESS_TIME\tRELEASE_TIME\tLETTER\tKEYCODE\n",
    .hroest: "dsa;das\nnciht;nicht\n",
    .ukp: "",
    .ukpSentences: "",
  ]

  /// `teh 1000000000` in a Mitton file allocated 35 GB and aborted; now the count is refused
  /// at its line before a single pair is made.
  @Test func countsInsideFilesAreCapped() throws {
    #expect(TypoImport.maximumCount == 10_000)
    let clock = ContinuousClock()
    let start = clock.now
    let mitton = try importing(.mitton, "$the\nteh 3\nthw 1000000000\n")
    #expect(clock.now - start < .seconds(2))
    #expect(mitton.line == 3 && mitton.reason == "count 1000000000 is outside 1…10000, the most one entry may carry")
    let norvig = try importing(.norvig, "the: teh*2, thw*99999999999999999999999\n")
    #expect(norvig.line == 1 && norvig.reason.hasPrefix("count 99999999999999999999999 is outside 1…10000"))
    for bad in ["teh -5", "teh 3.5", "teh 0", "teh +4", "teh 1e9"] {
      let error = try importing(.mitton, "$the\n\(bad)\n")
      #expect(error.line == 2, "\(bad)")
      #expect(error.reason.contains("1…10000"), "\(bad): \(error.reason)")
    }
    #expect(try importing(.norvig, "the: teh*0\n").reason.hasPrefix("count 0 is outside 1…10000"))
    // The largest allowed count still imports, and a tab separates the count too.
    let path = try dir.write("holbrook.dat", text: "$the\nteh\t10000\n")
    #expect(try TypoImport.read(.mitton, path: path).pairs.count == 10_000)
  }

  @Test func pairsInAllAreCapped() throws {
    let path = try dir.write("many.txt", text: "$the\nteh 6\nthw 5\n")
    #expect(try TypoImport.read(.mitton, path: path, source: nil, maximumPairs: 11).pairs.count == 11)
    let error = try failure { _ = try TypoImport.read(.mitton, path: path, source: nil, maximumPairs: 10) }
    #expect(error.line == 3 && error.reason == "more than 10 pairs in one file; split the file")
  }

  /// Every importer checks UTF-8 per line and refuses over-long lines, with the line number.
  @Test(arguments: TypoFormat.allCases)
  func everyFormatLocatesInvalidUTF8AndLongLines(format: TypoFormat) throws {
    let start = Self.validStart[format]!
    let lines = start.isEmpty ? 0 : start.filter { $0 == "\n" }.count
    var bytes = Array(start.utf8) + Array("te".utf8) + [0xC3, 0x28] + Array("h\n".utf8)
    let path = try dir.write("corpus.txt", bytes: bytes)
    let utf8 = try failure { _ = try TypoImport.read(format, path: path) }
    #expect(utf8.kind == .invalidUTF8 && utf8.line == lines + 1, "\(utf8)")
    bytes = Array(start.utf8) + Array(String(repeating: "a", count: 70_000).utf8) + [0x0A]
    try dir.write("corpus.txt", bytes: bytes)
    let long = try failure { _ = try TypoImport.read(format, path: path) }
    #expect(long.line == lines + 1, "\(long)")
    #expect(long.reason == "line is 70000 bytes long; at most 65536 are allowed")
  }

  /// A bad record in any format stops the import at its line.
  @Test(arguments: [
    (TypoFormat.mitton, "teh\n$the\n", 1, "misspelling before the first '$correct' line"),
    (.mitton, "$the\n$\n", 2, "'$' without a correct word"),
    (.mitton, "$the\nteh 2 3\n", 2, "expected 'misspelling [count]', got 'teh 2 3'"),
    (.norvig, "the: teh\nand adn\n", 2, "expected 'right: wrong ...'"),
    (.norvig, ": teh\n", 1, "empty correct word before ':'"),
    (.norvig, "the: *3\n", 1, "bad count in '*3' (expected word*N)"),
    (.norvig, "the: teh, ,thw\n", 1, "no misspellings after ':'"),
    (.codespell, "teh->the\nadn and\n", 2, "expected 'wrong->right'"),
    (.codespell, "->the\n", 1, "empty side in '->the'"),
    (.keystrokes, "teh\tthe\t1\n", 1, "expected the header"),
    (.keystrokes, HardeningTypoTests.keystrokesHeader + "teh\tthe\n", 2, "expected 5 tab-separated fields, found 2"),
    (.keystrokes, HardeningTypoTests.keystrokesHeader + "teh\tthe\tyes\t1\t1\n", 2, "word_complete must be 0 or 1, got 'yes'"),
    (.keystrokesUnfinished, HardeningTypoTests.keystrokesHeader + "\tthe\t0\t1\t1\n", 2, "empty typed or intended word"),
    (.keystrokesUnfinished, HardeningTypoTests.keystrokesHeader + "th\tthe\t0\t1\t1\n" + String(repeating: "x", count: 150) + "\tthe\t0\t1\t1\n", 3,
     "the typed word is 150 characters long; at most 100 are aligned"),
    (.keystrokeErasures, "PARTICIPANT_ID\tTEST_SECTION_ID\n", 1, "expected the header"),
    (.keystrokeErasures, HardeningTypoTests.validStart[.keystrokeErasures]! + "1\t1\tA.\tA\t1\t5\t9\tA\t65\n1\t1\tA.\tA\n", 3, "expected at least 8 tab-separated fields, found 4"),
    (.keystrokeErasures, HardeningTypoTests.validStart[.keystrokeErasures]! + "1\t1\tA.\tA\t1\t-5\t9\tA\t65\n", 2, "KEYSTROKE_ID and PRESS_TIME must be whole numbers ≥ 0, got '1' and '-5'"),
    (.hroest, "dsa;das\nnciht nicht\n", 2, "expected 'wrong;right'"),
    (.hroest, ";das\n", 1, "empty side in ';das'"),
    (.ukp, "1\n2\nlasen\nlassen\nfive\nSie lasen.\n", 5, "offset 'five' is not a number"),
    (.ukp, "1\n2\nlasen\nlassen\n5\nSie lasen.\n3\n4\nfeet\nmeat\n9\nThey eat feet.\n", 1, "a record has 6 lines (id, revision, wrong, right, offset, sentence) and a blank line; line 7 continues this one"),
  ])
  func everyBadRecordIsLocated(format: TypoFormat, text: String, line: Int, reason: String) throws {
    let error = try importing(format, text)
    #expect(error.line == line, "\(error)")
    #expect(error.reason.hasPrefix(reason), "\(error)")
  }

  @Test func pairFilesLocateEveryBadLine() throws {
    let header = TypoPairFile.header + "\n"
    let cases: [([UInt8], Int, String)] = [
      (Array((header + "teh\tthe\t\ts\n").utf8) + [0x74, 0xFF, 0x09, 0x74, 0x09, 0x09, 0x73, 0x0A], 3, "line is not valid UTF-8"),
      (Array((header + "teh\tthe\t\ts\n" + String(repeating: "x", count: 66_000) + "\tthe\t\ts\n").utf8), 3, "line is 66007 bytes long; at most 65536 are allowed"),
      (Array((header + "teh\tthe\ts\n").utf8), 2, "expected 4 tab-separated fields, found 3"),
      (Array((header + "\tthe\t\ts\n").utf8), 2, "typed and intended must not be empty"),
      (Array("typed,intended\nteh,the\n".utf8), 1, "expected the header"),
    ]
    for (bytes, line, reason) in cases {
      let path = try dir.write("pairs.tsv", bytes: bytes)
      let error = try failure { _ = try TypoPairFile.read(path: path) }
      #expect(error.line == line && error.reason.hasPrefix(reason), "\(error)")
    }
  }

  /// Issue 43: a pair file saved with a UTF-8 byte order mark (Notepad, a spreadsheet's "CSV
  /// UTF-8") is read as the same pairs, not refused for a header it does have.
  @Test func aPairFileWithAByteOrderMarkReadsTheSame() throws {
    let text = TypoPairFile.header + "\nteh\tthe\t\ts\n"
    let plain = try dir.write("plain.tsv", text: text)
    let marked = try dir.write("marked.tsv", bytes: UTF8Text.byteOrderMark + Array(text.utf8))
    #expect(try TypoPairFile.read(path: marked) == TypoPairFile.read(path: plain))
  }

  /// A small consistent distribution with known lines: operations on line 6, letters t h e on
  /// lines 8–10, inserted on line 12.
  static let distribution = """
    {
      "layout": "pixel6pro-gboard/qwerty-en",
      "source": "hand-made",
      "pairs": 2,
      "rejectedPairs": 0,
      "operations": {"copy": 5, "near": 1, "delete": 1, "insert": 1},
      "letters": {
        "t": {"count": 2, "near": 0, "umlaut": 0, "case": 0, "edit": 0, "delete": 0, "confusions": {}},
        "h": {"count": 2, "near": 1, "umlaut": 0, "case": 0, "edit": 0, "delete": 1, "confusions": {"j": 1}},
        "e": {"count": 3, "near": 0, "umlaut": 0, "case": 0, "edit": 0, "delete": 0, "confusions": {}}
      },
      "inserted": {"e": 1}
    }
    """

  func readDistribution(_ text: String) throws -> TypingErrorDistribution {
    try TypingErrorDistribution.read(path: dir.write("dist.json", text: text))
  }

  /// Negative counts were accepted and corrupted 3,608 of 3,702 generated words; every field
  /// is now validated at load, naming the file, line and dotted field.
  @Test(arguments: [
    ("\"near\": 1, \"delete\"", "\"near\": -1, \"delete\"", 6, "operations.near must be an integer in 0…1000000000000, got -1"),
    ("\"copy\": 5", "\"copy\": 1e13", 6, "operations.copy must be an integer in 0…1000000000000, got 10000000000000"),
    ("\"copy\": 5", "\"copy\": 5000000000000", 6, "operations.copy must be an integer in 0…1000000000000, got 5000000000000"),
    ("\"copy\": 5", "\"copy\": 5.5", 6, "operations.copy must be a whole number (at most 2^53), got 5.5"),
    ("\"copy\": 5", "\"copy\": NaN", 6, "invalid JSON: NaN and Infinity are not JSON numbers"),
    ("\"copy\": 5", "\"copy\": 5, \"nearr\": 1", 6, "unknown key 'operations.nearr'"),
    ("\"pairs\": 2", "\"pairs\": -2", 4, "pairs must be an integer in 0…1000000000000, got -2"),
    ("\"t\": {\"count\": 2", "\"t\": {\"count\": -2", 8, "letters.t.count must be an integer in 0…1000000000000, got -2"),
    ("{\"j\": 1}", "{\"j\": -1}", 9, "letters.h.confusions.j must be an integer in 0…1000000000000, got -1"),
    ("{\"j\": 1}", "{\"j\": 2}", 9, "letters.h.confusions add up to 2, not to its near + edit slips (1)"),
    ("\"h\": {\"count\": 2", "\"h\": {\"count\": 1", 9, "letters.h.count is 1, fewer than its 2 errors"),
    ("\"near\": 1, \"delete\"", "\"near\": 3, \"delete\"", 6, "operations.near is 3 but the letters' near counts add up to 1"),
    ("\"e\": {\"count\": 3", "\"e\": {\"count\": 9", 7, "the letters' counts add up to 13, more than the 7 intended letters the operations count"),
    ("{\"e\": 1}", "{\"e\": 2}", 12, "inserted adds up to 2 but operations.insert is 1"),
    ("\"source\": \"hand-made\",", "\"source\": \"hand-made\", \"rate\": 1.5,", 3, "unknown key 'rate'"),
    ("\"pairs\": 2,\n", "", 1, "missing key 'pairs'"),
  ])
  func distributionFieldsAreValidatedAtLoad(from: String, to: String, line: Int, message: String) throws {
    #expect(Self.distribution.contains(from))
    let error = try failure { _ = try readDistribution(Self.distribution.replacingOccurrences(of: from, with: to)) }
    #expect(error.path.hasSuffix("dist.json"))
    #expect(error.line == line, "\(error)")
    #expect(error.reason.hasPrefix(message), "\(error)")
  }

  @Test func validDistributionsLoadAndKeepTheirRatesWithin0And1() throws {
    let hand = try readDistribution(Self.distribution)
    #expect(hand.keystrokes == 8 && abs(hand.errorRate - 3.0 / 8) < 1e-12)
    for operation in TypingOperation.allCases { #expect((0...1).contains(hand.rate(operation))) }
    let empty = try failure {
      _ = try readDistribution(#"{"layout": "x", "source": "x", "pairs": 0, "rejectedPairs": 0, "operations": {}, "letters": {}, "inserted": {}}"#)
    }
    #expect(empty.reason == "operations count no keystrokes; a distribution needs some to draw errors from")
    let utf8 = try failure {
      _ = try TypingErrorDistribution.read(path: dir.write("bad.json", bytes: Array("{\n\"layout\": \"".utf8) + [0xE9] + Array("\"}".utf8)))
    }
    #expect(utf8.kind == .invalidUTF8 && utf8.line == 2)
    for name in ["codespell-en", "keyboard-en", "keystrokes-en", "seed-fig41"] {
      let shipped = try TypingErrorDistribution.read(path: TestPaths.repository.appendingPathComponent("Corpora/typos/\(name).json").path)
      #expect(shipped.problems().isEmpty, "\(name)")
    }
  }

  /// What analyze writes reads back unchanged, and so does a scaled copy, whose letters' counts
  /// now add up to the intended keystrokes exactly; the channel counts are checked too.
  @Test func analyzedAndScaledDistributionsReadBack() throws {
    let words = ["the", "and", "quick", "brown", "letter", "keyboard", "typing", "errors", "happen", "often"]
    let pairs = (0..<200).map { index -> TypoPair in
      let word = words[index % words.count]
      var typed = Array(word)
      switch index % 5 {
      case 0: typed[1] = "x"
      case 1: typed.remove(at: 1)
      case 2: typed.insert(typed[0], at: 0)
      case 3: typed.swapAt(0, 1)
      default: break
      }
      return TypoPair(typed: String(typed), intended: word, source: "t")
    }
    let analyzed = TypingErrorAnalysis.analyze(pairs, layout: Self.layout, source: "made up")
    let path = dir.path("analyzed.json")
    try analyzed.write(to: path)
    #expect(try TypingErrorDistribution.read(path: path) == analyzed)
    #expect(analyzed.canScale(toErrorRate: 0.03) && !analyzed.canScale(toErrorRate: 0.9) && !analyzed.canScale(toErrorRate: 1e-300))
    let scaled = analyzed.scaled(toErrorRate: 0.03)
    #expect(abs(scaled.errorRate - 0.03) < 1e-4)
    let intended = scaled.keystrokes - (scaled.operations["insert"] ?? 0)
    #expect(scaled.letters.values.map(\.count).reduce(0, +) == intended)
    try scaled.write(to: path)
    #expect(try TypingErrorDistribution.read(path: path) == scaled)
    // A channel that does not add up is refused at its field.
    try analyzed.write(to: path)
    let original = try String(contentsOfFile: path, encoding: .utf8)
    let copies = try #require(analyzed.channel?.copies)
    let broken = original.replacingOccurrences(of: "\"copies\" : \(copies),", with: "\"copies\" : \(copies + 1),")
    #expect(broken != original)
    let lines = broken.split(separator: "\n", omittingEmptySubsequences: false)
    let lettersLine = try #require(lines.firstIndex { $0.contains("\"letters\" : \(analyzed.channel!.letters)") }) + 1
    let error = try failure { _ = try readDistribution(broken) }
    #expect(error.line == lettersLine)
    #expect(error.reason.hasPrefix("channel.letters is \(analyzed.channel!.letters), but copies, substitutions, deletions and transpositions add up to"))
  }

  /// Alignment is quadratic in word length: over-long pairs are left out (and can be counted
  /// first), so a corrupt pair file cannot make `analyze` run for hours or exhaust memory.
  @Test func analysisOfVeryLongWordsIsBounded() throws {
    let long = String(repeating: "abcdefghij", count: 100_000)
    let pairs = [
      TypoPair(typed: "teh", intended: "the", source: "t"), TypoPair(typed: long, intended: long + "x", source: "t"),
      TypoPair(typed: "x", intended: long, source: "t"),
    ]
    #expect(pairs.filter(TypingErrorAnalysis.isTooLong).count == 2)
    let clock = ContinuousClock()
    let start = clock.now
    let distribution = TypingErrorAnalysis.analyze(pairs, layout: Self.layout, source: "t")
    #expect(clock.now - start < .seconds(2))
    #expect(distribution.pairs == 1 && distribution.rejectedPairs == 0)
    let hundred = String(repeating: "a", count: 100)
    #expect(!TypingErrorAnalysis.isTooLong(TypoPair(typed: hundred, intended: hundred, source: "t")))
  }

  /// Confusion counts of zero (possible in a distribution built in code) are skipped instead of
  /// dividing by a zero total.
  @Test func generatorSurvivesZeroConfusions() throws {
    var distribution = TypingErrorDistribution(layout: "x", source: "code", operations: ["copy": 1, "near": 1, "edit": 1])
    var counts = TypingErrorDistribution.LetterCounts()
    counts.count = 2
    counts.confusions = ["r": 0, "p": 0]
    distribution.letters = ["e": counts, "t": counts]
    let pairs = TypoGenerator(distribution: distribution, layout: Self.layout).generate(text: "the tree between eleven letters", seed: 1, source: "t")
    #expect(pairs.count == 5)
    #expect(pairs.filter { !$0.isUnchanged }.count >= 4)
  }
}
