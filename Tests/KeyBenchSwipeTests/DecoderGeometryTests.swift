import KeyBenchGeometry
import KeyBenchLexicon
@testable import KeyBenchSwipe
import Testing

/// The decoder's table-driven location channel.
@Suite struct DecoderGeometryTests {
  /// The decoder reads key-to-key distances from a table; the public entry point computes them.
  /// Both must give the same bits, or decodes would depend on which path ran.
  @Test func tableDrivenLocationDistanceEqualsTheComputedOne() throws {
    let layout = try DeviceCatalog.shipped().profile(named: "iphone5").layout(forLocale: "en")
    let words = ["keyboard", "swipe", "decoder", "a", "minimum", "quiz"]
    let lexicon = DecoderLexicon(
      lexicon: Lexicon(name: "t", locale: "en", entries: words.map { .init(word: $0, frequency: 120) }), layout: layout)
    let trace = [Point(x: 0.4, y: 1.1), Point(x: 3.2, y: 0.2), Point(x: 7.9, y: 2.6), Point(x: 5.1, y: 1.4)]
    let channel = LocationChannel(trace: trace, count: 16)
    let count = lexicon.centres.count
    for index in lexicon.sequences.indices {
      let sequence = lexicon.sequences[index]
      let computed = channel.meanDistance(keys: sequence.keys, centres: lexicon.centres, length: sequence.length)
      let tabled = sequence.keys.withUnsafeBufferPointer { keys in
        lexicon.centres.withUnsafeBufferPointer { centres in
          channel.meanDistance(keys: keys, centres: centres, length: sequence.length) {
            lexicon.centreDistances[Int($0) * count + Int($1)]
          }
        }
      }
      #expect(computed == tabled, "\(sequence.words.map(\.word))")
    }
  }
}
