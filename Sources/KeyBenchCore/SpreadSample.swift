/// N items drawn over as many groups as possible: what `--sample N` takes instead of the first N.
///
/// "First N" of a corpus sorted by user is one or two users, and no verdict can come from them
/// (a 60-gesture `--limit` took 2 users and the gate failed on a zero-width interval). Here the
/// groups are visited round-robin in an order fixed by a seeded hash of their names, and each
/// group's items in an order fixed by a hash of their ids, so N items cover min(N, groups)
/// groups, nearly evenly, the same on every machine for the same seed, whatever the file order.
public enum SpreadSample {
  /// Positions (ascending, so the file order is kept) of the `count` items chosen from items
  /// with these `groups` and `ids` (parallel arrays); all of them when `count` is not smaller.
  public static func positions(groups: [String], ids: [String], count: Int, seed: UInt64) -> [Int] {
    precondition(groups.count == ids.count, "one group and one id per item")
    guard count < groups.count else { return Array(groups.indices) }
    guard count > 0 else { return [] }
    var members: [String: [Int]] = [:]
    for (position, group) in groups.enumerated() { members[group, default: []].append(position) }
    // Each name and id hashed once, not at every comparison of the sorts (on a 33,000-gesture
    // corpus the per-comparison hashing was 5 % of a 10-gesture run).
    let order = members.keys.map { (hash($0, seed), $0) }.sorted { $0 < $1 }.map(\.1)
    let idKeys = ids.map { hash($0, seed &+ 1) }
    let queues = order.map { group in
      (members[group] ?? []).sorted { (idKeys[$0], $0) < (idKeys[$1], $1) }
    }
    var chosen: [Int] = []
    chosen.reserveCapacity(count)
    var round = 0
    while chosen.count < count {
      var took = false
      for g in queues.indices where round < queues[g].count {
        chosen.append(queues[g][round])
        took = true
        if chosen.count == count { break }
      }
      guard took else { break }
      round += 1
    }
    return chosen.sorted()
  }

  /// FNV-1a of the text's UTF-8 mixed with the seed (stable across runs and platforms, unlike `Hasher`).
  static func hash(_ text: String, _ seed: UInt64) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01b3
    }
    value ^= value >> 33
    value = value &* 0xff51_afd7_ed55_8ccd
    return value ^ (value >> 33)
  }
}
