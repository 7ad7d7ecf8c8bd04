public import Foundation

/// The one folder where a run keeps what it may reuse in the next one (laid-out lexicons, corpus
/// outlines, digests of large inputs), so one variable moves or turns off every start-up cache.
///
/// `KEYBENCH_LAYOUT_CACHE=DIR` puts it at `DIR`, `KEYBENCH_LAYOUT_CACHE=off` turns every cache
/// off, and by default it is `.keybench/cache/decoder-lexicons` of the project (the folder that
/// holds the default lexicon database). Deleting it is always safe: each cache checks what it
/// reads and does the work again when a file is missing or wrong.
public enum StartupCacheFolder {
  /// The variable that moves or turns off the caches.
  public static let environmentVariable = "KEYBENCH_LAYOUT_CACHE"

  /// The folder the environment asks for, or nil when the caches are off or no project folder is
  /// found.
  public static func fromEnvironment() -> URL? {
    let setting = ProcessInfo.processInfo.environment[environmentVariable] ?? ""
    if setting == "off" { return nil }
    if !setting.isEmpty { return URL(fileURLWithPath: setting) }
    return ProjectFiles.checkoutDirectory(".keybench").map { $0.appendingPathComponent("cache/decoder-lexicons") }
  }
}
