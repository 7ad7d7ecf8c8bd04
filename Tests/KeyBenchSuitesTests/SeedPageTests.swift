import Foundation
import KeyBenchCore
import KeyBenchTestSupport
import Testing

@testable import KeyBenchSuites

/// Seed pages as data (`Reports/seeds/SEED.json`): statuses derived from each record's value,
/// tolerance, direction and kind of data, a why wherever a figure is not reproduced, repeated
/// runs shown as a range, and the Markdown page rendered from the JSON alone.
@Suite struct SeedPageTests {
  static var pages: [JSONValue] { [[
    "page": "009-demo", "title": "Demo", "text": "intro",
    "tables": [[
      "title": "Accuracy (§4)", "section": "§4", "data": "other",
      "rows": [
        ["label": "close enough", "published": 0.90, "value": "a:top1", "unit": "percent", "tolerance": 0.02, "data": "same"],
        ["label": "close, other data", "published": 0.90, "value": "a:top1", "unit": "percent", "tolerance": 0.02, "note": "synthetic swipes"],
        ["label": "too far", "published": 0.95, "value": "a:top1", "unit": "percent", "tolerance": 0.02, "note": "other swipes"],
        ["label": "falls", "published": "falls with length", "value": "a:curve.-1.mean - a:curve.0.mean", "unit": "points", "expect": "negative", "note": "shorter texts"],
        ["label": "bounded", "published": "under 500 ns", "value": "a:ns", "unit": "ns", "expect": "<500", "section": "§5", "data": "same"],
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

  @Test func statusesFollowFromValueToleranceDirectionAndData() throws {
    let page = try page()
    #expect(page.seed == "009")
    let status = Dictionary(uniqueKeysWithValues: page.records.map { ($0.quantity, $0.status ?? "") })
    #expect(status == [
      "close enough": "reproduced", "close, other data": "approximated", "too far": "differs", "falls": "approximated", "bounded": "reproduced",
      "phone only": "not-reproducible",
    ])
    #expect(page.context.map(\.quantity) == ["context"])
    #expect(page.problems.isEmpty)
    let far = try #require(page.records.first { $0.quantity == "too far" })
    #expect(far.why == "other swipes" && far.rule == SeedPage.Rule(direction: "equal", reference: 0.95, tolerance: 0.02) && far.data == "other")
    #expect(far.from == ["a/summary.json metrics: top1"])
    #expect(page.records.first { $0.quantity == "bounded" }?.rule == SeedPage.Rule(direction: "below", reference: 500))
    #expect(page.records.first { $0.quantity == "bounded" }?.section == "§5")
    #expect(page.records.first { $0.quantity == "phone only" }?.rule == nil)
    // The difference of the curve's last and first entries (-1 indexes the last).
    #expect(abs((page.records.first { $0.quantity == "falls" }?.keybench ?? 0) - (0.69 - 0.82)) < 1e-12)
  }

  /// The rule alone decides, on exact small cases: the tolerance's edge, the opposite sign, a
  /// relative tolerance, bounds and strict directions.
  @Test func rulesOnExactSmallCases() {
    let equal = SeedPage.Rule(direction: "equal", reference: 0.05, tolerance: 0.02)
    #expect(equal.holds(0.07) && equal.holds(0.03) && equal.holds(0.05))
    #expect(!equal.holds(0.0701) && !equal.holds(0.0299))
    // Within the tolerance but the opposite direction: a rise the seed reports as a fall.
    let gain = SeedPage.Rule(direction: "equal", reference: 0.01, tolerance: 0.02)
    #expect(gain.holds(0.005) && !gain.holds(-0.005))
    let ratio = SeedPage.Rule(direction: "equal", reference: 1.41, tolerance: 0.1, relative: true)
    #expect(abs(ratio.allowed - 0.141) < 1e-12)
    #expect(ratio.holds(1.28) && ratio.holds(1.55) && !ratio.holds(1.26) && !ratio.holds(1.56))
    let atLeast = SeedPage.Rule(direction: "at-least", reference: 0.9945)
    #expect(atLeast.holds(0.9945) && atLeast.holds(1) && !atLeast.holds(0.9944))
    let atMost = SeedPage.Rule(direction: "at-most", reference: 0.2, tolerance: 0.01)
    #expect(atMost.holds(0.21) && !atMost.holds(0.22))
    #expect(SeedPage.Rule(direction: "above", reference: 0).holds(1e-9) && !SeedPage.Rule(direction: "above", reference: 0).holds(0))
    #expect(SeedPage.Rule(direction: "below", reference: 500).holds(499) && !SeedPage.Rule(direction: "below", reference: 500).holds(500))
    #expect(equal.text(unit: "percent") == "±2.00 pt" && ratio.text(unit: "times") == "±10 %" && atLeast.text(unit: "percent") == "≥ 99.45 %")
    #expect(SeedPage.Rule(direction: "below", reference: 0).text(unit: "points") == "< 0")
  }

  @Test func aRecordCannotCallAFailedComparisonClose() throws {
    func record(_ keybench: Double?, rule: SeedPage.Rule?, data: String? = "other", status: String) -> SeedPage.Record {
      SeedPage.Record(
        seed: "009", section: "§1", quantity: "q", published: .number(0.9), keybench: keybench, rounds: nil, unit: "percent", status: status,
        rule: rule, data: data, claim: nil, why: "w", note: nil, expression: "a:x", from: ["a: x"], table: 0, row: 0)
    }
    let within = SeedPage.Rule(direction: "equal", reference: 0.9, tolerance: 0.02)
    #expect(record(0.89, rule: within, status: "approximated").derivedStatus == "approximated")
    #expect(record(0.89, rule: within, data: "same", status: "reproduced").derivedStatus == "reproduced")
    #expect(record(0.85, rule: within, status: "approximated").derivedStatus == "differs")
    #expect(record(nil, rule: within, status: "approximated").derivedStatus == "not-measured")
    #expect(record(nil, rule: nil, status: "not-reproducible").derivedStatus == "not-reproducible")
    #expect(record(nil, rule: nil, status: "approximated").derivedStatus == nil)
    var page = SeedPage(seed: "009", page: "009-demo", title: "t", text: nil, tables: [], records: [record(0.85, rule: within, status: "approximated")], context: [])
    #expect(page.problems == [#"009.json: "q": status approximated, but its value, rule and data give differs"#])
    page.records = [record(0.89, rule: within, data: "elsewhere", status: "approximated")]
    #expect(page.problems.contains(#"009.json: "q": data 'elsewhere'; choose same, other"#))
    page.records = [record(0.89, rule: nil, status: "approximated")]
    #expect(page.problems.contains(#"009.json: "q": approximated without a rule (tolerance and direction)"#))
    page.records = [record(0.5, rule: nil, status: "not-reproducible")]
    #expect(page.problems.contains(#"009.json: "q": not-reproducible with a KeyBench value (make it a context row)"#))
    // A stored page whose status was edited by hand is refused on loading.
    page.records = [record(0.85, rule: within, status: "approximated")]
    let dir = try TemporaryDirectory()
    let path = try dir.write("009.json", text: try page.json)
    #expect(throws: SuiteFile.Problem.self) { try SeedPage.load(path: path) }
  }

  @Test func repeatedRunsGiveTheMedianAndEveryRound() throws {
    let bounded = try #require(try page().records.first { $0.quantity == "bounded" })
    #expect(bounded.keybench == 44 && bounded.rounds == [44, 40, 52])
    // Equal rounds (accuracies) are one value.
    #expect(try page().records.first { $0.quantity == "close enough" }?.rounds == nil)
    let markdown = try page().markdown
    // Three rounds: min to max covers the median with 1 − 2/8 = 75 %, and the page says so.
    #expect(
      markdown.contains("| bounded | under 500 ns | 44.00 ns (40.00 ns – 52.00 ns, 75 % interval for the median of 3 rounds) |  | < 500 ns, same data | reproduced |  |"),
      "\(markdown)")
    // A round missing for one run leaves the value missing rather than a median of fewer.
    var partial = Self.metrics
    partial["a#3"] = ["top1": 0.885]
    let missing = try #require(try page(metrics: partial).records.first { $0.quantity == "bounded" })
    #expect(missing.keybench == nil && missing.status == "not-measured")
  }

  @Test func theMarkdownPageIsRenderedFromTheWrittenJSON() throws {
    let dir = try TemporaryDirectory()
    let written = try FigurePages(pages: Self.pages).write(to: dir.url) { Self.metrics[$0] }
    #expect(written.map { URL(fileURLWithPath: $0).lastPathComponent } == ["009.json", "009-demo.md"])
    let stored = try SeedPage.load(path: dir.path("009.json"))
    #expect(stored == (try page()).withoutOrigins)
    #expect(try String(contentsOfFile: dir.path("009-demo.md"), encoding: .utf8) == stored.markdown)
    #expect(stored.markdown.contains("| too far | 95.00 % | 88.50 % | -6.50 pt | ±2.00 pt, other data | differs | other swipes |"))
    #expect(stored.markdown.contains("| phone only | 80.00 % | not measured |  |  | not-reproducible | needs an iPhone |"))
    #expect(stored.statusCounts.map { "\($0.status) \($0.count)" } == ["reproduced 2", "approximated 2", "differs 1", "not-reproducible 1"])
  }

  @Test func aRecordWithoutItsWhyOrWithAnUnknownStatusIsAProblem() throws {
    var page = try page()
    page.records[2].why = nil
    page.records[3].status = "close"
    #expect(page.problems == [
      #"009.json: "too far": differs needs a why"#,
      #"009.json: "falls": status 'close'; choose reproduced, approximated, differs, not-reproducible, not-measured"#,
    ])
    let dir = try TemporaryDirectory()
    let path = try dir.write("009.json", text: try page.json)
    #expect(throws: SuiteFile.Problem.self) { try SeedPage.load(path: path) }
    // An expectation the value misses needs the note the row gives, else rendering stops.
    var rows = try #require(Self.pages[0]["tables"]?.array?[0]["rows"]?.array)
    var row = try #require(rows[4].object)
    row["expect"] = "<40"
    rows[4] = .object(row)
    var first = try #require(Self.pages[0].object)
    first["tables"] = [["section": "§4", "data": "same", "rows": .array(rows)]]
    let pages: [JSONValue] = [.object(first)]
    #expect(throws: SuiteFile.Problem.self) { try FigurePages(pages: pages).write(to: dir.url) { Self.metrics[$0] } }
  }

  @Test func suiteRowsStatingStatusesOrRulesAreChecked() throws {
    let dir = try TemporaryDirectory()
    func problem(_ row: String) throws -> String {
      let path = try dir.write(
        "s.json",
        text: #"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe"}], "figures": [{"page": "p", "tables": [{"section": "§1", "rows": [\#(row)]}]}]}"#)
      return try #require(throws: SuiteFile.Problem.self) { try SuiteFile.load(path: path) }.description
    }
    #expect(try problem(#"{"label": "x", "published": 1, "value": "a:x", "status": "reproduced", "note": "n"}"#).contains("only \"not-reproducible\" or \"not-measured\" is declared"))
    #expect(try problem(#"{"label": "x", "published": 1, "value": "a:x"}"#).contains("a published result needs a \"note\""))
    #expect(try problem(#"{"label": "x", "published": "up", "value": "a:x", "expect": "upwards", "data": "other"}"#).contains(".expect: 'positive', 'negative' or a bound"))
    #expect(try problem(#"{"label": "x", "published": "up", "value": "a:x", "tolerance": 0.1, "data": "other"}"#).contains("a published result in words needs an \"expect\""))
    #expect(try problem(#"{"label": "x", "published": 1, "value": "a:x", "tolerance": 0.1, "note": "n"}"#).contains(".data: 'same' or 'other'"))
    #expect(try problem(#"{"label": "x", "published": 1, "value": "a:x", "note": "n", "data": "same"}"#).contains(".tolerance: a non-negative number"))
    #expect(try problem(#"{"label": "x", "published": 1, "value": "a:x", "tolerance": 0.1, "relative": 0.1, "data": "same"}"#).contains("exactly one"))
    #expect(try problem(#"{"label": "x", "published": 1, "value": "a:x", "tolerance": 0.1, "direction": "up", "data": "same"}"#).contains(".direction: 'up'; choose equal, at-least, at-most"))
    #expect(try problem(#"{"label": "x", "published": 1, "status": "not-reproducible", "tolerance": 0.1, "note": "n"}"#).contains("a declared status has no tolerance"))
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
