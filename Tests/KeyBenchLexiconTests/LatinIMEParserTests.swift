import Foundation
import KeyBenchCore
import KeyBenchLexicon
import KeyBenchTestSupport
import Testing

@Suite struct LatinIMEParserTests {
  let mini = TestPaths.fixture("mini.combined")

  @Test func keepsEveryHeaderAttributeInOrder() throws {
    let (wordlist, _) = try LatinIMEParser().parse(path: mini)
    #expect(wordlist.header.map(\.key) == [
      "dictionary", "locale", "description", "date", "version", "REQUIRES_GERMAN_UMLAUT_PROCESSING",
    ])
    #expect(wordlist.locale == "de")
    #expect(wordlist.headerValue("REQUIRES_GERMAN_UMLAUT_PROCESSING") == "1")
  }

  @Test func parsesWordsChildrenAndFlags() throws {
    let (wordlist, report) = try LatinIMEParser().parse(path: mini)
    let byWord = Dictionary(uniqueKeysWithValues: wordlist.words.map { ($0.word, $0) })
    #expect(byWord["der"]?.bigrams.map(\.next) == ["Mann", "Tag"])
    #expect(byWord["der"]?.bigrams.first?.frequency == 180)
    #expect(byWord["gehts"]?.notAWord == true)
    #expect(byWord["gehts"]?.shortcuts == [.init(target: "geht's", frequency: 15)])
    #expect(byWord["gehts"]?.shortcuts.first?.isWhitelist == true)
    #expect(byWord["mfg"]?.shortcuts.first == .init(target: "mit freundlichen Grüßen", frequency: 10))
    #expect(byWord["mfg"]?.extraAttributes == [.init(key: "whitelist", value: "mit")])
    #expect(byWord["km"]?.flags == "abbreviation")
    #expect(byWord["Mist"]?.isProfanity == true)
    #expect(byWord["Mist"]?.possiblyOffensive == true)
    #expect(byWord["Mist"]?.originalFrequency == 120)
    #expect(byWord["Straße"]?.frequency == 160)
    #expect(report.wordLines == 23)
    #expect(report.shortcutLines == 2)
    #expect(report.bigramLines == 3)
  }

  @Test func duplicateWordsKeepTheHigherFrequencyAndAreCounted() throws {
    let (wordlist, report) = try LatinIMEParser().parse(path: mini)
    // "Tag" appears with f=165 and later with f=140.
    #expect(wordlist.words.filter { $0.word == "Tag" }.map(\.frequency) == [165])
    #expect(report.duplicateWords == 1)
    #expect(report.firstDuplicate == "'Tag' on line 32 (first on line 19)")
    #expect(wordlist.statistics.words == 22)
    // Issue 43: strict mode refuses the list at the repeated word instead of merging it.
    #expect {
      try LatinIMEParser(strict: true).parse(path: mini)
    } throws: { error in
      (error as? InputFileError)?.line == 32 && (error as? InputFileError)?.reason.hasPrefix("duplicate word 'Tag' on line 32 (first on line 19)") == true
    }
  }

  @Test func statisticsCountWhatTheSummaryPrints() throws {
    let (wordlist, _) = try LatinIMEParser().parse(path: mini)
    let stats = wordlist.statistics
    #expect(stats.notAWord == 1)
    #expect(stats.realWords == 21)
    #expect(stats.profanity == 1)
    #expect(stats.possiblyOffensive == 2)
    #expect(stats.shortcuts == 2)
    #expect(stats.whitelistShortcuts == 1)
    #expect(stats.bigrams == 3)
  }

  /// The fixture with `lines` appended, in a temporary folder.
  private func fixture(appending lines: [String], in dir: TemporaryDirectory) throws -> String {
    let base = try String(contentsOfFile: mini, encoding: .utf8)
    return try dir.write("bad.combined", text: base + lines.joined(separator: "\n") + "\n")
  }

  @Test func malformedLinesAreSkippedCountedAndLocated() throws {
    let dir = try TemporaryDirectory()
    let baseLines = try String(contentsOfFile: mini, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
    let path = try fixture(appending: [
      " word=ohnefrequenz,flags=",  // no f
      " word=zuhoch,f=300",  // f out of range
      "  bigram=waise,f=10",  // child of a malformed word
      " word=gut,f=100",
      "  shortcut=besser,f=20",  // shortcut f out of range
      "\tword=tab,f=10",  // unknown line shape
      " word=,f=10",  // empty word
      " word=ja,f=120,not_a_word=vielleicht",  // bad boolean
    ], in: dir)
    let (wordlist, report) = try LatinIMEParser().parse(path: path)
    #expect(report.malformedLines == 7)
    #expect(wordlist.words.contains { $0.word == "gut" })
    #expect(!wordlist.words.contains { $0.word == "zuhoch" || $0.word == "ja" })
    let first = try #require(report.malformedExamples.first)
    #expect(first.line == baseLines + 1)
    #expect(first.description == "\(path):\(baseLines + 1): word 'ohnefrequenz' has no f= frequency")
    #expect(report.malformedExamples[1].reason == "f must be an integer 0…255, got '300'")
    #expect(report.malformedExamples[2].reason == "belongs to the malformed word on line \(baseLines + 2)")
    #expect(report.malformedExamples[3].reason == "shortcut f must be an integer 0…14, got '20'")
  }

  @Test func onlyTheFirstTenMalformedLinesAreKept() throws {
    let dir = try TemporaryDirectory()
    let path = try fixture(appending: (0..<25).map { " word=w\($0),f=x" }, in: dir)
    let (_, report) = try LatinIMEParser().parse(path: path)
    #expect(report.malformedLines == 25)
    #expect(report.malformedExamples.count == 10)
  }

  @Test func strictModeStopsAtTheFirstMalformedLine() throws {
    let dir = try TemporaryDirectory()
    let base = try String(contentsOfFile: mini, encoding: .utf8).replacingOccurrences(of: " word=Tag,f=140,flags=,originalFreq=140\n", with: "")
    let path = try dir.write("bad.combined", text: base + [" word=gut,f=100", " word=zuhoch,f=300", " word=x"].joined(separator: "\n") + "\n")
    #expect {
      try LatinIMEParser(strict: true).parse(path: path)
    } throws: { error in
      guard let error = error as? InputFileError else { return false }
      return error.kind == .malformed && error.reason.contains("'300'")
    }
  }

  @Test func invalidUTF8IsAFileErrorWithItsLine() throws {
    let dir = try TemporaryDirectory()
    var bytes = Array("dictionary=main:en,locale=en\n word=ok,f=10\n word=".utf8)
    bytes += [0xC3, 0x28]  // invalid continuation byte
    bytes += Array(",f=10\n".utf8)
    let path = try dir.write("latin1.combined", bytes: bytes)
    #expect {
      try LatinIMEParser().parse(path: path)
    } throws: { error in
      guard let error = error as? InputFileError else { return false }
      return error.kind == .invalidUTF8 && error.line == 3
    }
  }

  @Test func fileWithoutAHeaderIsRejected() throws {
    let dir = try TemporaryDirectory()
    let commentsOnly = try dir.write("comments.combined", text: "# nothing here\n\n")
    #expect { try LatinIMEParser().parse(path: commentsOnly) } throws: {
      ($0 as? InputFileError)?.kind == .empty
    }
    let wordsFirst = try dir.write("noheader.combined", text: " word=a,f=1\n")
    #expect { try LatinIMEParser().parse(path: wordsFirst) } throws: {
      ($0 as? InputFileError)?.line == 1
    }
  }

  @Test func gzipAndPlainGiveTheSameWordlist() throws {
    let dir = try TemporaryDirectory()
    _ = try dir.gzip(mini, to: "mini.combined.gz")
    let (plain, _) = try LatinIMEParser().parse(path: mini)
    let (gzip, report) = try LatinIMEParser().parse(path: dir.path("mini.combined.gz"))
    #expect(report.compression == .gzip)
    #expect(plain.words == gzip.words)
    #expect(plain.header == gzip.header)
  }

  @Test func theFormatsOwnSampleParses() throws {
    let sample = TestPaths.corpus("latinime/sample.combined")
    try #require(FileManager.default.fileExists(atPath: sample) || !TestPaths.runsCorpusTests)
    guard FileManager.default.fileExists(atPath: sample) else { return }
    let (wordlist, report) = try LatinIMEParser().parse(path: sample)
    #expect(report.malformedLines == 0)
    #expect(wordlist.words.map(\.word) == ["sample", "wordlist", "shortcut", "witelisted", "profanity"])
    #expect(wordlist.words[3].shortcuts == [.init(target: "whitelisted", frequency: 15)])
  }

  @Test func aPlainListEndingInsideALineIsCutShort() throws {
    let dir = try TemporaryDirectory()
    let text = try String(contentsOfFile: mini, encoding: .utf8)
    let lastLine = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    // Cut inside the last word line: " word=Tag,f=140,…" → " word=Tag,f=14" still parses, wrongly.
    for cut in [text.count - 1, text.count - 30] {
      let path = try dir.write("cut.combined", text: String(text.prefix(cut)))
      #expect {
        try LatinIMEParser().parse(path: path)
      } throws: { error in
        guard let error = error as? InputFileError else { return false }
        return error.kind == .malformed && error.line == lastLine && error.reason.contains("cut short")
      }
    }
    // The same lines ending with their newline, or a file ending in a comment, are complete.
    #expect(try LatinIMEParser().parse(path: try dir.write("whole.combined", text: text)).wordlist.words.count == 22)
    #expect(try LatinIMEParser().parse(path: try dir.write("comment.combined", text: text + "# end")).wordlist.words.count == 22)
  }

  @Test func aDicttoolOrderedListThatStopsBeforeItsProfanityIsSuspected() throws {
    let dir = try TemporaryDirectory()
    var lines = ["dictionary=main:en,locale=en"]
    for index in 0..<1_500 { lines.append(" word=w\(index),f=\(250 - index / 10)") }
    let complete = lines + [" word=damn,f=0,possibly_offensive=true"]
    let (_, whole) = try LatinIMEParser().parse(path: try dir.write("a.combined", text: complete.joined(separator: "\n") + "\n"))
    #expect(whole.suspectedCut == nil)
    let (_, cut) = try LatinIMEParser().parse(path: try dir.write("b.combined", text: lines.prefix(1_200).joined(separator: "\n") + "\n"))
    #expect(cut.suspectedCut?.contains("stops at f=131 on line 1200") == true, "\(cut.suspectedCut ?? "nil")")
    // Not in frequency order (hand-made), or too short to judge: no suspicion.
    let shuffled = [lines[0]] + lines.dropFirst().reversed()
    #expect(try LatinIMEParser().parse(path: try dir.write("c.combined", text: shuffled.joined(separator: "\n") + "\n")).report.suspectedCut == nil)
    #expect(try LatinIMEParser().parse(path: mini).report.suspectedCut == nil)
  }

  @Test func malformedShareCountsEveryEntryLineAfterTheHeader() throws {
    let dir = try TemporaryDirectory()
    let path = try fixture(appending: [" word=a,f=x", "junk", "  bigram=b,f=1"], in: dir)
    let (_, report) = try LatinIMEParser().parse(path: path)
    // mini's 28 entry lines (23 words, 2 shortcuts, 3 bigrams) plus three more.
    #expect(report.entryLines == 31)
    #expect(report.malformedLines == 3)
    #expect(abs(report.malformedShare - 3.0 / 31.0) < 1e-12)
  }

  @Test func aWordWithVeryManyChildLinesParsesInLinearTime() throws {
    let dir = try TemporaryDirectory()
    var text = "dictionary=main:en,locale=en\n word=hub,f=200\n"
    for index in 0..<100_000 { text += "  bigram=n\(index),f=\(index % 256)\n" }
    text += "  bigram=n7,f=1\n  shortcut=h,f=3\n  shortcut=h,f=3\n  shortcut=h,f=4\n"
    let path = try dir.write("hub.combined", text: text)
    let started = Date()
    let (wordlist, _) = try LatinIMEParser().parse(path: path)
    #expect(Date().timeIntervalSince(started) < 20, "a quadratic duplicate check takes minutes here")
    let hub = try #require(wordlist.words.first)
    // A repeated bigram keeps its first frequency; shortcuts are unique by target and frequency.
    #expect(hub.bigrams.count == 100_000 && hub.bigrams[7].frequency == 7)
    #expect(hub.shortcuts == [.init(target: "h", frequency: 3), .init(target: "h", frequency: 4)])
  }
}
