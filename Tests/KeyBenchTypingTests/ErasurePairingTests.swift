import Foundation
import KeyBenchCore
import KeyBenchTestSupport
import Testing

@testable import KeyBenchTyping

/// Seed 002 §4.1's pairing: every erased run against as many characters typed next.
@Suite struct ErasurePairingTests {
  let dir = try! TemporaryDirectory()

  /// A raw key-event file in the 136M Keystrokes layout; each section's events are `(letter)`
  /// strings pressed 100 ms apart in the order given.
  func file(_ sections: [(input: String, keys: [String])], name: String = "raw.tsv") throws -> String {
    var lines = ["PARTICIPANT_ID\tTEST_SECTION_ID\tSENTENCE\tUSER_INPUT\tKEYSTROKE_ID\tPRESS_TIME\tRELEASE_TIME\tLETTER\tKEYCODE"]
    var id = 0
    for (s, section) in sections.enumerated() {
      for key in section.keys {
        id += 1
        lines.append("7\t\(s + 1)\tSentence.\t\(section.input)\t\(id)\t\(1_000 + id * 100)\t\(1_050 + id * 100)\t\(key)\t0")
      }
    }
    return try dir.write(name, text: lines.joined(separator: "\n") + "\n")
  }

  func keys(_ text: String) -> [String] { text.map(String.init) }

  @Test func anErasedRunIsPairedWithAsManyCharactersTypedNext() throws {
    // "ht" erased and typed over with "th"; then "is" typed on.
    let path = try file([("this", keys("ht") + ["BKSP", "BKSP"] + keys("this"))])
    let result = try ErasurePairing.keystrokes(path: path, source: "t")
    #expect(result.pairs.map { "\($0.typed)>\($0.intended)" } == ["ht>th"])
    #expect(result.unfinishedRuns == 0 && result.sections == 1)
  }

  /// A slip inside the replacement is taken back before the run grows; once the replacement is
  /// empty, further erasing extends the run to the left.
  @Test func erasingInsideTheReplacementShortensItBeforeTheRunGrows() throws {
    let path = try file([
      ("he", keys("teh") + ["BKSP", "BKSP"] + keys("x") + ["BKSP"] + keys("he")),
      ("ABC", keys("abc") + ["BKSP", "BKSP"] + keys("x") + ["BKSP", "BKSP"] + keys("ABC")),
    ])
    let result = try ErasurePairing.keystrokes(path: path, source: "t")
    #expect(result.pairs.map { "\($0.typed)>\($0.intended)" } == ["eh>he", "abc>ABC"])
  }

  /// Events are read in press order, not file order; named keys other than BKSP type nothing and
  /// are counted; a run the section ends before retyping is counted, not paired.
  @Test func pressOrderNamedKeysAndUnfinishedRuns() throws {
    let header = "PARTICIPANT_ID\tTEST_SECTION_ID\tSENTENCE\tUSER_INPUT\tKEYSTROKE_ID\tPRESS_TIME\tRELEASE_TIME\tLETTER\tKEYCODE"
    let rows = [
      "1\t1\tOn.\tOn\t2\t200\t260\tO\t79",  // pressed after the SHIFT below, listed first
      "1\t1\tOn.\tOn\t1\t150\t300\tSHIFT\t16",
      "1\t1\tOn.\tOn\t3\t300\t350\tm\t77",
      "1\t1\tOn.\tOn\t4\t400\t450\tARW_LEFT\t37",
      "1\t1\tOn.\tOn\t5\t500\t550\tBKSP\t8",
      "1\t1\tOn.\tOn\t6\t600\t650\tn\t78",
      "1\t1\tOn.\tOn\t7\t700\t750\tBKSP\t8",
    ]
    let path = try dir.write("order.tsv", text: ([header] + rows).joined(separator: "\n") + "\n")
    let result = try ErasurePairing.keystrokes(path: path, source: "t")
    #expect(result.pairs.map { "\($0.typed)>\($0.intended)" } == ["m>n"])
    #expect(result.passedOver == 2)
    #expect(result.unfinishedRuns == 1)
  }

  /// Events that carry a key code but no character cannot say what was typed: the section is left
  /// out and counted, never paired from guesses.
  @Test func sectionsWithoutCharactersAreLeftOut() throws {
    let path = try file([("ab", keys("ax") + ["BKSP"] + keys("b")), ("cd", ["", "c", "d"])])
    let result = try ErasurePairing.keystrokes(path: path, source: "t")
    #expect(result.sectionsWithoutCharacters == 1)
    #expect(result.pairs.map { "\($0.typed)>\($0.intended)" } == ["x>b"])
  }

  @Test func badInputNamesTheFileAndLine() throws {
    let wrongHeader = try dir.write("header.tsv", text: "typed\tintended\n")
    #expect(throws: InputFileError.self) { try ErasurePairing.keystrokes(path: wrongHeader) }
    var good = try String(contentsOfFile: try file([("a", ["a"])]), encoding: .utf8)
    good += "7\t2\tS.\tb\tnine\t1\t2\tb\t66\n"
    let badTime = try dir.write("time.tsv", text: good)
    do {
      _ = try ErasurePairing.keystrokes(path: badTime)
      Issue.record("a non-numeric KEYSTROKE_ID was accepted")
    } catch let error as InputFileError {
      #expect(error.line == 3 && error.path == badTime)
    }
    let many = try file([("abc", keys("abc"))], name: "many.tsv")
    #expect(throws: InputFileError.self) { try ErasurePairing.keystrokes(path: many, maximumEvents: 2) }
    let empty = try dir.write("empty.tsv", text: "PARTICIPANT_ID\tTEST_SECTION_ID\tSENTENCE\tUSER_INPUT\tKEYSTROKE_ID\tPRESS_TIME\tRELEASE_TIME\tLETTER\tKEYCODE\n")
    #expect(throws: InputFileError.self) { try ErasurePairing.keystrokes(path: empty) }
  }

  /// On the real sample, replaying a section's events in press order should give the typist's
  /// final input wherever no cursor key moved the caret — the check that order and erasing are
  /// read as the keyboard applied them; and every pair has equal sides, as the seed's rule makes
  /// them. The sample misses some events (`moning` replayed for `morning`), so not every replay
  /// can match: 344 of the 430 comparable sections do (by key id instead of press time 324).
  @Test(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI"))
  func replayingTheRealSampleGivesEachTypistsInput() throws {
    let path = TestPaths.corpus("taps/en_keystrokes136m_raw_sample.tsv")
    let sections = try ErasurePairing.read(path: path, maximumEvents: ErasurePairing.maximumEvents)
    // Sections where a key other than a character, BKSP, SHIFT or CAPS_LOCK was pressed (arrows,
    // HOME, INSERT, …) may have moved the caret: a replay without a caret cannot match those.
    var caretMoved: Set<String> = []
    try TextFile.forEachLine(path: path) { line, number in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard number > 1, fields.count > 7 else { return }
      if fields[7].count > 1, !["BKSP", "SHIFT", "CAPS_LOCK"].contains(String(fields[7])) { caretMoved.insert("\(fields[0])\t\(fields[1])") }
    }
    var checked = 0
    var differing: [String] = []
    for section in sections where !caretMoved.contains(section.key) && !section.events.contains(where: { $0.effect == .unknown }) {
      var scratch = ErasurePairingResult()
      let text = ErasurePairing.pair(section.events, source: "t", into: &scratch)
      checked += 1
      if text != section.input { differing.append("\(text) ≠ \(section.input)") }
    }
    #expect(checked >= 300, "only \(checked) sections without caret keys")
    #expect(differing.count * 4 <= checked, "\(differing.count) of \(checked) replays differ: \(differing.prefix(5))")
    let result = try ErasurePairing.keystrokes(path: path)
    #expect(!result.pairs.isEmpty)
    #expect(result.pairs.allSatisfy { $0.typed.count == $0.intended.count })
  }
}
