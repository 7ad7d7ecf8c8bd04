@testable import KeyBenchBench
import Foundation
import KeyBenchGeometry
import KeyBenchLexicon
import KeyBenchSwipe
import KeyBenchTestSupport
import Testing

/// The layout cache on the real en_US list and real How We Swipe gestures: a lexicon read back
/// decodes exactly as one laid out afresh, a damaged or foreign file is laid out again and
/// replaced, and what the layout depends on (device, added or kept words) misses the cache.
@Suite(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) struct DecoderLexiconCacheTests {
  static var lexicon: Lexicon? { SwipeConcurrencyTests.lexicon }

  /// The first 4,000 words of the real list: enough for every structure, quick in a debug build.
  static let smallLexicon: Lexicon? = lexicon.map { Lexicon(name: "en_US-4000", locale: "en", entries: $0.entries.prefix(4000)) }

  static func identity(_ lexicon: Lexicon, layout: KeyboardLayout, added: [(word: String, frequency: UInt8)] = [], maxWords: Int? = nil)
    -> DecoderLexiconCache.Identity
  {
    DecoderLexiconCache.Identity(
      lexiconSHA256: lexicon.provenance.sha256, maxWords: maxWords, keptWords: [], added: added, layout: layout)
  }

  /// A cached run and an uncached one give the same candidates, ranks, stages and probe recall on
  /// real gestures (each of their layouts read back from the file the first cached run wrote),
  /// and the read lexicon's stored form is byte for byte the fresh one's.
  @Test func aReadLexiconDecodesLikeAFreshOne() throws {
    let folder = try TemporaryDirectory()
    var config = DTWDecoderConfig()
    config.timeLimitMs = 0
    let gestures = SwipeConcurrencyTests.gestures
    #expect(gestures.count >= 8)
    var fresh = SwipeBenchmark(
      lexicon: try #require(Self.lexicon), catalog: try DeviceCatalog.shipped(), config: config, addMissingTargets: true)
    let uncached = try fresh.run(fresh.prepare(gestures: gestures))
    fresh.layoutCache = (DecoderLexiconCache(folder: folder.url), try #require(Self.lexicon).provenance.sha256)
    let writing = try fresh.prepare(gestures: gestures)
    #expect(writing.layoutsRead == 0)
    let reading = try fresh.prepare(gestures: gestures)
    let layouts = Set(reading.layouts.map { ObjectIdentifier($0.lexicon) }).count
    #expect(reading.layoutsRead == layouts && layouts >= 1)
    let cached = try fresh.run(reading)
    #expect(cached.results.count == uncached.results.count)
    for (a, b) in zip(cached.results, uncached.results) {
      #expect(a.candidates == b.candidates, "\(a.id)")
      #expect(a.rank == b.rank && a.inLexicon == b.inLexicon && a.frequency == b.frequency, "\(a.id)")
      #expect(a.stages == b.stages, "\(a.id)")
      #expect(a.dtwColumns == b.dtwColumns, "\(a.id)")
    }
    for (read, laidOut) in zip(reading.layouts, writing.layouts) {
      #expect(read.lexicon.encoded() == laidOut.lexicon.encoded())
      #expect(read.lexicon.byFirstKey == laidOut.lexicon.byFirstKey)
      #expect(read.lexicon.keys == laidOut.lexicon.keys && read.lexicon.pitch == laidOut.lexicon.pitch)
    }
    let read = reading.layouts[0].lexicon
    let laidOut = writing.layouts[0].lexicon
    for gesture in gestures { #expect(read.sequenceIndices(matching: gesture.word) == laidOut.sequenceIndices(matching: gesture.word)) }
    // Words with several spellings on several sequences (its/it's) keep every sequence.
    #expect(read.sequenceIndices(matching: "its") == laidOut.sequenceIndices(matching: "its"))
  }

  /// The look-up by match key (a binary search over the stored key order) finds exactly the
  /// sequences whose words have the key, ascending, for every word of the list (its, it's, …),
  /// for spellings that differ only in case, and for words it does not hold.
  @Test func sequencesByMatchKeyAreThoseOfTheDefinition() throws {
    // The words starting with i (its, it's, it'll, …) of the real list.
    let full = try #require(Self.lexicon)
    let lexicon = Lexicon(name: "en_US-i", locale: "en", entries: full.entries(startingWith: "i"))
    let layout = try DeviceCatalog.shipped().layout(named: "iphone5")
    let laidOut = DecoderLexicon(lexicon: lexicon, layout: layout)
    let read = try DecoderLexicon(encoded: laidOut.encoded(), layout: layout)
    var expected: [String: [Int]] = [:]
    for (index, sequence) in laidOut.sequences.enumerated() {
      for word in sequence.words where expected[word.comparable]?.last != index { expected[word.comparable, default: []].append(index) }
    }
    let probes = lexicon.entries.map(\.word) + lexicon.entries.prefix(500).map { $0.word.uppercased() } + ["zzzzqx", "", "'", "naïve"]
    for word in probes {
      let want = expected[SwipeDecoding.matchKey(word)] ?? []
      #expect(laidOut.sequenceIndices(matching: word) == want, "\(word)")
      #expect(read.sequenceIndices(matching: word) == want, "\(word)")
    }
  }

  /// A file damaged in the middle, cut short, or holding another key's lexicon is laid out again
  /// and replaced by a sound one, which the next run reads.
  @Test func aDamagedOrForeignFileIsLaidOutAgain() throws {
    let folder = try TemporaryDirectory()
    let cache = DecoderLexiconCache(folder: folder.url)
    let lexicon = try #require(Self.smallLexicon)
    let catalog = try DeviceCatalog.shipped()
    let layout = try catalog.layout(named: "iphone5")
    let identity = Self.identity(lexicon, layout: layout)
    let build = { DecoderLexicon(lexicon: lexicon, layout: layout) }
    let (first, firstOutcome) = cache.lexicon(identity, build: build)
    #expect(firstOutcome == .laidOut("none stored"))
    let file = cache.path(key: DecoderLexiconCache.key(identity))
    let sound = try Data(contentsOf: file)
    #expect(cache.lexicon(identity, build: build).1 == .read)

    var damaged = sound
    damaged[damaged.count / 2] ^= 0x40
    let other = Self.identity(lexicon, layout: try catalog.layout(named: "ipad4"))
    _ = cache.lexicon(other, build: { DecoderLexicon(lexicon: lexicon, layout: other.layout) })
    let foreign = try Data(contentsOf: cache.path(key: DecoderLexiconCache.key(other)))
    for (bytes, expected) in [(damaged, "fails its SHA-256"), (sound.prefix(sound.count - 100), "fails its SHA-256"), (Data(), "cut short"), (foreign, "another key")] {
      try bytes.write(to: file)
      let (lexicon, outcome) = cache.lexicon(identity, build: build)
      guard case .laidOut(let reason) = outcome else {
        Issue.record("a bad file was read: \(expected)")
        continue
      }
      #expect(reason.contains(expected), "\(reason)")
      #expect(lexicon.encoded() == first.encoded())
      #expect(try Data(contentsOf: file) == sound, "the file was replaced by a sound one")
      #expect(cache.lexicon(identity, build: build).1 == .read)
    }
  }

  /// Every rebuilt executable writes new files, so a write keeps only the newest
  /// ``DecoderLexiconCache/keptFiles``: the oldest go, the one just written stays.
  @Test func aWriteKeepsOnlyTheNewestFiles() throws {
    let folder = try TemporaryDirectory()
    let cache = DecoderLexiconCache(folder: folder.url)
    let old = Date(timeIntervalSinceNow: -86_400)
    for index in 0..<DecoderLexiconCache.keptFiles {
      let path = try folder.write(String(format: "%064x.bin", index), text: "stale")
      try FileManager.default.setAttributes([.modificationDate: old.addingTimeInterval(Double(index))], ofItemAtPath: path)
    }
    let lexicon = try #require(Self.smallLexicon)
    let identity = Self.identity(lexicon, layout: try DeviceCatalog.shipped().layout(named: "iphone5"))
    _ = cache.lexicon(identity, build: { DecoderLexicon(lexicon: lexicon, layout: identity.layout) })
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".bin") })
    #expect(left.count == DecoderLexiconCache.keptFiles)
    #expect(left.contains("\(DecoderLexiconCache.key(identity)).bin"))
    #expect(!left.contains(String(format: "%064x.bin", 0)), "the oldest file was removed")
    #expect(left.contains(String(format: "%064x.bin", 1)))
  }

  /// The key follows everything the layout depends on and nothing else: another device, another
  /// lexicon, added or kept words and --max-words miss; the decoding configuration does not
  /// enter (a run with another DTW setting reads the same file).
  @Test func whatTheLayoutDependsOnMissesTheCache() throws {
    let lexicon = try #require(Self.smallLexicon)
    let catalog = try DeviceCatalog.shipped()
    let layout = try catalog.layout(named: "iphone5")
    let base = DecoderLexiconCache.key(Self.identity(lexicon, layout: layout))
    #expect(base == DecoderLexiconCache.key(Self.identity(lexicon, layout: try catalog.layout(named: "iphone5"))))
    var keys: Set<String> = [base]
    var kept = Self.identity(lexicon, layout: layout)
    kept.keptWords = ["zygote"]
    let others = [
      Self.identity(lexicon, layout: try catalog.layout(named: "ipad4")),
      Self.identity(lexicon, layout: try catalog.layout(named: "iphone6s")),
      Self.identity(Lexicon(name: "fewer", locale: "en", entries: lexicon.entries.prefix(3999)), layout: layout),
      Self.identity(lexicon, layout: layout, added: [("qwertyz", 1)]),
      Self.identity(lexicon, layout: layout, added: [("qwertyz", 2)]),
      Self.identity(lexicon, layout: layout, maxWords: 1000),
      kept,
    ]
    for identity in others { keys.insert(DecoderLexiconCache.key(identity)) }
    #expect(keys.count == others.count + 1)

    // Through the benchmark: the same gestures on a second device miss, then hit; another DTW
    // configuration reads what the first wrote.
    let folder = try TemporaryDirectory()
    let gestures = SwipeConcurrencyTests.gestures.prefix(8).map { gesture -> SwipeGesture in
      var moved = gesture
      moved.layout = LayoutReference(device: "iphone5")
      return moved
    }
    var benchmark = SwipeBenchmark(lexicon: lexicon, catalog: catalog, config: DTWDecoderConfig(), addMissingTargets: true)
    benchmark.layoutCache = (DecoderLexiconCache(folder: folder.url), lexicon.provenance.sha256)
    #expect(try benchmark.prepare(gestures: Array(gestures)).layoutsRead == 0)
    #expect(try benchmark.prepare(gestures: Array(gestures)).layoutsRead == 1)
    let onIpad = gestures.map { gesture -> SwipeGesture in
      var moved = gesture
      moved.layout = LayoutReference(device: "ipad4")
      return moved
    }
    #expect(try benchmark.prepare(gestures: onIpad).layoutsRead == 0)
    benchmark.config.frequency.weight *= 2
    #expect(try benchmark.prepare(gestures: Array(gestures)).layoutsRead == 1)
    benchmark.maxWords = 2000
    #expect(try benchmark.prepare(gestures: Array(gestures)).layoutsRead == 0)
  }
}
