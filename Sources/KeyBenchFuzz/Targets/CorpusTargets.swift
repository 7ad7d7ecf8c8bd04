import Foundation
import KeyBenchGeometry
import KeyBenchBench
import KeyBenchCorpora
import KeyBenchSwipe
import KeyBenchTouch

/// Swipe corpora (`SwipeCorpus`) and the How We Swipe importer's inputs (logs, per-user JSON,
/// the curator's manifest), then what `stats`, `keybench-run swipe` and `touch --swipes` do
/// with the gestures.
enum CorpusTargets {
  static let all: [FuzzTarget] = [
    FuzzTarget(
      name: "swipe-corpus",
      summary: "swipe corpus JSONL: SwipeCorpus.readAll, then layouts resolved per gesture, SwipeStatistics, endpoint taps through the touch resolvers, DTW decoding",
      run: { data in
        let (_, gestures) = try SwipeCorpus.readAll(path: FuzzScratch.file("corpus.jsonl", data))
        try exercise(gestures)
      }),
    FuzzTarget(
      name: "hws-log",
      summary: "How We Swipe .log: HowWeSwipeLog.parse (rejected gestures included), the kept gestures written as a corpus and read back, then as swipe-corpus",
      run: { data in
        let path = try FuzzScratch.file("hws/user01.log", data)
        var gestures: [SwipeGesture] = []
        let counts = try HowWeSwipeLog(includeRejected: true).parse(path: path, user: "user01") { gestures.append($0) }
        FuzzInvariant.check(counts.kept == gestures.count, "kept \(counts.kept) gestures but emitted \(gestures.count)")
        _ = try? HowWeSwipeLog(includeRejected: false).parse(path: path, user: "user01") { _ in }
        // What `keybench-swipes import-hws` writes must read back as the same gestures.
        let corpus = FuzzScratch.directory("hws-out", clean: true) + "/hws.jsonl"
        let writer = try SwipeCorpus.Writer(path: corpus, header: SwipeCorpus.Header(createdBy: "keybench-fuzz"))
        for gesture in gestures { try writer.append(gesture) }
        try writer.finish()
        let back = try SwipeCorpus.readAll(path: corpus).gestures
        FuzzInvariant.check(back.count == gestures.count, "wrote \(gestures.count) gestures, read back \(back.count)")
        try exercise(gestures)
      }),
    FuzzTarget(
      name: "hws-user",
      summary: "How We Swipe per-user metadata JSON: HowWeSwipeUser.metadata(from:)",
      run: { data in
        _ = try HowWeSwipeUser.metadata(from: URL(fileURLWithPath: FuzzScratch.file("user01.json", data)))
      }),
    FuzzTarget(
      name: "hws-manifest",
      summary: "How We Swipe log manifest TSV: HowWeSwipeManifest.compare",
      run: { data in
        _ = try HowWeSwipeManifest.compare(
          path: FuzzScratch.file("hws_log_manifest.tsv", data),
          with: ["user01.log": (complete: 3, accepted: 2), "user02.log": (complete: 0, accepted: 0)])
      }),
  ]

  /// What the tools do with a corpus after reading it, on the first few gestures.
  static func exercise(_ gestures: [SwipeGesture]) throws {
    let sample = Array(gestures.prefix(32))
    let resolver = LayoutResolver(catalog: FuzzFixtures.catalog)
    _ = SwipeStatistics(gestures: sample, layouts: resolver.layout(for:))
    let sets = SwipeEndpointTaps.collect(gestures: sample, layouts: resolver)
    if !sets.isEmpty {
      let benchmark = TouchBenchmark(
        kinds: TouchResolverKind.allCases, config: TouchConfig(),
        model: { LetterModel(texts: [FuzzFixtures.text], alphabet: $0) })
      _ = TouchSummary(run: benchmark.run(sets: sets))
    }
    for gesture in sample.prefix(2) {
      guard let layout = resolver.layout(for: gesture.layout) else { continue }
      let decoder = DTWDecoder(
        lexicon: DecoderLexicon(lexicon: FuzzFixtures.lexicon, layout: layout), config: DTWDecoderConfig())
      _ = decoder.decode(gesture.points, top: 4, probe: gesture.word)
    }
  }
}
