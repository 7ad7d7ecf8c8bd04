import Foundation
public import KeyBenchPhotos

/// The installed WordNet 3.0 (Debian wordnet-base), loaded once for all tests; nil when absent.
/// Shared by the photo algorithm tests and the `keybench-run photos` command tests.
public enum RealWordNet {
  public static let directory = WordNet.resolveDirectory(nil)
  public static var present: Bool { FileManager.default.fileExists(atPath: directory + "/data.noun") }
  /// Whether tests over the real WordNet run: always on CI (where setup installs it), elsewhere when installed.
  public static var runs: Bool { present || ProcessInfo.processInfo.environment["CI"] == "true" }
  public static let shared: WordNet? = try? WordNet(directory: directory)
}
