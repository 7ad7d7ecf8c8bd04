import Foundation
public import KeyBenchCore

/// The plug-in chores every benchmark that runs external algorithms shares (Plugins/PROTOCOL.md).
public enum BundledPlugins {
  /// The command of a reference plug-in shipped in Plugins/ (`ispell/plugin hunspell`); nil
  /// outside a KeyBench checkout (without KEYBENCH_HOME).
  public static func command(_ relative: String, arguments: [String] = []) -> String? {
    guard let folder = ProjectFiles.directory("Plugins") else { return nil }
    return ([folder.appendingPathComponent(relative).path] + arguments).map(ShellWords.quote).joined(separator: " ")
  }

  /// Prints on stderr what the run found about a finished plug-in: failed items, answers outside
  /// the lexicon, the determinism replay, where its log is kept.
  public static func printFindings(_ plugin: Provenance.Plugin) {
    if !plugin.failedItems.isEmpty {
      StandardError.print("\(plugin.name): failed on \(plugin.failedItems.count) items, scored as misses (first: item \(plugin.failedItems[0].item): \(plugin.failedItems[0].reason))")
    }
    if let unknown = plugin.measures?.outOfLexiconItems, unknown > 0 {
      StandardError.print("\(plugin.name): \(unknown) answers held words outside the lexicon it was handed (--plugin-refuse-unknown-words refuses them)")
    }
    if let determinism = plugin.determinism { StandardError.print("\(plugin.name): \(determinism.finding)") }
  }
}
