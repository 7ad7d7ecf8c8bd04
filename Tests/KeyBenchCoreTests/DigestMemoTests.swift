import Foundation
import KeyBenchTestSupport
import Testing

@testable import KeyBenchCore

@Suite struct DigestMemoTests {
  /// 2 MiB of a pattern that `seed` changes everywhere, above the memo's 1 MiB floor.
  static func bytes(_ seed: Int) -> [UInt8] {
    (0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) }
  }

  static func sha256sum(_ path: String) throws -> String {
    String(try Run.tool("/usr/bin/sha256sum", [path]).stdout.prefix(64))
  }

  static func memoFiles(_ memo: DigestMemo) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: memo.folder.path)) ?? []).filter { $0.hasSuffix(".bin") }
  }

  @Test func aSettledFileIsRememberedUntilItsStatusChanges() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.write("corpus.jsonl", bytes: Self.bytes(7))
    let memo = DigestMemo(folder: dir.url.appendingPathComponent("memo"), settledSeconds: 0)
    let truth = try Self.sha256sum(path)
    #expect(try memo.sha256Hex(ofFileAt: path) == truth)
    #expect(Self.memoFiles(memo).count == 1)

    // The stored entry is what answers while the status holds: replace it by another digest
    // under the same key and the memo returns that one, without reading the file.
    let status = try #require(FileStatus(path))
    let forged = String(repeating: "ab", count: 32)
    let entry = memo.folder.appendingPathComponent(try #require(Self.memoFiles(memo).first))
    try VerifiedCacheFile.write(Data(forged.utf8), key: DigestMemo.key(status), to: entry, keeping: 10)
    #expect(try memo.sha256Hex(ofFileAt: path) == forged)

    // Same size, the old modification time put back: the status-change time still moves, so the
    // new content is hashed.
    Thread.sleep(forTimeInterval: 0.05)
    try Data(Self.bytes(8)).write(to: URL(fileURLWithPath: path))
    var times = [
      timespec(tv_sec: status.modified.seconds, tv_nsec: status.modified.nanoseconds),
      timespec(tv_sec: status.modified.seconds, tv_nsec: status.modified.nanoseconds),
    ]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    let after = try #require(FileStatus(path))
    #expect(after.modified == status.modified && after.size == status.size)
    #expect(after.changed != status.changed)
    let changed = try Self.sha256sum(path)
    #expect(changed != truth)
    #expect(try memo.sha256Hex(ofFileAt: path) == changed)
  }

  @Test func aFileChangedMomentsAgoIsHashedButNotRemembered() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.write("fresh.bin", bytes: Self.bytes(3))
    let memo = DigestMemo(folder: dir.url.appendingPathComponent("memo"))
    #expect(try memo.sha256Hex(ofFileAt: path) == (try Self.sha256sum(path)))
    #expect(Self.memoFiles(memo).isEmpty)
  }

  @Test func smallFilesAreAlwaysHashed() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.write("small.txt", text: "abc")
    let memo = DigestMemo(folder: dir.url.appendingPathComponent("memo"), settledSeconds: 0)
    #expect(try memo.sha256Hex(ofFileAt: path) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(Self.memoFiles(memo).isEmpty)
  }

  @Test func aDamagedOrMalformedEntryIsHashedAgainAndReplaced() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.write("corpus.jsonl", bytes: Self.bytes(11))
    let memo = DigestMemo(folder: dir.url.appendingPathComponent("memo"), settledSeconds: 0)
    let truth = try Self.sha256sum(path)
    _ = try memo.sha256Hex(ofFileAt: path)
    let entry = memo.folder.appendingPathComponent(try #require(Self.memoFiles(memo).first))

    // One byte flipped: the entry's own SHA-256 fails.
    var bytes = try Data(contentsOf: entry)
    bytes[bytes.count / 2] ^= 0x01
    try bytes.write(to: entry)
    #expect(try memo.sha256Hex(ofFileAt: path) == truth)
    #expect(try VerifiedCacheFile.read(entry, key: DigestMemo.key(try #require(FileStatus(path)))) == Data(truth.utf8))

    // Sealed correctly but not a digest: ignored.
    try VerifiedCacheFile.write(Data("not a digest".utf8), key: DigestMemo.key(try #require(FileStatus(path))), to: entry, keeping: 10)
    #expect(try memo.sha256Hex(ofFileAt: path) == truth)
  }

  @Test func aMissingFileIsTheSameErrorAsWithoutTheMemo() throws {
    let dir = try TemporaryDirectory()
    let memo = DigestMemo(folder: dir.url.appendingPathComponent("memo"), settledSeconds: 0)
    #expect(throws: InputFileError.self) { try memo.sha256Hex(ofFileAt: dir.path("missing.jsonl")) }
  }
}
