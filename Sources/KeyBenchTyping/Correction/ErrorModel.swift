import Foundation
import KeyBenchCore
import KeyBenchGeometry

/// Per-keystroke error costs for a noisy-channel corrector, in nats relative to a correct
/// keystroke: cost = −ln(P(slip) / P(correct keystroke)).
///
/// Learned from a ``TypingErrorDistribution``'s channel counts, smoothed towards the layout: a
/// substitution's prior share is the corpus's near-key rate spread over the intended key's
/// neighbours, or its other-key rate spread over the rest, so letter pairs the training pairs
/// never show still get a cost that follows key distance; observed confusions pull away from
/// that prior with `smoothing` pseudo-counts per letter.
public struct ErrorModel: Sendable {
  /// Substitution cost, `sub[intended * size + typed]`.
  let substitution: [Float]
  /// Deletion cost of an intended letter, and of one of a doubled pair.
  let deletion: [Float]
  let deletionOfDouble: [Float]
  /// Extra-letter costs: repeating a neighbour letter, neighbouring it on the layout, other.
  let insertRepeat: Float
  let insertNear: Float
  let insertOther: Float
  let transposition: Float
  /// Whether two codes are keys next to each other on the layout.
  let adjacent: [Bool]
  /// The codes next to each code on the layout (the true entries of its `adjacent` row).
  let neighbours: [[UInt8]]
  let size: Int

  /// Builds the cost tables for `lexicon`'s letter codes.
  ///
  /// - Throws: ``InputFileError`` when the distribution has no channel counts (it was not made
  ///   by `keybench-typos analyze`).
  init(distribution: TypingErrorDistribution, layout: KeyboardLayout, lexicon: CorrectionLexicon, smoothing: Double) throws {
    guard let channel = distribution.channel, channel.letters > 0 else {
      throw InputFileError(path: distribution.source, kind: .malformed, reason: "the error distribution has no channel counts; make it with keybench-typos analyze")
    }
    let size = lexicon.alphabetSize
    self.size = size
    let classifier = LetterClassifier(layout: layout)
    let letters = Double(channel.letters)
    let pCopy = max(Double(channel.copies) / letters, 0.5)
    func cost(_ p: Double) -> Float { Float(-log(max(p, 1e-9) / pCopy)) }

    var near = 0
    var edit = 0
    var umlaut = 0
    for (meant, row) in channel.substitutions {
      for (typed, count) in row {
        guard let a = meant.first, let b = typed.first else { continue }
        switch classifier.classify(typed: b, intended: a) {
        case .near: near += count
        case .umlaut, .case: umlaut += count
        default: edit += count
        }
      }
    }
    let rateNear = max(Double(near), 1) / letters
    let rateEdit = max(Double(edit), 1) / letters
    let rateUmlaut = max(Double(umlaut), 1) / letters
    let characters = (0..<size).map { $0 == 0 ? Character("\u{0}") : lexicon.character(UInt8($0)) }
    var adjacent = [Bool](repeating: false, count: size * size)
    var neighbourCount = [Int](repeating: 0, count: size)
    var classes = [TypingOperation](repeating: .edit, count: size * size)
    let letterCodes = (1..<size).filter { characters[$0].isLetter }
    for a in 1..<size {
      for b in 1..<size where a != b {
        let operation = classifier.classify(typed: characters[b], intended: characters[a])
        classes[a * size + b] = operation
        if operation == .near {
          adjacent[a * size + b] = true
          neighbourCount[a] += 1
        }
      }
    }
    var substitution = [Float](repeating: cost(rateEdit / 30), count: size * size)
    for a in 1..<size {
      let key = String(characters[a])
      let observed = channel.substitutions[key] ?? [:]
      let n = Double(channel.letterCounts[key] ?? 0)
      let others = max(letterCodes.count - 1 - neighbourCount[a], 1)
      for b in 1..<size where a != b {
        let base: Double
        switch classes[a * size + b] {
        case .near: base = rateNear / Double(max(neighbourCount[a], 1))
        case .umlaut, .case: base = rateUmlaut
        default: base = rateEdit / Double(others)
        }
        let p = (Double(observed[String(characters[b])] ?? 0) + smoothing * base) / (n + smoothing)
        substitution[a * size + b] = cost(p)
      }
      substitution[a * size + a] = 0
    }
    // Code 0 (a letter the lexicon never uses) keeps the other-letter cost, even against itself.
    let doubled = max(Double(channel.doubledLetters), 1)
    let single = max(letters - doubled, 1)
    let rateDouble = max(Double(channel.deleteDouble), 0.5) / doubled
    let rateOther = max(Double(channel.deleteOther), 0.5) / single
    let rateDelete = Double(channel.deleteDouble + channel.deleteOther) / letters
    var deletion = [Float](repeating: cost(rateOther), count: size)
    var deletionOfDouble = [Float](repeating: cost(rateDouble), count: size)
    for a in 1..<size where rateDelete > 0 {
      let key = String(characters[a])
      let n = Double(channel.letterCounts[key] ?? 0)
      let letterRate = (Double(channel.deletions[key] ?? 0) + smoothing * rateDelete) / (n + smoothing)
      let factor = letterRate / rateDelete
      deletion[a] = cost(rateOther * factor)
      deletionOfDouble[a] = cost(rateDouble * factor)
    }
    self.substitution = substitution
    self.deletion = deletion
    self.deletionOfDouble = deletionOfDouble
    let averageNeighbours = max(Double(neighbourCount.reduce(0, +)) / Double(max(letterCodes.count, 1)), 1)
    insertRepeat = cost(max(Double(channel.insertRepeat), 0.5) / letters)
    insertNear = cost(max(Double(channel.insertNear), 0.5) / letters / (2 * averageNeighbours))
    insertOther = cost(max(Double(channel.insertOther), 0.5) / letters / Double(max(letterCodes.count, 1)))
    transposition = cost(max(Double(channel.transpositions), 0.5) / letters)
    self.adjacent = adjacent
    neighbours = (0..<size).map { a in (0..<size).filter { adjacent[a * size + $0] }.map(UInt8.init) }
    cheapestLengthChange = min(
      deletion.dropFirst().min() ?? 0, deletionOfDouble.dropFirst().min() ?? 0, insertRepeat, insertNear, insertOther)
    let cheapestInsertion = min(insertRepeat, insertNear, insertOther)
    cheapestMiss = (0..<size).map { a in
      (0..<size).reduce(min(deletion[a], deletionOfDouble[a])) { best, b in b == a ? best : min(best, substitution[a * size + b]) }
    }
    cheapestExtra = (0..<size).map { b in
      (0..<size).reduce(cheapestInsertion) { best, a in a == b ? best : min(best, substitution[a * size + b]) }
    }
    cheapestEdit = max(0, min(cheapestLengthChange, transposition, cheapestMiss.min() ?? 0, substitution[0]))
  }

  /// The cheapest single insertion or deletion: a lower bound per letter of length difference.
  let cheapestLengthChange: Float
  /// Per intended code, the cheapest way to not type it (deleted or typed as another letter);
  /// per typed code, the cheapest way to type it when it was not meant (inserted or typed for
  /// another letter). A letter a word has more often than the typed word costs at least the
  /// first, one the typed word has more often at least the second: bounds that need no alignment.
  let cheapestMiss: [Float]
  let cheapestExtra: [Float]
  /// The cheapest single edit of any kind: every word other than the typed one costs at least
  /// this (a match costs 0, and code 0 costs an edit even against itself).
  let cheapestEdit: Float

  /// The cost of typing the extra letter `typed` between `previous` (typed) and `next` (intended).
  @inline(__always)
  func insertion(_ typed: UInt8, previous: UInt8, next: UInt8) -> Float {
    if typed == previous || typed == next { return insertRepeat }
    if adjacent[Int(typed) * size + Int(previous)] || adjacent[Int(typed) * size + Int(next)] { return insertNear }
    return insertOther
  }

  /// The insertion costs of one typed word, laid out for ``cost(typed:word:bound:rows:)``:
  /// `values[next * width + j]` is the cost of typed letter `j` (1-based) as an extra letter
  /// before the intended letter `next` (0: the word's end). Built once per typed word, so the
  /// alignment's inner loop reads one contiguous row instead of classifying every extra letter
  /// against its neighbours for every candidate.
  struct TypedInsertions {
    fileprivate(set) var values: [Float] = []
    fileprivate(set) var width = 0
  }

  /// Fills `table` with the insertion costs of `typed` (see ``TypedInsertions``), the values
  /// ``insertion(_:previous:next:)`` gives, written a column at a time: most letters are neither
  /// the typed one nor its neighbours.
  func prepare(_ typed: [UInt8], into table: inout TypedInsertions) {
    let width = typed.count + 1
    table.width = width
    table.values.removeAll(keepingCapacity: true)
    table.values.append(contentsOf: repeatElement(0, count: size * width))
    table.values.withUnsafeMutableBufferPointer { values in
      for j in stride(from: 1, through: typed.count, by: 1) {
        let b = typed[j - 1]
        let previous = j > 1 ? typed[j - 2] : 0
        let repeatsPrevious = b == previous
        let usual = repeatsPrevious ? insertRepeat : adjacent[Int(b) * size + Int(previous)] ? insertNear : insertOther
        var index = j
        for _ in 0..<size {
          values[index] = usual
          index += width
        }
        guard !repeatsPrevious else { continue }
        for next in neighbours[Int(b)] { values[Int(next) * width + j] = insertNear }
        values[Int(b) * width + j] = insertRepeat
      }
    }
  }

  /// The channel cost of typing `typed` when `word` was meant: the cheapest alignment with
  /// substitutions, deletions, insertions and adjacent transpositions (optimal string alignment).
  /// `insertions` is `typed`'s table from ``prepare(_:into:)``. Returns `.infinity` once every
  /// alignment exceeds `bound`.
  @inline(never)
  func cost(
    typed: [UInt8], insertions: TypedInsertions, word w: UnsafeBufferPointer<UInt8>, bound: Float, rows: inout [Float]
  ) -> Float {
    let m = typed.count
    let n = w.count
    let width = m + 1
    precondition(insertions.width == width, "insertion table of another typed word")
    let needed = (n + 1) * width
    if rows.count < needed { rows = [Float](repeating: 0, count: needed) }
    return typed.withUnsafeBufferPointer { t in
      rows.withUnsafeMutableBufferPointer { d in
        substitution.withUnsafeBufferPointer { sub in
          insertions.values.withUnsafeBufferPointer { insert in
            // Row 0: only extra typed letters.
            d[0] = 0
            let first = (n > 0 ? Int(w[0]) : 0) * width
            var j = 1
            while j <= m {
              d[j] = d[j - 1] + insert[first + j]
              j += 1
            }
            var i = 1
            while i <= n {
              let a = w[i - 1]
              let doubled = (i > 1 && w[i - 2] == a) || (i < n && w[i] == a)
              let delete = doubled ? deletionOfDouble[Int(a)] : deletion[Int(a)]
              let row = i * width
              let up = row - width
              d[row] = d[up] + delete
              var best = d[row]
              var left = d[row]
              let inserts = (i < n ? Int(w[i]) : 0) * width
              let substitutions = Int(a) * size
              // A transposition needs the word's previous letter to differ from this one
              // (-1: none, and no typed letter before the first).
              let before = i > 1 && w[i - 2] != a ? Int(w[i - 2]) : -1
              var previousTyped = -1
              j = 1
              while j <= m {
                let b = t[j - 1]
                var value = min(d[up + j - 1] + sub[substitutions + Int(b)], d[up + j] + delete)
                value = min(value, left + insert[inserts + j])
                if before == Int(b) && previousTyped == Int(a) {
                  value = min(value, d[up - width + j - 2] + transposition)
                }
                d[row + j] = value
                left = value
                best = min(best, value)
                previousTyped = Int(b)
                j += 1
              }
              if best > bound { return .infinity }
              i += 1
            }
            return d[n * width + m]
          }
        }
      }
    }
  }
}
