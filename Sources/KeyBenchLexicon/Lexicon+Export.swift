import Foundation

extension Lexicon {
  /// The suggestible words as tab-separated `word, frequency, count` lines, most frequent first:
  /// what external algorithms get (plug-ins, `keybench-ingest export`), so they choose among the
  /// same words as KeyBench's own. `frequency` is LatinIME's 0–255 log-scale value; `count` is
  /// its probability × 10⁹ rounded (at least 1), for tools that expect corpus counts.
  public func exportTSV() -> String {
    var best: [String: UInt8] = [:]
    for entry in entries where entry.isSuggestible {
      best[entry.word] = max(best[entry.word] ?? 0, entry.frequency)
    }
    let ordered = best.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    var text = ""
    text.reserveCapacity(ordered.count * 20)
    for (word, frequency) in ordered {
      let count = max(1, Int((LatinIMEFrequency.probability(frequency) * 1e9).rounded()))
      text += "\(word)\t\(frequency)\t\(count)\n"
    }
    return text
  }
}
