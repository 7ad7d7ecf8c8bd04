import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Helper threads kept for one decoder's per-gesture splits (`threads` in the config).
///
/// A gesture decodes in about a millisecond and is split twice (filters and first pass, then
/// DTW). Handing each split to `DispatchQueue.concurrentPerform` wakes a pooled thread through
/// the kernel every time, and those wake-ups were a large part of what kept two threads at
/// 1.28× one. The team's helpers instead wait for the next split by watching a counter for a
/// short while (a split follows the last one within a few hundred microseconds while gestures
/// are decoded), and only then sleep, so a split usually starts on both cores at once.
final class SliceTeam: Sendable {
  private let state: SliceTeamState

  /// A team of `helpers` threads beside the caller's.
  init(helpers: Int) {
    state = SliceTeamState(helpers: helpers)
    for _ in 0..<helpers {
      let thread = Thread { [state] in state.work() }
      thread.name = "keybench-dtw-slices"
      thread.start()
    }
  }

  deinit { state.stop() }

  /// Calls `body` with each of `slices` slice numbers, the lowest not yet taken first, on this
  /// thread and the helpers; returns when every slice is done. False (nothing run) when the team
  /// is already running another caller's split (several jobs sharing one decoder): that caller
  /// then runs its slices some other way.
  func run(_ slices: Int, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    state.run(slices, body)
  }
}

/// The team's shared state. A split is published as one 64-bit ticket — its number (32 bits),
/// its slice count and the next slice to take (16 bits each) — so a thread claims a slice with
/// one compare-and-swap and can never take a slice of one split with the body of another. The
/// caller waits only for slices claimed and not yet done: a helper that wakes late finds the
/// split taken (the caller ran it alone) and claims nothing, as with `concurrentPerform`.
private final class SliceTeamState: @unchecked Sendable {
  let helpers: Int
  private let busy = Atomic<Bool>(false)
  private let ticket = Atomic<UInt64>(0)
  private let completed = Atomic<Int>(0)
  private let stopping = Atomic<Bool>(false)
  private let parked = NSCondition()
  // Written by `run` before the ticket is published (releasing) and read by a thread only after
  // it claimed a slice of that ticket (acquiring); the split cannot end before that slice is done.
  private var body: (@Sendable (Int) -> Void)?

  /// How long an idle helper watches for the next split before it sleeps.
  static let spinNanoseconds: UInt64 = 300_000

  init(helpers: Int) { self.helpers = helpers }

  private static func split(_ ticket: UInt64) -> UInt64 { ticket >> 32 }

  func run(_ slices: Int, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    guard slices < 1 << 16, busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return false }
    self.body = body
    completed.store(0, ordering: .relaxed)
    let number = (Self.split(ticket.load(ordering: .relaxed)) &+ 1) & 0xFFFF_FFFF
    parked.lock()
    ticket.store(number << 32 | UInt64(slices) << 16, ordering: .releasing)
    parked.broadcast()
    parked.unlock()
    takeSlices(of: number)
    // A helper still inside a slice finishes within microseconds on a free core; on a busy
    // machine it may be waiting for this very core, so each look gives the core away.
    while completed.load(ordering: .acquiring) < slices { sched_yield() }
    self.body = nil
    busy.store(false, ordering: .releasing)
    return true
  }

  /// Claims and runs slices of split `number` until none is left (or another split is up).
  private func takeSlices(of number: UInt64) {
    var current = ticket.load(ordering: .acquiring)
    while Self.split(current) == number {
      let slices = (current >> 16) & 0xFFFF, next = current & 0xFFFF
      guard next < slices else { return }
      let (exchanged, seen) = ticket.compareExchange(expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
      guard exchanged else {
        current = seen
        continue
      }
      body?(Int(next))
      completed.wrappingAdd(1, ordering: .releasing)
      current = ticket.load(ordering: .acquiring)
    }
  }

  /// A helper's life: wait for a split (watching, then asleep), take its slices while any is
  /// left, and wait again; ends when the team is released.
  func work() {
    var seen = Self.split(ticket.load(ordering: .acquiring))
    while true {
      let watchedSince = DispatchTime.now().uptimeNanoseconds
      var checks = 0
      while Self.split(ticket.load(ordering: .acquiring)) == seen && !stopping.load(ordering: .relaxed) {
        // Watching yields the core at every look, so other work (another job, another
        // process) runs first whenever it is waiting for one.
        sched_yield()
        checks += 1
        if checks % 16 == 0 && DispatchTime.now().uptimeNanoseconds - watchedSince > Self.spinNanoseconds {
          parked.lock()
          while Self.split(ticket.load(ordering: .acquiring)) == seen && !stopping.load(ordering: .relaxed) { parked.wait() }
          parked.unlock()
        }
      }
      if stopping.load(ordering: .relaxed) { return }
      seen = Self.split(ticket.load(ordering: .acquiring))
      takeSlices(of: seen)
    }
  }

  func stop() {
    parked.lock()
    stopping.store(true, ordering: .relaxed)
    parked.broadcast()
    parked.unlock()
  }
}
