import Testing

@testable import KeyBenchReports

@Suite struct ErrorBarTests {
  @Test func barsWithIntervalsDrawWhiskersAtTheirBounds() {
    let chart = BarChart.svg(
      title: "t", categories: ["a", "b"],
      series: [.init(name: "s", values: [50, 80], errors: [40...60, nil])], yTitle: "%", xTitle: "x")
    let svg = chart.rendered
    #expect(svg.components(separatedBy: "class=\"error-bar\"").count == 2, "one whisker: b has no interval")
    #expect(svg.contains("data-low=\"40.0\"") && svg.contains("data-high=\"60.0\""))
    #expect(!svg.contains(">50</text>"), "no value label over a whisker")
    #expect(svg.contains(">80</text>"), "the bar without a whisker keeps its label")
  }

  @Test func percentIntervalNeedsTwoGroupsAndContainsTheValue() throws {
    // One group: the bar, no whisker.
    let single = try #require(Blocks.percent(groups: ["u", "u", "u", "u"], hits: [true, true, false, true]))
    #expect(single.value == 75 && single.interval == nil)
    // Ten users, 3 of 10 items each missed by user k < 3: a whisker around 91 %.
    var groups: [String] = [], hits: [Bool] = []
    for user in 0..<10 {
      for item in 0..<10 {
        groups.append("u\(user)")
        hits.append(!(user < 3 && item < 3))
      }
    }
    let many = try #require(Blocks.percent(groups: groups, hits: hits))
    #expect(many.value == 91)
    let interval = try #require(many.interval)
    #expect(interval.contains(91) && interval.lowerBound < 91 && interval.upperBound <= 100)
    #expect(Blocks.percent(groups: [], hits: []) == nil)
  }
}
