import Foundation

/// Writes diagnostics to stderr so stdout stays machine-readable.
public enum StandardError {
  public static func print(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
