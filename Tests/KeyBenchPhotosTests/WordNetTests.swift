import Foundation
import KeyBenchCore
import KeyBenchPhotos
import KeyBenchTestSupport
import Testing

/// The WordNet reader and noun extraction on the real WordNet 3.0 files.
@Suite(.enabled(if: RealWordNet.runs, "WordNet 3.0 not installed (apt-get install wordnet-base, or set KEYBENCH_WORDNET)"))
struct WordNetTests {
  let wordNet = try! #require(RealWordNet.shared)

  @Test func lemmatisesWithExceptionsAndDetachmentRules() {
    #expect(wordNet.baseForms(of: "dogs").first == "dog")
    #expect(wordNet.baseForms(of: "geese") == ["goose"])  // noun.exc
    #expect(wordNet.baseForms(of: "boxes").contains("box"))  // xes → x
    #expect(wordNet.baseForms(of: "benches").contains("bench"))  // ches → ch
    #expect(wordNet.baseForms(of: "firemen").contains("fireman"))  // men → man
    #expect(wordNet.baseForms(of: "ponies").contains("pony"))  // ies → y
    #expect(wordNet.baseForms(of: "quickly").isEmpty)
  }

  @Test func readsSensesInOrderAndHypernymChains() throws {
    let dog = try #require(wordNet.synset(named: "dog.n.01"))
    #expect(wordNet.offset(of: dog) == 2_084_071)
    #expect(wordNet.senses(of: "dog").first?.synset == dog)
    #expect(wordNet.name(of: dog) == "dog.n.01")
    let above = wordNet.closure(of: dog, upward: true, steps: 20)
    let canine = try #require(wordNet.synset(named: "canine.n.02"))
    let animal = try #require(wordNet.synset(named: "animal.n.01"))
    #expect(above[canine] == 1)
    #expect(above[animal] != nil)
    #expect(wordNet.isKind(dog, of: animal))
    #expect(!wordNet.isKind(animal, of: dog))
    // Hyponyms are the inverse links: puppy lies one step below dog.
    let puppy = try #require(wordNet.senses(of: "puppy").first?.synset)
    #expect(wordNet.closure(of: dog, upward: false, steps: 1)[puppy] == 1)
    // Instance hypernyms (@i) are followed: Paris is an instance of a national capital.
    let paris = try #require(wordNet.senses(of: "paris").first?.synset)
    #expect(!wordNet.synsets[Int(paris)].hypernyms.isEmpty)
  }

  @Test func extractsNounsIncludingCollocations() {
    let extractor = NounExtractor(wordNet: wordNet)
    let nouns = extractor.nouns(in: "Two hot dogs and a teddy bear on the geese's bench.")
    #expect(nouns.map(\.text) == ["hot dogs", "teddy bear", "geese", "bench"])
    #expect(nouns.map { $0.lemmas.first } == ["hot_dog", "teddy_bear", "goose", "bench"])
    // Function words that are also WordNet nouns ("a" = vitamin A, "in" = inch) are dropped.
    #expect(extractor.nouns(in: "a man in a park").map(\.text) == ["man", "park"])
  }

  @Test func resolvesTheCocoMappingQuirksByRule() throws {
    let resolver = CategorySynsets(wordNet: wordNet)
    func resolved(_ name: String, _ mapped: String?) -> String? {
      resolver.resolve(.init(name: name, mappedSynset: mapped)).synset.map(wordNet.name(of:))
    }
    #expect(resolved("cow", "beef.n.01") == "cow.n.01")
    #expect(resolved("sports ball", "ball.n.06") == "ball.n.01")
    let stopSign = try #require(resolver.resolve(.init(name: "stop sign", mappedSynset: "stop_sign.n.01")).synset)
    #expect(wordNet.synsets[Int(stopSign)].lemmas.contains("sign"))
    // Mappings WordNet backs are kept, even when more specific than the name.
    #expect(resolved("keyboard", "computer_keyboard.n.01") == "computer_keyboard.n.01")
    #expect(resolved("cake", "cake.n.03") == "cake.n.03")
    #expect(resolved("potted plant", "pot.n.04") == "pot.n.04")
  }
}

/// Bad WordNet files are reported by file and line.
@Suite struct WordNetFileErrorTests {
  let dir = try! TemporaryDirectory()

  func writeWordNet(data: String) throws -> String {
    try dir.write("data.noun", text: data)
    try dir.write("index.noun", text: "dog n 1 1 @ 1 1 00000100  \n")
    try dir.write("noun.exc", text: "")
    return dir.url.path
  }

  @Test func malformedDataLineNamesFileAndLine() throws {
    let folder = try writeWordNet(
      data: "  1 This software and database is being provided\n00000100 05 n 01 dog 0 000 | a pet\n00000200 05 n zz broken\n")
    #expect {
      try WordNet(directory: folder)
    } throws: { error in
      guard let error = error as? InputFileError else { return false }
      return error.path == folder + "/data.noun" && error.line == 3 && error.kind == .malformed
    }
  }

  @Test func missingFileIsNamed() throws {
    let folder = try writeWordNet(data: "00000100 05 n 01 dog 0 000 | a pet\n")
    try FileManager.default.removeItem(atPath: folder + "/noun.exc")
    #expect {
      try WordNet(directory: folder)
    } throws: { error in
      (error as? InputFileError)?.path == folder + "/noun.exc" && "\(error)".contains("wordnet-base")
    }
    // A complete tiny WordNet loads.
    try dir.write("noun.exc", text: "dogz dog\n")
    let tiny = try WordNet(directory: folder)
    #expect(tiny.baseForms(of: "dogz") == ["dog"])
    #expect(tiny.senses(of: "dog").map(\.rank) == [1])
  }
}
