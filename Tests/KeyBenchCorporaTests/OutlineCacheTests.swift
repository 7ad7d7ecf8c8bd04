import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchTestSupport
import Testing

@testable import KeyBenchCorpora

/// Stored outlines stand in for reading the corpus only when they are exactly what reading it
/// gives, and never when the file is damaged, foreign or its layouts no longer resolve.
@Suite struct OutlineCacheTests {
  static let header = #"{"createdBy":"test","format":"keybench-swipes","provenance":{},"version":1}"#
  /// Gestures covering what an outline can hold: no user, an empty and an absent context,
  /// repeated flags, a variant, a canvas, non-ASCII words.
  static let lines = [
    #"{"id":"a","layout":{"device":"hws","height":197,"width":360},"points":[[1,2,0],[3,4,16]],"source":"t","word":"one","flags":[]}"#,
    #"{"id":"b","word":"über","flags":["landscape","non-alphabetic","landscape"],"source":"t","layout":{"device":"hws","width":360,"height":197},"points":[[5,6,0]],"context":["x","y"]}"#,
    #"{"id":"c","word":"three","source":"t","user":"u","flags":[],"layout":{"device":"iphone5","variant":"qwertz-de"},"points":[[7,8,0],[9,9,5]],"context":[]}"#,
  ]

  func corpus(_ dir: TemporaryDirectory, _ lines: [String] = lines) throws -> String {
    try dir.write("c.jsonl", text: ([Self.header] + lines).joined(separator: "\n") + "\n")
  }

  func fields(_ outlines: [SwipeCorpus.Outline]) -> [String] {
    outlines.map { "\($0.id)|\($0.word)|\($0.user ?? "nil")|\($0.layout)|\($0.flags.map(\.rawValue))|\($0.context.map { "\($0)" } ?? "nil")" }
  }

  @Test func storedOutlinesAreWhatReadingGives() throws {
    let dir = try TemporaryDirectory()
    let path = try corpus(dir)
    let resolver = LayoutResolver(catalog: try DeviceCatalog.shipped())
    let cache = SwipeCorpus.OutlineCache(folder: dir.url.appendingPathComponent("cache"), corpusSHA256: try FileDigest.sha256Hex(ofFileAt: path))
    let first = try SwipeCorpus.outlines(path: path, layouts: resolver, cache: cache)
    #expect(!first.read)
    let second = try SwipeCorpus.outlines(path: path, layouts: resolver, cache: cache)
    #expect(second.read)
    var direct: [SwipeCorpus.Outline] = []
    try SwipeCorpus.readOutlines(path: path, layouts: resolver) { direct.append($0) }
    #expect(fields(second.outlines) == fields(direct))
    #expect(fields(first.outlines) == fields(direct))
    #expect(second.outlines[2].context == [] && second.outlines[0].context == nil && second.outlines[0].user == nil)
  }

  /// A damaged, cut or foreign file, or one whose layouts the catalog no longer has, is not
  /// used: the corpus is read again (and its error, if any, names the line).
  @Test func badOrStaleFilesAreReadAgain() throws {
    let dir = try TemporaryDirectory()
    let path = try corpus(dir)
    let resolver = LayoutResolver(catalog: try DeviceCatalog.shipped())
    let cache = SwipeCorpus.OutlineCache(folder: dir.url.appendingPathComponent("cache"), corpusSHA256: try FileDigest.sha256Hex(ofFileAt: path))
    _ = try SwipeCorpus.outlines(path: path, layouts: resolver, cache: cache)
    let sound = try Data(contentsOf: cache.file)
    var damaged = sound
    damaged[damaged.count / 2] ^= 0x20
    for bytes in [damaged, sound.prefix(sound.count / 2), Data()] {
      try bytes.write(to: cache.file)
      let again = try SwipeCorpus.outlines(path: path, layouts: resolver, cache: cache)
      #expect(!again.read && again.outlines.count == 3)
      #expect(try Data(contentsOf: cache.file) == sound, "replaced by a sound file")
    }
    // Another corpus's digest names another file, so a stored file never answers for it.
    let other = SwipeCorpus.OutlineCache(folder: cache.folder, corpusSHA256: String(repeating: "0", count: 64))
    #expect(other.file != cache.file)
    // Stored bytes whose arrays do not fit together are refused, never trapped on.
    #expect(throws: BinaryCodingError.self) { try SwipeCorpus.decodedOutlines(Data("nonsense".utf8)) }
    let payload = try #require(SwipeCorpus.encodedOutlines([]))
    #expect(try SwipeCorpus.decodedOutlines(payload).isEmpty)
    // A layout the catalog does not know: the stored outlines are not trusted, the read fails
    // with the gesture's line as without a cache.
    let unknown = try corpus(dir, [Self.lines[0].replacingOccurrences(of: "\"hws\"", with: "\"nokia3310\"")])
    let stale = SwipeCorpus.OutlineCache(folder: cache.folder, corpusSHA256: try FileDigest.sha256Hex(ofFileAt: unknown))
    var outlines: [SwipeCorpus.Outline] = []
    try SwipeCorpus.readOutlines(path: unknown, layouts: nil) { outlines.append($0) }
    let stored = try #require(SwipeCorpus.encodedOutlines(outlines))
    try FileManager.default.createDirectory(at: stale.folder, withIntermediateDirectories: true)
    try VerifiedCacheFile.bytes(stored, key: stale.corpusSHA256).write(to: stale.file)
    let error = try #require(throws: InputFileError.self) { try SwipeCorpus.outlines(path: unknown, layouts: resolver, cache: stale) }
    #expect(error.description.contains("c.jsonl:2"), "\(error)")
  }
}
