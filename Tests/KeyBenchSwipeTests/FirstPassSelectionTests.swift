import KeyBenchCore
@testable import KeyBenchSwipe
import Testing

/// The first pass keeps the best `keep` candidates by selection; it must keep exactly the set a
/// full sort would, ties in priority included.
@Suite struct FirstPassSelectionTests {
  @Test func selectionKeepsTheSameSetAsASort() {
    var random = SeededGenerator(seed: 3)
    for trial in 0..<300 {
      let count = Int.random(in: 0...600, using: &random)
      // Few distinct priorities in some trials, so ties (broken by position) are common.
      let distinct = trial % 3 == 0 ? 4 : 1_000_000
      var items = (0..<count).map { position in
        DTWDecoder.Ranked(priority: Double(Int.random(in: 0..<distinct, using: &random)) / 7, position: position)
      }
      if trial % 5 == 0 { items.sort(by: <) }  // already sorted input
      if trial % 5 == 1 { items.sort { $1 < $0 } }  // reversed
      let keep = Int.random(in: 0...(count + 2), using: &random)
      let expected = items.sorted(by: <).prefix(keep).map(\.position)
      let selected = DTWDecoder.Ranked.selectSmallest(keep, in: &items).map(\.position).sorted()
      #expect(selected == expected.sorted(), "trial \(trial): \(count) items, keep \(keep)")
      // The rest were only reordered.
      #expect(items.map(\.position).sorted() == Array(0..<count))
    }
  }
}
