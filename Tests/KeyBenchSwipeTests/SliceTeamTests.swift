import Foundation
import Synchronization
import Testing

@testable import KeyBenchSwipe

/// The decoder's helper threads: every slice of every split runs exactly once, splits follow
/// each other without a slice of one running with another's body, and a team asked by two
/// callers at once runs one split and declines the other (its caller then splits another way).
@Suite struct SliceTeamTests {
  /// Per slice, how often it ran.
  final class Counts: Sendable {
    let cells: Mutex<[Int]>
    init(_ count: Int) { cells = Mutex(Array(repeating: 0, count: count)) }
    func add(_ slice: Int) { cells.withLock { $0[slice] += 1 } }
    var all: [Int] { cells.withLock { $0 } }
  }

  final class Flag: Sendable {
    let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
  }

  @Test(arguments: [1, 3]) func everySliceOfEverySplitRunsOnce(helpers: Int) {
    let team = SliceTeam(helpers: helpers)
    for split in 0..<2_000 {
      let slices = 1 + split % 9
      let counts = Counts(slices)
      // Uneven slices, some long enough that a helper is still inside one when the caller is done.
      #expect(team.run(slices) { slice in
        if slice == split % slices { usleep(UInt32(split % 3) * 20) }
        counts.add(slice)
      })
      #expect(counts.all == Array(repeating: 1, count: slices), "split \(split)")
    }
  }

  @Test func aBusyTeamDeclinesASecondCaller() async {
    let team = SliceTeam(helpers: 1)
    let started = Flag(), release = Flag()
    let first = Task.detached {
      team.run(2) { _ in
        started.set()
        while !release.isSet { usleep(100) }
      }
    }
    while !started.isSet { usleep(100) }
    #expect(!team.run(1) { _ in Issue.record("a second caller's slice ran inside a busy team") })
    release.set()
    #expect(await first.value)
    #expect(team.run(1) { _ in })
  }
}
