public import ArgumentParser
public import KeyBenchCore
import KeyBenchResults

/// `--db`, declared once for every command that reads or writes the lexicon database, so its
/// name, default and help are the same everywhere.
public struct DatabaseOption: ParsableArguments {
  @Option(name: .customLong("db"), help: ArgumentHelp(SharedOptionDescriptors.db))
  public var path: String = SharedOptionDescriptors.db.textDefault

  public init() {}

  /// The database file as the tools open it (``ProjectFiles/lexiconDatabase(_:)``), for
  /// ``CommandFiles``.
  public var use: [FileUse] { [FileUse("--db", ProjectFiles.lexiconDatabase(path))] }
}

/// `--out` of every benchmark run, declared once.
public struct RunOutputOption: ParsableArguments {
  @Option(name: .customLong("out"), help: ArgumentHelp(SharedOptionDescriptors.out))
  public var folder: String?

  public init() {}

  /// The result folder, replaced as a whole, for ``CommandFiles``.
  public var use: [FileUse] { FileUse.folder("--out", folder) }
}
