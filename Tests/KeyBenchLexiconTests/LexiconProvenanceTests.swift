import Foundation
import KeyBenchLexicon
import KeyBenchTestSupport
import Testing

/// The lexicon's content digest is coreutils' SHA-256 of one line per entry in the lexicon's
/// order (`word TAB frequency TAB is-word TAB offensive`), whatever batches it is hashed in.
@Suite struct LexiconProvenanceTests {
  @Test func digestIsTheSHA256OfOneLinePerEntry() throws {
    var entries: [Lexicon.Entry] = []
    for index in 0..<9000 {
      let word: String = index % 7 == 0 ? "straße\(index)" : "word\(index)"
      let frequency = UInt8(index % 256)
      entries.append(Lexicon.Entry(word: word, frequency: frequency, isWord: index % 5 != 0, possiblyOffensive: index % 11 == 0))
    }
    let lexicon = Lexicon(name: "t", locale: "de", entries: entries)
    var text = ""
    for entry in lexicon.entries {
      let flags = "\(entry.isWord ? 1 : 0)\t\(entry.possiblyOffensive ? 1 : 0)"
      text += "\(entry.word)\t\(entry.frequency)\t\(flags)\n"
    }
    #expect(text.utf8.count > 1 << 17, "spans several batches")
    let dir = try TemporaryDirectory()
    let expected = try ProvenanceCheck.sha256(try dir.write("lines.txt", text: text))
    #expect(lexicon.provenance.sha256 == expected)
    #expect(lexicon.provenance.words == 9000)
  }
}
