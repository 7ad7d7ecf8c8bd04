/// Edit distances between short character sequences, one implementation for every place that
/// needs one (gesture-decoding errors, "did you mean" suggestions, report breakdowns). Callers
/// bound the lengths they pass: the work is quadratic.
public enum EditDistance {
  /// Insertions, deletions and substitutions.
  public static func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
    distance(a, b, transpositions: false)
  }

  /// Levenshtein plus adjacent transpositions counted as one edit (optimal string alignment,
  /// the Damerau distance typing errors are described by).
  public static func optimalStringAlignment(_ a: [Character], _ b: [Character]) -> Int {
    distance(a, b, transpositions: true)
  }

  static func distance(_ a: [Character], _ b: [Character], transpositions: Bool) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if transpositions, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}

extension EditDistance {
  /// ` (did you mean "x"?)` for the nearest of `candidates` within a third of the word's length
  /// (at least 2 edits), or "" — so every message about a misspelt name or key reads the same.
  public static func suggestion(_ word: String, _ candidates: [String]) -> String {
    // Names are short; a long key (fuzzed or pasted) is not worth a quadratic comparison.
    guard word.count < 200 else { return "" }
    let best = candidates.filter { $0.count < 200 }.map { ($0, levenshtein(Array(word), Array($0))) }.min { $0.1 < $1.1 }
    guard let best, best.1 <= max(2, word.count / 3) else { return "" }
    return " (did you mean \"\(best.0)\"?)"
  }
}
