import KeyBenchCore

/// Symmetric-delete candidate lookup (Garbe's SymSpell): every lexicon word's first `prefix`
/// letters are stored with up to `maxDeletes` letters removed; a typed word's own deletes are
/// looked up, so all words within that many edits of the typed prefix come back without a
/// scan of the lexicon. A second key, the word's consonant skeleton, catches misspellings that
/// are far in letters but close in sound (`perminantly` → `permanently`).
///
/// Entries are 64-bit values grouped by a bucket directory on the top bits of a 38-bit hash of
/// the key; each holds the hash's remaining bits, the number of letters deleted from the word,
/// the word's frequency byte and its 24-bit id. The frequency rides along so the corrector can
/// order candidates, and stop early, without touching the words it never scores. A
/// lookup may cap the deletions on both sides together (`maxTotalDeletes`): two deletions on
/// each side (two substitutions) flood short words with candidates, most of them far. Hash
/// collisions only add candidates, which the corrector's own distance check then rejects.
final class DeleteIndex: Sendable {
  let maxDeletes: Int
  let maxTotalDeletes: Int
  let prefix: Int
  private let deletes: Table
  private let skeletons: Table
  private let vowels: [Bool]

  /// An index over `lexicon`'s built tables for `maxDeletes` and `prefix`, shared with every other
  /// index of the same lexicon and settings (``CorrectionLexicon/deleteTables(maxDeletes:prefix:)``):
  /// `maxTotalDeletes` is only applied at lookup.
  init(lexicon: CorrectionLexicon, maxDeletes: Int = 2, maxTotalDeletes: Int = 4, prefix: Int = 7) {
    self.maxDeletes = maxDeletes
    self.maxTotalDeletes = maxTotalDeletes
    self.prefix = prefix
    let tables = lexicon.deleteTables(maxDeletes: maxDeletes, prefix: prefix)
    deletes = tables.deletes
    skeletons = tables.skeletons
    vowels = tables.vowels
  }

  /// What an index stores for one lexicon, deletion count and prefix: the larger part of a
  /// correction run's start-up and tens of megabytes, so built once and shared.
  final class Tables: Sendable {
    let deletes: Table
    let skeletons: Table
    let vowels: [Bool]

    init(lexicon: CorrectionLexicon, maxDeletes: Int, prefix: Int) {
      precondition(lexicon.count < 1 << 24, "word ids must fit 24 bits")
      precondition(maxDeletes <= 3, "the deletion count must fit 2 bits")
      var vowels = [Bool](repeating: false, count: 256)
      for (scalar, code) in lexicon.alphabet where "aeiouyäöüàâéèêëîïôûùæœ".unicodeScalars.contains(scalar) {
        vowels[Int(code)] = true
      }
      self.vowels = vowels
      var deletes: [UInt64] = []
      deletes.reserveCapacity(lexicon.count * 24)
      var skeletons: [UInt64] = []
      skeletons.reserveCapacity(lexicon.count)
      var seen: [UInt64] = []
      for id in 0..<lexicon.count {
        let word = Array(lexicon.word(id))
        seen.removeAll(keepingCapacity: true)
        DeleteIndex.forEachDelete(of: word[..<min(word.count, prefix)], upTo: maxDeletes) { hash, deleted in
          if !seen.contains(hash) {
            seen.append(hash)
            deletes.append(DeleteIndex.entry(hash, deleted, id))
          }
        }
        skeletons.append(DeleteIndex.entry(DeleteIndex.skeleton(word[...], vowels: vowels), 0, id))
      }
      self.deletes = Table(deletes, frequencies: lexicon.frequencies)
      self.skeletons = Table(skeletons, frequencies: lexicon.frequencies)
    }
  }

  /// Entries grouped by a direct-mapped bucket directory on the top hash bits, so a lookup
  /// touches two cache lines instead of binary-searching millions of entries. The directory
  /// implies a bucket's top hash bits, so an entry keeps only the rest (at most 28 bits), which
  /// leaves room for the word's frequency byte. Buckets hold about 16 entries (two cache lines):
  /// a directory of one bucket per 4 entries (8 MB for en_US) missed the cache on nearly every
  /// lookup and measured 16 % slower overall than one per 16 (2 MB).
  struct Table: Sendable {
    let entries: [UInt64]
    let starts: [UInt32]
    /// Hash bits the directory resolves.
    let bits: UInt64

    /// - Parameter unsorted: `entry(hash, deleted, id)` values.
    init(_ unsorted: [UInt64], frequencies: [UInt8]) {
      let sorted = RadixSort.sorted(unsorted)
      var bits: UInt64 = 10
      while (1 << bits) * 16 < sorted.count && bits < 24 { bits += 1 }
      self.bits = bits
      let shift = 64 - bits
      var starts = [UInt32](repeating: 0, count: (1 << Int(bits)) + 1)
      for entry in sorted { starts[Int(entry >> shift) + 1] += 1 }
      for index in 1..<starts.count { starts[index] += starts[index - 1] }
      self.starts = starts
      let restMask: UInt64 = (1 << (38 - bits)) - 1
      entries = sorted.map { entry in
        let id = Int(entry & 0xFF_FFFF)
        let candidate = CandidateSet.candidate(id: id, frequency: frequencies[id])
        return ((entry >> 26) & restMask) << 34 | ((entry >> 24) & 3) << 32 | UInt64(candidate)
      }
    }

    /// The entries in the bucket of `hash` (38 bits); other hashes share it.
    @inline(__always)
    func range(of hash: UInt64) -> (start: Int, end: Int) {
      let bucket = Int(hash >> (38 - bits))
      return (Int(starts[bucket]), Int(starts[bucket + 1]))
    }

    /// The part of `hash` an entry of its bucket stores, at the entry's top.
    @inline(__always)
    func rest(of hash: UInt64) -> UInt64 { hash & ((1 << (38 - bits)) - 1) }
  }

  /// Adds to `found` every word sharing a delete key or the skeleton with `typed`.
  ///
  /// The lookups run in three passes — all keys, then all bucket bounds, then all entries — so
  /// the processor can have the dozens of independent cache misses of one word in flight at
  /// once: looked up one key at a time, each bucket's two dependent misses were the corrector's
  /// largest cost.
  func collectCandidates(of typed: [UInt8], skeleton useSkeleton: Bool, into found: inout CandidateSet) {
    // The set's scratch arrays, reused from word to word: no allocation per lookup.
    var keys = found.keys
    var ranges = found.ranges
    var gathered = found.gathered
    found.keys = []
    found.ranges = []
    found.gathered = []
    defer {
      keys.removeAll(keepingCapacity: true)
      ranges.removeAll(keepingCapacity: true)
      gathered.removeAll(keepingCapacity: true)
      found.keys = keys
      found.ranges = ranges
      found.gathered = gathered
    }
    // The deletion count is implied by the key's length, which the hash covers, so one key never
    // comes with two counts.
    Self.forEachDelete(of: typed[..<min(typed.count, prefix)], upTo: maxDeletes) { hash, deleted in
      keys.append(hash << 2 | UInt64(deleted))
    }
    keys.sort()
    var unique = 0
    for key in keys where unique == 0 || keys[unique - 1] != key {
      keys[unique] = key
      unique += 1
    }
    keys.removeLast(keys.count - unique)
    let skeletonKey = useSkeleton ? Self.skeleton(typed[...], vowels: vowels) : nil
    for key in keys { ranges.append(deletes.range(of: key >> 2)) }
    if let skeletonKey { ranges.append(skeletons.range(of: skeletonKey)) }
    // The buckets' entries are copied out before any is compared: a copy loop has no branch on
    // the data, so its loads run ahead of one another.
    deletes.entries.withUnsafeBufferPointer { all in
      for range in ranges.prefix(keys.count) { gathered.append(contentsOf: all[range.start..<range.end]) }
    }
    if skeletonKey != nil, let range = ranges.last {
      skeletons.entries.withUnsafeBufferPointer { all in gathered.append(contentsOf: all[range.start..<range.end]) }
    }
    var next = 0
    for (index, range) in ranges.enumerated() {
      let (rest, maxDeleted) =
        index < keys.count
        ? (deletes.rest(of: keys[index] >> 2), maxTotalDeletes - Int(keys[index] & 3))
        : (skeletons.rest(of: skeletonKey ?? 0), 3)
      for entry in gathered[next..<(next + range.end - range.start)]
      where entry >> 34 == rest && Int((entry >> 32) & 3) <= maxDeleted {
        found.insert(UInt32(truncatingIfNeeded: entry))
      }
      next += range.end - range.start
    }
  }

  fileprivate static func entry(_ hash: UInt64, _ deleted: Int, _ id: Int) -> UInt64 {
    (hash << 26) | (UInt64(deleted) << 24) | UInt64(id)
  }

  /// Hashes (38 bits) of `word` with every choice of up to `deletes` letters removed, with the
  /// number removed.
  static func forEachDelete(of word: ArraySlice<UInt8>, upTo deletes: Int, _ body: (UInt64, Int) -> Void) {
    var buffer = Array(word)
    func recurse(_ start: Int, _ left: Int) {
      body(hash(buffer[...]), deletes - left)
      guard left > 0 else { return }
      var index = start
      while index < buffer.count {
        let removed = buffer.remove(at: index)
        recurse(index, left - 1)
        buffer.insert(removed, at: index)
        index += 1
      }
    }
    recurse(0, deletes)
  }

  /// First letter, then the consonants with runs collapsed.
  static func skeleton(_ word: ArraySlice<UInt8>, vowels: [Bool]) -> UInt64 {
    guard let first = word.first else { return hash([]) }
    var key: [UInt8] = [first, 0]
    var last = first
    for code in word.dropFirst() where !vowels[Int(code)] && code != last {
      key.append(code)
      last = code
    }
    return hash(key[...])
  }

  /// FNV-1a over the codes and the length, cut to 38 bits.
  static func hash(_ codes: ArraySlice<UInt8>) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for code in codes {
      h = (h ^ UInt64(code)) &* 0x0000_0100_0000_01b3
    }
    h = (h ^ UInt64(codes.count)) &* 0x0000_0100_0000_01b3
    return h >> 26
  }
}

/// The candidates of one lookup, each once, in the order found, as `frequency << 24 | id`: the
/// frequency byte comes from the index, so ordering candidates needs no access to the words.
/// Marks are one bit per word, small enough to stay in cache (20 KB for 160k words), and are
/// cleared by ``removeAll()`` through the ids, so a lookup never touches the whole lexicon.
struct CandidateSet {
  private(set) var found: [UInt32] = []
  private var marks: [UInt64]
  /// ``DeleteIndex/collectCandidates(of:skeleton:into:)``'s workspace, kept between lookups.
  fileprivate var keys: [UInt64] = []
  fileprivate var ranges: [(start: Int, end: Int)] = []
  fileprivate var gathered: [UInt64] = []

  init(wordCount: Int) {
    marks = [UInt64](repeating: 0, count: (wordCount + 63) / 64)
  }

  /// Word ids, in the order found.
  var ids: [Int] { found.map { Self.id($0) } }

  /// Word `id` with its frequency byte, as the set holds it (and as the index's entries end).
  @inline(__always)
  static func candidate(id: Int, frequency: UInt8) -> UInt32 { UInt32(frequency) << 24 | UInt32(id) }

  @inline(__always)
  static func id(_ candidate: UInt32) -> Int { Int(candidate & 0xFF_FFFF) }

  @inline(__always)
  static func frequency(_ candidate: UInt32) -> UInt8 { UInt8(candidate >> 24) }

  /// Adds `frequency << 24 | id` unless the id is already in.
  @inline(__always)
  mutating func insert(_ candidate: UInt32) {
    let (word, bit) = Self.id(candidate).quotientAndRemainder(dividingBy: 64)
    let mask: UInt64 = 1 << UInt64(bit)
    if marks[word] & mask == 0 {
      marks[word] |= mask
      found.append(candidate)
    }
  }

  mutating func removeAll() {
    for candidate in found { marks[Self.id(candidate) / 64] = 0 }
    found.removeAll(keepingCapacity: true)
  }
}
