import Foundation
import KeyBenchCore
import KeyBenchTestSupport
import Testing

@testable import KeyBenchReports

@Suite struct HTMLReportTests {
  func render(_ paths: [String]) throws -> (html: String, markup: ParsedMarkup) {
    let html = try HTMLReport(paths: paths).render()
    let markup = ParsedMarkup(html)
    #expect(markup.error == nil, "the report must be well-formed: \(String(describing: markup.error))")
    return (html, markup)
  }

  @Test func swipeRunHasItsPlotsAndNoScriptOrNetwork() throws {
    let dir = try TemporaryDirectory()
    let run = try ReportFixtures.swipeRun(in: dir, name: "run-a", gestures: ReportFixtures.mixedGestures)
    let (html, markup) = try render([run])
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(markup.all("svg").compactMap { $0.attributes["aria-label"] }
      == ["Accuracy per device", "Filter pass rates", "Targets lost by the filters (1 − recall)", "Decode time distribution"])
    #expect(markup.all("script").isEmpty)
    // Nothing is fetched: the only URL is the SVG namespace name.
    let withoutNamespace = html.replacingOccurrences(of: #"xmlns="http://www.w3.org/2000/svg""#, with: "")
    #expect(!withoutNamespace.contains("http") && !withoutNamespace.contains("src=") && !withoutNamespace.contains("href"))
    #expect(markup.all("style").count == 1)
    // Style text is raw in HTML: escaping would corrupt it, so it must need none.
    #expect(!HTMLReport.style.contains { "&<>\"'".contains($0) })
    // The headline table shows top-1 as a percentage.
    #expect(markup.all("td").contains { $0.text == "66.67 %" })
  }

  @Test func barHeightsAreProportionalToPerDeviceAccuracy() throws {
    let dir = try TemporaryDirectory()
    let run = try ReportFixtures.swipeRun(in: dir, name: "run-a", gestures: ReportFixtures.mixedGestures)
    let (_, markup) = try render([run])
    let bars = markup.inPlot("Accuracy per device", "rect", class: "bar")
    // Groups iphone5, iphone6s; within each, top-1 then top-4.
    let values = bars.compactMap { $0.attributes["data-value"].flatMap(Double.init) }
    let expected: [Double] = [50, 75, 75, 87.5]  // % of gestures: 2/4, 3/4, 6/8, 7/8
    #expect(values == expected)
    let heights = bars.compactMap { $0.attributes["height"].flatMap(Double.init) }
    let ratios = zip(heights, values).map { $0 / $1 }
    #expect(ratios.allSatisfy { abs($0 - ratios[0]) < 0.5 }, "\(ratios)")
    // Bars stand on one baseline.
    let bottoms = bars.map { Double($0.attributes["y"]!)! + Double($0.attributes["height"]!)! }
    #expect(bottoms.allSatisfy { abs($0 - bottoms[0]) < 0.2 })
  }

  @Test func filterBoxesFollowThePassRates() throws {
    let dir = try TemporaryDirectory()
    let run = try ReportFixtures.swipeRun(in: dir, name: "run-a", gestures: ReportFixtures.mixedGestures)
    let (_, markup) = try render([run])
    let boxes = markup.inPlot("Filter pass rates", "g", class: "box")
    #expect(boxes.count == 4)
    let medians = boxes.compactMap { $0.attributes["data-median"].flatMap(Double.init) }
    // Cumulative filters: each keeps at most what the one before kept.
    #expect(medians == medians.sorted(by: >))
    // start_point kept 400 (×4) and 300 (×8) of 1000 words: median 30 % (shares in percent, as on every chart).
    #expect(abs(medians[0] - 30) < 1e-9)
    let labels = markup.inPlot("Filter pass rates", "text", class: "tick").map(\.text)
    #expect(ReportFixtures.filters.allSatisfy(labels.contains))
  }

  @Test func decodeCDFIsMonotoneAndOnePerRun() throws {
    let dir = try TemporaryDirectory()
    let a = try ReportFixtures.swipeRun(in: dir, name: "run-a", gestures: ReportFixtures.mixedGestures)
    let slower = ReportFixtures.mixedGestures.map {
      ReportFixtures.Gesture(word: $0.word, device: $0.device, rank: $0.rank, kept: $0.kept,
        decodeMicroseconds: $0.decodeMicroseconds * 3)
    }
    let b = try ReportFixtures.swipeRun(in: dir, name: "run-b", gestures: slower)
    let (_, markup) = try render([a, b])
    let curves = markup.inPlot("Decode time distribution", "path", class: "cdf")
    #expect(curves.count == 2)
    #expect(markup.inPlot("Decode time distribution", "text", class: "legend").map(\.text) == ["run-a", "run-b"])
    var firstHalfway: [Double] = []
    for curve in curves {
      let points = Self.points(curve.attributes["d"]!)
      #expect(points.count == 2 + 2 * 12)
      // Left to right and upwards on screen (smaller y): a cumulative share never falls.
      #expect(zip(points, points.dropFirst()).allSatisfy { $0.x <= $1.x && $0.y >= $1.y })
      firstHalfway.append(points.first { $0.y < (points.first!.y + points.last!.y) / 2 }!.x)
    }
    // The slower run's curve reaches one half further right.
    #expect(firstHalfway[0] < firstHalfway[1])
    // Two runs: four bar series (top-1 and top-4 each), one box per run and filter.
    #expect(markup.inPlot("Accuracy per device", "rect", class: "bar").count == 8)
    #expect(markup.inPlot("Filter pass rates", "g", class: "box").count == 8)
  }

  @Test func aLargeRunsCDFStaysSmallAndStillClimbsToOne() throws {
    let values = (0..<20_000).map { 1 + Double($0 % 5000) / 1000 }  // 1…6 ms, 5000 distinct values
    let svg = CDFChart.svg(title: "t", series: [.init(name: "a", values: values)], xTitle: "ms", logX: true)
    let markup = ParsedMarkup(svg.rendered)
    let points = Self.points(try #require(markup.all("path", class: "cdf").first?.attributes["d"]))
    // Steps closer than half a pixel merge: at most two steps (four corners) per pixel of the
    // 556-pixel-wide plot, far fewer than one step per distinct value (5000).
    #expect(points.count <= 4 * 556 + 2)
    #expect(points.count < 2 * 5000 / 3)
    #expect(zip(points, points.dropFirst()).allSatisfy { $0.x <= $1.x && $0.y >= $1.y })
    let top = try #require(markup.all("text", class: "tick").first { $0.text == "100" })
    #expect(points.last!.y == Double(top.attributes["y"]!)! - 4)
  }

  @Test func sweepFrontierIsHighlightedAndTabulated() throws {
    let dir = try TemporaryDirectory()
    let folder = dir.path("sweep-1")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let csv = """
      config,filters.length.a,filters.endPoint.radius,top1,top4,mrr,decode_ms_median,decode_ms_p99,filters.length.recall,filters.length.kept_median,pareto
      c1,0.5,1.0,0.60,0.80,0.70,1.5,4.0,0.95,0.01,true
      c2,0.5,1.5,0.58,0.79,0.69,2.5,5.0,0.96,0.02,false
      "c<3>&",0.7,1.0,0.66,0.85,0.74,3.0,7.0,0.97,0.03,true
      c4,0.7,1.5,0.64,0.84,0.72,4.0,8.0,0.98,0.04,false
      c5,0.9,1.0,0.70,0.88,0.78,6.0,12.0,0.99,0.05,true
      c6,0.9,1.5,0.69,0.87,0.77,,,0.99,0.06,false

      """
    try csv.write(toFile: folder + "/sweep.csv", atomically: true, encoding: .utf8)
    let (html, markup) = try render([folder])
    let title = "Sweep: accuracy against decode time"
    #expect(markup.inPlot(title, "circle", class: "frontier").count == 3)
    // The row without timings cannot be placed and is left out.
    #expect(markup.inPlot(title, "circle", class: "point").count == 2)
    #expect(markup.inPlot(title, "path", class: "frontier-line").count == 1)
    #expect(markup.inPlot(title, "text", class: "point-label").map(\.text) == ["c1", "c<3>&", "c5"])
    // The others are named too, smaller.
    #expect(markup.inPlot(title, "text", class: "point-name").map(\.text) == ["c2", "c4"])
    #expect(html.contains("c&lt;3&gt;&amp;"))
    #expect(!html.contains("c<3>"))
    // The frontier table (fastest first, the swept parameters as columns), then every
    // configuration in grid order, the frontier marked.
    let rows = markup.all("tr").filter { $0.text.hasPrefix("c") && !$0.text.hasPrefix("config") }
    #expect(rows.map { String($0.text.prefix(2)) } == ["c1", "c<", "c5", "c1", "c2", "c4", "c5", "c6", "c<"])
    #expect(rows.suffix(6).filter { $0.text.hasSuffix("★") }.count == 3)
    #expect(markup.all("th").map(\.text).contains("filters.endPoint.radius"))
    // Frontier dots, fastest first, climb in accuracy (smaller y on screen).
    let frontier = markup.inPlot(title, "circle", class: "frontier").map { Double($0.attributes["cy"]!)! }
    #expect(frontier == frontier.sorted(by: >))
  }

  @Test func otherBenchesGetMetricsCurvesAndHeatMaps() throws {
    let dir = try TemporaryDirectory()
    let predict = dir.path("predict-run")
    try FileManager.default.createDirectory(atPath: predict, withIntermediateDirectories: true)
    try """
      {"bench": "predict", "config": {"decoder": "ngram"}, "corpus": {"path": "t.txt"},
       "metrics": {"keystroke_saving": {"overall": 0.41, "by_length": [{"x": 2, "mean": 0.2, "std": 0.05},
         {"x": 5, "mean": 0.35, "std": 0.1}, {"x": 9, "mean": 0.5}]}, "words": 1200, "note": "a<b"}}
      """.write(toFile: predict + "/summary.json", atomically: true, encoding: .utf8)
    let touch = dir.path("touch & go")
    try FileManager.default.createDirectory(atPath: touch, withIntermediateDirectories: true)
    try """
      {"bench": "touch", "config": {}, "corpus": {},
       "metrics": {"accuracy": 0.93, "confusion": {"a": {"a": 90, "s": 10}, "s": {"a": 4, "s": 80, "d": 6}}}}
      """.write(toFile: touch + "/summary.json", atomically: true, encoding: .utf8)
    let (html, markup) = try render([predict, touch])
    #expect(markup.all("h2").map(\.text) == ["Benchmark predict", "Benchmark touch"])
    let cells = markup.all("th").map(\.text)
    #expect(cells.contains("keystroke_saving.overall"))
    #expect(cells.contains("words"))
    #expect(!cells.contains { $0.hasPrefix("confusion") })
    // Shares by name (accuracy) print as percentages, other numbers as they are.
    #expect(markup.all("td").contains { $0.text == "0.41" })
    #expect(markup.all("td").contains { $0.text == "93.00 %" })
    #expect(html.contains("a&lt;b"))
    #expect(html.contains("touch &amp; go"))
    #expect(markup.inPlot("keystroke_saving.by_length", "path", class: "line").count == 1)
    #expect(markup.inPlot("keystroke_saving.by_length", "path", class: "band").count == 1)
    let heat = markup.all("rect", class: "cell")
    // Rows a, s × columns a, d, s; missing cells count 0.
    #expect(heat.count == 6)
    let counts = heat.compactMap { $0.attributes["data-value"].flatMap(Double.init) }
    let expected: [Double] = [90, 0, 10, 4, 6, 80]
    #expect(counts == expected)
  }

  @Test func aFolderThatIsNeitherIsNamed() throws {
    let dir = try TemporaryDirectory()
    let empty = dir.path("empty")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    #expect(throws: InputFileError.self) { try HTMLReport(paths: [empty]) }
    do {
      _ = try HTMLReport(paths: [empty])
    } catch {
      #expect("\(error)" == "\(empty): neither a benchmark run folder (summary.json) nor a sweep folder (sweep.csv)")
    }
    let bad = dir.path("bad")
    try FileManager.default.createDirectory(atPath: bad, withIntermediateDirectories: true)
    try #"{"metrics": {}}"#.write(toFile: bad + "/summary.json", atomically: true, encoding: .utf8)
    #expect(throws: InputFileError.self) { try HTMLReport(paths: [bad]) }
  }

  /// The corners of an SVG path made of M, H, V and L commands.
  static func points(_ d: String) -> [(x: Double, y: Double)] {
    var out: [(x: Double, y: Double)] = []
    var current = (x: 0.0, y: 0.0)
    let tokens = d.split(separator: " ")
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      let command = token.first!
      let value = Double(token.dropFirst())!
      switch command {
      case "M", "L":
        current = (value, Double(tokens[index + 1])!)
        index += 1
      case "H": current.x = value
      case "V": current.y = value
      default: break
      }
      out.append(current)
      index += 1
    }
    return out
  }
}
