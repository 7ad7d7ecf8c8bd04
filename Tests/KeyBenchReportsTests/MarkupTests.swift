import KeyBenchCore
import Testing

@testable import KeyBenchReports

@Suite struct MarkupTests {
  @Test func escapesTextAndAttributes() {
    let node = Node.el("p", [("title", #"a "b" <c>"#)], text: "x < y && z > 'w'")
    #expect(node.rendered == #"<p title="a &quot;b&quot; &lt;c&gt;">x &lt; y &amp;&amp; z &gt; &#39;w&#39;</p>"#)
    #expect(ParsedMarkup(node.rendered).all("p").first?.text == "x < y && z > 'w'")
  }

  /// Characters XML 1.0 forbids even escaped (a failed run's coloured log: ESC, BEL, NUL, the
  /// non-characters) are replaced, so every XML and HTML writer's output parses.
  @Test func charactersXMLCannotHoldAreReplaced() throws {
    let log = "\u{1B}[31mboom\u{07}\u{00} tab\tline\nreturn\r \u{FFFE}\u{FFFF} ok"
    let escaped = Node.escape(log)
    #expect(escaped == "␛[31mboom␇␀ tab\tline\nreturn\r \u{FFFD}\u{FFFD} ok")
    let junit = #"<?xml version="1.0" encoding="UTF-8"?><testsuite><error message="\#(escaped)">\#(escaped)</error></testsuite>"#
    let parsed = ParsedMarkup(junit)
    #expect(parsed.error == nil, "\(String(describing: parsed.error))")
    #expect(parsed.all("error").first?.text.contains("␛[31mboom") == true)
    #expect(ParsedMarkup(Node.el("p", [("title", log)], text: log).rendered).error == nil)
    // Before: the raw bytes made the document unreadable.
    #expect(ParsedMarkup("<p>\(log)</p>").error != nil)
  }

  @Test func voidElementsSelfCloseOthersNever() {
    #expect(Node.el("meta", [("charset", "utf-8")]).rendered == #"<meta charset="utf-8"/>"#)
    // `<rect/>` would be fine in SVG but `<div/>` is not closed in HTML: only void elements self-close.
    #expect(Node.el("div").rendered == "<div></div>")
  }
}

@Suite struct ScaleTests {
  @Test func linearTicksAreNiceAndCoverTheData() {
    let scale = Scale.linear(covering: [0.13, 0.87], to: 0...100, includeZero: true)
    #expect(scale.domain == 0...1)
    #expect(scale.ticks.map { ($0 * 10).rounded() } == [0, 2, 4, 6, 8, 10])
    #expect(scale.label(0.4) == "0.4")
    #expect(scale(0.5) == 50)
    let flipped = Scale.linear(covering: [0, 1], to: 10...110, flipped: true)
    #expect(flipped(1) == 10)
    #expect(flipped(0) == 110)
    let wide = Scale.linear(covering: [3, 1234], to: 0...1)
    #expect(wide.ticks == [0, 200, 400, 600, 800, 1000, 1200, 1400])
    #expect(wide.label(1200) == "1200")
  }

  @Test func logScaleEndsWhereTheDataEnds() {
    // Prediction's curves stop at 2,000 words: the axis runs 100 … 2,000, not to 10,000.
    let curve = Scale.log(covering: [100, 200, 500, 1000, 2000], to: 0...100)
    #expect(curve.domain == 100...2000)
    #expect(curve.ticks == [100, 200, 500, 1000, 2000])
    let times = Scale.log(covering: [0.37, 41], to: 0...100)
    #expect(abs(times.domain.lowerBound - 0.2) < 1e-12 && times.domain.upperBound == 50)
    // Three decades and more tick at decades, and at both ends so the axis says where it stops.
    let wide = Scale.log(covering: [3, 70_000], to: 0...100)
    #expect(wide.ticks == [2, 10, 100, 1000, 10_000, 100_000])
  }

  @Test func barLogScaleSpansWholeDecades() {
    let scale = Scale.log(covering: [0.0, 0.004, 0.3], to: 0...300, wholeDecades: true)
    #expect(abs(scale.domain.lowerBound - 0.001) < 1e-15)
    #expect(abs(scale.domain.upperBound - 1) < 1e-12)
    #expect(scale.ticks.count == 4)
    #expect(abs(scale(0.01) - 100) < 1e-9)
    // Zero and values below the domain clamp to its edge instead of -infinity.
    #expect(scale(0) == 0)
    let narrow = Scale.log(covering: [1.2, 40], to: 0...1, wholeDecades: true)
    #expect(narrow.ticks.map { ($0 * 10).rounded() / 10 } == [1, 2, 5, 10, 20, 50, 100])
    #expect(narrow.label(0.5) == "0.5")
  }
}
