/// How a COCO category gets its WordNet synset, with one rule for the mapping's quirks.
///
/// The LVIS mapping is trusted where it agrees with WordNet's own entry for the category's
/// name. "The name's own word" is the name as a WordNet lemma (`hot_dog`), else its head noun
/// (`sports ball` → `ball`); its candidate senses are those that are physical entities (a
/// detector boxes things). Then:
/// 1. no mapped synset (`stop sign`): the word's first candidate sense;
/// 2. the name is not a WordNet lemma and the mapped synset is one of its head noun's senses:
///    the head's most frequent sense in the same lexicographer file, since nothing in WordNet
///    backs the rarer choice (`sports ball`: `ball.n.06` plaything → `ball.n.01` game ball, both
///    artifacts); a name that is a lemma keeps its mapped sense (`cake.n.03`, `toilet.n.02`);
/// 3. the mapped synset is a kind of one of the word's senses (`computer_keyboard` under
///    `keyboard`): kept, it is only more specific;
/// 4. otherwise, when the name itself is a WordNet lemma, WordNet's meaning of the name wins:
///    its first candidate sense (`cow`: `beef.n.01` is food, not a kind of any cow →
///    `cow.n.01`); when only the head noun is (`potted plant` → `pot.n.04`), the mapping is kept.
public struct CategorySynsets: Sendable {
  /// The outcome for one category.
  public struct Resolution: Sendable, Equatable {
    public var category: String
    public var mapped: String?
    public var synset: Int32?
    /// Which rule decided (1…4, 0 when the mapping was kept as is).
    public var rule: Int
  }

  public let wordNet: WordNet
  private let physical: Int32?

  public init(wordNet: WordNet) {
    self.wordNet = wordNet
    physical = wordNet.synset(named: "physical_entity.n.01")
  }

  public func resolve(_ category: CocoCorpus.Category) -> Resolution {
    let joined = category.name.lowercased().split(separator: " ").joined(separator: "_")
    let nameIsLemma = !wordNet.baseForms(of: joined).isEmpty
    let word: String? =
      nameIsLemma
      ? wordNet.baseForms(of: joined).first
      : category.name.lowercased().split(separator: " ").last.flatMap { wordNet.baseForms(of: String($0)).first }
    let senses = word.map { wordNet.senses(of: $0) } ?? []
    let candidates = senses.filter { sense in physical.map { wordNet.isKind(sense.synset, of: $0) } ?? true }
    let mapped = category.mappedSynset.flatMap { wordNet.synset(named: $0) }
    var result = Resolution(category: category.name, mapped: category.mappedSynset, synset: mapped, rule: 0)
    guard let mapped else {
      result.synset = candidates.first?.synset
      result.rule = 1
      return result
    }
    if senses.contains(where: { $0.synset == mapped }) {
      guard !nameIsLemma else { return result }
      let file = wordNet.synsets[Int(mapped)].lexicalFile
      if let first = senses.first(where: { wordNet.synsets[Int($0.synset)].lexicalFile == file }), first.synset != mapped {
        result.synset = first.synset
        result.rule = 2
      }
      return result
    }
    if senses.contains(where: { wordNet.isKind(mapped, of: $0.synset) }) {
      result.rule = 3
      return result
    }
    if nameIsLemma, let first = candidates.first {
      result.synset = first.synset
      result.rule = 4
    }
    return result
  }
}
