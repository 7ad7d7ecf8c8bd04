import Foundation
import KeyBenchCore
import KeyBenchLexicon
import KeyBenchTestSupport
import Testing

/// Integration tests over the real LatinIME lists in the shared corpora (run on CI).
@Suite(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) struct RealWordlistTests {
  @Test func enUSCountsMatchTheSource() throws {
    let (wordlist, report) = try LatinIMEParser().parse(
      path: TestPaths.corpus("latinime/en_US_wordlist.combined.gz"))
    let stats = wordlist.statistics
    #expect(report.compression == .gzip)
    #expect(report.wordLines == 160_715)
    #expect(stats.notAWord == 47)
    #expect(stats.profanity == 390)
    #expect(stats.shortcuts == 99)
    #expect(report.malformedLines == 0)
    #expect(wordlist.locale == "en_US")
    let lexicon = Lexicon(wordlist: wordlist)
    #expect(lexicon.entries(startingWith: "t").first?.word == "the")
  }

  @Test func deCountsMatchTheSource() throws {
    let (wordlist, report) = try LatinIMEParser().parse(
      path: TestPaths.corpus("latinime/de_wordlist.combined.gz"))
    #expect(report.wordLines == 205_888)
    #expect(report.malformedLines == 0)
    #expect(wordlist.headerValue("REQUIRES_GERMAN_UMLAUT_PROCESSING") == "1")
    let lexicon = Lexicon(wordlist: wordlist)
    #expect(lexicon.entries(startingWith: "ü").count > 100)
  }

  /// The real lists end with their f=0 entries; the plain en_US list cut at a line boundary does
  /// not, and cut inside a line it is refused.
  @Test func cutCopiesOfTheRealListAreDetected() throws {
    let (_, report) = try LatinIMEParser().parse(path: TestPaths.corpus("latinime/en_US_wordlist.combined.gz"))
    #expect(report.suspectedCut == nil)
    let dir = try TemporaryDirectory()
    let plain = try Run.tool("/bin/gzip", ["-dc", TestPaths.corpus("latinime/en_US_wordlist.combined.gz")]).stdoutBytes
    let lines = plain.split(separator: 0x0A, omittingEmptySubsequences: false)
    let atLine = Array(lines.prefix(96_440).joined(separator: [0x0A])) + [0x0A]
    let (cut, cutReport) = try LatinIMEParser().parse(path: try dir.write("cut.combined", bytes: atLine))
    #expect(cut.words.count < 96_440)
    #expect(cutReport.suspectedCut?.contains("cut short") == true)
    let inside = Array(plain.prefix(3_000_000))
    #expect(inside.last != 0x0A)
    #expect(throws: InputFileError.self) { try LatinIMEParser().parse(path: try dir.write("inside.combined", bytes: inside)) }
  }
}
