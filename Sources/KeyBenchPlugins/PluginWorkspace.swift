public import Foundation
public import KeyBenchLexicon
public import KeyBenchCore

/// The files a run hands its plug-ins (the lexicon export, training sentences), in one temporary
/// folder removed when the run ends or is interrupted. The folder is made on the first file, so a
/// run without plug-ins touches nothing.
public final class PluginWorkspace {
  public let folder: URL
  private var created = false
  private var lexiconFiles: [String: String] = [:]

  /// Names the folder (registered for removal); the copies of runs killed outright (SIGKILL),
  /// which no handler can remove, are removed here (``TemporaryFiles/scratch(_:suffix:)``).
  public init() {
    folder = URL(fileURLWithPath: TemporaryFiles.scratch("keybench-plugins"))
  }

  deinit {
    if created { try? FileManager.default.removeItem(at: folder) }
    TemporaryFiles.unregister(folder.path)
  }

  /// `name` inside the folder, made on first use.
  private func file(_ name: String) throws -> String {
    if !created {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      created = true
    }
    return folder.appendingPathComponent(name).path
  }

  /// The handshake's `lexicon` object: name, locale, word count and the path of its
  /// ``Lexicon/exportTSV()`` file (written once per lexicon).
  /// The lexicon's suggestible words, lower-cased: a plug-in's answers outside them are counted
  /// (or refused with --plugin-refuse-unknown-words).
  public static func knownWords(_ lexicon: Lexicon) -> Set<String> {
    Set(lexicon.entries.lazy.filter(\.isSuggestible).map { $0.word.lowercased() })
  }

  public func lexicon(_ lexicon: Lexicon) throws -> JSONValue {
    let path: String
    if let written = lexiconFiles[lexicon.name] {
      path = written
    } else {
      path = try file("lexicon-\(lexiconFiles.count).tsv")
      try lexicon.exportTSV().write(toFile: path, atomically: false, encoding: .utf8)
      lexiconFiles[lexicon.name] = path
    }
    return [
      "name": .string(lexicon.name), "locale": .string(lexicon.locale), "words": JSONValue(lexicon.entries.filter(\.isSuggestible).count),
      "path": .string(path), "format": "tsv: word, frequency (LatinIME 0-255, log scale), count (probability x 1e9); most frequent first",
    ]
  }

  /// The handshake's `training` object: the tokenised training sentences, one per line, words
  /// separated by single spaces.
  public func training(_ sentences: [[String]]) throws -> JSONValue {
    let path = try file("training.txt")
    try (sentences.map { $0.joined(separator: " ") }.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    return ["path": .string(path), "sentences": JSONValue(sentences.count), "format": "one sentence per line, tokens separated by spaces"]
  }
}
