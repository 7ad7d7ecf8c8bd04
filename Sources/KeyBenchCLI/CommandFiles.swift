import ArgumentParser
public import KeyBenchCore

/// A command that names the files it reads and writes, so that ``ExitStatus/main(_:)`` refuses an
/// output that is one of its inputs before any work (exit 64, naming both), and a suite's dry
/// run can check a command's inputs exist without running it (``CommandCheckServer``).
///
/// Every command with an output option conforms; the declarations sit beside the options.
public protocol CommandFiles {
  /// Every file or folder the command reads, including the files inside run folders it opens.
  var reads: [FileUse] { get }
  /// Every file or folder the command writes (none when it only prints, e.g. `--print-config`).
  var writes: [FileUse] { get }
}

extension CommandFiles {
  /// Throws a usage error naming an output and the input it would overwrite.
  public func checkFiles() throws {
    if let conflict = FileUseCheck.conflict(reads: reads, writes: writes) { throw ValidationError(conflict) }
  }
}
