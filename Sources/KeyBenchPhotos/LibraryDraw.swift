public import KeyBenchCore

/// Draws the photo library each query searches: the target plus distractors, reproducibly.
public struct LibraryDraw: Sendable {
  /// How distractors are chosen.
  public enum Distractors: String, Sendable, CaseIterable {
    /// Uniformly from all other photos.
    case random
    /// From photos sharing a COCO category with the target (random ones only when too few do).
    case hard
  }

  /// Photos per library (target included).
  public var size: Int
  public var distractors: Distractors
  /// COCO category names per photo index, for hard distractors.
  public let categories: [Set<String>]
  private var photosWith: [String: [Int]] = [:]

  public init(size: Int, distractors: Distractors, categories: [Set<String>]) {
    self.size = size
    self.distractors = distractors
    self.categories = categories
    for (index, names) in categories.enumerated() { for name in names { photosWith[name, default: []].append(index) } }
  }

  /// Photo indices of one library in display order: `target` (unless `negative`) and
  /// distractors, shuffled so ties between equal scores fall in random order.
  public func draw(target: Int, negative: Bool, using rng: inout SeededGenerator) -> [Int] {
    let count = categories.count
    let wanted = min(negative ? size : size - 1, count - 1)
    var chosen: [Int] = []
    var taken: Set<Int> = [target]
    if distractors == .hard {
      var pool = Set(categories[target].flatMap { photosWith[$0] ?? [] })
      pool.remove(target)
      var sharing = pool.sorted()
      while chosen.count < wanted, !sharing.isEmpty {
        let pick = sharing.remove(at: Int(rng.next() % UInt64(sharing.count)))
        chosen.append(pick)
        taken.insert(pick)
      }
    }
    while chosen.count < wanted {
      let pick = Int(rng.next() % UInt64(count))
      if taken.insert(pick).inserted { chosen.append(pick) }
    }
    if !negative { chosen.append(target) }
    for i in stride(from: chosen.count - 1, to: 0, by: -1) {
      chosen.swapAt(i, Int(rng.next() % UInt64(i + 1)))
    }
    return chosen
  }
}
