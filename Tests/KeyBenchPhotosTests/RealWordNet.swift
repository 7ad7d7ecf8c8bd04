import Foundation
import KeyBenchPhotos

/// The installed WordNet 3.0 (Debian wordnet-base), loaded once for all tests; nil when absent.
enum RealWordNet {
  static let directory = WordNet.resolveDirectory(nil)
  static var present: Bool { FileManager.default.fileExists(atPath: directory + "/data.noun") }
  /// Whether tests over the real WordNet run: always on CI (where setup installs it), elsewhere when installed.
  static var runs: Bool { present || ProcessInfo.processInfo.environment["CI"] == "true" }
  static let shared: WordNet? = try? WordNet(directory: directory)
}
