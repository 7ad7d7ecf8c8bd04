/// A photo ranker: scores every photo of a library for a message's nouns. One protocol so the
/// benchmark runs every linking strategy the same way; a score of 0 means "not suggested".
public protocol PhotoRanker: Sendable {
  /// Short label used in reports (`exact`, `best`, …).
  var name: String { get }
  /// One line saying how it links words to labels, for reports.
  var setup: String { get }
  /// One score per photo of `library`, higher = more likely the intended photo.
  func scores(nouns: [MessageNoun], library: [Photo]) -> [Double]
}

/// The seed 003 baselines: a photo scores the number of message nouns linked to any of its
/// labels, with each ranker adding one kind of WordNet link to the previous one.
public struct LinkCountRanker: PhotoRanker {
  /// Which links count, cumulatively.
  public enum Level: Int, Sendable, CaseIterable {
    /// The noun's lemma is the label's name (or its base form).
    case exact
    /// + the lemma is in the label's synset (any of the lemma's senses).
    case synonyms
    /// + the lemma's first sense is a hypernym of the label's synset within the database steps.
    case hypernyms
    /// + the lemma's first sense is a hyponym of the label's synset within the database steps.
    case hyponyms

    public var name: String { "\(self)" }
  }

  public let level: Level
  public let database: LabelDatabase
  public let wordNet: WordNet

  public init(level: Level, database: LabelDatabase, wordNet: WordNet) {
    self.level = level
    self.database = database
    self.wordNet = wordNet
  }

  public var name: String { level.name }

  public var setup: String {
    switch level {
    case .exact: return "a photo scores the message nouns whose lemma is one of its label names"
    case .synonyms: return "exact + the lemma is in the label's synset (any sense of the lemma)"
    case .hypernyms: return "synonyms + the lemma's first sense is up to \(database.steps.hypernyms) hypernym steps above the label"
    case .hyponyms: return "hypernyms + the lemma's first sense is up to \(database.steps.hyponyms) hyponym steps below the label"
    }
  }

  /// The labels `noun` links to at this level.
  func linked(_ noun: MessageNoun) -> Set<Int32> {
    var labels: Set<Int32> = []
    for lemma in noun.lemmas {
      labels.formUnion(database.labels(named: lemma))
      guard level.rawValue >= Level.synonyms.rawValue else { continue }
      for sense in wordNet.senses(of: lemma) {
        for link in database.links(of: sense.synset) {
          switch link.relation {
          case .synonym: labels.insert(link.label)
          case .hypernym: if level.rawValue >= Level.hypernyms.rawValue && sense.rank == 1 { labels.insert(link.label) }
          case .hyponym: if level.rawValue >= Level.hyponyms.rawValue && sense.rank == 1 { labels.insert(link.label) }
          case .related, .part: break
          }
        }
      }
    }
    return labels
  }

  public func scores(nouns: [MessageNoun], library: [Photo]) -> [Double] {
    let linked = nouns.map(linked)
    return library.map { photo in
      Double(linked.filter { set in photo.labels.contains { set.contains($0.label) } }.count)
    }
  }
}
