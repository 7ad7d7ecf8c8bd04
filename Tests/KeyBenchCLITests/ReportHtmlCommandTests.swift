import Foundation
import KeyBenchTestSupport
import Testing

/// `keybench-report html` end to end on a swipe run the benchmark really produced.
@Suite struct ReportHtmlCommandTests {
  @Test func rendersARealSwipeRunAndRejectsOtherFolders() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 30, seed: 3, device: "iphone6s")
    let run = dir.path("run")
    let ran = try Run.product("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--out", run])
    #expect(ran.status == 0, "\(ran.stderr)")

    let out = dir.path("report/index.html")
    let result = try Run.product("keybench-report", ["html", run, "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    let html = try String(contentsOfFile: out, encoding: .utf8)
    // Accuracy per device, filter pass rates and decode times always; per word length and
    // frequency band when the gestures span more than one.
    #expect(html.components(separatedBy: "<svg ").count - 1 >= 3)
    for figure in ["Accuracy per device", "Filter pass rates", "Decode time distribution"] {
      #expect(html.contains("aria-label=\"\(figure)\""), "\(figure)")
    }
    #expect(html.contains("iphone6s"))
    #expect(!html.contains("<script"))

    // A folder that is neither a run nor a sweep: one message naming it, exit 1, report untouched.
    let stray = dir.path("stray")
    try FileManager.default.createDirectory(atPath: stray, withIntermediateDirectories: true)
    let failed = try Run.product("keybench-report", ["html", run, stray, "--out", out])
    #expect(failed.status == 2)
    #expect(failed.stderr.contains("\(stray): neither a benchmark run folder"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == html)
    #expect(try Run.product("keybench-report", ["html", "--out", out]).status == 64)
  }
}
