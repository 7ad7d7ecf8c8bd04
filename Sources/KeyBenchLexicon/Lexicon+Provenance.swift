import Foundation
public import KeyBenchCore

extension Lexicon {
  /// The lexicon's identity for a result's provenance: SHA-256 over every entry (word, frequency
  /// byte, word and offensive flags) in the lexicon's deterministic order. Two databases holding
  /// the same words give the same digest; the database file's own bytes do not matter.
  public var provenance: Provenance.LexiconContent {
    // One line per entry, `word TAB frequency TAB is-word TAB offensive`, hashed in 64 KiB
    // batches (a string and a hash update per entry were a twentieth of a short swipe run).
    var digest = ContentDigest()
    var batch: [UInt8] = []
    batch.reserveCapacity(1 << 16 + 512)
    for entry in entries {
      batch.append(contentsOf: entry.word.utf8)
      batch.append(UInt8(ascii: "\t"))
      batch.append(contentsOf: String(entry.frequency).utf8)
      batch.append(contentsOf: [UInt8(ascii: "\t"), entry.isWord ? 0x31 : 0x30, UInt8(ascii: "\t"), entry.possiblyOffensive ? 0x31 : 0x30, 0x0A])
      if batch.count >= 1 << 16 {
        digest.update(Data(batch))
        batch.removeAll(keepingCapacity: true)
      }
    }
    digest.update(Data(batch))
    return Provenance.LexiconContent(name: name, words: entries.count, sha256: digest.finalize())
  }
}
