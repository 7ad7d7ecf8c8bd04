import Foundation
import KeyBenchLexicon
import KeyBenchTestSupport
import Testing

/// The lexicon's content digest is coreutils' SHA-256 of one line per entry in the lexicon's
/// order (`word TAB frequency TAB is-word TAB offensive`), whatever batches it is hashed in.
@Suite struct LexiconProvenanceTests {
  @Test func digestIsTheSHA256OfOneLinePerEntry() throws {
    let entries = (0..<9000).map { index in
      Lexicon.Entry(
        word: index % 7 == 0 ? "straße\(index)" : "word\(index)", frequency: UInt8(index % 256), isWord: index % 5 != 0,
        possiblyOffensive: index % 11 == 0)
    }
    let lexicon = Lexicon(name: "t", locale: "de", entries: entries)
    let text = lexicon.entries.map { "\($0.word)\t\($0.frequency)\t\($0.isWord ? 1 : 0)\t\($0.possiblyOffensive ? 1 : 0)\n" }.joined()
    #expect(text.utf8.count > 1 << 17, "spans several batches")
    let dir = try TemporaryDirectory()
    let expected = try ProvenanceCheck.sha256(try dir.write("lines.txt", text: text))
    #expect(lexicon.provenance.sha256 == expected)
    #expect(lexicon.provenance.words == 9000)
  }
}
