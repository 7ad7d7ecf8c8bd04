import Foundation
import KeyBenchCore
import KeyBenchTestSupport
import Testing

@testable import KeyBenchSuites

/// Seed pages as data (`Reports/seeds/SEED.json`): statuses that follow from the values, a why
/// wherever a figure is not reproduced, repeated runs shown as a range, and the Markdown page
/// rendered from the JSON alone.
@Suite struct SeedPageTests {
  static var pages: [JSONValue] { [[
    "page": "009-demo", "title": "Demo", "text": "intro",
    "tables": [[
      "title": "Accuracy (§4)", "section": "§4",
      "rows": [
        ["label": "close enough", "published": 0.90, "value": "a:top1", "unit": "percent", "tolerance": 0.02],
        ["label": "too far", "published": 0.95, "value": "a:top1", "unit": "percent", "tolerance": 0.02, "note": "other swipes"],
        ["label": "falls", "published": "falls with length", "value": "a:curve.-1.mean - a:curve.0.mean", "unit": "points", "expect": "negative", "note": "rises here"],
        ["label": "bounded", "published": "under 500 ns", "value": "a:ns", "unit": "ns", "expect": "<500", "section": "§5"],
        ["label": "phone only", "published": 0.8, "unit": "percent", "status": "not-reproducible", "note": "needs an iPhone"],
        ["label": "context", "value": "a:ns", "unit": "ns"],
      ],
    ]],
  ]] }

  /// Run `a` in three rounds (its time differs between them) and a step `s`.
  static var metrics: [String: JSONValue] { [
    "a": ["top1": 0.885, "ns": 44.0, "curve": [["mean": 0.82], ["mean": 0.75], ["mean": 0.69]]],
    "a#2": ["top1": 0.885, "ns": 40.0, "curve": [["mean": 0.82], ["mean": 0.75], ["mean": 0.69]]],
    "a#3": ["top1": 0.885, "ns": 52.0, "curve": [["mean": 0.82], ["mean": 0.75], ["mean": 0.69]]],
  ] }

  func page(_ pages: [JSONValue] = Self.pages, metrics: [String: JSONValue] = Self.metrics) throws -> SeedPage {
    try FigurePages(pages: pages).seedPage(pages[0], origins: ["a": "a/summary.json metrics"]) { metrics[$0] }
  }

  @Test func statusesFollowFromTheValuesAndTheRowsStatements() throws {
    let page = try page()
    #expect(page.seed == "009")
    let status = Dictionary(uniqueKeysWithValues: page.records.map { ($0.quantity, $0.status ?? "") })
    #expect(status == ["close enough": "reproduced", "too far": "approximated", "falls": "reproduced", "bounded": "reproduced", "phone only": "not-reproducible"])
    #expect(page.context.map(\.quantity) == ["context"])
    #expect(page.problems.isEmpty)
    let far = try #require(page.records.first { $0.quantity == "too far" })
    #expect(far.why == "other swipes" && far.criterion == "within 0.02" && far.from == ["a/summary.json metrics: top1"])
    #expect(page.records.first { $0.quantity == "bounded" }?.section == "§5")
    // The difference of the curve's last and first entries (-1 indexes the last).
    #expect(abs((page.records.first { $0.quantity == "falls" }?.keybench ?? 0) - (0.69 - 0.82)) < 1e-12)
  }

  @Test func repeatedRunsGiveTheMedianAndEveryRound() throws {
    let bounded = try #require(try page().records.first { $0.quantity == "bounded" })
    #expect(bounded.keybench == 44 && bounded.rounds == [44, 40, 52])
    // Equal rounds (accuracies) are one value.
    #expect(try page().records.first { $0.quantity == "close enough" }?.rounds == nil)
    let markdown = try page().markdown
    #expect(markdown.contains("| bounded | under 500 ns | 44 ns (40 ns–52 ns, 3 rounds) |  | reproduced |  |"), "\(markdown)")
    // A round missing for one run leaves the value missing rather than a median of fewer.
    var partial = Self.metrics
    partial["a#3"] = ["top1": 0.885]
    let missing = try #require(try page(metrics: partial).records.first { $0.quantity == "bounded" })
    #expect(missing.keybench == nil)
  }

  @Test func theMarkdownPageIsRenderedFromTheWrittenJSON() throws {
    let dir = try TemporaryDirectory()
    let written = try FigurePages(pages: Self.pages).write(to: dir.url) { Self.metrics[$0] }
    #expect(written.map { URL(fileURLWithPath: $0).lastPathComponent } == ["009.json", "009-demo.md"])
    let stored = try SeedPage.load(path: dir.path("009.json"))
    #expect(stored == (try page()).withoutOrigins)
    #expect(try String(contentsOfFile: dir.path("009-demo.md"), encoding: .utf8) == stored.markdown)
    #expect(stored.markdown.contains("| too far | 95.00 % | 88.50 % | -6.50 pt | approximated | other swipes |"))
    #expect(stored.markdown.contains("| phone only | 80.00 % | not measured |  | not-reproducible | needs an iPhone |"))
  }

  @Test func aRecordWithoutItsWhyOrWithAnUnknownStatusIsAProblem() throws {
    var page = try page()
    page.records[1].why = nil
    page.records[2].status = "close"
    #expect(page.problems == [
      #"009.json: "too far": approximated needs a why"#,
      #"009.json: "falls": status 'close'; choose reproduced, approximated, not-reproducible"#,
    ])
    let dir = try TemporaryDirectory()
    let path = try dir.write("009.json", text: try page.json)
    #expect(throws: SuiteFile.Problem.self) { try SeedPage.load(path: path) }
    // An expectation the value misses needs the note the row gives, else rendering stops.
    var rows = try #require(Self.pages[0]["tables"]?.array?[0]["rows"]?.array)
    var row = try #require(rows[3].object)
    row["expect"] = "<40"
    rows[3] = .object(row)
    var first = try #require(Self.pages[0].object)
    first["tables"] = [["section": "§4", "rows": .array(rows)]]
    let pages: [JSONValue] = [.object(first)]
    #expect(throws: SuiteFile.Problem.self) { try FigurePages(pages: pages).write(to: dir.url) { Self.metrics[$0] } }
  }

  @Test func suiteRowsStatingStatusesOrExpectationsAreChecked() throws {
    let dir = try TemporaryDirectory()
    func problem(_ row: String) throws -> String {
      let path = try dir.write(
        "s.json",
        text: #"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe"}], "figures": [{"page": "p", "tables": [{"section": "§1", "rows": [\#(row)]}]}]}"#)
      return try #require(throws: SuiteFile.Problem.self) { try SuiteFile.load(path: path) }.description
    }
    #expect(try problem(#"{"label": "x", "published": 1, "value": "a:x", "status": "reproduced", "note": "n"}"#).contains("only \"not-reproducible\" is declared"))
    #expect(try problem(#"{"label": "x", "published": 1, "value": "a:x"}"#).contains("a published result needs a \"note\""))
    #expect(try problem(#"{"label": "x", "published": "up", "value": "a:x", "expect": "upwards"}"#).contains(".expect: 'positive', 'negative' or a bound"))
    #expect(try problem(#"{"label": "x", "published": "up", "value": "a:x", "tolerance": 0.1}"#).contains(".tolerance: a non-negative number, on a row with a numeric published value"))
  }
}

extension SeedPage {
  /// The page as written without an origins map: sources named by run or step.
  var withoutOrigins: SeedPage {
    var copy = self
    for index in copy.records.indices {
      copy.records[index].from = copy.records[index].from?.map { $0.replacingOccurrences(of: "a/summary.json metrics: ", with: "a: ") }
    }
    for index in copy.context.indices {
      copy.context[index].from = copy.context[index].from?.map { $0.replacingOccurrences(of: "a/summary.json metrics: ", with: "a: ") }
    }
    return copy
  }
}
