
/// One of N disjoint parts of a corpus's users, fixed by a digest of each user's id.
///
/// What lets a learned model be trained on some users and measured on others from the same
/// corpus with no list of ids to keep: `--exclude-user-fold 1/5` to train, `--user-fold 1/5` to
/// measure. The digest (SHA-256), not the corpus order, decides, so a corpus sorted by user
/// still splits evenly and the same user lands in the same fold on every machine. A gesture
/// without a user counts as its own user (its id).
public struct UserFold: Sendable, Equatable, CustomStringConvertible {
  /// 1-based.
  public let index: Int
  public let count: Int

  /// The most folds a corpus may be split into.
  public static let maximumCount = 1000

  /// `K/N` with 1 ≤ K ≤ N ≤ ``maximumCount``; nil otherwise.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), (1...Self.maximumCount).contains(n), (1...n).contains(k)
    else { return nil }
    (index, count) = (k, n)
  }

  public var description: String { "\(index)/\(count)" }

  /// Whether `user` falls in this fold.
  public func contains(user: String) -> Bool {
    var digest = ContentDigest()
    digest.update(user)
    // The first 8 hex digits: 32 bits, far more than any fold count needs.
    let value = UInt64(digest.finalize().prefix(8), radix: 16)!
    return Int(value % UInt64(count)) + 1 == index
  }
}
