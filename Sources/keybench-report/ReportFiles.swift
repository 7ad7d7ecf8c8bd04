import Foundation
import KeyBenchCLI
import KeyBenchCore

// What the gate, compare and time-ratio commands read and write (``CommandFiles``), declared
// beside their files so an output such as --junit is never written over an input such as the
// current run's summary.json.

extension KeybenchReport.Gate: CommandFiles {
  var reads: [FileUse] { FileUse.run("--baseline", baseline) + FileUse.run("--current", current) }
  var writes: [FileUse] { FileUse.file("--junit", junit) }
}

extension KeybenchReport.Compare: CommandFiles {
  var reads: [FileUse] { runs.flatMap { FileUse.run("RUN", $0) } }
  var writes: [FileUse] { FileUse.file("--json", json) }
}

extension KeybenchReport.TimeRatio: CommandFiles {
  /// Every argument of the two commands that names an existing file or folder: they may read it.
  var reads: [FileUse] {
    commands.compactMap { argument in
      var isFolder: ObjCBool = false
      guard argument != "::", FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else { return nil }
      return FileUse("the command's argument", argument, extent: isFolder.boolValue ? .folder : .file)
    }
  }
  var writes: [FileUse] { FileUse.file("--json", json) }
}
