import Foundation
import KeyBenchCore

/// WordNet 3.0 nouns read from the native files (`index.noun`, `data.noun`, `noun.exc`), loaded
/// once into dense arrays so linking a message to labels is a handful of dictionary look-ups.
///
/// Synsets are numbered 0..<count in `data.noun` order; ``offset(of:)`` gives the byte offset
/// WordNet itself (and ImageNet's `n01234567` ids) uses.
public struct WordNet: Sendable {
  /// One noun synset: its lemmas and the links KeyBench follows.
  public struct Synset: Sendable {
    /// Byte offset in `data.noun` (the synset's WordNet id).
    public var offset: Int
    /// Lexicographer file number (5 = noun.animal, 6 = noun.artifact, 13 = noun.food, …).
    public var lexicalFile: Int
    /// Lemmas, lower-cased, multi-word ones joined with `_`.
    public var lemmas: [String]
    /// Hypernyms and instance hypernyms (`@`, `@i`).
    public var hypernyms: [Int32]
    /// Hyponyms and instance hyponyms (`~`, `~i`).
    public var hyponyms: [Int32]
    /// Wholes and parts: meronyms and holonyms of the member, part and substance kinds
    /// (people ↔ person, train ↔ locomotive).
    public var parts: [Int32]
  }

  /// One sense of a lemma: the synset and its position in `index.noun` (1 = most frequent).
  public struct Sense: Sendable, Equatable {
    public var synset: Int32
    public var rank: Int
    /// Whether the sense was seen in the tagged corpus (rank ≤ the lemma's tagsense count).
    public var tagged: Bool
  }

  /// Where Debian's `wordnet-base` installs WordNet.
  public static let defaultDirectory = "/usr/share/wordnet"
  /// Environment variable that overrides ``defaultDirectory``.
  public static let environmentVariable = "KEYBENCH_WORDNET"

  public let directory: String
  /// The files of `directory` that are read (the run's provenance names them with digests).
  public static let files = ["index.noun", "data.noun", "noun.exc"]
  public private(set) var synsets: [Synset] = []
  private var senses: [String: [Sense]] = [:]
  private var exceptions: [String: [String]] = [:]
  private var byOffset: [Int: Int32] = [:]

  /// The folder to read: an explicit one, else `KEYBENCH_WORDNET`, else ``defaultDirectory``.
  public static func resolveDirectory(_ explicit: String?) -> String {
    if let explicit, !explicit.isEmpty { return explicit }
    if let env = ProcessInfo.processInfo.environment[environmentVariable], !env.isEmpty { return env }
    return defaultDirectory
  }

  /// Reads the three noun files of `directory`; a missing or malformed file throws an
  /// ``InputFileError`` naming the file (and line).
  public init(directory: String) throws {
    self.directory = directory
    let data = directory + "/data.noun"
    let index = directory + "/index.noun"
    let exc = directory + "/noun.exc"
    for path in [data, index, exc] where !FileManager.default.fileExists(atPath: path) {
      throw InputFileError(
        path: path, kind: .unreadable,
        reason: "WordNet noun file missing (install Debian's wordnet-base, or point --wordnet / \(Self.environmentVariable) at a WordNet 3.0 dict folder)")
    }
    var links: [(hyper: [Int], hypo: [Int], parts: [Int])] = []
    try WordNetFiles.readData(path: data) { record in
      byOffset[record.offset] = Int32(synsets.count)
      synsets.append(Synset(offset: record.offset, lexicalFile: record.lexicalFile, lemmas: record.lemmas, hypernyms: [], hyponyms: [], parts: []))
      links.append((record.hypernyms, record.hyponyms, record.parts))
    }
    guard !synsets.isEmpty else { throw InputFileError(path: data, kind: .empty, reason: "no synsets") }
    for i in synsets.indices {
      synsets[i].hypernyms = links[i].hyper.compactMap { byOffset[$0] }
      synsets[i].hyponyms = links[i].hypo.compactMap { byOffset[$0] }
      synsets[i].parts = links[i].parts.compactMap { byOffset[$0] }
    }
    try WordNetFiles.readIndex(path: index) { lemma, offsets, tagged, line in
      var list: [Sense] = []
      for (i, offset) in offsets.enumerated() {
        guard let id = byOffset[offset] else {
          throw InputFileError(path: index, line: line, kind: .malformed, reason: "synset offset \(offset) of '\(lemma)' is not in data.noun")
        }
        list.append(Sense(synset: id, rank: i + 1, tagged: i < tagged))
      }
      senses[lemma] = list
    }
    try WordNetFiles.readExceptions(path: exc) { inflected, bases in exceptions[inflected, default: []] += bases }
  }

  /// Loads from ``resolveDirectory(_:)``.
  public static func load(directory: String? = nil) throws -> WordNet {
    try WordNet(directory: resolveDirectory(directory))
  }

  /// The noun senses of `lemma` (lower-case, `_` between words) in WordNet's sense order.
  public func senses(of lemma: String) -> [Sense] { senses[lemma] ?? [] }

  /// Whether `lemma` is a noun in `index.noun`.
  public func isNoun(_ lemma: String) -> Bool { senses[lemma] != nil }

  /// The synset with the given `data.noun` offset (e.g. from an ImageNet `n02084071` id).
  public func synset(offset: Int) -> Int32? { byOffset[offset] }

  /// The WordNet offset of synset `id`.
  public func offset(of id: Int32) -> Int { synsets[Int(id)].offset }

  /// NLTK-style name (`dog.n.01`): the first lemma and its sense number for that lemma.
  public func name(of id: Int32) -> String {
    let lemma = synsets[Int(id)].lemmas.first ?? "?"
    let rank = senses(of: lemma).first { $0.synset == id }?.rank ?? 0
    return "\(lemma).n.\(rank < 10 ? "0" : "")\(rank)"
  }

  /// Resolves an NLTK-style name (`ball.n.06`), nil when WordNet has no such sense.
  public func synset(named name: String) -> Int32? {
    let parts = name.lowercased().split(separator: ".")
    guard parts.count >= 3, parts[parts.count - 2] == "n", let rank = Int(parts[parts.count - 1]) else { return nil }
    let lemma = parts[0..<(parts.count - 2)].joined(separator: ".")
    return senses(of: lemma).first { $0.rank == rank }?.synset
  }

  /// Noun base forms of a lower-case word (WordNet's morphy for nouns): the `noun.exc`
  /// entries, the word itself when it is a noun, then the detachment rules whose result is a
  /// noun. Empty when the word is no noun in any form.
  public func baseForms(of word: String) -> [String] {
    var forms: [String] = []
    func add(_ form: String) { if isNoun(form), !forms.contains(form) { forms.append(form) } }
    for base in exceptions[word] ?? [] { add(base) }
    add(word)
    for (suffix, ending) in Self.detachments where word.hasSuffix(suffix) && word.count > suffix.count {
      add(String(word.dropLast(suffix.count)) + ending)
    }
    return forms
  }

  /// WordNet's noun detachment rules (suffix → replacement), in morphy's order.
  static let detachments: [(String, String)] = [
    ("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y"),
  ]

  /// Whether `ancestor` is `id` or lies above it on a hypernym path.
  public func isKind(_ id: Int32, of ancestor: Int32) -> Bool {
    var seen: Set<Int32> = []
    var stack = [id]
    while let next = stack.popLast() {
      if next == ancestor { return true }
      if seen.insert(next).inserted { stack += synsets[Int(next)].hypernyms }
    }
    return false
  }

  /// Every synset within `steps` links of `start` following `hypernyms` (true) or hyponyms,
  /// with its smallest distance; `start` itself is not included.
  public func closure(of start: Int32, upward: Bool, steps: Int) -> [Int32: Int] {
    var depth: [Int32: Int] = [:]
    var frontier = [start]
    var level = 0
    while level < steps, !frontier.isEmpty {
      level += 1
      var next: [Int32] = []
      for id in frontier {
        for linked in upward ? synsets[Int(id)].hypernyms : synsets[Int(id)].hyponyms
        where linked != start && depth[linked] == nil {
          depth[linked] = level
          next.append(linked)
        }
      }
      frontier = next
    }
    return depth
  }
}
