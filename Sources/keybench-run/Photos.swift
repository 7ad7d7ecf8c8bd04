import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchBench
import KeyBenchCore
import KeyBenchPhotos

extension KeybenchRun {
  struct Photos: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Benchmark photo prediction from message text (seed 003, DeepBoard) on captioned photos.",
      discussion: """
        Each caption of --captions (COCO captions JSON) is a message whose image is the target; \
        the library is the target plus distractors drawn with --seed (hard: sharing a COCO \
        category with the target); --negatives of the queries leave the target out. Photos carry \
        the COCO labels of --labels (box area fractions) as WordNet synsets, or with --track \
        imagenet the ImageNet-1k classes at or below them. Rankers: exact, synonyms, hypernyms, \
        hyponyms (cumulative WordNet links) and best (weighted links, label specificity, box area). \
        Writes to --out: results.csv (one row per ranker and caption, every ranker of the run; \
        column algorithm), summary.csv, summary.json (per-ranker recall_at_1, recall_at_3, \
        recall_at_5, mrr, false_suggestion_rate, ms_per_query; Reports/FORMATS.md; its \
        "statistics" gives the recalls, MRR (libraries of up to 1,000 photos) and the \
        false-suggestion rate with a 95 % interval from a bootstrap over the target images, \
        --bootstrap) and report.md. WordNet 3.0 is read from --wordnet, else KEYBENCH_WORDNET, else \
        /usr/share/wordnet (Debian wordnet-base).

        Examples:
          keybench-run photos --captions ../shared/corpora/photos/coco_val2017_dev_captions.json --labels ../shared/corpora/photos/coco_val2017_dev_image_labels.tsv --limit 500 --seed 1 --out runs/photos
        """)

    /// Help, defaults and ranges (the library's description of this benchmark).
    typealias D = PhotoRunner.Described

    @Option(help: ArgumentHelp(D.captions))
    var captions: String?

    @Option(help: ArgumentHelp(D.labels))
    var labels: String?

    @Option(help: ArgumentHelp(D.categories))
    var categories: String?

    @Option(help: ArgumentHelp(D.imagenetClasses))
    var imagenetClasses: String?

    @Option(help: ArgumentHelp(D.librarySize))
    var librarySize: Int = D.librarySize.integerDefault

    @Option(help: ArgumentHelp(D.distractors))
    var distractors: LibraryDraw.Distractors = D.distractors.choiceDefault()

    @Option(help: ArgumentHelp(D.negatives))
    var negatives: Double = D.negatives.numberDefault

    @Option(help: ArgumentHelp(D.track))
    var track: PhotoTrack = D.track.choiceDefault()

    @Option(help: ArgumentHelp(D.ranker))
    var ranker: String = D.ranker.textDefault

    @Option(help: ArgumentHelp(D.images))
    var images: PhotoRunner.Images = D.images.choiceDefault()

    @Option(help: ArgumentHelp(D.config))
    var config: String?

    @Option(help: ArgumentHelp(D.hypernymSteps))
    var hypernymSteps: Int = D.hypernymSteps.integerDefault

    @Option(help: ArgumentHelp(D.hyponymSteps))
    var hyponymSteps: Int = D.hyponymSteps.integerDefault

    @Option(help: ArgumentHelp(D.relatedSteps))
    var relatedSteps: Int = D.relatedSteps.integerDefault

    @Option(help: ArgumentHelp(D.seed))
    var seed: UInt64 = D.seed.seedDefault

    @Option(help: ArgumentHelp(D.wordnet))
    var wordnet: String?

    @Option(help: ArgumentHelp(D.limit))
    var limit: Int?

    @OptionGroup var sampling: SampleOptions

    @OptionGroup var output: RunOutputOption
    var out: String? { output.folder }

    @OptionGroup var bootstrap: BootstrapOptions

    @Flag(help: ArgumentHelp(D.printConfig))
    var printConfig = false

    static var known: [String] { PhotoRunner.known }

    var rankerNames: [String] {
      let names = ranker.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return names.contains("all") ? Self.known : names
    }

    func validate() throws {
      guard D.librarySize.integerRange.contains(librarySize) else { throw ValidationError("--library-size must be in \(D.librarySize.range!).") }
      guard D.negatives.accepts(negatives) else { throw ValidationError("--negatives must be in \(D.negatives.range!).") }
      guard [(D.hypernymSteps, hypernymSteps), (D.hyponymSteps, hyponymSteps), (D.relatedSteps, relatedSteps)].allSatisfy({ $0.integerRange.contains($1) }) else {
        throw ValidationError("--hypernym-steps, --hyponym-steps and --related-steps must be in 0…50.")
      }
      if let limit, !D.limit.integerRange.contains(limit) { throw ValidationError("--limit must be \(D.limit.range!).") }
      try AlgorithmNames.validate(ranker, option: "ranker", known: Self.known, noun: "ranker")
      if printConfig { return }
      guard captions != nil else { throw ValidationError("Give the captions with --captions FILE.json (e.g. coco_val2017_dev_captions.json).") }
      guard labels != nil else { throw ValidationError("Give the image labels with --labels FILE.tsv (e.g. coco_val2017_dev_image_labels.tsv).") }
      guard out != nil else { throw ValidationError("Give the output folder with --out DIR.") }
    }

    func run() throws {
      let bestConfig = try config.map { try ConfigFiles.load($0, over: WeightedRanker.Config(), what: "best ranker config") } ?? WeightedRanker.Config()
      if printConfig { return try ConfigFiles.print(bestConfig) }
      guard let captions, let labels, let out else { return }
      try OutputFolder.checkReplaceable(out)
      var steps = LabelDatabase.Steps()
      steps.hypernyms = hypernymSteps
      steps.hyponyms = hyponymSteps
      steps.related = relatedSteps
      var options = PhotoRunner.Options(
        captions: captions, labels: labels, categories: categories, imageNetClasses: imagenetClasses, librarySize: librarySize,
        distractors: distractors, negatives: negatives, track: track,
        rankers: rankerNames, images: images, bestConfig: bestConfig, steps: steps, seed: seed, wordNet: wordnet, limit: limit,
        bootstrap: try bootstrap.settings)
      options.sample = sampling.choice
      let report = try PhotoRunner(options: options).run()
      try report.write(to: out)
      for entry in report.entries {
        let s = entry.summary
        print(
          "\(s.ranker): R@1 \(NumberFormatting.percent(s.recallAt1)), R@3 \(NumberFormatting.percent(s.recallAt3)), R@5 \(NumberFormatting.percent(s.recallAt5)), "
            + "MRR \(NumberFormatting.percent(s.mrr)), false suggestions \(NumberFormatting.percent(s.falseSuggestionRate)), "
            + "\(NumberFormatting.time(s.msPerQuery, unit: "ms")) per query"
        )
      }
      print(report.wroteLine(out))
    }
  }
}

extension KeybenchRun.Photos: CommandFiles {
  var reads: [FileUse] {
    FileUse.file("--config", config)
      + (printConfig
        ? []
        : FileUse.file("--captions", captions) + FileUse.file("--labels", labels) + FileUse.file("--categories", categories)
          + FileUse.file("--imagenet-classes", imagenetClasses) + FileUse.folder("--wordnet", wordnet))
  }
  var writes: [FileUse] { printConfig ? [] : output.use }
}
