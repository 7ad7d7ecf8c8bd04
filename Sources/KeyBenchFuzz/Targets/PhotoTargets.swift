import Foundation
import KeyBenchPhotos

/// The photo benchmark's inputs: WordNet's noun files (`WordNet(directory:)`), the COCO
/// captions JSON, image-label and category TSVs (`CocoCorpus`) and the ImageNet class list
/// (`PhotoTracks.project`), each followed by the noun extraction, labelling and ranking
/// `keybench-run photos` does with them.
enum PhotoTargets {
  /// Separates the three WordNet files in one fuzz input: `data.noun`, `index.noun`, `noun.exc`
  /// (ASCII record separator). Files the input does not reach keep the fixture's content.
  static let wordNetSeparator = UInt8(0x1e)

  static let all: [FuzzTarget] = [
    FuzzTarget(
      name: "wordnet",
      summary: "WordNet noun files (data.noun, index.noun, noun.exc split at byte 0x1E): WordNet(directory:), morphy, closures, noun extraction, label links, category synsets",
      run: { data in
        let folder = FuzzScratch.directory("wordnet", clean: true)
        let parts = data.split(separator: wordNetSeparator, maxSplits: 2, omittingEmptySubsequences: false)
        for (index, (name, fixture)) in FuzzFixtures.wordNetFiles.enumerated() {
          try FuzzScratch.write(index < parts.count ? Data(parts[index]) : Data(fixture.utf8), to: folder + "/" + name)
        }
        let wordNet = try WordNet(directory: folder)
        let nouns = NounExtractor(wordNet: wordNet).nouns(in: FuzzFixtures.message)
        for id in wordNet.synsets.indices.prefix(32).map(Int32.init) {
          _ = wordNet.closure(of: id, upward: true, steps: Int.max)
          _ = wordNet.closure(of: id, upward: false, steps: 3)
          _ = wordNet.name(of: id)
        }
        let labels = FuzzFixtures.categories.map { category in
          PhotoLabel(
            name: category.name, nameLemmas: [category.name],
            synset: CategorySynsets(wordNet: wordNet).resolve(category).synset)
        }
        let database = LabelDatabase(labels: labels, wordNet: wordNet)
        let library = [Photo(id: 1, labels: labels.indices.map { PhotoLabelInstance(label: Int32($0), area: 0.1) })]
        _ = WeightedRanker(database: database, wordNet: wordNet).scores(nouns: nouns, library: library)
        for level in LinkCountRanker.Level.allCases {
          _ = LinkCountRanker(level: level, database: database, wordNet: wordNet).scores(nouns: nouns, library: library)
        }
      }),
    FuzzTarget(
      name: "coco-captions",
      summary: "COCO captions JSON: CocoCorpus.captions, then the nouns of each caption ranked against the fixture photos",
      run: { data in
        let captions = try CocoCorpus.captions(path: FuzzScratch.file("captions.json", data))
        let extractor = NounExtractor(wordNet: FuzzFixtures.wordNet)
        let ranker = WeightedRanker(database: FuzzFixtures.labelDatabase, wordNet: FuzzFixtures.wordNet)
        for caption in captions.prefix(16) {
          _ = ranker.scores(nouns: extractor.nouns(in: caption.text), library: FuzzFixtures.photos)
        }
      }),
    FuzzTarget(
      name: "coco-image-labels",
      summary: "COCO image-label TSV: CocoCorpus.imageLabels, the human-track photo collection, a label database, ranking",
      run: { data in
        let path = try FuzzScratch.file("image_labels.tsv", data)
        let images = try CocoCorpus.imageLabels(path: path)
        let tracks = PhotoTracks(wordNet: FuzzFixtures.wordNet, categories: FuzzFixtures.categories)
        rank(try tracks.collection(.human, images: images, labelsPath: path))
      }),
    FuzzTarget(
      name: "coco-categories",
      summary: "COCO category TSV: CocoCorpus.categories, category synsets, the human-track collection of the fixture images",
      run: { data in
        let path = try FuzzScratch.file("categories.tsv", data)
        let categories = try CocoCorpus.categories(path: path)
        let resolver = CategorySynsets(wordNet: FuzzFixtures.wordNet)
        _ = categories.map(resolver.resolve)
        let tracks = PhotoTracks(wordNet: FuzzFixtures.wordNet, categories: categories)
        _ = try? tracks.collection(.human, images: FuzzFixtures.images, labelsPath: path)
      }),
    FuzzTarget(
      name: "imagenet-classes",
      summary: "ImageNet-1k class TSV: PhotoTracks.project, then the imagenet-track collection and ranking",
      run: { data in
        let path = try FuzzScratch.file("imagenet_classes.tsv", data)
        var tracks = PhotoTracks(wordNet: FuzzFixtures.wordNet, categories: FuzzFixtures.categories)
        try tracks.project(imageNetClasses: path)
        rank(try tracks.collection(.imagenet, images: FuzzFixtures.images, labelsPath: "fixture"))
      }),
  ]

  /// Ranks the first photos of `collection` for the fixture message with the best ranker.
  static func rank(_ collection: PhotoCollection) {
    let database = LabelDatabase(labels: collection.labels, wordNet: FuzzFixtures.wordNet)
    let library = Array(collection.photos.prefix(64))
    _ = WeightedRanker(database: database, wordNet: FuzzFixtures.wordNet).scores(
      nouns: FuzzFixtures.messageNouns, library: library)
  }
}
