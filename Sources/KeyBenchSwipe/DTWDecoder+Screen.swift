import Dispatch
import Foundation
import KeyBenchGeometry

extension DTWDecoder {
  /// The filter stages of seed 000 §2.1, in order, as diagnostics name them.
  static let filterStages = ["start point", "start direction", "end point", "length"]

  /// What the filters and the location channel made of the start-point candidates.
  struct Screened: Sendable {
    /// The candidates every filter kept, sorted (with several slices, only those of each slice
    /// that can be among the first pass's best).
    var kept: [Int] = []
    /// Their location distances (empty when neither the first pass nor the location channel is on).
    var distances: [Double] = []
    /// Per stage of ``filterStages``: words kept, and whether a probe sequence was among them.
    var words = [0, 0, 0, 0]
    var probeKept = [false, false, false, false]

    mutating func append(_ other: Screened) {
      kept += other.kept
      distances += other.distances
      for stage in words.indices {
        words[stage] += other.words[stage]
        probeKept[stage] = probeKept[stage] || other.probeKept[stage]
      }
    }
  }

  /// Runs the filters over `starts` (sorted start-point candidates) and measures the location
  /// distance of the survivors, in contiguous slices on up to `threads` threads: each candidate
  /// is judged alone, so slices concatenated in order give one thread's answer. With the first
  /// pass on, this is about half a decode, too much to leave on one core.
  func screen(_ starts: [Int], trace: [Point], traceLength: Double, probe: [Int], threads: Int) -> Screened {
    // Below a few hundred candidates a thread costs more to wake than it saves; two slices a
    // thread, taken as threads come free, even out slices whose survivors cost more.
    let chunks = threads > 1 ? max(1, min(2 * threads, starts.count / 512 + 1)) : 1
    let channel = usesLocation ? locationChannel(trace) : nil
    @Sendable func slice(_ range: Range<Int>) -> Screened {
      var result = Screened()
      var candidates = Array(starts[range])
      for stage in Self.filterStages.indices {
        switch stage {
        case 1: candidates = filterDirection(candidates, trace: trace)
        case 2: candidates = filterEndPoint(candidates, last: trace[trace.count - 1])
        case 3: candidates = filterLength(candidates, traceLength: traceLength)
        default: break
        }
        result.words[stage] = candidates.reduce(0) { $0 + lexicon.wordsPerSequence($1) }
        result.probeKept[stage] = Self.containsAny(probe, sorted: candidates)
      }
      result.distances = channel.map { locationDistances(candidates, channel: $0) } ?? []
      // The first pass's best `keep` overall are among each slice's best `keep` (ties go to the
      // earlier candidate, in a slice as overall), so a slice hands on only those and the
      // selection left on one thread is over a few hundred, not thousands.
      if chunks > 1, let best = firstPassChoice(candidates, distances: result.distances) {
        candidates = best.map { candidates[$0] }
        result.distances = best.map { result.distances[$0] }
      }
      result.kept = candidates
      return result
    }
    guard chunks > 1 else { return slice(starts.indices) }
    let parts = ScreenedParts(count: chunks)
    forEachSlice(chunks, threads: threads) { t in
      parts.store(t, slice((starts.count * t / chunks)..<(starts.count * (t + 1) / chunks)))
    }
    var screened = Screened()
    for part in parts.all { screened.append(part) }
    return screened
  }

  /// Calls `body` with each of `slices` slice numbers on up to `threads` threads, each thread
  /// taking the lowest slice not yet taken: slices differ in cost, and a fixed split would leave
  /// a thread idle; in order, so later DTW slices start with the earlier ones' pruning bounds.
  /// The decoder's ``SliceTeam`` runs them when it is free; else (another job's split under way
  /// on a shared decoder) `concurrentPerform` does.
  func forEachSlice(_ slices: Int, threads: Int, _ body: @Sendable (Int) -> Void) {
    guard threads > 1 && slices > 1 else {
      for slice in 0..<slices { body(slice) }
      return
    }
    if let team, withoutActuallyEscaping(body, do: { team.run(slices, $0) }) { return }
    let counter = SliceCounter()
    DispatchQueue.concurrentPerform(iterations: min(threads, slices)) { _ in
      while let slice = counter.next(below: slices) { body(slice) }
    }
  }

  /// Whether any of `items` is in `sorted` (ascending), by binary search.
  static func containsAny(_ items: [Int], sorted: [Int]) -> Bool {
    items.contains { index in
      var low = 0
      var high = sorted.count
      while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < index { low = middle + 1 } else { high = middle }
      }
      return low < sorted.count && sorted[low] == index
    }
  }
}

/// Per-slice results of ``DTWDecoder/screen(_:trace:traceLength:probe:threads:)``, written once
/// each from `concurrentPerform`.
private final class ScreenedParts: @unchecked Sendable {
  private var parts: [DTWDecoder.Screened]
  private let lock = NSLock()
  init(count: Int) { parts = Array(repeating: .init(), count: count) }
  func store(_ index: Int, _ part: DTWDecoder.Screened) { lock.withLock { parts[index] = part } }
  var all: [DTWDecoder.Screened] { lock.withLock { parts } }
}

/// The next slice of ``DTWDecoder/forEachSlice(_:threads:_:)`` to take.
private final class SliceCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var taken = 0
  func next(below count: Int) -> Int? {
    lock.withLock {
      guard taken < count else { return nil }
      defer { taken += 1 }
      return taken
    }
  }
}
