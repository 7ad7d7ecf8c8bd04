import KeyBenchCore
import Testing

@Suite struct SpreadSampleTests {
  /// A corpus sorted by user, 40 users of 25 items: the first 60 items are 3 users; a spread
  /// sample of 60 covers all 40, at most 2 items each, and keeps the file order.
  @Test func aSampleCoversAsManyGroupsAsItCan() {
    let groups = (0..<1_000).map { "user\($0 / 25)" }
    let ids = (0..<1_000).map { "g\($0)" }
    let chosen = SpreadSample.positions(groups: groups, ids: ids, count: 60, seed: 7)
    #expect(chosen.count == 60)
    #expect(chosen == chosen.sorted())
    var perGroup: [String: Int] = [:]
    for position in chosen { perGroup[groups[position], default: 0] += 1 }
    #expect(perGroup.count == 40)
    #expect(perGroup.values.allSatisfy { (1...2).contains($0) })
    #expect(Set(groups.prefix(60)).count == 3)
  }

  @Test func theSameSeedChoosesTheSameItemsWhateverTheFileOrder() {
    let groups = (0..<300).map { "u\($0 % 17)" }
    let ids = (0..<300).map { "item-\($0)" }
    let a = SpreadSample.positions(groups: groups, ids: ids, count: 50, seed: 3).map { ids[$0] }
    let reversed = SpreadSample.positions(groups: groups.reversed(), ids: ids.reversed(), count: 50, seed: 3).map { Array(ids.reversed())[$0] }
    #expect(Set(a) == Set(reversed))
    #expect(SpreadSample.positions(groups: groups, ids: ids, count: 50, seed: 4).map { ids[$0] } != a)
    #expect(SpreadSample.positions(groups: groups, ids: ids, count: 500, seed: 3) == Array(0..<300))
    #expect(SpreadSample.positions(groups: groups, ids: ids, count: 0, seed: 3).isEmpty)
  }
}
