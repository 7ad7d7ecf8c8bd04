import KeyBenchReports
import Testing

/// A page's colours: shipped algorithms in their fixed colour whatever order the page draws
/// them in, everything else in colours no shipped algorithm of that benchmark claims.
@Suite struct SeriesColorsTests {
  @Test func shippedAlgorithmsKeepTheirColourInAnyOrder() {
    let forward = SeriesColors(), backward = SeriesColors()
    let names = ["kannsch", "ngram", "presage"]
    let a = names.map { forward.color(bench: "predict", run: "r", algorithm: $0) }
    let b = names.reversed().map { backward.color(bench: "predict", run: "r", algorithm: $0) }.reversed()
    #expect(a == Array(b))
    #expect(Set(a).count == 3)
    // kannsch corrects too: the correction page paints it as the prediction page does.
    #expect(SeriesColors().color(bench: "correct", run: "other", algorithm: "kannsch") == a[0])
  }

  @Test func othersAvoidTheColoursShippedAlgorithmsClaim() {
    let colors = SeriesColors()
    // A plug-in drawn first must not take the colour ngram will need later on the page.
    let plugin = colors.color(bench: "predict", run: "r", algorithm: "my-plugin")
    let ngram = colors.color(bench: "predict", run: "r", algorithm: "ngram")
    let kannsch = colors.color(bench: "predict", run: "r", algorithm: "kannsch")
    #expect(Set([plugin, ngram, kannsch]).count == 3)
    #expect(ngram == SeriesColors().color(bench: "predict", run: "x", algorithm: "ngram"))
    // The same algorithm in a second run of the page is another series: another colour.
    let second = colors.color(bench: "predict", run: "r2", algorithm: "ngram")
    #expect(second != ngram && second != plugin && second != kannsch)
    // Asked again, every series answers as before.
    #expect(colors.color(bench: "predict", run: "r", algorithm: "my-plugin") == plugin)
  }
}
