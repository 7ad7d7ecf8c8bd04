import Foundation
import KeyBenchCore
import KeyBenchResults
import KeyBenchTestSupport
import Testing

@testable import KeyBenchReports

/// Issue 32 item 9 and issue 29 item 5: every decoder of a swipe run is drawn, each run and
/// algorithm keeps its colour across the page, every table prints a unit one way, labels wrap.
@Suite struct ReportUnitsAndSeriesTests {
  static let longDecoder = "seed000-dtw(improved=true, start=1.5, direction=100.0, end=2.5, length=0.45-1.6±2.0, frequency=0.06×(m*+0.1), first-pass=250)"

  /// A swipe run decoded by seed000 (main), shark2 (`--decoder`) and the plug-in `null`, as
  /// `keybench-run swipe` writes it: every algorithm's rows in results.csv (the plug-in's filter
  /// columns empty), the others' metrics under `metrics.decoders` / `metrics.plugins`, and a
  /// `statistics` block computed from those rows by the same code the benchmark uses.
  static func threeDecoderRun(in dir: TemporaryDirectory, name: String) throws -> String {
    let folder = dir.path(name)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var lines = ["algorithm,item,group,target,rank,candidates,time_us,user,device,in_lexicon,frequency,kept_after_start_point,kept_after_length,points"]
    let words = ["the", "of", "and", "keyboard", "swipe", "gesture", "wonderful", "in", "it", "was", "rabbit", "alice"]
    // seed000 finds 10 of 12 first, shark2 8, the null plug-in none; decode times differ by decoder.
    let ranks: [String: (Int) -> Int?] = ["seed000": { $0 < 10 ? 1 : 3 }, "shark2": { $0 < 8 ? 1 : ($0 < 10 ? 2 : nil) }, "null": { _ in nil }]
    let micros: [String: Double] = ["seed000": 30_000, "shark2": 3_000, "null": 180]
    for algorithm in ["seed000", "shark2", "null"] {
      for (index, word) in words.enumerated() {
        let user = "u\(index % 4)", device = index % 2 == 0 ? "iphone5" : "ipad4"
        let kept = algorithm == "null" ? "," : "\(4000 - 100 * index),\(200 - 10 * index)"
        let rank = ranks[algorithm]!(index).map(String.init) ?? ""
        lines.append("\(algorithm),g\(index),\(user),\(word),\(rank),\(word)|other,\(micros[algorithm]! + Double(index)),\(user),\(device),true,200,\(kept),40")
      }
    }
    let csv = lines.joined(separator: "\n") + "\n"
    try csv.write(toFile: folder + "/results.csv", atomically: true, encoding: .utf8)
    let metrics = [
      RowMetric(name: "top1", higherIsBetter: true, description: "top-1", score: .rankAtMost(1)),
      RowMetric(name: "top4", higherIsBetter: true, description: "top-4", score: .rankAtMost(4)),
      RowMetric(name: "mrr", higherIsBetter: true, description: "MRR", score: .rankWeights([1, 0.1, 0.09, 0.08])),
    ]
    let statistics = try RunStatistics(
      resultsCSV: csv, metrics: metrics, group: "user", settings: BootstrapSettings(resamples: 200))
    func value(_ algorithm: String, _ metric: String) -> Double { statistics.estimate(metric, of: algorithm)!.value! }
    func block(_ algorithm: String, decoder: String, filters: Bool) -> [String: Any] {
      var entry: [String: Any] = [
        "decoder": decoder, "top1": value(algorithm, "top1"), "top4": value(algorithm, "top4"), "mrr": value(algorithm, "mrr"),
        "decode_ms_median": micros[algorithm]! / 1000, "decode_ms_p99": micros[algorithm]! / 500,
      ]
      if filters { entry["filters"] = ["length": ["recall": 0.9, "kept_median": 0.001]] }
      return entry
    }
    var top: [String: Any] = block("seed000", decoder: longDecoder, filters: true)
    top["decoder"] = nil
    top["gestures"] = words.count
    top["lexicon_words"] = 160_000
    top["decoders"] = ["shark2": block("shark2", decoder: "shark2(samples=16, start=1.5)", filters: true)]
    top["plugins"] = ["null": block("null", decoder: "plug-in null", filters: false)]
    let summary: [String: Any] = [
      "bench": "swipe", "schema_version": 2,
      "config": ["decoder": longDecoder, "decoders": ["shark2": [:] as [String: Any]], "lexicon": "en_US", "top": 4, "parameters": [:] as [String: Any]],
      "corpus": ["path": "/very/long/path/to/a/store/d598afb95e8bfef16a4fd8aa46a350025985e806d6c52abfffebd450fd50368d/synthetic-iphone5.jsonl", "gestures": words.count],
      "metrics": top,
      "provenance": ["plugins": [["name": "null"]]],
      "statistics": try JSONSerialization.jsonObject(with: JSONEncoder().encode(try statistics.json())),
    ]
    try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]).write(to: URL(fileURLWithPath: folder + "/summary.json"))
    return folder
  }

  /// Plot title → legend name → swatch colour, read from each chart's legend.
  static func legendColours(_ markup: ParsedMarkup) -> [String: [String: String]] {
    var colours: [String: [String: String]] = [:]
    var swatch: (plot: String, fill: String)?
    for element in markup.elements {
      if element.name == "rect", element.attributes["width"] == "14", let plot = element.plot, let fill = element.attributes["fill"] {
        swatch = (plot, fill)
      } else if element.name == "text", element.attributes["class"] == "legend", let current = swatch {
        colours[current.plot, default: [:]][element.text] = current.fill
        swatch = nil
      }
    }
    return colours
  }

  func render(_ paths: [String]) throws -> ParsedMarkup {
    let markup = ParsedMarkup(try HTMLReport(paths: paths).render())
    #expect(markup.error == nil)
    return markup
  }

  @Test func aSwipeRunWithTwoDecodersAndAPluginHasASeriesPerAlgorithmInOneColourEach() throws {
    let dir = try TemporaryDirectory()
    let markup = try render([try Self.threeDecoderRun(in: dir, name: "run-a")])
    let cdf = markup.inPlot("Decode time distribution", "path", class: "cdf")
    #expect(markup.inPlot("Decode time distribution", "text", class: "legend").map(\.text) == ["seed000", "shark2", "null"])
    #expect(cdf.count == 3)
    // Three series, top-1 and faded top-4 each, on both devices (null's 0 % bars have no height).
    #expect(markup.inPlot("Accuracy per device", "rect", class: "bar").count == 3 * 2 * 2)
    #expect(markup.inPlot("Accuracy per device", "text", class: "legend").map(\.text)
      == ["seed000 · top-1", "seed000 · top-4", "shark2 · top-1", "shark2 · top-4", "null · top-1", "null · top-4"])
    // The plug-in has no filter stages: boxes for the two built-in decoders only.
    #expect(markup.inPlot("Filter pass rates", "text", class: "legend").map(\.text) == ["seed000", "shark2"])
    // One colour per algorithm on every chart of the page, three different colours.
    let colours = Self.legendColours(markup)
    for algorithm in ["seed000", "shark2", "null"] {
      let cdf = try #require(colours["Decode time distribution"]?[algorithm])
      #expect(colours["Accuracy per device"]?["\(algorithm) · top-1"] == cdf)
      #expect(colours["Accuracy per word length"]?["\(algorithm) · top-1"] == cdf)
      #expect(colours["Metrics with 95 % intervals"]?[algorithm] == cdf)
      if algorithm != "null" { #expect(colours["Filter pass rates"]?[algorithm] == cdf) }
    }
    #expect(Set(colours["Decode time distribution"]!.values).count == 3)
    // The decoder table names all three with their whole configuration, never cut.
    let rowHeads = markup.all("th").map(\.text)
    #expect(rowHeads.contains("seed000 (main)") && rowHeads.contains("shark2 (built in)") && rowHeads.contains("null (plug-in)"))
    #expect(markup.all("td").contains { $0.text == Self.longDecoder })
  }

  @Test func fractionsRenderWithOneFormatInEveryTable() throws {
    let dir = try TemporaryDirectory()
    let run = try Self.threeDecoderRun(in: dir, name: "run-a")
    let markup = try render([run])
    let statistics = try #require(RunStatistics.read(summaryAt: run + "/summary.json"))
    // MRR is declared a fraction: wherever its value appears it is the percentage, never 0.7…
    let mrr = try #require(statistics.estimate("mrr", of: "seed000")?.value)
    let shown = NumberFormatting.value(mrr, unit: "fraction")
    #expect(shown.hasSuffix(" %"))
    let cells = markup.all("td").map(\.text)
    #expect(cells.filter { $0 == shown }.count >= 3, "headline, decoder and all-metrics tables: \(shown)")
    #expect(!cells.contains(String(format: "%.4g", mrr)))
    // Every value of a fraction metric (unit column %) has the one format: digits, two decimals, " %".
    let percent = try Regex(#"^-?[0-9]+\.[0-9]{2} %$"#)
    let units = markup.all("td").filter { $0.text == "%" }
    #expect(!units.isEmpty, "metric tables name the unit")
    let fractionRows = markup.all("tr").filter { row in ["top1%", "mrr%", "decoders.shark2.mrr%", "plugins.null.top4%"].contains { row.text.hasPrefix($0) } }
    #expect(fractionRows.count >= 6, "headline and all-metrics rows")
    for row in fractionRows {
      let value = String(row.text.drop { $0 != "%" }.dropFirst())
      #expect(value.wholeMatch(of: percent) != nil, "\(row.text)")
    }
    // The decoder table's headers carry their units.
    let heads = markup.all("th").map(\.text)
    #expect(heads.contains("top-1 (%)") && heads.contains("MRR (%)") && heads.contains("median decode (ms)"))
  }

  @Test func theMarkdownTableUsesTheDeclaredUnitsAndFillsTheConfiguration() throws {
    let dir = try TemporaryDirectory()
    let run = try Self.threeDecoderRun(in: dir, name: "run-a")
    let summary = try SummaryFile(path: run)
    let markdown = SummaryTable(summaries: [summary], names: ["run-a"]).markdown
    let mrr = try #require(summary.statistics?.estimate("mrr", of: "seed000")?.value)
    #expect(markdown.contains("| mrr | % | \(NumberFormatting.value(mrr, unit: "fraction")) |"))
    #expect(markdown.contains("| decode_ms_median | ms | 30.00 ms |"))
    #expect(markdown.contains("| gestures |  | 12 |"))
    #expect(markdown.contains("| configuration | | \(Self.longDecoder); decoders: shark2; top 4; plug-ins: null |"))
  }

  @Test func everyBaselineRunHasAConfigurationAndFractionsAsPercent() throws {
    let baseline = TestPaths.repository.appendingPathComponent("Reports/baseline")
    let runs = try FileManager.default.contentsOfDirectory(atPath: baseline.path).sorted().map { baseline.appendingPathComponent($0).path }
    #expect(runs.count >= 6)
    let markup = try render(runs)
    // The header table: its configuration column filled for every benchmark.
    for run in runs {
      let folder = try RunFolder(path: run)
      #expect(Format.configuration(folder.summary) != "–", "\(run)")
    }
    // KSR and next-word top-1 are both declared fractions: both print as percentages.
    let predict = try RunFolder(path: baseline.appendingPathComponent("predict").path)
    #expect(predict.declaredUnits["ksr"] == "fraction" && predict.declaredUnits["next_top1"] == "fraction")
    let ksr = try #require(predict.summary?["metrics"]?["kannsch"]?["ksr"]?.number)
    #expect(markup.all("td").contains { $0.text == NumberFormatting.value(ksr, unit: "fraction") })
  }

  @Test func longLabelsWrapAtWordsNotMidWord() {
    let label = "before-a · seed000-dtw(improved=true, start=1.5, direction=100.0, end=2.5, length=0.45-1.6±2.0)"
    let lines = Canvas.wrap(label, width: 200, charWidth: 7.6)
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { Double($0.count) * 7.6 <= 200 })
    // Nothing lost or cut inside a word: the lines join back to the label at their breaks.
    #expect(lines.joined(separator: " ").replacingOccurrences(of: "  ", with: " ").filter { $0 != " " } == label.filter { $0 != " " })
    let words = Set(label.split(whereSeparator: { " ,;/=-_(·".contains($0) }).map(String.init))
    for line in lines {
      for piece in line.split(whereSeparator: { " ,;/=-_(·".contains($0) }) { #expect(words.contains(String(piece)), "\(piece) is cut") }
    }
    #expect(Canvas.wrap("short", width: 200, charWidth: 7.6) == ["short"])
  }
}
