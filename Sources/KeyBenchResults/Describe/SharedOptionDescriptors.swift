import KeyBenchCore

/// The options several benchmarks share, described once: the executable's option groups
/// (`DatabaseOption`, `RunOutputOption`, `BootstrapOptions`, `SampleOptions`, `UserFoldOptions`)
/// take their help, defaults and ranges from here.
public enum SharedOptionDescriptors {
  public static let db = OptionDescriptor.path(
    "db", default: ProjectFiles.lexiconDatabase,
    help: "The lexicon database (default: .keybench/lexicons.sqlite, looked for here, in the folders above and in KEYBENCH_HOME; keybench-ingest makes it).")

  public static let out = OptionDescriptor.path(
    "out",
    help: "Folder to write results.csv, summary.csv, summary.json and report.md into (replaced as a whole; left out: print the summary only).")

  public static let bootstrap = OptionDescriptor.integer(
    "bootstrap", default: RunStatistics.defaultResamples, range: 0...BootstrapSettings.maximumResamples,
    help: "Bootstrap resamples for the 95 % intervals in summary.json and report.md (0: no intervals).",
    discussion: "Groups (users, typists, texts) are resampled, never single items. With the default 10000 the bounds moved by at most 0.2 points between seeds on 3,000 How We Swipe gestures of 56 users (2000 resamples: up to 0.38).")

  public static let bootstrapSeed = OptionDescriptor.seed(
    "bootstrap-seed", default: RunStatistics.defaultSeed,
    help: "Seed of the bootstrap's draws: the same seed and rows give the same intervals, byte for byte.")

  public static let sample = OptionDescriptor.integer(
    "sample", range: 1...10_000_000,
    help: "Take this many items spread over as many groups (users) as possible, chosen by a seeded hash (not file order).",
    discussion: "Groups are visited round-robin in an order fixed by --sample-seed, so 300 gestures of a 500-user corpus come from 300 users; verdicts (compare, the gate) need at least 10 groups. Applied after folds and flags, before --limit.")

  public static let sampleSeed = OptionDescriptor.seed(
    "sample-seed", default: 1, help: "Seed of --sample's choice: the same seed picks the same items on every machine.")

  public static let userFold = OptionDescriptor.text(
    "user-fold",
    help: "Keep only the gestures of users in fold K of N (K/N, e.g. 1/5), users dealt by a digest of their id.",
    discussion: "Measure a model trained with --exclude-user-fold K/N on the users it never saw.")

  public static let excludeUserFold = OptionDescriptor.text(
    "exclude-user-fold", help: "Leave out the gestures of users in fold K of N (K/N), e.g. to train on the other users.")

  /// `--bootstrap` and `--bootstrap-seed`, in the order `--help` lists them.
  public static let bootstrapGroup = [bootstrap, bootstrapSeed]
  public static let sampleGroup = [sample, sampleSeed]
  public static let userFoldGroup = [userFold, excludeUserFold]
}
