import KeyBenchLanguageModel
import Foundation
import KeyBenchPrediction

/// Running text for word prediction (`keybench-run predict --train/--text`, `keybench-ingest
/// --text`): Gutenberg prose or Leipzig `id<TAB>sentence` files, tokenised into sentences.
enum TextTargets {
  static let all: [FuzzTarget] = [
    FuzzTarget(
      name: "text",
      summary: "prediction text (prose or Leipzig sentences): TextTokenizer.sentences(inFile:), NGramCounts, the train/test overlap keys",
      run: { data in
        let path = try FuzzScratch.file("text.txt", data)
        let sentences = try TextTokenizer.sentences(inFile: path)
        var counts = NGramCounts()
        for sentence in sentences.prefix(256) { counts.add(sentence: sentence) }
        _ = sentences.prefix(256).map(TrainTestSplit.sentenceKey)
      }),
  ]
}
