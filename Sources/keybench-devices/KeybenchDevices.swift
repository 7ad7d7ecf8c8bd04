import ArgumentParser
import KeyBenchCore
import Foundation
import KeyBenchCLI
import KeyBenchGeometry

@main
struct KeybenchDevices: ParsableCommand {
  static func main() { ExitStatus.main(Self.self) }

  static let configuration = CommandConfiguration(
    commandName: "keybench-devices",
    abstract: "List the device profiles in Corpora/devices and show their keyboard geometry.",
    discussion: """
      Profiles are JSON files (see Corpora/FORMATS.md); this tool shows what the benchmarks \
      will use: key centres and sizes, key pitch, the Bi & Zhai touch spread and adjacency.

      Examples:
        keybench-devices list
        keybench-devices show iphone5 --variant qwertz-de

      \(ExitStatus.help)
      """,
    version: BuildInfo.versionText,
    subcommands: [List.self, Show.self],
    defaultSubcommand: List.self)
}

/// Where the profiles are read from: the built-in ones, plus a user's folders.
struct CatalogOptions: ParsableArguments {
  @Option(help: "Folder of your own device profiles (*.json), added to the built-in ones in Corpora/devices.")
  var devices: String?

  @Option(help: "Folder of your own layout variants (*.json), added to the built-in ones in Corpora/layouts.")
  var layouts: String?

  @Flag(help: "Let a file in --devices/--layouts replace a built-in profile or variant of the same name (refused otherwise).")
  var replaceBuiltin = false

  func validate() throws {
    if replaceBuiltin && devices == nil && layouts == nil {
      throw ValidationError("--replace-builtin needs --devices DIR or --layouts DIR.")
    }
  }

  /// The built-in catalog with the user's folders added; a user file that reuses a built-in
  /// name is refused unless --replace-builtin, and then named on stderr.
  func catalog() throws -> DeviceCatalog {
    let user = (devices.map { URL(fileURLWithPath: $0) }, layouts.map { URL(fileURLWithPath: $0) })
    let catalog: DeviceCatalog
    do {
      catalog = try DeviceCatalog.bundled().adding(devices: user.0, layouts: user.1, replacingExisting: replaceBuiltin)
    } catch DeviceCatalogError.notFound {
      // Outside a checkout there is nothing built in to add to: both user folders are the catalog.
      guard let devicesFolder = user.0, let layoutsFolder = user.1 else { throw DeviceCatalogError.notFound }
      catalog = try DeviceCatalog(devices: devicesFolder, layouts: layoutsFolder)
    }
    for name in catalog.replaced {
      StandardError.print("note: '\(name)' is replaced by \(catalog.profileFiles[name] ?? catalog.variantFiles[name] ?? "a user file")")
    }
    return catalog
  }
}

extension KeybenchDevices {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the device profiles.", discussion: "Examples:\n  keybench-devices list\n  keybench-devices list --devices my-devices --layouts my-layouts")

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
      abstract: "Print one profile's keys, pitch, touch spread and adjacency.", discussion: "Examples:\n  keybench-devices show iphone5")

    @OptionGroup var options: CatalogOptions

    @Argument(help: "The device profile, e.g. iphone5.")
    var device: String

    @Option(help: "Layout variant (default: the profile's first), e.g. qwertz-de.")
    var variant: String?

    @Option(help: ArgumentHelp("Resize the keyboard to WIDTHxHEIGHT units first, e.g. 360x197 (How We Swipe canvases vary per log).", valueName: "WxH"))
    var canvas: CanvasSize?

    func validate() throws {
      if let canvas {
        for (side, value) in [("width", canvas.width), ("height", canvas.height)] where !(value.isFinite && value <= 1_000_000) {
          throw ValidationError("--canvas \(side) must be a finite number of units above 0 and at most 1000000, got \(value).")
        }
      }
    }

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
