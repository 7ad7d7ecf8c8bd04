import CKeyBenchSystem
import Foundation

/// Writes diagnostics to stderr so stdout stays machine-readable.
///
/// Standard output is block-buffered when it is a pipe or a file (a CI log), while standard
/// error is not: without a flush, a status line lands before tables printed earlier, or inside a
/// table row cut at a buffer boundary. Every diagnostic therefore flushes what stdout holds
/// first, so a log that merges both streams reads in the order things happened.
public enum StandardError {
  /// Writes `line` and a line break.
  public static func print(_ line: String) {
    write(line + "\n")
  }

  /// Writes `text` as is, after flushing standard output.
  public static func write(_ text: String) {
    _ = keybench_flush_standard_output()
    FileHandle.standardError.write(Data(text.utf8))
  }
}
