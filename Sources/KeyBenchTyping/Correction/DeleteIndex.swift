/// Symmetric-delete candidate lookup (Garbe's SymSpell): every lexicon word's first `prefix`
/// letters are stored with up to `maxDeletes` letters removed; a typed word's own deletes are
/// looked up, so all words within that many edits of the typed prefix come back without a
/// scan of the lexicon. A second key, the word's consonant skeleton, catches misspellings that
/// are far in letters but close in sound (`perminantly` → `permanently`).
///
/// Entries are 64-bit values, the high 40 bits a hash of the key and the low 24 bits the word
/// id, kept sorted: one flat array, binary-searched. Hash collisions only add candidates, which
/// the corrector's own distance check then rejects.
final class DeleteIndex: Sendable {
  let maxDeletes: Int
  let prefix: Int
  private let deletes: [UInt64]
  private let skeletons: [UInt64]
  private let vowels: [Bool]

  init(lexicon: CorrectionLexicon, maxDeletes: Int = 2, prefix: Int = 7) {
    precondition(lexicon.count < 1 << 24, "word ids must fit 24 bits")
    self.maxDeletes = maxDeletes
    self.prefix = prefix
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
      Self.forEachDelete(of: word[..<min(word.count, prefix)], upTo: maxDeletes) { hash in
        if !seen.contains(hash) {
          seen.append(hash)
          deletes.append(Self.entry(hash, id))
        }
      }
      skeletons.append(Self.entry(Self.skeleton(word[...], vowels: vowels), id))
    }
    deletes.sort()
    skeletons.sort()
    self.deletes = deletes
    self.skeletons = skeletons
  }

  /// Calls `body` with the id of every word sharing a delete key or the skeleton with `typed`
  /// (ids may repeat).
  func forEachCandidate(of typed: [UInt8], skeleton useSkeleton: Bool, _ body: (Int) -> Void) {
    var seen: [UInt64] = []
    Self.forEachDelete(of: typed[..<min(typed.count, prefix)], upTo: maxDeletes) { hash in
      guard !seen.contains(hash) else { return }
      seen.append(hash)
      Self.forEachMatch(hash, in: deletes, body)
    }
    if useSkeleton { Self.forEachMatch(Self.skeleton(typed[...], vowels: vowels), in: skeletons, body) }
  }

  private static func entry(_ hash: UInt64, _ id: Int) -> UInt64 { (hash << 24) | UInt64(id) }

  private static func forEachMatch(_ hash: UInt64, in entries: [UInt64], _ body: (Int) -> Void) {
    let low = hash << 24
    var lo = 0
    var hi = entries.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if entries[mid] < low { lo = mid + 1 } else { hi = mid }
    }
    entries.withUnsafeBufferPointer { all in
      var index = lo
      while index < all.count && all[index] >> 24 == hash {
        body(Int(all[index] & 0xFF_FFFF))
        index += 1
      }
    }
  }

  /// Hashes (40 bits) of `word` with every choice of up to `deletes` letters removed.
  static func forEachDelete(of word: ArraySlice<UInt8>, upTo deletes: Int, _ body: (UInt64) -> Void) {
    var buffer = Array(word)
    func recurse(_ start: Int, _ left: Int) {
      body(hash(buffer[...]))
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

  /// FNV-1a over the codes and the length, cut to 40 bits.
  static func hash(_ codes: ArraySlice<UInt8>) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for code in codes {
      h = (h ^ UInt64(code)) &* 0x0000_0100_0000_01b3
    }
    h = (h ^ UInt64(codes.count)) &* 0x0000_0100_0000_01b3
    return h >> 24
  }
}
