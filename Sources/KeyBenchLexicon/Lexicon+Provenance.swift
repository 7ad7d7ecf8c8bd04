public import KeyBenchCore

extension Lexicon {
  /// The lexicon's identity for a result's provenance: SHA-256 over every entry (word, frequency
  /// byte, word and offensive flags) in the lexicon's deterministic order. Two databases holding
  /// the same words give the same digest; the database file's own bytes do not matter.
  public var provenance: Provenance.LexiconContent {
    var digest = ContentDigest()
    for entry in entries {
      digest.update("\(entry.word)\t\(entry.frequency)\t\(entry.isWord ? 1 : 0)\t\(entry.possiblyOffensive ? 1 : 0)\n")
    }
    return Provenance.LexiconContent(name: name, words: entries.count, sha256: digest.finalize())
  }
}
