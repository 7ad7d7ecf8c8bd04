import Foundation
public import KeyBenchCore
import KeyBenchCorpora
public import KeyBenchGeometry
public import KeyBenchTyping

/// One word as a simulated typist typed it, with what the keyboard is asked about it.
public struct TypedWord: Sendable, Equatable {
  /// The words meant, joined by a space when the typist missed the space between two.
  public var intended: String
  /// How many words `intended` holds.
  public var words: Int
  /// The characters the taps spelled (each tap's nearest key; characters off the layout as typed).
  public var typed: String
  /// One tap per character of `typed`; nil for a character typed off the layout.
  public var taps: [Point?]
  /// Errors made in the word (slips of the finger that changed a letter included); 0 = typed clean.
  public var typos: Int
  /// Characters typed when the keyboard is asked to complete the word (nil: not asked).
  public var completionLength: Int?
  /// The trace when the typist swiped the word instead (nil: typed).
  public var swipe: [TimedPoint]?
}

/// One sentence typed by one typist.
public struct TypedSentence: Sendable, Equatable {
  public var typist: Int
  /// Position of the sentence in the sentence file's usable sentences (0-based).
  public var index: Int
  public var words: [TypedWord]
}

/// How simulated typists make errors: `keybench` (a population of typists whose touch comes from
/// the device's model, each with an own offset and spread, and whose slips come from a
/// typing-error distribution of real keystrokes) or `kebbie` (kebbie 0.5.1's noise model).
public enum NoiseModelKind: String, Sendable, CaseIterable, Codable {
  case keybench, kebbie
}

/// Splits running text into the words a keyboard types, as kebbie's tokenizer does: curly quotes
/// and dashes made plain, sentence punctuation dropped, words split on white space (inner
/// apostrophes and hyphens kept).
public enum KeyboardTokenizer {
  public static func words(_ sentence: String) -> [String] {
    var text = ""
    text.reserveCapacity(sentence.utf8.count)
    for character in sentence {
      if let plain = plain[character] {
        text.append(plain)
      } else {
        text.append(dropped.contains(character) ? " " : character)
      }
    }
    return text.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// kebbie's replacements (curly quotes, dashes, ellipsis), then its dropped punctuation.
  static let plain: [Character: Character] = [
    "“": " ", "”": " ", "„": " ", "’": "'", "ʻ": "'", "‘": "'", "´": "'", "ʼ": "'", "–": "-", "—": "-", "‑": "-", "−": "-", "…": " ", "‚": " ",
  ]
  static let dropped: Set<Character> = [".", ",", ":", ";", "(", ")", "\"", "!", "?", "[", "]", "{", "}", "~"]

  /// The usable sentences of a file: one per line (a Leipzig `id<TAB>sentence` line gives its
  /// sentence), each with at least one word.
  public static func sentences(path: String) throws -> [(line: Int, words: [String])] {
    let text = try InputFile.text(path)
    var sentences: [(Int, [String])] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let body = line.split(separator: "\t", maxSplits: 1).last.map(String.init) ?? ""
      let words = words(body)
      if !words.isEmpty { sentences.append((number + 1, words)) }
    }
    return sentences
  }
}

/// Types sentences as simulated typists would, deterministically from a seed.
public struct TypistSimulator: Sendable {
  /// How typists differ and how often they slip.
  public struct Config: Sendable, Codable, Equatable {
    /// σ of a typist's mean touch offset from key centres, in key pitches, per axis.
    public var offsetSpread = 0.08
    /// Mean vertical offset of every typist's touches, in key pitches (touches land below keys:
    /// 0.11–0.14 key widths on How We Swipe's first and last points).
    public var offsetY = 0.12
    /// σ of ln(a typist's spread scale) around the device's Bi & Zhai spread.
    public var spreadVariation = 0.2
    /// Probability that the typist misses the space after a word (two words typed as one).
    public var spaceOmission = 0.005
    /// Share of words swiped instead of typed (letters only, two or more).
    public var swipeShare = 0.1
    public init() {}
  }

  public let kind: NoiseModelKind
  public let layout: KeyboardLayout
  public let profile: DeviceProfile
  public let errors: TypingErrorDistribution
  public let config: Config
  /// kebbie's common typos (`{"word": ["typo", …]}`), used by the kebbie noise model.
  public let commonTypos: [String: [String]]
  /// Real swipes by lower-cased word, on this layout: a swiped word that has one is swiped with
  /// one of them (drawn by the seed), the others with the synthetic generator.
  public var realSwipes: [String: [[TimedPoint]]] = [:]
  let letterKeys: [Key]
  let synthesizer: SwipeSynthesizer

  public init(
    kind: NoiseModelKind, layout: KeyboardLayout, profile: DeviceProfile, errors: TypingErrorDistribution, config: Config,
    commonTypos: [String: [String]] = [:]
  ) {
    self.kind = kind
    self.layout = layout
    self.profile = profile
    self.errors = errors
    self.config = config
    self.commonTypos = commonTypos
    letterKeys = layout.letterKeys
    synthesizer = SwipeSynthesizer(config: SwipeSynthesisConfig(), layout: layout, profile: profile)
  }

  /// A typist's own touch: offset in layout units and spread.
  public struct Typist: Sendable {
    public var offset: Point
    public var spread: TouchSpread
  }

  /// Typist `number`'s touch, drawn from the seed.
  public func typist(_ number: Int, seed: UInt64) -> Typist {
    var random = SeededGenerator(seed: Self.mix(seed, 0x7479_7069_7374, UInt64(number)))
    let spread = profile.touchSpread
    guard kind == .keybench else {
      // kebbie: σ = half the key's size / 3 per axis, no offset, the same for everyone.
      let key = letterKeys.first
      return Typist(offset: Point(x: 0, y: 0), spread: TouchSpread(sigmaX: (key?.width ?? 1) / 6, sigmaY: (key?.height ?? 1) / 6))
    }
    let dx = random.nextGaussian() * config.offsetSpread * layout.horizontalPitch
    let dy = (config.offsetY + random.nextGaussian() * config.offsetSpread) * layout.verticalPitch
    let scale = Foundation.exp(random.nextGaussian() * config.spreadVariation)
    return Typist(offset: Point(x: dx, y: dy), spread: TouchSpread(sigmaX: spread.sigmaX * scale, sigmaY: spread.sigmaY * scale))
  }

  static func mix(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 {
    var x = a &* 0x9E37_79B9_7F4A_7C15 ^ b &* 0xBF58_476D_1CE4_E5B9 ^ c &* 0x94D0_49BB_1331_11EB
    x ^= x >> 31
    return x
  }

  /// Sentence `index` typed by `typist`; the same seed gives the same words, taps and gestures.
  public func type(_ words: [String], index: Int, typist number: Int, seed: UInt64) -> TypedSentence {
    var random = SeededGenerator(seed: Self.mix(seed, UInt64(index), 0x73656E74))
    let typist = typist(number, seed: seed)
    var typed: [TypedWord] = []
    var position = 0
    while position < words.count {
      var word = type(word: words[position], typist: typist, random: &random)
      position += 1
      // A missed space joins the next word to this one.
      let spaceMiss = kind == .kebbie ? 0.01 : config.spaceOmission
      while position < words.count, random.nextUnit() < spaceMiss {
        let next = type(word: words[position], typist: typist, random: &random)
        word = TypedWord(
          intended: word.intended + " " + next.intended, words: word.words + 1, typed: word.typed + next.typed,
          taps: word.taps + next.taps, typos: word.typos + next.typos + 1, completionLength: nil, swipe: nil)
        position += 1
      }
      if word.words == 1 {
        word.completionLength = Self.completionLength(intended: word.intended, typed: word.typed, random: &random)
        let share = kind == .kebbie ? 0.01 : config.swipeShare
        if random.nextUnit() < share, word.intended.count >= 2,
          word.intended.lowercased().allSatisfy({ layout.key(for: $0)?.kind == .letter })
        {
          // Its own stream: where the gesture comes from never changes the typing noise.
          var stroke = SeededGenerator(seed: Self.mix(seed ^ 0x7377_6970_6573, UInt64(index), UInt64(position)))
          let lower = word.intended.lowercased()
          if let real = realSwipes[lower], !real.isEmpty {
            word.swipe = real[Int(stroke.next() % UInt64(real.count))]
          } else {
            word.swipe = synthesizer.points(for: lower, using: &stroke)
          }
        }
      }
      typed.append(word)
    }
    return TypedSentence(typist: number, index: index, words: typed)
  }

  /// kebbie's choice of how much of a word is typed before completion is asked: 1 … n−1
  /// characters (n the shorter of the word and what was typed), weighted by length.
  static func completionLength(intended: String, typed: String, random: inout SeededGenerator) -> Int? {
    let n = min(intended.count, typed.count)
    guard intended.count > 1, typed.count > 1, n > 1 else { return nil }
    let total = (1..<n).reduce(0, +)
    var pick = Int(random.nextUnit() * Double(total))
    for s in 1..<n {
      if pick < s { return s }
      pick -= s
    }
    return n - 1
  }

  /// One word: slips of the mind from the distribution (or kebbie's rules), then a tap per
  /// character from the typist's touch; the typed character is the tap's nearest key.
  func type(word: String, typist: Typist, random: inout SeededGenerator) -> TypedWord {
    let hasLetter = word.contains { layout.key(for: Character($0.lowercased()))?.kind == .letter }
    guard hasLetter else {
      return TypedWord(intended: word, words: 1, typed: word, taps: word.map { _ in nil }, typos: 0, completionLength: nil, swipe: nil)
    }
    let slipped = kind == .kebbie ? kebbieSlips(word, random: &random) : slips(word, random: &random)
    let aimed = slipped.0
    var typos = slipped.1
    var typed = ""
    var taps: [Point?] = []
    for character in aimed {
      let lower = Character(character.lowercased())
      guard let key = layout.key(for: lower), key.kind == .letter, !(kind == .kebbie && character.isUppercase) else {
        // Off the letter layer (kebbie: a capital is on the shift layer): typed exactly, no tap.
        typed.append(character)
        taps.append(nil)
        continue
      }
      let x = key.center.x + typist.offset.x + random.nextGaussian() * typist.spread.sigmaX
      let y = key.center.y + typist.offset.y + random.nextGaussian() * typist.spread.sigmaY
      let point = Point(x: x, y: y)
      let hit = kind == .kebbie ? (letterKeys.first { $0.contains(point) } ?? layout.nearestKey(to: point)) : layout.nearestKey(to: point)
      var letter = hit?.letter ?? lower
      if letter != lower { typos += 1 }
      if character.isUppercase { letter = Character(letter.uppercased()) }
      typed.append(letter)
      taps.append(point)
    }
    return TypedWord(intended: word, words: 1, typed: typed, taps: taps, typos: typos, completionLength: nil, swipe: nil)
  }

  /// Slips from the typing-error distribution, per letter: omitted (never the last letter:
  /// that is completion's case), an extra letter (repeated, a neighbour, or any), a letter of a
  /// far key, two letters swapped, a capital lost. Neighbouring-key slips are left to the touch
  /// model, which makes them where the finger lands.
  func slips(_ word: String, random: inout SeededGenerator) -> ([Character], Int) {
    // Rates per keystroke from the distribution's operations (scaled to a typist's error rate);
    // the channel counts (from typo pairs alone) only split inserts by kind and give swaps
    // relative to omissions.
    let channel = errors.channel
    let omit = errors.rate(.delete)
    let inserts = Double((channel?.insertRepeat ?? 0) + (channel?.insertNear ?? 0) + (channel?.insertOther ?? 0))
    func insertShare(_ count: Int?) -> Double { inserts > 0 ? errors.rate(.insert) * Double(count ?? 0) / inserts : errors.rate(.insert) / 3 }
    let insertRepeat = insertShare(channel?.insertRepeat), insertNear = insertShare(channel?.insertNear), insertOther = insertShare(channel?.insertOther)
    let deletes = Double((channel?.deleteDouble ?? 0) + (channel?.deleteOther ?? 0))
    let swap = deletes > 0 ? omit * Double(channel?.transpositions ?? 0) / deletes : 0
    let far = errors.rate(.edit)
    let lose = errors.rate(.case)
    var characters = Array(word)
    var aimed: [Character] = []
    var typos = 0
    var i = 0
    while i < characters.count {
      let c = characters[i]
      let lower = Character(c.lowercased())
      guard layout.key(for: lower)?.kind == .letter else {
        aimed.append(c)
        i += 1
        continue
      }
      var u = random.nextUnit()
      let last = i == characters.count - 1
      if u < omit, !last, characters.count > 2 {
        typos += 1
        i += 1
        continue
      }
      u -= omit
      if u < insertRepeat + insertNear + insertOther {
        aimed.append(c)
        let extra: Character
        if u < insertRepeat {
          extra = c
        } else if u < insertRepeat + insertNear, let key = layout.key(for: lower), let near = pick(layout.adjacentKeys(of: key), &random) {
          extra = near.letter ?? c
        } else {
          extra = pick(letterKeys, &random)?.letter ?? c
        }
        aimed.append(extra)
        typos += 1
        i += 1
        continue
      }
      u -= insertRepeat + insertNear + insertOther
      if u < far, let key = layout.key(for: lower) {
        let options = letterKeys.filter { $0 != key && !layout.areAdjacent($0, key) }
        aimed.append(pick(options, &random)?.letter ?? c)
        typos += 1
        i += 1
        continue
      }
      u -= far
      if u < swap, !last, layout.key(for: Character(characters[i + 1].lowercased()))?.kind == .letter, characters[i + 1] != c {
        characters.swapAt(i, i + 1)
        aimed.append(characters[i])
        typos += 1
        i += 1
        continue
      }
      u -= swap
      if u < lose, c.isUppercase {
        aimed.append(lower)
        typos += 1
        i += 1
        continue
      }
      aimed.append(c)
      i += 1
    }
    return (aimed, typos)
  }

  /// kebbie 0.5.1's `_introduce_typos`: a common typo of the word (5 %) or, per character,
  /// one of transposition (1 %), deletion (0.5 %, × 0.36 at the word's start, never the last),
  /// doubling (0.5 %), losing a capital (8 %), losing an apostrophe or hyphen (10 %).
  func kebbieSlips(_ word: String, random: inout SeededGenerator) -> ([Character], Int) {
    if let typos = commonTypos[word], !typos.isEmpty, random.nextUnit() < 0.05 {
      return (Array(typos[Int(random.next() % UInt64(typos.count))]), 1)
    }
    var characters = Array(word)
    var aimed: [Character] = []
    var typos = 0
    let allCaps = word.count > 1 && word.allSatisfy { !$0.isLetter || $0.isUppercase }
    for i in characters.indices {
      var c = characters[i]
      if c.isUppercase, word.count > 1, !allCaps, random.nextUnit() < 0.08 {
        c = Character(c.lowercased())
        typos += 1
      }
      let first = i == 0, last = i == characters.count - 1
      var events: [(String, Double)] = []
      if !c.isNumber {
        if !last { events.append(("transpose", 0.01)) }
        if c == "'" || c == "-" {
          if !last { events.append(("delete", first ? 0.1 * 0.36 : 0.1)) }
        } else if layout.key(for: Character(c.lowercased()))?.kind == .letter {
          if !last { events.append(("delete", first ? 0.005 * 0.36 : 0.005)) }
          events.append(("double", 0.005))
        }
      }
      var u = random.nextUnit()
      var event: String?
      for (name, p) in events {
        if u < p {
          event = name
          break
        }
        u -= p
      }
      switch event {
      case "transpose":
        aimed.append(characters[i + 1])
        characters[i + 1] = c
        typos += 1
      case "delete": typos += 1
      case "double":
        aimed.append(c)
        aimed.append(c)
        typos += 1
      default: aimed.append(c)
      }
    }
    return (aimed, typos)
  }

  func pick<T>(_ options: [T], _ random: inout SeededGenerator) -> T? {
    options.isEmpty ? nil : options[Int(random.next() % UInt64(options.count))]
  }
}

extension TypistSimulator.Config: ValidatedConfig {
  public func validationErrors() -> [String] {
    var check = RangeCheck()
    check.number("offsetSpread", offsetSpread, in: 0...2)
    check.number("offsetY", offsetY, in: -2...2)
    check.number("spreadVariation", spreadVariation, in: 0...2)
    check.number("spaceOmission", spaceOmission, in: 0...0.5)
    check.number("swipeShare", swipeShare, in: 0...1)
    return check.errors
  }
}
