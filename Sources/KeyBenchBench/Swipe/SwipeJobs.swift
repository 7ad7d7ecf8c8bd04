import Dispatch
import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchSwipe

extension SwipeBenchmark {
  /// The most gestures `jobs` decodes at once: far above any machine's cores, low enough that a
  /// typo (`--jobs 20000`) is refused rather than start thousands of threads.
  public static let maximumJobs = 256

  /// How far a run's per-gesture times can be trusted: `concurrent (jobs=N): …` when gestures
  /// were decoded at once, since they then share cores and caches and say nothing about one
  /// decode's speed. Gates and readers look for this before judging times.
  public static func timing(jobs: Int) -> String {
    jobs == 1
      ? "one job: gestures decoded one after another, per-item times comparable"
      : "concurrent (jobs=\(jobs)): per-item times not comparable"
  }

  /// Gestures read ahead per job while the previous batch decodes: enough to keep every job busy
  /// between batches, few enough that a streamed corpus stays out of memory.
  static let batchPerJob = 32

  /// Decodes the gestures `jobs` at a time, in batches read while the previous batch decodes,
  /// and returns their results in corpus order (what one job returns, times aside). `decoder`
  /// is called on this thread only; errors are thrown for the first failing gesture in order.
  func decodeConcurrently(
    _ prepared: Prepared, jobs: Int, item: ItemDecode, decoder: (Int) throws -> any SwipeDecoder,
    progress: (Int, Int) -> Void
  ) throws -> [SwipeItemResult] {
    var results: [SwipeItemResult] = []
    results.reserveCapacity(prepared.gestures.count)
    var running: Batch?
    // A failure stops reading; the batch in flight still finishes before the error leaves.
    defer { _ = running?.wait() }
    /// Waits for the running batch and takes its results in order.
    func collect() throws {
      guard let batch = running else { return }
      running = nil
      for outcome in batch.wait() {
        results.append(try outcome.get())
        progress(results.count, prepared.gestures.count)
      }
    }
    var pending: [Batch.Work] = []
    func launch() throws {
      try collect()
      running = Batch(pending, jobs: jobs, item: item)
      pending = []
    }
    try prepared.gestures.forEach { index, gesture in
      let chosen = try decoder(index)
      // A decoder told which item it serves (a plug-in's one process) must see one at a time.
      guard !(chosen is any ItemAware) else {
        throw CommandContractError("\(chosen.label) takes one request at a time; decode it with one job")
      }
      pending.append(.init(gesture: gesture, decoder: chosen, scale: prepared.layouts[index].scale))
      if pending.count == jobs * Self.batchPerJob { try launch() }
    }
    if !pending.isEmpty { try launch() }
    try collect()
    return results
  }

  /// One gesture's decode, scoring and contract check: the same for one job and for several.
  struct ItemDecode: Sendable {
    let top: Int
    let context: ContextFusion?
    let contextPool: Int
    let frequencyOf: [String: UInt8]

    func decode(_ gesture: SwipeGesture, with decoder: any SwipeDecoder, scale: (Double, Double)) throws -> SwipeItemResult {
      let points = gesture.points.map { TimedPoint(x: $0.x * scale.0, y: $0.y * scale.1, t: $0.t) }
      let decodeTop = context == nil ? top : max(top, contextPool)
      (decoder as? any ItemAware)?.begin(item: gesture.id)
      let started = DispatchTime.now().uptimeNanoseconds
      var decoding = try decoder.decode(points, top: decodeTop, probe: gesture.word)
      let micros = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e3
      try SwipeBenchmark.checkContract(decoding, top: decodeTop, gesture: gesture)
      let reranked = context.map { fusion in
        gesture.context.map { fusion.rerank(decoding.candidates, previous: $0, top: top) } ?? Array(decoding.candidates.prefix(top))
      }
      decoding.candidates = Array(decoding.candidates.prefix(top))
      let key = SwipeDecoding.matchKey(gesture.word)
      var result = SwipeItemResult(
        gesture: gesture, inLexicon: frequencyOf[key] != nil, frequency: frequencyOf[key], decoding: decoding, decodeMicroseconds: micros)
      if let reranked { result.setContextCandidates(reranked.map(\.word), hadContext: gesture.context != nil) }
      return result
    }
  }

  /// A batch of gestures decoding on `jobs` threads, each taking the next gesture not yet taken
  /// (gestures differ in cost, so a fixed split would leave a job idle).
  final class Batch: @unchecked Sendable {
    struct Work: Sendable {
      let gesture: SwipeGesture
      let decoder: any SwipeDecoder
      let scale: (Double, Double)
    }

    private let lock = NSLock()
    private var next = 0
    private var outcomes: [Result<SwipeItemResult, any Error>?]
    private let group = DispatchGroup()

    init(_ work: [Work], jobs: Int, item: ItemDecode) {
      outcomes = Array(repeating: nil, count: work.count)
      for _ in 0..<min(jobs, work.count) {
        DispatchQueue.global().async(group: group) { [self] in
          while let index = take(below: work.count) {
            let outcome = Result { try item.decode(work[index].gesture, with: work[index].decoder, scale: work[index].scale) }
            lock.withLock { outcomes[index] = outcome }
          }
        }
      }
    }

    private func take(below count: Int) -> Int? {
      lock.withLock {
        guard next < count else { return nil }
        defer { next += 1 }
        return next
      }
    }

    /// Every gesture's outcome, in batch order, once all are decoded.
    func wait() -> [Result<SwipeItemResult, any Error>] {
      group.wait()
      return lock.withLock { outcomes.map { $0! } }
    }
  }
}
