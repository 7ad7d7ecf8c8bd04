/// The plain baseline: words within Damerau–Levenshtein distance 2 (optimal string alignment,
/// every edit costing 1), nearest first, then most frequent. No keyboard, no learned errors:
/// what a simple spelling corrector does, so the others can show what they add.
public final class DamerauCorrector: Corrector {
  public let name = "baseline"
  public let maxDistance: Int
  private let lexicon: CorrectionLexicon
  private let index: DeleteIndex
  private var candidates: CandidateSet
  private var rows: [Int] = []

  public init(lexicon: CorrectionLexicon, maxDistance: Int = 2) {
    self.lexicon = lexicon
    self.maxDistance = maxDistance
    index = DeleteIndex(lexicon: lexicon, maxDeletes: maxDistance, prefix: 7)
    candidates = CandidateSet(wordCount: lexicon.count)
  }

  public func suggestions(for typed: String, limit: Int) -> [String] {
    let codes = lexicon.encode(typed)
    var candidates = self.candidates
    self.candidates = CandidateSet(wordCount: 0)
    defer {
      candidates.removeAll()
      self.candidates = candidates
    }
    index.collectCandidates(of: codes, skeleton: false, into: &candidates)
    let ids = candidates.ids
    var rows = self.rows
    self.rows = []
    defer { self.rows = rows }
    var found: [(id: Int, distance: Int)] = []
    for id in ids {
      let distance = Self.distance(codes, lexicon.word(id), rows: &rows)
      if distance <= maxDistance { found.append((id, distance)) }
    }
    found.sort {
      if $0.distance != $1.distance { return $0.distance < $1.distance }
      let f0 = lexicon.frequencies[$0.id]
      let f1 = lexicon.frequencies[$1.id]
      return f0 != f1 ? f0 > f1 : $0.id < $1.id
    }
    return found.prefix(limit).map { lexicon.words[$0.id] }
  }

  /// Optimal-string-alignment distance; code 0 (a letter the lexicon never uses) matches nothing.
  static func distance(_ t: [UInt8], _ w: ArraySlice<UInt8>, rows: inout [Int]) -> Int {
    let w = Array(w)
    let m = t.count
    let n = w.count
    let width = m + 1
    if rows.count < (n + 1) * width { rows = [Int](repeating: 0, count: (n + 1) * width) }
    for j in 0...m { rows[j] = j }
    for i in stride(from: 1, through: n, by: 1) {
      rows[i * width] = i
      for j in stride(from: 1, through: m, by: 1) {
        var value = min(rows[(i - 1) * width + j] + 1, rows[i * width + j - 1] + 1)
        value = min(value, rows[(i - 1) * width + j - 1] + (w[i - 1] == t[j - 1] && t[j - 1] != 0 ? 0 : 1))
        if i > 1 && j > 1 && w[i - 1] == t[j - 2] && w[i - 2] == t[j - 1] {
          value = min(value, rows[(i - 2) * width + j - 2] + 1)
        }
        rows[i * width + j] = value
      }
    }
    return rows[n * width + m]
  }
}
