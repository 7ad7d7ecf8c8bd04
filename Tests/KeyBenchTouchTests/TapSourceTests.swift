import Foundation
import KeyBenchCorpora
import KeyBenchGeometry
import KeyBenchTestSupport
import Testing

@testable import KeyBenchTouch

/// Simulated taps and real taps from swipe end points.
@Suite struct TapSourceTests {
  static let catalog = try! DeviceCatalog.shipped()

  @Test func simulatorIsSeededAndScattersWithTheDeviceSpread() throws {
    let profile = try Self.catalog.profile(named: "iphone5")
    let keyboard = TouchKeyboard(layout: profile.layout(variant: "qwerty-en")!)
    let simulator = TapSimulator(keyboard: keyboard, spread: profile.touchSpread)
    let text = String(repeating: LetterLoremText.english + " ", count: 40)
    let taps = simulator.taps(text: text, seed: 7)
    #expect(taps == simulator.taps(text: text, seed: 7))
    #expect(taps != simulator.taps(text: text, seed: 8))
    #expect(simulator.taps(text: text, seed: 7, limit: 10) == Array(taps.prefix(10)))
    // One tap per letter; spaces and punctuation only reset the context.
    let letters = text.unicodeScalars.filter { CharacterSet.letters.contains($0) }.count
    #expect(taps.count == letters)
    #expect(taps[0].context == .start(keyboard.alphabet))
    #expect(taps[3].context.previous == keyboard.alphabet.boundary)  // "The quiet": q after a space
    #expect(taps[4].context.previous == keyboard.key(for: "q"))
    let measured = SpreadMeasurement(offsets: taps.map {
      Point(x: $0.point.x - keyboard.centers[$0.intended].x, y: $0.point.y - keyboard.centers[$0.intended].y)
    })
    #expect(abs(measured.sigmaX / profile.touchSpread.sigmaX - 1) < 0.05)
    #expect(abs(measured.sigmaY / profile.touchSpread.sigmaY - 1) < 0.05)
    #expect(abs(measured.meanX) < 0.3 && abs(measured.meanY) < 0.3)

    var shifted = TapSimulator.Config()
    shifted.offsetY = 0.25
    shifted.spreadScale = 0
    let exact = TapSimulator(keyboard: keyboard, spread: profile.touchSpread, config: shifted).taps(text: "hat", seed: 1)
    #expect(exact.map(\.point) == Array("hat").map {
      let c = keyboard.centers[keyboard.key(for: $0)!]
      return Point(x: c.x, y: c.y + 0.25 * 54)
    })
  }

  @Test func swipeEndPointsBecomeLabelledTapsPerCanvas() {
    func gesture(_ id: String, _ word: String, width: Double, flags: [SwipeGesture.Flag] = []) -> SwipeGesture {
      SwipeGesture(
        id: id, word: word, source: "hws", layout: LayoutReference(device: "hws", width: width, height: 200),
        points: [TimedPoint(x: 1, y: 2, t: 0), TimedPoint(x: 5, y: 5, t: 10), TimedPoint(x: 3, y: 4, t: 20)], flags: flags)
    }
    let gestures = [
      gesture("a", "the", width: 360), gesture("b", "of", width: 360), gesture("c", "a", width: 400),
      gesture("d", "rejected", width: 360, flags: [.rejected]), gesture("e", "x1", width: 360),
    ]
    let sets = SwipeEndpointTaps.collect(gestures: gestures, layouts: LayoutResolver(catalog: Self.catalog))
    #expect(sets.map(\.name) == ["hws 360x200", "hws 400x200"])
    let taps = sets[0].taps
    let alphabet = sets[0].keyboard.alphabet
    let letter = { (c: Character) in sets[0].keyboard.key(for: c)! }
    #expect(taps.map(\.id) == ["a/first", "a/last", "b/first", "b/last"])
    #expect(taps.map(\.intended) == [letter("t"), letter("e"), letter("o"), letter("f")])
    #expect(taps[0].point == Point(x: 1, y: 2) && taps[1].point == Point(x: 3, y: 4))
    #expect(taps[0].context == .start(alphabet))
    #expect(taps[1].context == LetterContext(previous: letter("h"), beforePrevious: letter("t")))
    #expect(taps[3].context == LetterContext(previous: letter("o"), beforePrevious: alphabet.boundary))
    // A one-letter word gives one tap.
    #expect(sets[1].taps.map(\.id) == ["c/first"])
    // A gesture without a user is its own group.
    #expect(taps.map(\.group) == ["a", "a", "b", "b"])
  }

  /// Simulated taps group in blocks of 100 words of the text (words: runs between spaces,
  /// punctuation and digits, counted whether or not their letters have keys); real taps by user.
  @Test func tapsGroupByTextBlockAndByUser() throws {
    let profile = try Self.catalog.profile(named: "iphone5")
    let keyboard = TouchKeyboard(layout: profile.layout(variant: "qwerty-en")!)
    let simulator = TapSimulator(keyboard: keyboard, spread: profile.touchSpread)
    // 250 words: "ab" ×99, a word of digits only (no word), "日本" (a word without a key), then "cd" ×150.
    let text = Array(repeating: "ab", count: 99).joined(separator: " ") + ", 42 日本 " + Array(repeating: "cd", count: 150).joined(separator: ". ")
    let taps = simulator.taps(text: text, seed: 1)
    #expect(taps.count == 2 * 99 + 2 * 150)
    #expect(taps.prefix(198).allSatisfy { $0.group == "block 1" })
    // Word 100 is 日本, so "cd" are words 101–250: blocks 2 (101–200) and 3.
    #expect(taps[198].group == "block 2" && taps[198 + 2 * 100 - 1].group == "block 2")
    #expect(taps[198 + 2 * 100].group == "block 3" && taps.last?.group == "block 3")
    #expect(TapSimulator.blockLabel(word: 0) == "block 1" && TapSimulator.blockLabel(word: 99) == "block 1" && TapSimulator.blockLabel(word: 100) == "block 2")

    let gestures = ["u1", "u1", nil].enumerated().map { index, user in
      SwipeGesture(
        id: "g\(index)", word: "of", source: "hws", user: user, layout: LayoutReference(device: "hws", width: 360, height: 200),
        points: [TimedPoint(x: 1, y: 2, t: 0), TimedPoint(x: 3, y: 4, t: 20)])
    }
    let real = SwipeEndpointTaps.collect(gestures: gestures, layouts: LayoutResolver(catalog: Self.catalog))
    #expect(real.flatMap(\.taps).map(\.group) == ["u1", "u1", "u1", "u1", "g2", "g2"])
  }
}
