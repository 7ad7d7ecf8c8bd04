import Foundation
import KeyBenchCore
import KeyBenchTestSupport
import Testing

/// An output is refused when the file system makes it one of the inputs, however it is spelt.
@Suite struct FileUseTests {
  @Test func outputsThatAreInputsConflictHoweverTheyAreSpelt() throws {
    let dir = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir.path("run"), withIntermediateDirectories: true)
    let summary = try dir.write("run/summary.json", text: "{}")
    try FileManager.default.createSymbolicLink(atPath: dir.path("alias"), withDestinationPath: dir.path("run"))
    try FileManager.default.linkItem(atPath: summary, toPath: dir.path("hard.json"))
    let reads = FileUse.run("--current", dir.path("run"))
    for spelling in [summary, dir.path("run/./../run/summary.json"), dir.path("alias/summary.json"), dir.path("hard.json")] {
      let conflict = try #require(FileUseCheck.conflict(reads: reads, writes: [FileUse("--junit", spelling)]), "\(spelling)")
      #expect(conflict.contains("--junit \(spelling)") && conflict.contains("--current \(summary)"), "\(conflict)")
    }
    // results.csv is read too, though it does not exist yet; a file beside them is not.
    #expect(FileUseCheck.conflict(reads: reads, writes: [FileUse("--json", dir.path("alias/results.csv"))]) != nil)
    #expect(FileUseCheck.conflict(reads: reads, writes: [FileUse("--json", dir.path("run/compare.json"))]) == nil)
    // A folder written as a whole holds its inputs; an output inside a folder read as a whole is one.
    let folder = FileUseCheck.conflict(reads: reads, writes: FileUse.folder("--out", dir.path("alias")))
    #expect(folder?.contains("holding --current") == true, "\(folder ?? "")")
    let below = FileUseCheck.conflict(reads: FileUse.folder("--baseline", dir.path("run")), writes: [FileUse("--junit", dir.path("alias/x.xml"))])
    #expect(below?.contains("lies inside --baseline") == true, "\(below ?? "")")
    #expect(FileUseCheck.conflict(reads: FileUse.folder("--baseline", dir.path("run")), writes: [FileUse("--junit", dir.path("runs.xml"))]) == nil)
  }

  @Test func resolvedPathsFollowLinksAsFarAsTheyExist() throws {
    let dir = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir.path("real"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: dir.path("link"), withDestinationPath: dir.path("real"))
    let real = FileUseCheck.resolved(dir.path("real"))
    #expect(FileUseCheck.resolved(dir.path("link/new/file.txt")) == real + "/new/file.txt")
    #expect(FileUseCheck.resolved(dir.path("link/../link/x")) == real + "/x")
  }
}
