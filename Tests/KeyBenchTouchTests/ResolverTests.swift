import Foundation
import KeyBenchGeometry
import KeyBenchTestSupport
import Testing

@testable import KeyBenchTouch

/// The boundary arithmetic of every resolver, on shipped device geometry.
@Suite struct ResolverTests {
  static let catalog = try! DeviceCatalog.shipped()
  static let english = LetterLoremText.english

  func setup(_ device: String, texts: [String], config: TouchResolverConfig = TouchResolverConfig())
    -> (TouchKeyboard, LetterModel, [TouchResolverKind: any TouchResolver])
  {
    let profile = try! Self.catalog.profile(named: device)
    let keyboard = TouchKeyboard(layout: profile.layout(variant: "qwerty-en")!)
    let model = LetterModel(texts: texts, alphabet: keyboard.alphabet, order: 2)
    var resolvers: [TouchResolverKind: any TouchResolver] = [:]
    for kind in TouchResolverKind.allCases {
      resolvers[kind] = kind.make(keyboard: keyboard, model: model, spread: profile.touchSpread, config: config)
    }
    return (keyboard, model, resolvers)
  }

  func context(_ text: String, _ keyboard: TouchKeyboard) -> LetterContext {
    keyboard.alphabet.symbols(of: text).reduce(LetterContext.start(keyboard.alphabet)) { $0.after($1, in: keyboard.alphabet) }
  }

  @Test(arguments: ["iphone5", "hws", "ipad4"]) func equalWeightsResolveCentreTapsToTheirKey(device: String) {
    // No training text: every distribution is uniform.
    let (keyboard, _, resolvers) = setup(device, texts: [])
    for (kind, resolver) in resolvers {
      for key in 0..<keyboard.keyCount {
        #expect(resolver.resolve(keyboard.centers[key], after: context("t", keyboard)) == key, "\(kind) \(keyboard.alphabet.letters[key])")
      }
    }
  }

  @Test(arguments: ["iphone5", "iphone6s"]) func afterQATapBetweenUAndIIsU(device: String) {
    let (keyboard, _, resolvers) = setup(device, texts: [Self.english])
    let u = keyboard.key(for: "u")!
    let i = keyboard.key(for: "i")!
    // A little right of the static boundary: static regions say "i".
    let boundary = keyboard.rows[keyboard.rowOfKey[u]].boundaries[keyboard.columnOfKey[u]]
    let touch = Point(x: boundary + 2, y: keyboard.centers[u].y)
    #expect(resolvers[.static]!.resolve(touch, after: context("q", keyboard)) == i)
    for kind in [TouchResolverKind.dynamic, .dynamic2D, .gaussian, .gaussianDensity] {
      #expect(resolvers[kind]!.resolve(touch, after: context("q", keyboard)) == u, "\(kind)")
      // After "t", where "i" is likelier than "u", it stays "i".
      #expect(resolvers[kind]!.resolve(Point(x: boundary + 3, y: touch.y), after: context("t", keyboard)) == i, "\(kind)")
    }
    // At a word start, a tap a little into Y's region is T (word-initial "t" is common, "y" rare).
    let t = keyboard.key(for: "t")!
    let ty = keyboard.rows[keyboard.rowOfKey[t]].boundaries[keyboard.columnOfKey[t]]
    for kind in [TouchResolverKind.dynamic, .gaussianDensity] {
      #expect(resolvers[kind]!.resolve(Point(x: ty + 2, y: keyboard.centers[t].y), after: context("the ", keyboard)) == t, "\(kind)")
      #expect(resolvers[.static]!.resolve(Point(x: ty + 2, y: keyboard.centers[t].y), after: context("the ", keyboard)) == keyboard.key(for: "y"))
    }
    // After "t", a tap a little into J's region is H.
    let h = keyboard.key(for: "h")!
    let hj = keyboard.rows[keyboard.rowOfKey[h]].boundaries[keyboard.columnOfKey[h]]
    #expect(resolvers[.dynamic]!.resolve(Point(x: hj + 2, y: keyboard.centers[h].y), after: context("t", keyboard)) == h)
  }

  @Test func noKeyShrinksBelowTheMinimumWidth() {
    var config = TouchResolverConfig()
    config.shiftMultiplier = 40  // far beyond the seed's 2–4, so only the clamp holds keys open
    let (keyboard, _, resolvers) = setup("iphone5", texts: [Self.english], config: config)
    let dynamic = resolvers[.dynamic]!
    for text in ["q", "t", "x", " ", "th"] {
      for (rowIndex, row) in keyboard.rows.enumerated() {
        var owned = [Int: Double]()
        let first = keyboard.centers[row.keys.first!].x - 40
        let last = keyboard.centers[row.keys.last!].x + 40
        var x = first
        while x < last {
          let key = dynamic.resolve(Point(x: x, y: row.centerY), after: context(text, keyboard))
          #expect(keyboard.rowOfKey[key] == rowIndex)
          owned[key, default: 0] += 0.05
          x += 0.05
        }
        for (column, key) in row.keys.enumerated() {
          let width = owned[key] ?? 0
          let reference = column == 0 || column == row.keys.count - 1 ? row.regionWidths[column] - row.gaps[0] / 2 : row.regionWidths[column]
          #expect(width >= 0.6 * reference - 0.2, "\(text) \(keyboard.alphabet.letters[key]) \(width)")
        }
      }
    }
  }

  @Test func edgeKeysOwnEverythingBeyondTheRowAndSpecialKeysAreNotLetters() {
    let (keyboard, _, resolvers) = setup("iphone5", texts: [Self.english])
    for (kind, resolver) in resolvers where kind != .nearest {
      let ctx = context("x", keyboard)
      #expect(resolver.resolve(Point(x: -50, y: keyboard.centers[keyboard.key(for: "q")!].y), after: ctx) == keyboard.key(for: "q"), "\(kind)")
      #expect(resolver.resolve(Point(x: 400, y: keyboard.centers[keyboard.key(for: "p")!].y), after: ctx) == keyboard.key(for: "p"), "\(kind)")
      // Where shift sits, left of Z: still Z (seed 004 keeps special keys out of the layer).
      #expect(resolver.resolve(Point(x: 10, y: keyboard.centers[keyboard.key(for: "z")!].y), after: ctx) == keyboard.key(for: "z"), "\(kind)")
      #expect(resolver.resolve(Point(x: 160, y: 1000), after: ctx) == keyboard.key(for: "v"), "\(kind)")
    }
  }

  @Test func verticalShiftMovesRowBoundariesOnlyInTheTwoDimensionalVariant() {
    let (keyboard, _, resolvers) = setup("iphone5", texts: [Self.english])
    // After "t", "h" (row 2) is far likelier than "y" (row 1) above it.
    let h = keyboard.key(for: "h")!
    let y = keyboard.key(for: "y")!
    let upper = keyboard.rowOfKey[y]
    let touch = Point(x: keyboard.centers[h].x - 2, y: keyboard.rows[upper].bottom - 2)
    #expect(resolvers[.static]!.resolve(touch, after: context("t", keyboard)) == y)
    #expect(resolvers[.dynamic]!.resolve(touch, after: context("t", keyboard)) == y)
    #expect(resolvers[.dynamic2D]!.resolve(touch, after: context("t", keyboard)) == h)
  }

  @Test func normalCDFApproximationMatchesErfc() {
    var z = -8.0
    while z <= 8 {
      let exact = 0.5 * erfc(-z / 2.0.squareRoot())
      #expect(abs(GaussianResolver.cdf(z, mean: 0, sigma: 1) - exact) < 2e-7, "\(z)")
      z += 0.01
    }
    #expect(GaussianResolver.cdf(.infinity, mean: 3, sigma: 2) == 1)
    #expect(GaussianResolver.cdf(-.infinity, mean: 3, sigma: 2) == 0)
    #expect(abs(GaussianResolver.cdf(5, mean: 3, sigma: 2) - 0.841344746) < 2e-7)
  }

  @Test func kindsParse() {
    #expect(TouchResolverKind.parse("all") == TouchResolverKind.allCases)
    #expect(TouchResolverKind.parse("static,gaussian") == [.static, .gaussian])
    #expect(TouchResolverKind.parse("static,bogus") == nil)
  }
}

/// A few sentences of ordinary English for tests that must run without the shared corpora.
enum LetterLoremText {
  static let english = """
    The quiet queen quickly requested a quote from the question master. That was the thing that \
    they thought through; then the others went home with their quarters and quills. It is quite \
    true that the quality of the equipment was questioned, though nobody quit. Where is the \
    house? He has three brothers and they have the habit of hunting in the north.
    """
}
