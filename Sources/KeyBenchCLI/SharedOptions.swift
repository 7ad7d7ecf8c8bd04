public import ArgumentParser
public import KeyBenchCore

/// `--db`, declared once for every command that reads or writes the lexicon database, so its
/// name, default and help are the same everywhere.
public struct DatabaseOption: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: "The lexicon database (default: .keybench/lexicons.sqlite, looked for here, in the folders above and in KEYBENCH_HOME; keybench-ingest makes it).")
  public var path: String = ProjectFiles.lexiconDatabase

  public init() {}

  /// The database file as the tools open it (``ProjectFiles/lexiconDatabase(_:)``), for
  /// ``CommandFiles``.
  public var use: [FileUse] { [FileUse("--db", ProjectFiles.lexiconDatabase(path))] }
}

/// `--out` of every benchmark run, declared once.
public struct RunOutputOption: ParsableArguments {
  @Option(
    name: .customLong("out"),
    help: "Folder to write results.csv, summary.csv, summary.json and report.md into (replaced as a whole; left out: print the summary only).")
  public var folder: String?

  public init() {}

  /// The result folder, replaced as a whole, for ``CommandFiles``.
  public var use: [FileUse] { FileUse.folder("--out", folder) }
}
