public import KeyBenchCore
public import KeyBenchGeometry

/// Seed 002's corrector (the Kännsch iOS keyboard), reproduced as described:
///
/// - **Adjusted Levenshtein** (§2.2.3), one typed letter at a time against a pointer into each
///   dictionary word: copy (0), near key (1), repeat of the previous dictionary letter = revert
///   the last operation and count an insert (2), match of the next dictionary letter = delete
///   (7), else modify (2). Each word keeps its distance, pointer, last operation and the
///   keystroke it was computed for, so the next keystroke extends it instead of starting over.
/// - **Dictionary tree** (§2.5.1): 27 children per node (a–z, everything else), a child split
///   again above 200 words, at most depth 3; the typed prefix selects a node whose words are
///   compared. The letters after the typed ones are a completion and cost nothing.
/// - **Top list** (§2.5.3): the 1,000 most frequent words are always compared too, with a
///   higher penalty factor, so an error in the first letters can still be corrected.
/// - **Completion vs correction** (§2.4): score = frequency − distance × penalty.
/// - **Frequency adaptation** (§2.3, switchable): a written word's frequency rises by
///   `increment`; when one reaches `frequencyLimit`, every frequency is halved (AIMD).
public final class KannschCorrector: Corrector {
  public struct Config: Codable, Sendable, Equatable {
    public var copy = 0
    public var near = 1
    public var insert = 2
    public var delete = 7
    public var modify = 2
    /// Words whose distance exceeds this are never suggested.
    public var maxDistance = 8
    /// Frequency points subtracted per distance unit, for tree words and for top-list words.
    public var penalty = 10.0
    public var topListPenalty = 20.0
    public var topListSize = 1000
    public var leafCapacity = 200
    public var maxDepth = 3
    /// AIMD frequency adaptation.
    public var adaptation = true
    public var increment = 4.0
    public var frequencyLimit = 511.0

    public init() {}
  }

  public let name: String
  public let config: Config
  private let lexicon: CorrectionLexicon
  private let tree: Node
  private let topList: [Int32]
  private let adjacent: [Bool]
  private let size: Int
  private let bucket: [UInt8]
  /// Current (adapted) frequency per word, starting at the LatinIME byte.
  public private(set) var frequencies: [Double]
  /// Saved state per word (§2.2.3).
  private var states: [WordState]
  private var keystroke: UInt32 = 0

  /// One node of the dictionary tree: a leaf list or 27 children; `all` is every word below.
  final class Node: Sendable {
    let children: [Node]?
    let all: [Int32]
    init(children: [Node]?, all: [Int32]) {
      self.children = children
      self.all = all
    }
  }

  public init(lexicon: CorrectionLexicon, layout: KeyboardLayout, config: Config = Config()) {
    self.lexicon = lexicon
    self.config = config
    name = config.adaptation ? "kannsch" : "kannsch-static"
    size = lexicon.alphabetSize
    var bucket = [UInt8](repeating: 26, count: size)
    for code in 1..<size {
      let folded = ComparableForm.of(String(lexicon.character(UInt8(code)))).unicodeScalars.first?.value ?? 0
      if folded >= 97 && folded <= 122 { bucket[code] = UInt8(folded - 97) }
    }
    self.bucket = bucket
    let classifier = LetterClassifier(layout: layout)
    var adjacent = [Bool](repeating: false, count: size * size)
    for a in 1..<size {
      for b in 1..<size where a != b {
        adjacent[a * size + b] = classifier.classify(typed: lexicon.character(UInt8(b)), intended: lexicon.character(UInt8(a))) == .near
      }
    }
    self.adjacent = adjacent
    let byFrequency = (0..<lexicon.count).sorted {
      lexicon.frequencies[$0] != lexicon.frequencies[$1] ? lexicon.frequencies[$0] > lexicon.frequencies[$1] : $0 < $1
    }.map(Int32.init)
    func build(_ ids: [Int32], depth: Int) -> Node {
      guard ids.count > config.leafCapacity, depth < config.maxDepth else { return Node(children: nil, all: ids) }
      var groups = [[Int32]](repeating: [], count: 27)
      for id in ids {
        let word = lexicon.word(Int(id))
        let slot = word.count > depth ? Int(bucket[Int(word[word.startIndex + depth])]) : 26
        groups[slot].append(id)
      }
      return Node(children: groups.map { build($0, depth: depth + 1) }, all: ids)
    }
    tree = build(byFrequency, depth: 0)
    topList = Array(byFrequency.prefix(config.topListSize))
    frequencies = lexicon.frequencies.map(Double.init)
    states = [WordState](repeating: WordState(), count: lexicon.count)
  }

  /// Feeds `typed` one keystroke at a time, as the keyboard would, then ranks the words of the
  /// final prefix's node and the top list.
  public func suggestions(for typed: String, limit: Int) -> [String] {
    let codes = lexicon.encode(typed)
    guard !codes.isEmpty else { return [] }
    var previous: UInt32 = 0
    var node = tree
    var states = self.states
    self.states = []
    defer { self.states = states }
    let costs = Costs(config)
    for length in 1...codes.count {
      keystroke &+= 1
      if keystroke == 0 {
        states = states.map { var state = $0; state.computedAt = 0; return state }
        keystroke = 1
      }
      if length <= config.maxDepth, let children = node.children {
        node = children[Int(bucket[Int(codes[length - 1])])]
      }
      let now = keystroke
      let letter = codes[length - 1]
      lexicon.codes.withUnsafeBufferPointer { words in
        lexicon.offsets.withUnsafeBufferPointer { offsets in
          adjacent.withUnsafeBufferPointer { adjacent in
            states.withUnsafeMutableBufferPointer { states in
              // Brings a word's saved state to `length` letters: one step when it was computed
              // for this word's previous keystroke, else from the first letter.
              func update(_ id: Int32) {
                let id = Int(id)
                if states[id].computedAt == now { return }
                let word = UnsafeBufferPointer(rebasing: words[Int(offsets[id])..<Int(offsets[id + 1])])
                if previous != 0 && states[id].computedAt == previous {
                  Self.step(&states[id], word, letter, adjacent, size, costs)
                } else {
                  states[id] = WordState()
                  for index in 0..<length { Self.step(&states[id], word, codes[index], adjacent, size, costs) }
                }
                states[id].computedAt = now
              }
              for id in node.all { update(id) }
              for id in topList { update(id) }
            }
          }
        }
      }
      previous = now
    }
    var ranked: [(id: Int, score: Double)] = []
    func rank(_ id: Int32, penalty: Double) {
      let d = Int(states[Int(id)].distance)
      guard d <= config.maxDistance else { return }
      ranked.append((Int(id), frequencies[Int(id)] - Double(d) * penalty))
    }
    // Tree words take the tree penalty; top-list words outside the node take the higher one.
    let marker = keystroke &+ 1
    for id in node.all {
      rank(id, penalty: config.penalty)
      states[Int(id)].computedAt = marker
    }
    for id in topList where states[Int(id)].computedAt != marker { rank(id, penalty: config.topListPenalty) }
    for id in node.all { states[Int(id)].computedAt = keystroke }
    ranked.sort { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }
    return ranked.prefix(limit).map { lexicon.words[$0.id] }
  }

  public func reset() { frequencies = lexicon.frequencies.map(Double.init) }

  public func learn(_ word: String) {
    guard config.adaptation, let id = lexicon.id(of: word) else { return }
    frequencies[id] += config.increment
    if frequencies[id] >= config.frequencyLimit {
      for index in frequencies.indices { frequencies[index] /= 2 }
    }
  }

  /// What §2.2.3 saves per word between keystrokes.
  struct WordState {
    var distance: Int32 = 0
    var pointer: Int16 = 0
    /// The cost of the last operation that moved the pointer (reverted by an insert).
    var lastCost: Int16 = 0
    /// The keystroke this state is for.
    var computedAt: UInt32 = 0
  }

  struct Costs {
    let copy, near, insert, delete, modify: Int16
    init(_ config: Config) {
      copy = Int16(config.copy)
      near = Int16(config.near)
      insert = Int16(config.insert)
      delete = Int16(config.delete)
      modify = Int16(config.modify)
    }
  }

  /// One typed letter against the dictionary word at the saved pointer, checks in the seed's order.
  @inline(__always)
  static func step(
    _ state: inout WordState, _ word: UnsafeBufferPointer<UInt8>, _ letter: UInt8, _ adjacent: UnsafeBufferPointer<Bool>,
    _ size: Int, _ costs: Costs
  ) {
    let n = word.count
    let p = Int(state.pointer)
    if p < n && word[p] == letter {
      state.lastCost = costs.copy
      state.distance += Int32(costs.copy)
      state.pointer += 1
    } else if p < n && adjacent[Int(word[p]) * size + Int(letter)] {
      state.lastCost = costs.near
      state.distance += Int32(costs.near)
      state.pointer += 1
    } else if p > 0 && p <= n && word[p - 1] == letter {
      // The previous letter again: the last operation becomes an extra (inserted) letter.
      state.distance += Int32(costs.insert) - Int32(state.lastCost)
      state.lastCost = 0
    } else if p + 1 < n && word[p + 1] == letter {
      state.distance += Int32(costs.delete)
      state.lastCost = 0
      state.pointer += 2
    } else {
      state.lastCost = costs.modify
      state.distance += Int32(costs.modify)
      state.pointer += 1
    }
  }
}

extension KannschCorrector.Config: ValidatedConfig {
  /// Ranges that keep the adjusted-Levenshtein search meaningful and bounded (negative costs
  /// make every word free; a huge top list or leaf capacity allocates without bound).
  public func validationErrors() -> [String] {
    var check = RangeCheck()
    for (name, value) in [("copy", copy), ("near", near), ("insert", insert), ("delete", delete), ("modify", modify)] {
      check.integer(name, value, in: 0...100)
    }
    check.integer("maxDistance", maxDistance, in: 0...50)
    check.number("penalty", penalty, in: 0...1000)
    check.number("topListPenalty", topListPenalty, in: 0...1000)
    check.integer("topListSize", topListSize, in: 1...1_000_000)
    check.integer("leafCapacity", leafCapacity, in: 1...100_000)
    check.integer("maxDepth", maxDepth, in: 0...10)
    check.number("increment", increment, in: 0...1000)
    check.positive("frequencyLimit", frequencyLimit, atMost: 1_000_000)
    return check.errors
  }
}
