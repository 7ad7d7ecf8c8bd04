import Foundation
import KeyBenchLexicon
import KeyBenchSwipe
import KeyBenchTyping

/// LatinIME `.combined` wordlists, plain and gzip (`LatinIMEParser.parse(path:)`), then the
/// lexicons the swipe decoder and the correctors build from them.
enum LexiconTargets {
  static let all: [FuzzTarget] = [
    FuzzTarget(
      name: "latinime",
      summary: "LatinIME .combined wordlist as raw bytes (plain or gzip): LatinIMEParser lenient and strict, Lexicon, DecoderLexicon, CorrectionLexicon",
      run: { try wordlist(FuzzScratch.file("wordlist.combined", $0)) }),
    FuzzTarget(
      name: "latinime-gzip",
      summary: "the input gzipped (stored blocks) before LatinIMEParser reads it: the parser behind zlib's gzread",
      run: { try wordlist(FuzzScratch.file("wordlist.combined.gz", GzipStored.wrap($0))) }),
  ]

  static func wordlist(_ path: String) throws {
    // `keybench-ingest --strict` stops at the first malformed line; both modes must hold.
    _ = try? LatinIMEParser(strict: true).parse(path: path)
    let (wordlist, _) = try LatinIMEParser().parse(path: path)
    let lexicon = Lexicon(wordlist: wordlist)
    _ = lexicon.firstLetters.map { lexicon.entries(startingWith: $0).count }
    _ = DecoderLexicon(lexicon: lexicon, layout: FuzzFixtures.qwerty)
    _ = CorrectionLexicon(lexicon: lexicon)
  }
}
