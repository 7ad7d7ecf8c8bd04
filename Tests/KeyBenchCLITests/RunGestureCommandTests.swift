import Foundation
import KeyBenchResults
import KeyBenchTestSupport
import Testing

/// `keybench-run gesture` end to end with the shipped schemes, and a broken scheme.
@Suite struct RunGestureCommandTests {
  static let text = String(repeating: "The quick brown fox jumps over the lazy dog; a puzzle for the queen. ", count: 20)

  @Test func comparesSchemesAndWritesReports() throws {
    let dir = try TemporaryDirectory()
    let text = try dir.write("t.txt", text: Self.text)
    let out = dir.path("run")
    let english = TestPaths.repository.appendingPathComponent("Corpora/gesture/english.xml").path
    let alphabetical = TestPaths.repository.appendingPathComponent("Corpora/gesture/alphabetical.xml").path
    let result = try Run.product(
      "keybench-run", ["gesture", "--scheme", english, "--scheme", alphabetical, "--text", text, "--device", "ipad4", "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try ProvenanceCheck.problems(inRun: out, expectedRoles: ["text", "scheme", "device", "layout"], unit: "words") == [])
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/summary.json"))) as! [String: Any]
    #expect(json["bench"] as? String == "gesture")
    let metrics = try #require(json["metrics"] as? [String: Any])
    #expect((metrics["words"] as? NSNumber)?.intValue == 280)
    let schemes = try #require(metrics["schemes"] as? [String: [String: Double]])
    #expect(Set(schemes.keys) == ["english", "alphabetical"])
    for (_, values) in schemes {
      #expect(values["cer"]! < 0.05)
      #expect(values["qwerty_path_mm_per_letter"]! > 0)
      #expect(values["crossings_per_char"]! > 1)
    }
    // The frequency-ordered scheme needs fewer border crossings than the alphabet.
    #expect(schemes["english"]!["border_crossings_per_letter"]! < schemes["alphabetical"]!["border_crossings_per_letter"]!)
    let csv = try String(contentsOfFile: "\(out)/results.csv", encoding: .utf8).split(separator: "\n")
    #expect(csv.count == 1 + 2 * 14 * 20)
    #expect(csv[0] == "algorithm,item,group,target,rank,candidates,time_us,edits,space_error,char_errors,chars,points,crossings,path_mm,ideal_path_mm,qwerty_path_mm")
    let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
    #expect(report.contains("| english (`\(english)`)"))
    #expect(report.contains("## How sure these numbers are") && report.contains("| alphabetical | cer |"))

    // One long-form table: both schemes, the same words (grouped by the word), and the
    // statistics' error rates are the summary's, bit for bit.
    let table = try ResultTable(path: out)
    #expect(Set(table.algorithms) == ["english", "alphabetical"])
    #expect(StatisticsCheck.pairingProblems(table.rows.map { ($0.algorithm, $0.item, $0.group) }) == [])
    #expect(Set(table.rows.map(\.group)) == ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "a", "puzzle", "for", "queen"])
    for index in table.rows.indices {
      let row = table.rows[index]
      #expect((row.rank == 1) == (table.extra("edits", at: index) == "0"))
      #expect(table.extra("chars", at: index) == String(row.target.count + (row.item == "1" ? 0 : 1)))
    }
    #expect(try StatisticsCheck.read(inRun: out).group == "word")
    let summary = try StatisticsCheck.summary(inRun: out)
    let problems = try StatisticsCheck.problems(inRun: out, algorithms: ["english", "alphabetical"], metrics: ["cer", "word_error_rate"]) {
      StatisticsCheck.value(summary, ["metrics", "schemes", $0, $1])
    }
    #expect(problems == [])
  }

  @Test func brokenSchemeFailsNamingFileAndLine() throws {
    let dir = try TemporaryDirectory()
    let text = try dir.write("t.txt", text: Self.text)
    let scheme = try dir.write("s.xml", text: "<letterScheme>\n<field direction=\"n\" middle=\"t\"/>\n<field direction=\"ne\" middle=\"t\"/>\n</letterScheme>\n")
    let result = try Run.product("keybench-run", ["gesture", "--scheme", scheme, "--text", text, "--out", dir.path("o")])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(scheme):3: letter 't' is repeated"))
    #expect(!FileManager.default.fileExists(atPath: dir.path("o")))
  }

  /// A 5-byte scheme with invalid UTF-8 in a comment trapped FoundationXML (exit 132).
  @Test func invalidUTF8SchemeFailsWithFileAndLineNotATrap() throws {
    let dir = try TemporaryDirectory()
    let text = try dir.write("t.txt", text: Self.text)
    for (name, bytes, bad) in [("comment.xml", [0x3C, 0x21, 0x2D, 0x2D, 0xFF] as [UInt8], 5), ("pi.xml", [0x3C, 0x3F, 0x61, 0xFF, 0x3E], 4)] {
      let scheme = try dir.write(name, bytes: bytes)
      let result = try Run.product("keybench-run", ["gesture", "--scheme", scheme, "--text", text, "--out", dir.path("o")])
      #expect(result.status == 2, "\(name): \(result.stderr)")
      #expect(result.stderr.contains("\(scheme):1: invalid UTF-8 (byte \(bad) of the file)"), "\(result.stderr)")
    }
  }

  /// A text that is one very long run of letters cannot make the run quadratic: the word gets no
  /// stroke (StrokeSimulator.maximumWordLength) and the run ends in seconds.
  @Test func veryLongWordsAreBounded() throws {
    let dir = try TemporaryDirectory()
    let text = try dir.write("t.txt", text: "the quick " + String(repeating: "abcdefghij", count: 20_000) + " brown fox\n")
    let out = dir.path("run")
    let clock = ContinuousClock()
    let start = clock.now
    let result = try Run.product("keybench-run", ["gesture", "--text", text, "--out", out])
    #expect(clock.now - start < .seconds(60))
    #expect(result.status == 0, "\(result.stderr)")
    let rows = try String(contentsOfFile: "\(out)/results.csv", encoding: .utf8).split(separator: "\n")
    #expect(rows.count == 1 + 4, "the 200,000-letter word has no row")
  }
}
