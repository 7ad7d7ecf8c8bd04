public import KeyBenchResults
import KeyBenchSwipe

extension SwipeRunner {
  /// `keybench-run swipe`'s options, metrics and group unit (``BenchmarkDescriptor``).
  public enum Described {
    public static let lexicon = OptionDescriptor.text("lexicon", help: "Lexicon to decode against (as stored by keybench-ingest), e.g. en_US.")
    public static let corpus = OptionDescriptor.path("corpus", help: "The swipe corpus (.jsonl) from keybench-swipes.")
    public static let decoder = OptionDescriptor.choice(
      "decoder", SwipeDecoderChoice.allCases.map(\.rawValue) + ["all"], commaSeparated: true, default: SwipeDecoderChoice.seed000.rawValue,
      help: "Built-in decoders to run, comma-separated: seed000, shark2 or all; the first is the main decoder.")
    public static let config = OptionDescriptor.config(
      "config", defaults: DTWDecoderConfig(),
      help: "Seed-000 decoder configuration JSON; keys left out keep their defaults (see --print-config).")
    public static let shark2Config = OptionDescriptor.config(
      "shark2-config", defaults: Shark2Config(), printArguments: ["--decoder", SwipeDecoderChoice.shark2.rawValue],
      help: "SHARK2 decoder configuration JSON; keys left out keep their defaults (see --decoder shark2 --print-config).")
    public static let reranker = OptionDescriptor.path(
      "reranker",
      help: "Re-rank seed000's best candidates with a learned model (keybench-swipes train-reranker), e.g. Corpora/models/reranker.json.",
      discussion: "The model re-scores the decoder's best `pool` candidates (the model file says how many) from every channel's evidence; it never adds a word. Its file's digest goes into the run's provenance; with --context, context enters with the model's own context weight.")
    public static let top = OptionDescriptor.integer("top", default: 4, range: 1...100, help: "Number of candidates per gesture (top-k accuracy uses it).")
    public static let threads = OptionDescriptor.integer(
      "threads", range: 1...DTWDecoderConfig.maximumThreads,
      help: "Seed-000 decoder threads per gesture, 1…\(DTWDecoderConfig.maximumThreads) (overrides its config's 'threads'; shark2 uses one).",
      discussion: "Splits one gesture's filters, first pass and DTW; the candidates and scores are those of one thread, and per-gesture times stay comparable.")
    public static let jobs = OptionDescriptor.integer(
      "jobs", default: 1, range: 1...SwipeBenchmark.maximumJobs,
      help: "Gestures decoded at once by the built-in decoders, 1…\(SwipeBenchmark.maximumJobs) (default 1).",
      discussion: "For accuracy runs and sweeps: results.csv has the same rows in the same order as with one job, but per-gesture times overlap, so summary.json's provenance says 'timing: concurrent (jobs=N): per-item times not comparable' and keybench-report gate and time-ratio do not judge them. Not with --plugin (a plug-in answers one request at a time).")
    public static let addMissingTargets = OptionDescriptor.flag(
      "add-missing-targets",
      help: "Add targets missing from the lexicon at its lowest frequency (the seed assumes every swiped word is in the dictionary).")
    /// The largest --max-words: far above any wordlist (LatinIME's have about 200,000 words).
    public static let maxWords = OptionDescriptor.integer(
      "max-words", range: 1...100_000_000,
      help: "Decode against only the lexicon's N most frequent words (frequency, then word, breaks ties).",
      discussion: "With --add-missing-targets the targets among the other words stay in the lexicon at their own frequency (the dictionary-size figure of seed 000 assumes the swiped word is in the dictionary); a value above the lexicon's size keeps it whole. Recorded as max_words in the run's config.")
    public static let includeFlagged = OptionDescriptor.flag("include-flagged", help: "Also decode gestures flagged rejected, landscape or non-alphabetic.")
    public static let limit = OptionDescriptor.integer(
      "limit", atLeast: 1,
      help: "Decode at most this many gestures: the first in file order (a warning says when they cover fewer than 10 users; --sample spreads them).")
    public static let context = OptionDescriptor.text(
      "context", help: "Re-rank with sentence context from the n-gram counts stored under this name (keybench-ingest --text NAME FILE...).",
      discussion: "Uses the previous words each gesture carries (its corpus's 'context' field) to re-rank the main decoder's candidates; the report puts accuracy with and without context side by side. Train the counts on running text only: a model whose training sentences include the corpus's sentences is refused.")
    public static let printConfig = OptionDescriptor.flag(
      "print-config",
      help: "Print the configuration in effect as JSON and exit: the chosen decoder's, or one object per decoder name when --decoder lists several.")

    public static let descriptor = BenchmarkDescriptor(
      name: "swipe", purpose: "Benchmark swipe decoders (seed 000's DTW, SHARK2) on a swipe corpus.",
      options: [lexicon, SharedOptionDescriptors.db, corpus, decoder, config, shark2Config, reranker, top, threads, jobs, addMissingTargets, maxWords, includeFlagged, limit]
        + SharedOptionDescriptors.sampleGroup + [SharedOptionDescriptors.out, context, printConfig] + PluginOptionDescriptors.all + SharedOptionDescriptors.bootstrapGroup
        + SharedOptionDescriptors.userFoldGroup,
      groupUnit: "user",
      metrics: SwipeReport.rowMetrics(top: top.integerDefault).map(MetricDescriptor.init)
        + [.cost("decode_ms_median", description: "median time to decode one gesture (the main decoder)")])
  }
}
