/// Seed 003's custom lexical database: for every classifier label, the synsets linked to it
/// through WordNet (its synonyms, hypernyms and hyponyms, expanded a few steps), each link
/// keeping its kind and depth so a ranker can weight it instead of treating it as present.
public struct LabelDatabase: Sendable {
  /// How a message synset relates to a label's synset.
  public enum Relation: UInt8, Sendable {
    /// The label's own synset (the message word is the label or one of its synonyms).
    case synonym
    /// The message synset lies above the label (message "animal", label dog).
    case hypernym
    /// The message synset lies below the label (message "puppy", label dog).
    case hyponym
    /// The synsets share a hypernym (message "stove", label oven): up, then down again, the
    /// seed's repeated expansion of the words already linked.
    case related
    /// One is a part, member or substance of the other (message "people", label person;
    /// message "locomotive", label train). Not one of the seed's relations; only `best` uses it.
    case part
  }

  /// One link from a synset to a label.
  public struct Link: Sendable, Equatable {
    public var label: Int32
    public var relation: Relation
    /// Hypernym/hyponym steps between the synsets (0 for a synonym; up plus down for related).
    public var depth: UInt8
  }

  /// Expansion limits: how many hypernym and hyponym steps from each label's synset.
  public struct Steps: Sendable, Codable, Equatable {
    public var hypernyms = 10
    public var hyponyms = 6
    /// Longest up-then-down path for related synsets (at least one step each way; < 2: none).
    public var related = 3
    public init() {}
  }

  public let labels: [PhotoLabel]
  public let steps: Steps
  private var links: [Int32: [Link]] = [:]
  private var names: [String: [Int32]] = [:]

  /// Expands every label of `labels` through `wordNet` (done once per run).
  public init(labels: [PhotoLabel], wordNet: WordNet, steps: Steps = Steps()) {
    self.labels = labels
    self.steps = steps
    for (index, label) in labels.enumerated() {
      let id = Int32(index)
      for lemma in label.nameLemmas { names[lemma, default: []].append(id) }
      guard let synset = label.synset else { continue }
      links[synset, default: []].append(Link(label: id, relation: .synonym, depth: 0))
      let above = wordNet.closure(of: synset, upward: true, steps: max(steps.hypernyms, steps.related - 1))
      let below = wordNet.closure(of: synset, upward: false, steps: steps.hyponyms)
      for (linked, depth) in above where depth <= steps.hypernyms {
        links[linked, default: []].append(Link(label: id, relation: .hypernym, depth: UInt8(depth)))
      }
      for (linked, depth) in below {
        links[linked, default: []].append(Link(label: id, relation: .hyponym, depth: UInt8(depth)))
      }
      for linked in wordNet.synsets[Int(synset)].parts where linked != synset {
        links[linked, default: []].append(Link(label: id, relation: .part, depth: 1))
      }
      var related: [Int32: Int] = [:]
      for (ancestor, up) in above where up < steps.related {
        for (linked, down) in wordNet.closure(of: ancestor, upward: false, steps: steps.related - up)
        where linked != synset && above[linked] == nil && below[linked] == nil && up + down < related[linked] ?? Int.max {
          related[linked] = up + down
        }
      }
      for (linked, depth) in related {
        links[linked, default: []].append(Link(label: id, relation: .related, depth: UInt8(depth)))
      }
    }
  }

  /// The labels linked to `synset`.
  public func links(of synset: Int32) -> [Link] { links[synset] ?? [] }

  /// The labels whose name (or its base form) is `lemma`.
  public func labels(named lemma: String) -> [Int32] { names[lemma] ?? [] }

  /// Synsets with at least one link (the size of the custom database).
  public var linkedSynsets: Int { links.count }
  /// All links stored.
  public var linkCount: Int { links.values.reduce(0) { $0 + $1.count } }
}
