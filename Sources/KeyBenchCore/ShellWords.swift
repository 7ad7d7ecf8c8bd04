/// Quoting for commands KeyBench writes for a shell (plug-in commands run by `/bin/sh -c`, Slurm
/// batch scripts), so a path with spaces or quotes stays one word.
public enum ShellWords {
  /// `word` unchanged when it is plain, else in single quotes with embedded quotes escaped.
  public static func quote(_ word: String) -> String {
    word.allSatisfy { $0.isLetter || $0.isNumber || "/._-=+,:".contains($0) } ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
