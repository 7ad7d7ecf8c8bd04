public import Foundation

/// A file a cache keeps between runs: its key, its payload, then the SHA-256 of both.
///
/// Caches let a short run skip work it did before (laying out a lexicon, outlining a corpus), and
/// must never hand back something wrong instead: a file cut short, damaged, or written for another
/// key (another input, another build) fails its checks and the work is done again. Files are
/// written through a temporary file and a rename, so a reader never sees half of one, and each
/// cache keeps only its newest files.
public enum VerifiedCacheFile {
  /// Why a stored file was not used ("none stored", or what was wrong with it).
  public struct Problem: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
  }

  /// The file's bytes for `payload` under `key`.
  public static func bytes(_ payload: Data, key: String) -> Data {
    var data = Data(key.utf8)
    data.append(payload)
    data.append(digest(data))
    return data
  }

  /// The payload of `file`, checked against its SHA-256 and `key`.
  ///
  /// - Throws: ``Problem`` when there is no file or it fails a check.
  public static func read(_ file: URL, key: String) throws(Problem) -> Data {
    guard FileManager.default.fileExists(atPath: file.path) else { throw Problem("none stored") }
    let data: Data
    do { data = try Data(contentsOf: file) } catch { throw Problem("\(file.path) cannot be read: \(error)") }
    let keyBytes = Data(key.utf8)
    guard data.count >= keyBytes.count + 32 else { throw Problem("\(file.path) is cut short (\(data.count) bytes)") }
    let body = data.prefix(data.count - 32)
    guard digest(body) == data.suffix(32) else { throw Problem("\(file.path) fails its SHA-256 (damaged or cut short)") }
    guard body.prefix(keyBytes.count) == keyBytes else { throw Problem("\(file.path) holds another key") }
    return Data(body.dropFirst(keyBytes.count))
  }

  /// Writes `payload` under `key` to `file` atomically, then removes the oldest `.bin` files of
  /// its folder beyond `kept`.
  public static func write(_ payload: Data, key: String, to file: URL, keeping kept: Int) throws {
    let writer = try AtomicFileWriter(path: file.path)
    try writer.write(bytes(payload, key: key))
    try writer.commit()
    prune(file.deletingLastPathComponent(), keeping: kept)
  }

  /// Removes all but the `kept` newest `.bin` files of `folder`. A reader that loses its file to
  /// this does the work again; one that has it open keeps reading it.
  public static func prune(_ folder: URL, keeping kept: Int) {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
    let files = names.filter { $0.hasSuffix(".bin") && !$0.hasPrefix(".") }.map { folder.appendingPathComponent($0) }
    guard files.count > kept else { return }
    let dated = files.map { ($0, (try? manager.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date) ?? .distantPast) }
    for (file, _) in dated.sorted(by: { $0.1 > $1.1 }).dropFirst(kept) { try? manager.removeItem(at: file) }
  }

  static func digest(_ data: Data) -> Data {
    var digest = ContentDigest()
    digest.update(data)
    return digest.finalizeBytes()
  }
}
