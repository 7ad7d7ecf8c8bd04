import Foundation
import KeyBenchGeometry
import KeyBenchLexicon
import KeyBenchTestSupport
import Testing

@testable import KeyBenchKeyboard

/// The tap decoder on a small lexicon and the shipped iPhone 6s layout: what it recovers from
/// noisy taps, edits and context, and what it leaves alone.
@Suite struct TapDecoderTests {
  static let lexicon = Lexicon(
    name: "test", locale: "en_US",
    entries: [("the", 222), ("then", 180), ("they", 190), ("thy", 120), ("hello", 150), ("help", 170), ("held", 140),
      ("London", 160), ("cat", 150), ("car", 165), ("cart", 120), ("don't", 170), ("café", 100)]
      .map { Lexicon.Entry(word: $0.0, frequency: UInt8($0.1)) })

  static func layout() throws -> (KeyboardLayout, TouchSpread) {
    let profile = try DeviceCatalog.shipped().profile(named: "iphone6s")
    return (profile.layout(forLocale: "en"), profile.touchSpread)
  }

  static func taps(_ text: String, _ layout: KeyboardLayout, shift: [Int: Point] = [:]) -> [Point?] {
    Array(text.lowercased()).enumerated().map { i, c in
      guard let key = layout.key(for: c) else { return nil }
      let d = shift[i] ?? Point(x: 0, y: 0)
      return Point(x: key.center.x + d.x, y: key.center.y + d.y)
    }
  }

  func decoder(context: Bool = false) throws -> TapDecoder {
    let (layout, spread) = try Self.layout()
    var config = TapDecoder.Config()
    if !context { config.contextWeight = 0 }
    return TapDecoder(trie: LexiconTrie(lexicon: Self.lexicon, layout: layout), spread: spread, context: nil, config: config, adapt: false)
  }

  @Test func trieHoldsEveryWordOnceWithItsBestPriorAbove() throws {
    let (layout, _) = try Self.layout()
    let trie = LexiconTrie(lexicon: Self.lexicon, layout: layout)
    #expect(Set(trie.words) == Set(Self.lexicon.entries.map(\.word)))
    let th = try #require(trie.node(for: "th"))
    #expect(trie.bestWords(under: th, count: 3).map { trie.words[$0] } == ["the", "they", "then"])
    #expect(trie.node(for: "london").map { trie.terminals($0).map { trie.words[$0] } } == ["London"])
    // é is typed with the e key.
    let e = try #require(trie.symbol(of: "é"))
    #expect(trie.keys[trie.keyOfSymbol[e]].label == "e")
  }

  @Test func tapsNearTheIntendedKeysDecodeToTheWord() throws {
    let (layout, _) = try Self.layout()
    let decoder = try decoder()
    // "hrlp": the second tap landed on r, but only a third of a key width right of e's centre line.
    var taps = Self.taps("help", layout)
    let e = try #require(layout.key(for: "e")), r = try #require(layout.key(for: "r"))
    taps[1] = Point(x: e.center.x + 0.55 * (r.center.x - e.center.x), y: e.center.y)
    #expect(decoder.correct("hrlp", taps: taps, previous: ["please"], limit: 3).first == "help")
    // A clean word stays; a capital at the start of a sentence is kept.
    #expect(decoder.correct("cart", taps: Self.taps("cart", layout), previous: ["a"], limit: 3).first == "cart")
    #expect(decoder.correct("The", taps: [nil] + Self.taps("he", layout), previous: [], limit: 1) == ["The"])
  }

  @Test func editsAreRecoveredAndUnknownWordsKept() throws {
    let (layout, _) = try Self.layout()
    let decoder = try decoder()
    // Omitted letter, extra letter, swapped letters.
    #expect(decoder.correct("helo", taps: Self.taps("helo", layout), previous: ["a"], limit: 3).first == "hello")
    #expect(decoder.correct("carrt", taps: Self.taps("carrt", layout), previous: ["a"], limit: 3).first == "cart")
    #expect(decoder.correct("hte", taps: Self.taps("hte", layout), previous: ["a"], limit: 3).first == "the")
    // Characters off the layout must match exactly; a number or a clean unknown name is kept.
    #expect(decoder.correct("don't", taps: Self.taps("don't", layout), previous: ["i"], limit: 1) == ["don't"])
    #expect(decoder.correct("2019", taps: [nil, nil, nil, nil], previous: ["in"], limit: 3) == ["2019"])
    #expect(decoder.correct("zqxj", taps: Self.taps("zqxj", layout), previous: ["mr"], limit: 1) == ["zqxj"])
  }

  @Test func completionFollowsTheTapsAndThePrior() throws {
    let (layout, _) = try Self.layout()
    let decoder = try decoder()
    let words = decoder.complete("hel", taps: Self.taps("hel", layout), previous: ["a"], limit: 3)
    #expect(words.first == "help")
    #expect(Set(words) == ["help", "hello", "held"])
    // A slip in the prefix ("cst" for "cat"'s start) still completes.
    #expect(decoder.complete("cs", taps: Self.taps("cs", layout), previous: ["a"], limit: 3).contains("car"))
  }

  @Test func adaptationLearnsAnOffsetAndForgetsItOnReset() throws {
    let (layout, spread) = try Self.layout()
    let trie = LexiconTrie(lexicon: Self.lexicon, layout: layout)
    let decoder = TapDecoder(trie: trie, spread: spread, context: nil, config: TapDecoder.Config(), adapt: true)
    let shift = Point(x: 0, y: spread.sigmaY)
    for _ in 0..<40 {
      decoder.learn("hello", taps: Self.taps("hello", layout, shift: Dictionary(uniqueKeysWithValues: (0..<5).map { ($0, shift) })))
    }
    let (_, dy, _, _) = decoder.adaptation.current
    #expect(abs(dy - spread.sigmaY * 200 / 220) < 0.01 * spread.sigmaY)
    decoder.adaptation.reset()
    #expect(decoder.adaptation.current.1 == 0)
  }
}
