import Foundation
import PackagePlugin

/// Embeds the data files KeyBench's tools read (Corpora/devices, layouts, gesture, typos) into
/// KeyBenchCore, so `ProjectFiles` can fall back to them when a binary runs outside a checkout.
@main
struct EmbedCorpora: BuildToolPlugin {
  static let folders = ["Corpora/devices", "Corpora/layouts", "Corpora/gesture", "Corpora/typos"]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    var relative: [String] = []
    for folder in Self.folders {
      let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
      relative += names.filter { !$0.hasPrefix(".") && ($0.hasSuffix(".json") || $0.hasSuffix(".xml")) }.map { "\(folder)/\($0)" }
    }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedCorpora.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(relative.count) Corpora files",
        executable: try context.tool(named: "keybench-embed").url,
        arguments: [output.path, root.path] + relative.sorted(),
        inputFiles: relative.map { root.appendingPathComponent($0) },
        outputFiles: [output])
    ]
  }
}
