/// Where the letters of seed 001's 8-direction gesture keyboard sit.
///
/// Eight triangular fields surround a centre circle. Each field shows a middle letter, typed by
/// going out to the field and back, and border letters typed by crossing from the field into a
/// neighbour before returning: one toward the clockwise neighbour, one toward the
/// counter-clockwise one. Fields may hold a fourth letter reached by crossing two borders in one
/// direction (the seed has two such fields, for 26 letters). The centre circle types a space.
/// Schemes are data (XML, see ``LetterSchemeXML``) so researchers can rank arrangements.
public struct LetterScheme: Sendable, Equatable {
  /// The eight directions, clockwise from north on screen (y down).
  public enum Direction: Int, Sendable, CaseIterable, Comparable {
    case n, ne, e, se, s, sw, w, nw
    public static func < (a: Direction, b: Direction) -> Bool { a.rawValue < b.rawValue }
    /// Screen angle in radians, `atan2(dy, dx)` with y down (north = −π/2).
    public var angle: Double { -Double.pi / 2 + Double(rawValue) * Double.pi / 4 }
    /// The direction `steps` fields clockwise (negative: counter-clockwise).
    public func turned(_ steps: Int) -> Direction { Direction(rawValue: ((rawValue + steps) % 8 + 8) % 8)! }
    public var name: String { String(describing: self) }
  }

  /// How a letter is reached from its field: 0 = middle, ±1 = one border clockwise /
  /// counter-clockwise, ±2 = two borders.
  public struct Placement: Sendable, Hashable {
    public var field: Direction
    public var steps: Int
    public init(field: Direction, steps: Int) {
      self.field = field
      self.steps = steps
    }
    /// Border crossings after reaching the field.
    public var crossings: Int { abs(steps) }
  }

  public let name: String
  public let alphabet: [Character]
  private let placementByLetter: [Character: Placement]
  private let letterByPlacement: [Placement: Character]

  /// A scheme from letter placements; see ``LetterSchemeXML`` for the checks a file gets.
  public init(name: String, alphabet: [Character], placements: [Character: Placement]) {
    self.name = name
    self.alphabet = alphabet
    placementByLetter = placements
    letterByPlacement = Dictionary(placements.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// Where `letter` sits; nil when the scheme lacks it.
  public func placement(of letter: Character) -> Placement? { placementByLetter[letter] }

  /// The letter typed by leaving toward `field` and crossing `steps` borders; nil if none.
  public func letter(field: Direction, steps: Int) -> Character? {
    letterByPlacement[Placement(field: field, steps: steps)]
  }

  /// Mean border crossings per letter, weighted by `frequencies` (letter → count): the
  /// movement a scheme costs beyond the out-and-back every letter needs.
  public func crossingCost(frequencies: [Character: Int]) -> Double {
    var total = 0
    var weighted = 0
    for (letter, count) in frequencies {
      guard let placement = placementByLetter[letter] else { continue }
      total += count
      weighted += count * placement.crossings
    }
    return total == 0 ? .nan : Double(weighted) / Double(total)
  }
}
