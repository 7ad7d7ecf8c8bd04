public import KeyBenchResults
import KeyBenchPhotos

extension PhotoRunner {
  /// `keybench-run photos`'s options, metrics and group unit (``BenchmarkDescriptor``).
  public enum Described {
    public static let captions = OptionDescriptor.path("captions", help: "COCO captions JSON (e.g. coco_val2017_dev_captions.json).")
    public static let labels = OptionDescriptor.path("labels", help: "Per-image labels TSV (coco_val2017_dev_image_labels.tsv).")
    public static let categories = OptionDescriptor.path(
      "categories", help: "COCO categories TSV with WordNet synsets (default: coco_categories.tsv beside --labels).")
    public static let imagenetClasses = OptionDescriptor.path(
      "imagenet-classes", help: "ImageNet-1k classes TSV (default: imagenet1k_classes.tsv beside --labels).")
    public static let librarySize = OptionDescriptor.integer(
      "library-size", default: 50, range: 2...100_000, help: "Photos per library, target included.")
    public static let distractors = OptionDescriptor.choice(
      "distractors", default: LibraryDraw.Distractors.random,
      help: "Distractors: random or hard (sharing a category with the target).")
    public static let negatives = OptionDescriptor.number(
      "negatives", default: 0.1, range: .init(0..<1), help: "Share of queries whose target is left out of the library.")
    public static let track = OptionDescriptor.choice(
      "track", default: PhotoTrack.human,
      help: "Labels: human (COCO annotations) or imagenet (projected onto ImageNet-1k classes).")
    public static let ranker = OptionDescriptor.choice(
      "ranker", PhotoRunner.known + ["all"], commaSeparated: true, default: "all",
      help: "exact, synonyms, hypernyms, hyponyms, best or all (comma-separated).")
    public static let images = OptionDescriptor.choice(
      "images", default: PhotoRunner.Images.all,
      help: "Images used as targets and distractors: all, first-half or second-half (by image id).")
    public static let config = OptionDescriptor.config(
      "config", defaults: WeightedRanker.Config(), help: "Best-ranker config JSON; keys left out keep their defaults.")
    /// The steps stored per label: each in 0…50.
    static let steps = 0...50
    public static let hypernymSteps = OptionDescriptor.integer(
      "hypernym-steps", default: LabelDatabase.Steps().hypernyms, range: steps, help: "Hypernym steps stored per label in the label database.")
    public static let hyponymSteps = OptionDescriptor.integer(
      "hyponym-steps", default: LabelDatabase.Steps().hyponyms, range: steps, help: "Hyponym steps stored per label in the label database.")
    public static let relatedSteps = OptionDescriptor.integer(
      "related-steps", default: LabelDatabase.Steps().related, range: steps,
      help: "Longest up-then-down path stored for related synsets (sharing a hypernym); below 2: none.")
    public static let seed = OptionDescriptor.seed("seed", default: 1, help: "Random seed for library draws and negative queries.")
    public static let wordnet = OptionDescriptor.path("wordnet", help: "WordNet dict folder (index.noun, data.noun, noun.exc).")
    public static let limit = OptionDescriptor.integer(
      "limit", atLeast: 1,
      help: "Run only the first N captions (a warning says when they cover fewer than 10 images; --sample spreads them).")
    public static let printConfig = OptionDescriptor.flag(
      "print-config", help: "Print the best ranker's configuration in effect (defaults merged with --config) as JSON and exit.")

    public static let descriptor = BenchmarkDescriptor(
      name: "photos", purpose: "Benchmark photo prediction from message text (seed 003, DeepBoard) on captioned photos.",
      options: [
        captions, labels, categories, imagenetClasses, librarySize, distractors, negatives, track, ranker, images, config, hypernymSteps,
        hyponymSteps, relatedSteps, seed, wordnet, limit,
      ] + SharedOptionDescriptors.sampleGroup + [SharedOptionDescriptors.out] + SharedOptionDescriptors.bootstrapGroup + [printConfig],
      groupUnit: "image",
      metrics: PhotoReport.rowMetrics(librarySize: librarySize.integerDefault, negatives: negatives.numberDefault).map(MetricDescriptor.init)
        + [.cost("ms_per_query", unit: "ms", description: "time to rank one library for one caption")])
  }
}
