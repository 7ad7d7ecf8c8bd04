import KeyBenchCore
public import KeyBenchGeometry
public import KeyBenchLexicon

/// The lexicon as a trie over lower-cased characters with every node's children stored together,
/// so a decoder can walk it tap by tap; each node knows the best prior below it, which is what
/// lets a beam search prune by "the best word this path could still become".
///
/// Each character is a symbol; a symbol that is (or, without its accent, is) a letter key of the
/// layout knows that key, so `café` is reachable from the taps of `cafe`.
public struct LexiconTrie: Sendable {
  /// Lower-cased character of each symbol id.
  public let symbols: [Character]
  /// Letter key (index into ``keys``) each symbol is typed with; -1 for none.
  public let keyOfSymbol: [Int]
  /// The layout's letter keys, in layout order.
  public let keys: [Key]
  /// Words in their lexicon form, grouped by node (see ``terminalStart``), best prior first.
  public let words: [String]
  /// ln P(word) from the lexicon's frequency.
  public let logPrior: [Float]

  let nodeSymbol: [Int32]
  let firstChild: [Int32]
  let childCount: [Int32]
  /// Words ending at node n: `words[terminalStart[n] ..< terminalStart[n] + terminalCount[n]]`.
  let terminalStart: [Int32]
  let terminalCount: [Int32]
  /// Best ``logPrior`` of any word at or below the node.
  let maxPrior: [Float]
  private let symbolOf: [Character: Int]

  /// The root node's index.
  public static let root = 0

  /// Builds the trie of `lexicon`'s suggestible words without spaces, on `layout`'s letter keys.
  public init(lexicon: Lexicon, layout: KeyboardLayout) {
    keys = layout.letterKeys
    var keyOfLetter: [Character: Int] = [:]
    for (index, key) in keys.enumerated() { if let letter = key.letter { keyOfLetter[Character(letter.lowercased())] = index } }
    var symbols: [Character] = []
    var keyOfSymbol: [Int] = []
    var symbolOf: [Character: Int] = [:]
    func symbol(_ character: Character) -> Int {
      if let known = symbolOf[character] { return known }
      let id = symbols.count
      symbols.append(character)
      let base = ComparableForm.of(String(character)).first
      keyOfSymbol.append(keyOfLetter[character] ?? base.flatMap { keyOfLetter[$0] } ?? -1)
      symbolOf[character] = id
      return id
    }
    var seen: Set<String> = []
    var items: [(key: [Int32], word: String, prior: Float)] = []
    for entry in lexicon.entries where entry.isSuggestible && !Whitespace.occurs(in: entry.word) && !entry.word.isEmpty {
      guard seen.insert(entry.word).inserted else { continue }
      let key = entry.word.lowercased().map { Int32(symbol($0)) }
      items.append((key, entry.word, Float(LatinIMEFrequency.logProbability(entry.frequency))))
    }
    items.sort { a, b in a.key == b.key ? (a.prior, b.word) > (b.prior, a.word) : a.key.lexicographicallyPrecedes(b.key) }
    self.symbols = symbols
    self.keyOfSymbol = keyOfSymbol
    self.symbolOf = symbolOf
    words = items.map(\.word)
    logPrior = items.map(\.prior)

    var nodeSymbol: [Int32] = [-1], firstChild: [Int32] = [0], childCount: [Int32] = [0]
    var terminalStart: [Int32] = [0], terminalCount: [Int32] = [0], maxPrior: [Float] = [-.infinity]
    // Depth-first over sorted ranges: a node's children are appended together, then each is filled.
    var stack: [(node: Int, range: Range<Int>, depth: Int)] = [(0, 0..<items.count, 0)]
    while let (node, range, depth) = stack.popLast() {
      var start = range.lowerBound
      while start < range.upperBound, items[start].key.count == depth { start += 1 }
      terminalStart[node] = Int32(range.lowerBound)
      terminalCount[node] = Int32(start - range.lowerBound)
      maxPrior[node] = items[range].map(\.prior).max() ?? -.infinity
      firstChild[node] = Int32(nodeSymbol.count)
      var groups: [(Int32, Range<Int>)] = []
      var index = start
      while index < range.upperBound {
        let s = items[index].key[depth]
        var end = index + 1
        while end < range.upperBound, items[end].key[depth] == s { end += 1 }
        groups.append((s, index..<end))
        index = end
      }
      childCount[node] = Int32(groups.count)
      for (s, _) in groups {
        nodeSymbol.append(s)
        firstChild.append(0)
        childCount.append(0)
        terminalStart.append(0)
        terminalCount.append(0)
        maxPrior.append(-.infinity)
      }
      let first = Int(firstChild[node])
      for (offset, group) in groups.enumerated().reversed() { stack.append((first + offset, group.1, depth + 1)) }
    }
    self.nodeSymbol = nodeSymbol
    self.firstChild = firstChild
    self.childCount = childCount
    self.terminalStart = terminalStart
    self.terminalCount = terminalCount
    self.maxPrior = maxPrior
  }

  /// Number of nodes (the root included).
  public var nodeCount: Int { nodeSymbol.count }

  /// The symbol id of a lower-cased character, nil when no word has it.
  public func symbol(of character: Character) -> Int? { symbolOf[character] }

  /// The node a lower-cased string leads to from the root, nil when no word starts with it.
  public func node(for text: some Sequence<Character>) -> Int? {
    var node = Self.root
    for character in text {
      guard let s = symbolOf[character], let child = child(of: node, symbol: s) else { return nil }
      node = child
    }
    return node
  }

  /// The child of `node` with symbol `s`.
  public func child(of node: Int, symbol s: Int) -> Int? {
    let first = Int(firstChild[node])
    for child in first..<first + Int(childCount[node]) where Int(nodeSymbol[child]) == s { return child }
    return nil
  }

  /// Word indices ending exactly at `node`, best prior first.
  public func terminals(_ node: Int) -> Range<Int> {
    Int(terminalStart[node])..<Int(terminalStart[node] + terminalCount[node])
  }

  /// The `count` words of highest prior at or below `node`, best first (best-first search on the
  /// per-node best prior, so it visits few nodes).
  public func bestWords(under node: Int, count: Int) -> [Int] {
    guard count > 0 else { return [] }
    // Entries: a node (expand it) or a word (emit it), ordered by prior; a small array heap.
    var heap: [(prior: Float, node: Int32, word: Int32)] = [(maxPrior[node], Int32(node), -1)]
    var found: [Int] = []
    while !heap.isEmpty, found.count < count {
      var best = 0
      for i in heap.indices.dropFirst() where heap[i].prior > heap[best].prior { best = i }
      heap.swapAt(best, heap.count - 1)
      let top = heap.removeLast()
      if top.word >= 0 {
        found.append(Int(top.word))
        continue
      }
      let n = Int(top.node)
      for w in terminals(n) { heap.append((logPrior[w], -1, Int32(w))) }
      let first = Int(firstChild[n])
      for child in first..<first + Int(childCount[n]) { heap.append((maxPrior[child], Int32(child), -1)) }
    }
    return found
  }
}
