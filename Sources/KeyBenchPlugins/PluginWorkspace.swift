public import Foundation
public import KeyBenchLexicon
import KeyBenchCore

/// The files a run hands its plug-ins (the lexicon export, training sentences), in one temporary
/// folder removed when the run ends or is interrupted.
public final class PluginWorkspace {
  public let folder: URL
  private var lexiconFiles: [String: String] = [:]

  public init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("keybench-plugins-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    TemporaryFiles.register(folder.path)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
    TemporaryFiles.unregister(folder.path)
  }

  /// The handshake's `lexicon` object: name, locale, word count and the path of its
  /// ``Lexicon/exportTSV()`` file (written once per lexicon).
  public func lexicon(_ lexicon: Lexicon) throws -> [String: Any] {
    let path: String
    if let written = lexiconFiles[lexicon.name] {
      path = written
    } else {
      path = folder.appendingPathComponent("lexicon-\(lexiconFiles.count).tsv").path
      try lexicon.exportTSV().write(toFile: path, atomically: false, encoding: .utf8)
      lexiconFiles[lexicon.name] = path
    }
    return [
      "name": lexicon.name, "locale": lexicon.locale, "words": lexicon.entries.filter(\.isSuggestible).count,
      "path": path, "format": "tsv: word, frequency (LatinIME 0-255, log scale), count (probability x 1e9); most frequent first",
    ]
  }

  /// The handshake's `training` object: the tokenised training sentences, one per line, words
  /// separated by single spaces.
  public func training(_ sentences: [[String]]) throws -> [String: Any] {
    let path = folder.appendingPathComponent("training.txt").path
    try (sentences.map { $0.joined(separator: " ") }.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    return ["path": path, "sentences": sentences.count, "format": "one sentence per line, tokens separated by spaces"]
  }
}
