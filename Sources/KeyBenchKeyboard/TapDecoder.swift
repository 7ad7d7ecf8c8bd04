import Foundation
public import KeyBenchCore
public import KeyBenchGeometry
public import KeyBenchLanguageModel

/// Decodes a word from where the taps landed: the noisy-channel keyboard decoder of the literature
/// (Goodman et al. 2002; Fowler et al. 2015), as a beam search over the lexicon trie.
///
/// P(word | taps, context) ∝ P(taps | word) · P(word)^priorWeight · (P(word | previous) / P(word))^contextWeight.
/// The channel aligns taps with the word's letters: a tap aimed at a letter lands around its key
/// by a 2-D Gaussian of the device's touch spread (adapted to the typist when enabled), or — a
/// slip of the mind, not the finger — anywhere on the keyboard; a tap may be extra (inserted), a
/// letter may have no tap (omitted), and two neighbouring letters may be typed swapped. Characters
/// typed off the layout (digits, `'`, a shifted capital) carry no tap and must match exactly.
/// The beam keeps the paths whose channel score plus the best prior still below them is highest,
/// so frequent words are not pruned for a slip at their first letter.
public final class TapDecoder {
  /// The channel's error probabilities and the search's limits.
  public struct Config: Codable, Sendable, Equatable {
    /// Paths kept per tap.
    public var beam = 40
    /// Multiplies the device's touch spread.
    public var sigmaScale = 1.0
    /// Probability that a tap was aimed at another key than the letter's (landing anywhere).
    public var substitution = 0.01
    /// Probability of an extra tap, of a letter with no tap, of two letters typed swapped.
    public var insertion = 0.01
    public var omission = 0.01
    public var transposition = 0.003
    /// Edits (extra taps, missing letters, swaps) allowed per word.
    public var maxEdits = 2
    /// Exponent of the lexicon prior (below 1: a rare word typed cleanly beats a frequent one a slip away).
    public var priorWeight = 0.5
    /// Exponent of the context ratio (0: no context).
    public var contextWeight = 1.0
    /// Share of extra taps that repeat the letter just typed (a doubled key); the rest land anywhere.
    public var repeatShare = 0.25
    /// Probability that the space between two words was not typed (two words typed as one).
    public var spaceOmission = 0.005
    /// ln prior of a typed word the lexicon lacks (not weighted by `priorWeight`), so a name
    /// typed cleanly can be kept while a slip that spells no word is not.
    public var unknownLogPrior = -22.0
    /// Completion: trie nodes expanded after the last tap, and words taken from each (12 and 8
    /// completed 70.2 % of development words in the top 3 against 68.6 % with 8 and 4; see the
    /// closing note of issue 40 for the development slice).
    public var completionNodes = 12
    public var wordsPerNode = 8

    public init() {}
  }

  public let trie: LexiconTrie
  public let config: Config
  public let spread: TouchSpread
  let context: WordContextModel?
  /// Context model ids of the trie's words (nil: unseen in the text).
  let contextIDs: [Int32?]
  private let logUniform: Double
  /// The typist's adaptation, applied to every emission; reset by ``reset()``.
  public var adaptation: TouchAdaptation

  /// Which key a slip of the mind types instead of each key: `confusions[j][k]` is the share of
  /// key j's slips that typed key k (rows sum to 1; empty without a confusion table: a slip
  /// then lands anywhere).
  let confusions: [[Double]]

  /// - Parameter confusions: intended letter → typed letter → count (a typing-error
  ///   distribution's substitutions), for where slips of the mind land; nil: anywhere.
  public init(
    trie: LexiconTrie, spread: TouchSpread, context: WordContextModel?, config: Config, adapt: Bool,
    confusions counts: [String: [String: Int]]? = nil
  ) {
    self.trie = trie
    if let counts {
      // Each row smoothed by one count spread over the other keys, so no slip is impossible.
      let letters = trie.keys.map { $0.label }
      confusions = letters.enumerated().map { j, intended in
        var row = letters.enumerated().map { k, typed in k == j ? 0.0 : Double(counts[intended]?[typed] ?? 0) + 1.0 / Double(max(1, letters.count - 1)) }
        let total = row.reduce(0, +)
        for k in row.indices { row[k] /= total }
        return row
      }
    } else {
      confusions = []
    }
    self.spread = spread
    self.config = config
    self.context = config.contextWeight > 0 ? context : nil
    contextIDs = self.context.map { model in trie.words.map { model.wordID($0) } } ?? []
    let xs = trie.keys.map { $0.center.x - $0.width / 2 } + trie.keys.map { $0.center.x + $0.width / 2 }
    let ys = trie.keys.map { $0.center.y - $0.height / 2 } + trie.keys.map { $0.center.y + $0.height / 2 }
    let area = max(1, ((xs.max() ?? 1) - (xs.min() ?? 0)) * ((ys.max() ?? 1) - (ys.min() ?? 0)))
    logUniform = -Foundation.log(area)
    adaptation = TouchAdaptation(spread: TouchSpread(sigmaX: spread.sigmaX * config.sigmaScale, sigmaY: spread.sigmaY * config.sigmaScale), enabled: adapt)
  }

  /// ln P(tap | key) for every letter key: a Gaussian around the (adapted) centre, mixed with
  /// slips of the mind — the typist aimed at another key, chosen by the confusion table (or
  /// anywhere without one) — and a small chance of landing anywhere at all.
  func emissions(_ tap: Point) -> [Double] {
    let (dx, dy, sx, sy) = adaptation.current
    let norm = -Foundation.log(2 * Double.pi * sx * sy)
    let gauss = trie.keys.map { key in
      let ex = (tap.x - key.center.x - dx) / sx, ey = (tap.y - key.center.y - dy) / sy
      return Foundation.exp(norm - 0.5 * (ex * ex + ey * ey))
    }
    let uniform = Foundation.exp(logUniform)
    let s = config.substitution
    guard !confusions.isEmpty else { return gauss.map { Foundation.log((1 - s) * $0 + s * uniform) } }
    let stray = Self.strayTap
    return gauss.indices.map { j in
      var aimedElsewhere = 0.0
      let row = confusions[j]
      for k in gauss.indices { aimedElsewhere += row[k] * gauss[k] }
      return Foundation.log((1 - s - stray) * gauss[j] + s * aimedElsewhere + stray * uniform)
    }
  }

  /// Probability that a tap lands anywhere, unrelated to any key's letter.
  static let strayTap = 0.001

  /// Search layers: layer i holds the paths that consumed i taps.
  struct Layer {
    var nodes: [Int32] = []
    var scores: [Double] = []
    var edits: [Int8] = []
    /// Best channel score + weighted prior below the node in the layer (the pruning heuristic).
    var best = -Double.infinity
    var stamp: UInt32 = 0
  }

  /// Per-node slots of the three layers a step writes to (i, i + 1, i + 2), stamped so they need
  /// no clearing between layers or calls: the search dedupes paths without hashing.
  private var slotBuffer: [Int32] = []
  private var stampBuffer: [UInt32] = []
  private var generation: UInt32 = 0

  /// Paths whose score plus best reachable prior falls this many nats below the layer's best are
  /// dropped as they are made (the beam keeps at most ``Config/beam`` of the rest).
  static let pruneWidth = 14.0

  var logSpaceOmission: Double { Foundation.log(max(1e-12, config.spaceOmission)) }

  /// Channel scores of every path that consumed all taps: node → best score.
  ///
  /// - Parameter emit: ``emissions(_:)`` of each tap (nil for a character typed off the layout).
  func search(_ typed: [Character], emit: [[Double]?]) -> [Int32: Double] {
    let n = typed.count
    let lower = typed.map { Character($0.lowercased()) }
    let logMatch = Foundation.log(max(1e-9, 1 - config.insertion - config.omission - config.transposition))
    let logInsert = Foundation.log(max(1e-12, config.insertion))
    let uniform = Foundation.exp(logUniform), logUniformValue = logUniform
    let logOmit = Foundation.log(max(1e-12, config.omission))
    let logSwap = Foundation.log(max(1e-12, config.transposition))
    let maxEdits = Int8(config.maxEdits)
    let weight = config.priorWeight
    let width = Self.pruneWidth
    let nodeCount = trie.nodeCount
    if slotBuffer.isEmpty {
      slotBuffer = [Int32](repeating: 0, count: 3 * nodeCount)
      stampBuffer = [UInt32](repeating: 0, count: 3 * nodeCount)
    }
    // Moved out of the object for the search (no exclusivity checks on every access), back at the end.
    var slots = slotBuffer, stamps = stampBuffer
    slotBuffer = []
    stampBuffer = []
    defer {
      slotBuffer = slots
      stampBuffer = stamps
    }
    // ln P(position i's character | a letter with symbol s); characters without a tap must match.
    let offLayer: [Bool] = emit.map { $0 == nil }
    let folded = lower.map { ComparableForm.of(String($0)) }
    func score(_ i: Int, _ s: Int) -> Double {
      if !offLayer[i] {
        let key = trie.keyOfSymbol[s]
        return key >= 0 ? emit[i]![key] : -.infinity
      }
      return trie.symbols[s] == lower[i] || ComparableForm.of(String(trie.symbols[s])) == folded[i] ? 0 : -.infinity
    }
    var layers = [Layer](repeating: Layer(), count: n + 1)
    func newStamp() -> UInt32 {
      generation &+= 1
      if generation == 0 {
        for j in stamps.indices { stamps[j] = 0 }
        generation = 1
      }
      return generation
    }
    for i in 0...n { layers[i].stamp = newStamp() }
    func add(_ l: Int, _ node: Int32, _ value: Double, _ edits: Int8) {
      guard value > -.infinity else { return }
      let h = value + weight * Double(trie.maxPrior[Int(node)])
      guard h >= layers[l].best - width else { return }
      if h > layers[l].best { layers[l].best = h }
      let at = (l % 3) * nodeCount + Int(node)
      if stamps[at] == layers[l].stamp {
        let slot = Int(slots[at])
        if layers[l].scores[slot] < value {
          layers[l].scores[slot] = value
          layers[l].edits[slot] = edits
        }
        return
      }
      stamps[at] = layers[l].stamp
      slots[at] = Int32(layers[l].nodes.count)
      layers[l].nodes.append(node)
      layers[l].scores.append(value)
      layers[l].edits.append(edits)
    }
    // Keeps the beam of layer l: within the width of its best, at most `beam` paths.
    func prune(_ l: Int) {
      var layer = layers[l]
      let floor = layer.best - width
      var order = layer.nodes.indices.filter { layer.scores[$0] + weight * Double(trie.maxPrior[Int(layer.nodes[$0])]) >= floor }
      if order.count > config.beam {
        let h = order.map { layer.scores[$0] + weight * Double(trie.maxPrior[Int(layer.nodes[$0])]) }
        let ranked = order.indices.sorted { h[$0] != h[$1] ? h[$0] > h[$1] : order[$0] < order[$1] }
        order = ranked.prefix(config.beam).map { order[$0] }
      }
      guard order.count < layer.nodes.count else { return }
      layer.nodes = order.map { layer.nodes[$0] }
      layer.scores = order.map { layer.scores[$0] }
      layer.edits = order.map { layer.edits[$0] }
      layer.stamp = newStamp()
      let base = (l % 3) * nodeCount
      for (slot, node) in layer.nodes.enumerated() {
        stamps[base + Int(node)] = layer.stamp
        slots[base + Int(node)] = Int32(slot)
      }
      layers[l] = layer
    }
    add(0, Int32(LexiconTrie.root), 0, 0)
    for i in 0...n {
      prune(i)
      // Omitted letters: a child of a kept path reached without a tap (one per position).
      let kept = layers[i]
      for j in kept.nodes.indices where kept.edits[j] < maxEdits {
        let node = Int(kept.nodes[j])
        let first = Int(trie.firstChild[node])
        for child in first..<first + Int(trie.childCount[node]) { add(i, Int32(child), kept.scores[j] + logOmit, kept.edits[j] + 1) }
      }
      prune(i)
      guard i < n else { break }
      let layer = layers[i]
      // Swaps are only tried through letters whose key the next tap is near.
      let swapFloor = i + 1 < n ? ((offLayer[i + 1] ? 0 : emit[i + 1]!.max() ?? 0) - 4) : .infinity
      for j in layer.nodes.indices {
        let node = Int(layer.nodes[j]), value = layer.scores[j], edits = layer.edits[j]
        let first = Int(trie.firstChild[node])
        let last = first + Int(trie.childCount[node])
        for child in first..<last {
          add(i + 1, Int32(child), value + logMatch + score(i, Int(trie.nodeSymbol[child])), edits)
        }
        guard edits < maxEdits else { continue }
        // An extra tap: most often the letter just typed again (its key), else anywhere.
        let previousKey = node == LexiconTrie.root ? -1 : trie.keyOfSymbol[Int(trie.nodeSymbol[node])]
        let extra = previousKey >= 0 && !offLayer[i]
          ? Foundation.log(config.repeatShare * Foundation.exp(emit[i]![previousKey]) + (1 - config.repeatShare) * uniform)
          : logUniformValue
        add(i + 1, Int32(node), value + logInsert + extra, edits + 1)
        guard i + 1 < n else { continue }
        // Two letters typed swapped: tap i hit the second letter, tap i + 1 the first.
        for a in first..<last {
          let second = score(i + 1, Int(trie.nodeSymbol[a]))
          guard second > swapFloor else { continue }
          let firstB = Int(trie.firstChild[a])
          for b in firstB..<firstB + Int(trie.childCount[a]) {
            add(i + 2, Int32(b), value + logSwap + second + score(i, Int(trie.nodeSymbol[b])), edits + 1)
          }
        }
      }
    }
    var ends: [Int32: Double] = [:]
    for (node, value) in zip(layers[n].nodes, layers[n].scores) { ends[node] = value }
    return ends
  }

  /// Context weight times the context ratio of word `w` after `previous` (0 without a model).
  func contextScore(_ w: Int, _ context: WordContextModel.Context?) -> Double {
    guard let model = self.context, let context else { return 0 }
    return config.contextWeight * model.logRatio(wordID: contextIDs[w], in: context, limit: 5)
  }

  /// The best words for a whole typed word, best first, in the typist's case; the typed word
  /// itself competes as an unknown word when the lexicon lacks it.
  public func correct(_ typed: String, taps: [Point?], previous: [String], limit: Int) -> [String] {
    let characters = Array(typed)
    guard !characters.isEmpty, characters.contains(where: \.isLetter), taps.count == characters.count else { return [typed] }
    let emit = taps.map { $0.map(emissions) }
    let ends = search(characters, emit: emit)
    let context = self.context.map { $0.context(previous) }
    let start = previous.isEmpty
    var scored: [(score: Double, word: Int)] = []
    for (node, channel) in ends {
      for w in trie.terminals(Int(node)) {
        scored.append((channel + config.priorWeight * Double(trie.logPrior[w]) + contextScore(w, context), w))
      }
    }
    let lowerTyped = typed.lowercased()
    let literal = literalScore(characters, emit: emit)
    if trie.node(for: lowerTyped).map({ trie.terminals($0).isEmpty }) ?? true {
      // Not a lexicon word (a name, a number): kept as typed when no word explains the taps better.
      scored.append((literal + config.unknownLogPrior, -1))
    }
    // Two words whose space was missed ("thedesign"): typed exactly, each half a lexicon word.
    var split: (score: Double, words: String)?
    if characters.count >= 5 {
      for k in 2...(characters.count - 2) {
        guard let left = trie.node(for: lowerTyped.prefix(k)).flatMap({ trie.terminals($0).first }),
          let right = trie.node(for: lowerTyped.dropFirst(k)).flatMap({ trie.terminals($0).first })
        else { continue }
        let value = literal + logSpaceOmission + config.priorWeight * Double(trie.logPrior[left] + trie.logPrior[right])
        if value > split?.score ?? -.infinity {
          split = (value, WordCase.apply(to: trie.words[left], typed: typed, sentenceStart: start) + " " + trie.words[right])
        }
      }
    }
    scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.word < $1.word }
    var answer: [String] = []
    var seen: Set<String> = []
    // An acronym or a word with inner capitals (ELDR, HealthCare) is left as typed: keyboards do not
    // correct what the typist took the trouble to capitalise.
    let capitals = typed.filter(\.isUppercase).count
    if characters.count >= 2, capitals >= 2 || (capitals == 1 && !(typed.first?.isUppercase ?? false)) {
      answer.append(typed)
      seen.insert(lowerTyped)
    }
    for (score, w) in scored where answer.count < limit {
      if let two = split, two.score > score, seen.insert(two.words.lowercased()).inserted { answer.append(two.words) }
      guard answer.count < limit else { break }
      let word = w < 0 ? typed : WordCase.apply(to: trie.words[w], typed: typed, sentenceStart: start)
      if seen.insert(word.lowercased()).inserted { answer.append(word) }
    }
    if answer.count < limit, let two = split, seen.insert(two.words.lowercased()).inserted { answer.append(two.words) }
    if answer.isEmpty { answer.append(typed) }
    return Array(answer.prefix(limit))
  }

  /// The channel score of the taps read as exactly the typed characters.
  func literalScore(_ characters: [Character], emit: [[Double]?]) -> Double {
    var total = 0.0
    for (character, emission) in zip(characters, emit) {
      guard let emission else { continue }
      if let s = trie.symbol(of: Character(character.lowercased())), trie.keyOfSymbol[s] >= 0 {
        total += emission[trie.keyOfSymbol[s]]
      } else {
        total += emission.max() ?? 0
      }
    }
    return total
  }

  /// Completions of a begun word from its taps: the best trie nodes after the last tap, each
  /// expanded to its most probable words, rescored with the context.
  public func complete(_ prefix: String, taps: [Point?], previous: [String], limit: Int, extra: [String] = []) -> [String] {
    let characters = Array(prefix)
    guard !characters.isEmpty, taps.count == characters.count else { return [] }
    let ends = search(characters, emit: taps.map { $0.map(emissions) })
    let context = self.context.map { $0.context(previous) }
    let weight = config.priorWeight
    let nodes = ends.sorted { a, b in
      let x = a.value + weight * Double(trie.maxPrior[Int(a.key)]), y = b.value + weight * Double(trie.maxPrior[Int(b.key)])
      return x != y ? x > y : a.key < b.key
    }.prefix(config.completionNodes)
    var best: [Int: Double] = [:]
    for (node, channel) in nodes {
      for w in trie.bestWords(under: Int(node), count: config.wordsPerNode) {
        let value = channel + weight * Double(trie.logPrior[w]) + contextScore(w, context)
        if value > best[w] ?? -.infinity { best[w] = value }
      }
    }
    // Words the context proposes (e.g. a predictor's), scored on the path they share with the taps.
    for word in extra {
      let lower = Array(word.lowercased())
      var node = LexiconTrie.root
      var channel = -Double.infinity
      for (depth, character) in lower.enumerated() {
        guard let s = trie.symbol(of: character), let child = trie.child(of: node, symbol: s) else { node = -1; break }
        node = child
        if depth + 1 >= characters.count - config.maxEdits, let value = ends[Int32(node)] { channel = max(channel, value) }
      }
      guard node >= 0, channel > -.infinity, let w = trie.terminals(node).first else { continue }
      let value = channel + weight * Double(trie.logPrior[w]) + contextScore(w, context)
      if value > best[w] ?? -.infinity { best[w] = value }
    }
    let start = previous.isEmpty
    var answer: [String] = []
    var seen: Set<String> = []
    for (w, _) in best.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) where answer.count < limit {
      let word = WordCase.apply(to: trie.words[w], typed: prefix, sentenceStart: start)
      if seen.insert(word.lowercased()).inserted { answer.append(word) }
    }
    return answer
  }

  /// Learns the typist's touch from a committed word (see ``TouchAdaptation``).
  public func learn(_ word: String, taps: [Point?]) {
    guard adaptation.enabled, taps.count == word.count else { return }
    for (character, tap) in zip(word.lowercased(), taps) {
      guard let tap, let s = trie.symbol(of: character), trie.keyOfSymbol[s] >= 0 else { continue }
      adaptation.observe(tap, key: trie.keys[trie.keyOfSymbol[s]].center)
    }
  }
}

/// A typist's own touch: the mean offset of their taps from the key centres and how widely they
/// spread, learned from the words they commit and shrunk toward the device's model (20
/// pseudo-taps), so a few taps move it little. Taps farther than 3 σ from the key are slips, not
/// touch, and are left out.
public struct TouchAdaptation: Sendable {
  public let enabled: Bool
  let base: TouchSpread
  private var n = 0.0, sumX = 0.0, sumY = 0.0, squaresX = 0.0, squaresY = 0.0
  static let pseudoTaps = 20.0

  public init(spread: TouchSpread, enabled: Bool) {
    base = spread
    self.enabled = enabled
  }

  /// Offset x, y and spread σx, σy in effect.
  public var current: (Double, Double, Double, Double) {
    guard n > 0 else { return (0, 0, base.sigmaX, base.sigmaY) }
    let k = Self.pseudoTaps
    let dx = sumX / (n + k), dy = sumY / (n + k)
    let vx = (squaresX - n * dx * dx + k * base.sigmaX * base.sigmaX) / (n + k)
    let vy = (squaresY - n * dy * dy + k * base.sigmaY * base.sigmaY) / (n + k)
    return (dx, dy, max(vx, 0.25 * base.sigmaX * base.sigmaX).squareRoot(), max(vy, 0.25 * base.sigmaY * base.sigmaY).squareRoot())
  }

  mutating func observe(_ tap: Point, key: Point) {
    let ex = tap.x - key.x, ey = tap.y - key.y
    guard abs(ex) < 3 * base.sigmaX, abs(ey) < 3 * base.sigmaY else { return }
    n += 1
    sumX += ex
    sumY += ey
    squaresX += ex * ex
    squaresY += ey * ey
  }

  public mutating func reset() { self = TouchAdaptation(spread: base, enabled: enabled) }
}

extension TapDecoder.Config: ValidatedConfig {
  /// Ranges that keep the search bounded and the probabilities probabilities.
  public func validationErrors() -> [String] {
    var check = RangeCheck()
    check.integer("beam", beam, in: 1...10_000)
    check.positive("sigmaScale", sigmaScale, atMost: 100)
    check.number("substitution", substitution, in: 0...0.5)
    check.number("insertion", insertion, in: 0...0.3)
    check.number("omission", omission, in: 0...0.3)
    check.number("transposition", transposition, in: 0...0.3)
    check.number("spaceOmission", spaceOmission, in: 0...0.3)
    check.number("repeatShare", repeatShare, in: 0...1)
    check.integer("maxEdits", maxEdits, in: 0...5)
    check.number("priorWeight", priorWeight, in: 0...10)
    check.number("contextWeight", contextWeight, in: 0...10)
    check.number("unknownLogPrior", unknownLogPrior, in: -1000...0)
    check.integer("completionNodes", completionNodes, in: 1...1000)
    check.integer("wordsPerNode", wordsPerNode, in: 1...1000)
    return check.errors
  }
}
