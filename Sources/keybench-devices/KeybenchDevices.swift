import ArgumentParser
import KeyBenchCore
import Foundation
import KeyBenchCLI
import KeyBenchGeometry

@main
struct KeybenchDevices: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keybench-devices",
    abstract: "List the device profiles in Corpora/devices and show their keyboard geometry.",
    discussion: """
      Profiles are JSON files (see Corpora/FORMATS.md); this tool shows what the benchmarks \
      will use: key centres and sizes, key pitch, the Bi & Zhai touch spread and adjacency.
      """,
    version: BuildInfo.versionText,
    subcommands: [List.self, Show.self],
    defaultSubcommand: List.self)
}

/// Where the profiles are read from.
struct CatalogOptions: ParsableArguments {
  @Option(help: "Folder of device profiles (default: Corpora/devices of this checkout).")
  var devices: String?

  @Option(help: "Folder of layout variants (default: Corpora/layouts of this checkout).")
  var layouts: String?

  func catalog() throws -> DeviceCatalog {
    switch (devices, layouts) {
    case (nil, nil): return try DeviceCatalog.bundled()
    case let (devices?, layouts?):
      return try DeviceCatalog(
        devices: URL(fileURLWithPath: devices), layouts: URL(fileURLWithPath: layouts))
    default:
      throw ValidationError("Give both --devices and --layouts, or neither.")
    }
  }
}

extension KeybenchDevices {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the device profiles.")

    @OptionGroup var options: CatalogOptions

    func run() throws {
      let catalog = try options.catalog()
      for name in catalog.names {
        let profile = try catalog.profile(named: name)
        let spec = profile.specification
        let spread = profile.touchSpread
        print(
          [
            name,
            "\(NumberFormatting.fixed(spec.keyboard.width, decimals: 0))x\(NumberFormatting.fixed(spec.keyboard.height, decimals: 0)) \(spec.units)",
            profile.layoutVariants.joined(separator: ","),
            "σ \(NumberFormatting.fixed(spread.sigmaX, decimals: 1))x\(NumberFormatting.fixed(spread.sigmaY, decimals: 1)) \(spec.units)",
            "\(NumberFormatting.fixed(spec.touchSamplingHz, decimals: 0)) Hz",
            spec.estimated == true ? "estimated" : "measured",
          ].joined(separator: "\t"))
      }
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print one profile's keys, pitch, touch spread and adjacency.")

    @OptionGroup var options: CatalogOptions

    @Argument(help: "The device profile, e.g. iphone5.")
    var device: String

    @Option(help: "Layout variant (default: the profile's first), e.g. qwertz-de.")
    var variant: String?

    @Option(help: ArgumentHelp("Resize the keyboard to WIDTHxHEIGHT units first, e.g. 360x197 (How We Swipe canvases vary per log).", valueName: "WxH"))
    var canvas: CanvasSize?

    func run() throws {
      var profile = try options.catalog().profile(named: device)
      if let canvas { profile = try profile.resized(width: canvas.width, height: canvas.height) }
      let name = variant ?? profile.layoutVariants[0]
      guard let layout = profile.layout(variant: name) else {
        throw ValidationError(
          "\(device) has no layout '\(name)'; it has \(profile.layoutVariants.joined(separator: ", ")).")
      }
      let spec = profile.specification
      let spread = profile.touchSpread
      print("\(layout.name): \(spec.description)")
      print("source: \(spec.source)")
      print(
        "keyboard \(spec.keyboard.width)x\(spec.keyboard.height) \(spec.units), \(spec.millimetersPerUnit) mm/\(spec.units), touch rate \(spec.touchSamplingHz) Hz")
      print(
        "pitch \(NumberFormatting.fixed(layout.horizontalPitch, decimals: 2)) across, \(NumberFormatting.fixed(layout.verticalPitch, decimals: 2)) down; touch spread σx \(NumberFormatting.fixed(spread.sigmaX, decimals: 2)), σy \(NumberFormatting.fixed(spread.sigmaY, decimals: 2)) \(spec.units)"
      )
      print("key\tkind\trow\tx\ty\twidth\theight\tadjacent")
      for key in layout.keys {
        let adjacent = key.kind == .letter ? layout.adjacentKeys(of: key).map(\.label).joined() : ""
        let numbers = [key.center.x, key.center.y, key.width, key.height].map {
          NumberFormatting.fixed($0, decimals: 2)
        }
        print(([key.label, key.kind.rawValue, String(key.row)] + numbers + [adjacent]).joined(separator: "\t"))
      }
    }
  }
}
