/// Sorting of plain 64-bit keys by their bytes (least significant digit first, 16 bits a pass),
/// for the indexes built from millions of hashed keys before a run's first item: a comparison
/// sort spent most of a correction run's start-up ordering the 3.6 million entries of its two
/// symmetric-delete indexes. The result is exactly `sorted()`'s (equal keys are identical).
public enum RadixSort {
  /// `values` in ascending order.
  ///
  /// - Complexity: O(n) time in four passes, O(n) extra memory.
  public static func sorted(_ values: [UInt64]) -> [UInt64] {
    // Below a few thousand keys the passes' 65,536-entry counts cost more than a comparison sort.
    guard values.count >= 4096 else { return values.sorted() }
    var source = values
    var target = [UInt64](repeating: 0, count: values.count)
    var counts = [Int](repeating: 0, count: 1 << 16)
    for shift in stride(from: UInt64(0), to: 64, by: 16) {
      for index in counts.indices { counts[index] = 0 }
      for value in source { counts[Int((value >> shift) & 0xFFFF)] += 1 }
      // A digit every key shares moves nothing: skip the pass.
      if counts[Int((source[0] >> shift) & 0xFFFF)] == source.count { continue }
      var total = 0
      for index in counts.indices {
        let count = counts[index]
        counts[index] = total
        total += count
      }
      source.withUnsafeBufferPointer { from in
        target.withUnsafeMutableBufferPointer { to in
          for value in from {
            let digit = Int((value >> shift) & 0xFFFF)
            to[counts[digit]] = value
            counts[digit] += 1
          }
        }
      }
      swap(&source, &target)
    }
    return source
  }
}
