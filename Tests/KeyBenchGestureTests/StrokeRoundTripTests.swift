import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchTestSupport
import Testing

@testable import KeyBenchGesture

/// Simulated strokes decode back to their text, exactly without noise.
@Suite struct StrokeRoundTripTests {
  static let catalog = try! DeviceCatalog.shipped()
  static let english = try! LetterSchemeXML.load(
    path: TestPaths.repository.appendingPathComponent("Corpora/gesture/english.xml").path)
  static let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dogs", "puzzle", "zoo", "aardvark", "q"]

  func simulator(_ device: String, noise: Double, scheme: LetterScheme = english) throws -> (StrokeSimulator, GestureDecoder) {
    let profile = try Self.catalog.profile(named: device)
    let geometry = GestureGeometry(profile: profile)
    var config = StrokeSimulator.Config()
    config.noiseScale = noise
    return (
      StrokeSimulator(scheme: scheme, geometry: geometry, spread: profile.touchSpread, samplingHz: profile.touchSamplingHz, config: config),
      GestureDecoder(scheme: scheme, geometry: geometry)
    )
  }

  @Test(arguments: ["iphone5", "ipad4", "hws"]) func noiselessStrokesDecodeToTheirWords(device: String) throws {
    for scheme in [Self.english, try LetterSchemeXML.load(path: TestPaths.repository.appendingPathComponent("Corpora/gesture/alphabetical.xml").path)] {
      let (simulator, decoder) = try simulator(device, noise: 0, scheme: scheme)
      var generator = SeededGenerator(seed: 1)
      for word in Self.words {
        let stroke = try #require(simulator.stroke(for: word, using: &generator))
        #expect(decoder.decode(stroke) == word, "\(scheme.name) \(word)")
        // Out to the field and back per letter, plus the border crossings.
        let crossings = word.map { scheme.placement(of: $0)!.crossings }.reduce(0, +)
        #expect(decoder.regions(of: stroke).count == 1 + 2 * word.count + crossings)
      }
      #expect(decoder.decode(simulator.spaceTap(using: &generator)) == " ")
    }
  }

  @Test func decoderReadsTapsSwipesAndUnknownMoves() throws {
    let (simulator, decoder) = try simulator("iphone5", noise: 0)
    let g = simulator.geometry
    let nw = g.aim(at: .nw)
    let n = g.aim(at: .n)
    // A tap on a field types its middle letter; a swipe from a field across a border types
    // the border letter; ending in the circle adds a space (seed 001, "Swipe").
    #expect(decoder.decode(Stroke(points: [nw])) == "e")
    #expect(decoder.decode(Stroke(points: [nw, n])) == "r")
    #expect(decoder.decode(Stroke(points: [nw, n, g.center])) == "r ")
    // Crossing back to the starting field cancels the crossing.
    #expect(decoder.decode(Stroke(points: [g.center, nw, n, nw, g.center])) == "e")
    // Three borders: no letter there.
    #expect(decoder.decode(Stroke(points: [g.center, g.aim(at: .n), g.aim(at: .ne), g.aim(at: .e), g.aim(at: .se), g.center])) == "?")
    #expect(simulator.aimPoints(for: "ä") == nil)
    // Leaving the circle a little into SE before heading east is no crossing: fields count from
    // the commit radius on, so this is E's middle letter, not SE's counter-clockwise one.
    let wobble = Point(x: g.center.x + (g.circleRadius + 2) * cos(0.5), y: g.center.y + (g.circleRadius + 2) * sin(0.5))
    #expect(g.region(of: wobble) == .field(.se))
    #expect(decoder.decode(Stroke(points: [g.center, wobble, g.aim(at: .e), g.center])) == "i")
    // An excursion that stays short of the commit radius takes its farthest point's field.
    #expect(decoder.decode(Stroke(points: [g.center, wobble, g.center])) == "n")
  }

  @Test func noisyStrokesAreSeededAndMostlyRight() throws {
    let (simulator, decoder) = try simulator("iphone5", noise: 1)
    var a = SeededGenerator(seed: 9)
    var b = SeededGenerator(seed: 9)
    let first = Self.words.compactMap { simulator.stroke(for: $0, using: &a) }
    #expect(first == Self.words.compactMap { simulator.stroke(for: $0, using: &b) })
    let decoded = first.map(decoder.decode)
    let right = zip(decoded, Self.words).filter { $0 == $1 }.count
    #expect(right >= Self.words.count - 3)
    #expect(first.map(\.points.count) != Self.words.compactMap { simulator.aimPoints(for: $0)?.count })
  }
}
