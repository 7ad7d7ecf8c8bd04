@testable import KeyBenchBench
import Foundation
import KeyBenchCorpora
import KeyBenchGeometry
import KeyBenchLexicon
import KeyBenchSwipe
import KeyBenchTestSupport
import Testing

/// Threads per gesture and jobs across gestures on real How We Swipe gestures against the real
/// en_US list: every answer is the answer of one thread and one job.
@Suite(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) struct SwipeConcurrencyTests {
  /// The fixture user's gestures and, when Scripts/fetch-corpora extracted the shared logs
  /// (`KEYBENCH_CACHE`, else the checkout's `.keybench/cache`), the first 40 of part 1's.
  static let gestures: [SwipeGesture] = {
    var logs = [URL(fileURLWithPath: TestPaths.fixture("hws/raw_logs/fixtureuser01.log"))]
    let cache = ProcessInfo.processInfo.environment["KEYBENCH_CACHE"].map(URL.init(fileURLWithPath:))
      ?? TestPaths.repository.appendingPathComponent(".keybench/cache")
    let part = cache.appendingPathComponent("corpora/swipes/hws/raw_logs/hws_android_swipelogs_part01")
    let shared = (try? FileManager.default.contentsOfDirectory(atPath: part.path))?.filter { $0.hasSuffix(".log") }.sorted() ?? []
    logs += shared.prefix(3).map { part.appendingPathComponent($0) }
    var gestures: [SwipeGesture] = []
    for log in logs {
      _ = try? HowWeSwipeLog().parse(path: log.path, user: log.deletingPathExtension().lastPathComponent) { gestures.append($0) }
    }
    return Array(gestures.prefix(48))
  }()

  static let lexicon: Lexicon? = try? Lexicon(
    wordlist: LatinIMEParser().parse(path: TestPaths.corpus("latinime/en_US_wordlist.combined.gz")).wordlist)

  private func benchmark(_ config: DTWDecoderConfig, top: Int = 4) throws -> SwipeBenchmark {
    SwipeBenchmark(lexicon: try #require(Self.lexicon), catalog: try DeviceCatalog.shipped(), config: config, top: top, addMissingTargets: true)
  }

  /// The shipped configuration (first pass: DTW over 250 sequences), and without the first pass
  /// (DTW over thousands, where the threads' shared pruning bounds do most of the work), with
  /// 16 candidates and a fixed λ as well.
  /// Each with how many of the gestures it decodes (a debug build's DTW over thousands is slow).
  static var configs: [(String, DTWDecoderConfig, top: Int, gestures: Int)] {
    var wide = DTWDecoderConfig()
    wide.firstPass.enabled = false
    var fixed = wide
    fixed.frequency.adaptive = false
    return [("shipped", DTWDecoderConfig(), 4, 48), ("no first pass", wide, 16, 16), ("fixed λ", fixed, 4, 16)]
  }

  @Test func threadsGiveOneThreadsCandidatesScoresAndStages() throws {
    #expect(Self.gestures.count >= 8)
    for (name, config, top, count) in Self.configs {
      let prepared = try benchmark(config, top: top).prepare(gestures: Array(Self.gestures.prefix(count)))
      try prepared.gestures.forEach { position, gesture in
        let (lexicon, scale) = prepared.layouts[position]
        let points = gesture.points.map { TimedPoint(x: $0.x * scale.0, y: $0.y * scale.1, t: $0.t) }
        var settings = config
        settings.timeLimitMs = 0
        let one = DTWDecoder(lexicon: lexicon, config: settings).decode(points, top: top, probe: gesture.word)
        for threads in [2, 3] {
          settings.threads = threads
          let many = DTWDecoder(lexicon: lexicon, config: settings).decode(points, top: top, probe: gesture.word)
          #expect(many.candidates == one.candidates, "\(name), \(threads) threads, \(gesture.id)")
          #expect(many.diagnostics.stages == one.diagnostics.stages, "\(name), \(threads) threads, \(gesture.id)")
          // Every sequence after the filters is scored or pruned, whichever thread met it.
          #expect(
            many.diagnostics.sequencesScored + many.diagnostics.sequencesPruned
              == one.diagnostics.sequencesScored + one.diagnostics.sequencesPruned, "\(name), \(gesture.id)")
        }
      }
    }
  }

  @Test func jobsGiveOneJobsResultsInOrder() throws {
    var config = DTWDecoderConfig()
    config.timeLimitMs = 0
    let benchmark = try benchmark(config)
    let prepared = try benchmark.prepare(gestures: Self.gestures)
    let one = try benchmark.run(prepared)
    for jobs in [2, 5] {
      var reported: [Int] = []
      let many = try benchmark.run(prepared, jobs: jobs) { done, total in
        #expect(total == prepared.gestures.count)
        reported.append(done)
      }
      #expect(reported == Array(1...prepared.gestures.count))
      #expect(many.jobs == jobs && many.timing.hasPrefix("concurrent (jobs=\(jobs))"))
      #expect(many.results.map(\.id) == one.results.map(\.id))
      #expect(many.results.map(\.candidates) == one.results.map(\.candidates))
      #expect(many.results.map(\.rank) == one.results.map(\.rank))
      #expect(many.results.map(\.stages) == one.results.map(\.stages))
      // One thread per gesture: the same DTW work whatever the jobs.
      #expect(many.results.map(\.dtwColumns) == one.results.map(\.dtwColumns))
    }
    #expect(throws: CommandContractError.self) { try benchmark.run(prepared, jobs: 0) }
    #expect(throws: CommandContractError.self) { try benchmark.run(prepared, jobs: SwipeBenchmark.maximumJobs + 1) }
  }
}
