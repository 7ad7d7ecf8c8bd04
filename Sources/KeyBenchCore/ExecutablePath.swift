import Foundation

/// Finding a program the way a shell would, so KeyBench can say "hunspell is not installed"
/// before it starts work that needs it, instead of failing half-way through.
public enum ExecutablePath {
  /// The full path of `executable` in a folder of `PATH` (`/usr/bin:/bin` when unset), nil when
  /// none holds an executable file of that name.
  public static func which(_ executable: String) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return paths.map { "\($0)/\(executable)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
