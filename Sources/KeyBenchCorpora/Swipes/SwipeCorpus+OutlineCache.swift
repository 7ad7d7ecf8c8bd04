public import Foundation
import KeyBenchCore
public import KeyBenchGeometry

extension SwipeCorpus {
  /// Where a corpus's outlines are kept between runs, and the corpus they belong to.
  ///
  /// Outlining a corpus (every gesture's id, word, user, layout, flags and context, the points
  /// skipped) is most of a short run's start-up: a 10-gesture run of the 33,000 How We Swipe
  /// gestures spent a third of its CPU decoding their JSON. The outlines depend only on the
  /// corpus's bytes and the code that reads them, so they are stored once per corpus content
  /// (its SHA-256, which the run's provenance computes anyway) and executable
  /// (``VerifiedCacheFile``: a damaged or foreign file is outlined again and replaced).
  public struct OutlineCache: Sendable {
    public var folder: URL
    /// The hex SHA-256 of the corpus file's bytes.
    public var corpusSHA256: String

    public init(folder: URL, corpusSHA256: String) {
      self.folder = folder
      self.corpusSHA256 = corpusSHA256
    }

    /// Files kept: one per corpus content and build.
    static let keptFiles = 12

    /// The file of this corpus for this build.
    public var file: URL {
      var digest = ContentDigest()
      digest.update("format=\(SwipeCorpus.outlineStorageFormat)\nexecutable=\(BuildInfo.executableSHA256)\ncorpus=\(corpusSHA256)\n")
      return folder.appendingPathComponent("\(digest.finalize()).bin")
    }
  }

  /// Bumped whenever the stored outline arrays or their meaning change.
  public static let outlineStorageFormat = "keybench-swipe-outlines/1-le"

  /// Every gesture's outline, in file order, read from `cache` when it holds this corpus, else by
  /// ``readOutlines(path:layouts:_:)`` and stored there. Every outline's layout is checked with
  /// `layouts` either way; a stored corpus whose layouts no longer resolve is read again, so the
  /// error names its line. `read` says whether the stored outlines were used.
  public static func outlines(path: String, layouts: LayoutResolver, cache: OutlineCache?) throws -> (outlines: [Outline], read: Bool) {
    if let cache, let payload = try? VerifiedCacheFile.read(cache.file, key: cache.corpusSHA256),
      let stored = try? decodedOutlines(payload), stored.allSatisfy({ layouts.layout(for: $0.layout) != nil })
    {
      return (stored, true)
    }
    var outlines: [Outline] = []
    try readOutlines(path: path, layouts: layouts) { outlines.append($0) }
    if let cache {
      // A cache that cannot be written (read-only folder, full disk) costs only the saving.
      if let payload = encodedOutlines(outlines) {
        try? VerifiedCacheFile.write(payload, key: cache.corpusSHA256, to: cache.file, keeping: OutlineCache.keptFiles)
      }
    }
    return (outlines, false)
  }

  /// The stored form of `outlines`: parallel arrays, an absent user, variant, canvas or context
  /// marked apart from an empty one. Nil for a corpus whose strings would not fit the format's
  /// 32-bit offsets (over a gigabyte of ids, words or context): such a corpus is not cached.
  static func encodedOutlines(_ outlines: [Outline]) -> Data? {
    let limit = Int(Int32.max) / 2
    func bytes(_ strings: some Sequence<String>) -> Int { strings.reduce(0) { $0 + $1.utf8.count } }
    guard bytes(outlines.lazy.map(\.id)) < limit, bytes(outlines.lazy.map(\.word)) < limit, bytes(outlines.lazy.map { $0.user ?? "" }) < limit,
      bytes(outlines.lazy.map(\.layout.device)) < limit, bytes(outlines.lazy.map { $0.layout.variant ?? "" }) < limit,
      bytes(outlines.lazy.flatMap { $0.context ?? [] }) < limit
    else { return nil }
    var writer = BinaryWriter()
    writer.text(outlineStorageFormat)
    writer.strings(outlines.map(\.id))
    writer.strings(outlines.map(\.word))
    writer.array(outlines.map { $0.user == nil ? UInt8(0) : 1 })
    writer.strings(outlines.map { $0.user ?? "" })
    writer.strings(outlines.map(\.layout.device))
    writer.array(outlines.map { $0.layout.variant == nil ? UInt8(0) : 1 })
    writer.strings(outlines.map { $0.layout.variant ?? "" })
    // A canvas is finite when present (``SwipeGesture/problem``), so NaN can stand for none.
    writer.array(outlines.map { $0.layout.width ?? .nan })
    writer.array(outlines.map { $0.layout.height ?? .nan })
    let flagCases = SwipeGesture.Flag.allCases
    writer.array(outlines.map { UInt32($0.flags.count) })
    writer.array(outlines.flatMap { $0.flags.map { UInt8(flagCases.firstIndex(of: $0)!) } })
    writer.array(outlines.map { $0.context.map { Int32($0.count) } ?? -1 })
    writer.strings(outlines.flatMap { $0.context ?? [] })
    return writer.data
  }

  /// Reads ``encodedOutlines(_:)``'s bytes back.
  ///
  /// - Throws: ``BinaryCodingError`` for bytes of another format or arrays that do not fit
  ///   together; never traps on damaged bytes.
  static func decodedOutlines(_ data: Data) throws(BinaryCodingError) -> [Outline] {
    var reader = BinaryReader(data: data)
    guard try reader.text() == outlineStorageFormat else { throw BinaryCodingError("not \(outlineStorageFormat)") }
    let ids = try reader.strings()
    let words = try reader.strings()
    let hasUser: [UInt8] = try reader.array()
    let users = try reader.strings()
    let devices = try reader.strings()
    let hasVariant: [UInt8] = try reader.array()
    let variants = try reader.strings()
    let widths: [Double] = try reader.array()
    let heights: [Double] = try reader.array()
    let flagCounts: [UInt32] = try reader.array()
    let flagIndices: [UInt8] = try reader.array()
    let contextCounts: [Int32] = try reader.array()
    let contextWords = try reader.strings()
    guard reader.atEnd else { throw BinaryCodingError("bytes after the last array") }
    let n = ids.count
    let flagCases = SwipeGesture.Flag.allCases
    guard [words.count, hasUser.count, users.count, devices.count, hasVariant.count, variants.count, widths.count, heights.count,
      flagCounts.count, contextCounts.count].allSatisfy({ $0 == n }),
      flagCounts.reduce(0, { $0 + Int($1) }) == flagIndices.count, flagIndices.allSatisfy({ Int($0) < flagCases.count }),
      contextCounts.allSatisfy({ $0 >= -1 }), contextCounts.reduce(0, { $0 + max(0, Int($1)) }) == contextWords.count
    else { throw BinaryCodingError("outline arrays that do not fit together") }
    var outlines: [Outline] = []
    outlines.reserveCapacity(n)
    var flagAt = 0
    var contextAt = 0
    for i in 0..<n {
      let flags = flagIndices[flagAt..<flagAt + Int(flagCounts[i])].map { flagCases[Int($0)] }
      flagAt += Int(flagCounts[i])
      var context: [String]?
      if contextCounts[i] >= 0 {
        context = Array(contextWords[contextAt..<contextAt + Int(contextCounts[i])])
        contextAt += Int(contextCounts[i])
      }
      let layout = LayoutReference(
        device: devices[i], variant: hasVariant[i] == 0 ? nil : variants[i], width: widths[i].isNaN ? nil : widths[i],
        height: heights[i].isNaN ? nil : heights[i])
      outlines.append(
        Outline(id: ids[i], word: words[i], user: hasUser[i] == 0 ? nil : users[i], layout: layout, flags: flags, context: context))
    }
    return outlines
  }
}
