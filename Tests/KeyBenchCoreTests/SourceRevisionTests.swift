import Foundation
@testable import KeyBenchCore
import KeyBenchTestSupport
import Testing

/// The commit a result's provenance names, read from a clone and from a linked worktree (whose
/// `.git` is a file pointing into the main checkout's git folder).
@Suite struct SourceRevisionTests {
  @Test func readsTheCommitOfACloneAndOfALinkedWorktree() throws {
    let dir = try TemporaryDirectory()
    let main = dir.url.appendingPathComponent("main")
    let git = main.appendingPathComponent(".git")
    let mainHash = String(repeating: "a", count: 40)
    let featureHash = String(repeating: "b", count: 40)
    func write(_ url: URL, _ text: String) throws {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try write(git.appendingPathComponent("HEAD"), "ref: refs/heads/main\n")
    try write(git.appendingPathComponent("refs/heads/main"), mainHash + "\n")
    // The worktree's branch is only in packed-refs, in the shared git folder.
    try write(git.appendingPathComponent("packed-refs"), "# pack-refs with: peeled\n\(featureHash) refs/heads/feature\n")
    let worktreeGit = git.appendingPathComponent("worktrees/wt")
    try write(worktreeGit.appendingPathComponent("HEAD"), "ref: refs/heads/feature\n")
    try write(worktreeGit.appendingPathComponent("commondir"), "../..\n")
    let worktree = dir.url.appendingPathComponent("wt")
    try write(worktree.appendingPathComponent(".git"), "gitdir: \(worktreeGit.path)\n")

    #expect(SourceRevision.commit(inCheckout: main) == mainHash)
    #expect(SourceRevision.commit(inCheckout: worktree) == featureHash)
    // A detached HEAD names its commit directly; a folder without git is unknown.
    try write(worktreeGit.appendingPathComponent("HEAD"), mainHash + "\n")
    #expect(SourceRevision.commit(inCheckout: worktree) == mainHash)
    #expect(SourceRevision.commit(inCheckout: dir.url) == "unknown")
  }
}
