import KeyBenchCore
import KeyBenchPhotos
import KeyBenchTestSupport
import Testing

/// Rankers on a small hand-made library over the real WordNet.
@Suite(.enabled(if: RealWordNet.runs, "WordNet 3.0 not installed (apt-get install wordnet-base, or set KEYBENCH_WORDNET)"))
struct PhotoRankerTests {
  let wordNet = try! #require(RealWordNet.shared)

  /// Labels named like COCO's, with the synsets the category mapping gives them.
  func label(_ name: String, _ synset: String) throws -> PhotoLabel {
    #expect(wordNet.synset(named: synset) != nil, "\(synset)")
    let joined = name.split(separator: " ").joined(separator: "_")
    return PhotoLabel(name: name, nameLemmas: [joined], synset: wordNet.synset(named: synset))
  }

  func library() throws -> (LabelDatabase, [Photo]) {
    let labels = [
      try label("dog", "dog.n.01"), try label("couch", "sofa.n.01"), try label("cat", "cat.n.01"),
      try label("person", "person.n.01"), try label("hot dog", "frank.n.02"), try label("oven", "oven.n.01"),
    ]
    let photos = [
      Photo(id: 1, labels: [.init(label: 3, area: 0.5), .init(label: 1, area: 0.2)]),  // person on a couch
      Photo(id: 2, labels: [.init(label: 2, area: 0.3), .init(label: 1, area: 0.4)]),  // cat on a couch
      Photo(id: 3, labels: [.init(label: 1, area: 0.3), .init(label: 0, area: 0.2)]),  // dog on a couch
      Photo(id: 4, labels: [.init(label: 4, area: 0.3)]),  // a hot dog
      Photo(id: 5, labels: [.init(label: 3, area: 0.6)]),  // a person
      Photo(id: 6, labels: [.init(label: 5, area: 0.3)]),  // an oven
    ]
    return (LabelDatabase(labels: labels, wordNet: wordNet), photos)
  }

  func ranked(_ ranker: any PhotoRanker, _ message: String, _ photos: [Photo]) -> [Int] {
    let scores = ranker.scores(nouns: NounExtractor(wordNet: wordNet).nouns(in: message), library: photos)
    return photos.indices.filter { scores[$0] > 0 }.sorted { scores[$0] > scores[$1] }.map { photos[$0].id }
  }

  @Test func hyponymLinksFindThePuppyWhereExactMatchingCannot() throws {
    let (database, photos) = try library()
    func level(_ l: LinkCountRanker.Level) -> LinkCountRanker { LinkCountRanker(level: l, database: database, wordNet: wordNet) }
    let message = "Look at the puppy asleep on the sofa"
    #expect(ranked(level(.exact), message, photos).isEmpty)
    // "sofa" is a synonym of the couch label: three couch photos tie.
    #expect(Set(ranked(level(.synonyms), message, photos)) == [1, 2, 3])
    // "puppy" lies one hyponym step below dog.
    #expect(ranked(level(.hyponyms), message, photos).first == 3)
    #expect(ranked(WeightedRanker(database: database, wordNet: wordNet), message, photos).first == 3)
  }

  @Test func weightsPreferFrequentSensesAndSpecificLabels() throws {
    let (database, photos) = try library()
    let best = WeightedRanker(database: database, wordNet: wordNet)
    // "dog" names the dog photo's label; its 5th sense (frank) reaches the hot dog only weakly.
    let dog = ranked(best, "my dog", photos)
    #expect(dog.first == 3)
    #expect(dog.contains(4))
    #expect(ranked(LinkCountRanker(level: .synonyms, database: database, wordNet: wordNet), "my dog", photos).sorted() == [3, 4])
    // A hypernym: "animal" is two steps above dog (through domestic animal); food and ovens are no animals.
    let animal = ranked(best, "an animal", photos)
    #expect(animal.first == 3)
    #expect(!animal.contains(4) && !animal.contains(6))
    // Related synsets (sharing a hypernym): a stove reaches the oven.
    #expect(ranked(best, "the stove", photos).first == 6)
  }
}

/// Library draws are reproducible from the seed.
@Suite struct LibraryDrawTests {
  let categories: [Set<String>] = (0..<200).map { i in i % 10 == 0 ? ["dog", "person"] : i % 3 == 0 ? ["car"] : ["person"] }

  @Test func sameSeedSameLibraries() {
    let draw = LibraryDraw(size: 20, distractors: .random, categories: categories)
    func libraries(_ seed: UInt64) -> [[Int]] {
      var rng = SeededGenerator(seed: seed)
      return (0..<30).map { draw.draw(target: $0, negative: $0 % 7 == 0, using: &rng) }
    }
    #expect(libraries(5) == libraries(5))
    #expect(libraries(5) != libraries(6))
    for (target, library) in libraries(5).enumerated() {
      #expect(Set(library).count == 20)
      #expect(library.contains(target) == (target % 7 != 0))
    }
  }

  @Test func hardDistractorsShareACategory() {
    let draw = LibraryDraw(size: 10, distractors: .hard, categories: categories)
    var rng = SeededGenerator(seed: 1)
    let library = draw.draw(target: 10, negative: false, using: &rng)
    #expect(library.count == 10 && library.contains(10))
    for photo in library { #expect(!categories[photo].isDisjoint(with: categories[10])) }
  }
}
