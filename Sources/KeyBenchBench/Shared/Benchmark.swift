/// One of KeyBench's six benchmarks as the library runs it: given its options (what the
/// executable parsed), it loads the items, builds the algorithms (built-ins, peers, plug-ins),
/// runs each over every item and returns the run — rows and summaries — as its ``Report``, which
/// writes the run folder the same way for every benchmark (``BenchmarkReport/write(to:)``).
///
/// `keybench-run`'s subcommands only turn arguments into ``Options``, call ``run()``, write and
/// print: swipe, correct, touch, gesture, predict and photos each conform.
public protocol Benchmark {
  /// Everything a run depends on, already checked for range by the caller.
  associatedtype Options
  /// The run's rows, summaries and declarations.
  associatedtype Report: BenchmarkReport

  init(options: Options)

  /// Runs the benchmark; progress goes to standard error, never standard output.
  func run() throws -> Report
}
