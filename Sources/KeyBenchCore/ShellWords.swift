/// Quoting for commands KeyBench writes for a shell (plug-in commands run by `/bin/sh -c`, Slurm
/// batch scripts), so a path with spaces or quotes stays one word.
public enum ShellWords {
  /// `word` unchanged when it is plain, else in single quotes with embedded quotes escaped (an
  /// empty word as `''`, or the shell would drop it).
  public static func quote(_ word: String) -> String {
    !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "/._-=+,:".contains($0) } ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The words of a POSIX shell command line as the shell would split them (single and double
  /// quotes, backslash escapes), without expanding anything; nil when a quote is left open.
  /// For reading a command (which files a plug-in runs), never for running one.
  public static func split(_ line: String) -> [String]? {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        word.append(character)
        escaped = false
        continue
      }
      switch (quote, character) {
      case (nil, "\\"), ("\"", "\\"):
        escaped = true
        inWord = true
      case (nil, "'"), (nil, "\""):
        quote = character
        inWord = true
      case ("'", "'"), ("\"", "\""):
        quote = nil
      case (nil, " "), (nil, "\t"), (nil, "\n"):
        if inWord { words.append(word) }
        word = ""
        inWord = false
      default:
        word.append(character)
        inWord = true
      }
    }
    guard quote == nil, !escaped else { return nil }
    if inWord { words.append(word) }
    return words
  }
}
