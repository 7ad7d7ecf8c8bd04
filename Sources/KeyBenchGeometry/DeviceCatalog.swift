public import Foundation
public import KeyBenchCore

/// The device profiles and layout variants found in `Corpora/devices` and `Corpora/layouts`,
/// optionally with a user's own folders added.
///
/// Every file is validated when it is loaded, in one place (``DeviceCatalog/loadSpecification(path:)``,
/// ``DeviceCatalog/loadVariant(path:)`` and ``DeviceSpecification/problems(variants:)``): UTF-8,
/// strict JSON, no unknown or repeated keys, every number in range, at least one letter key and
/// no repeated letters. Errors are ``InputFileError``s naming the file, line and dotted field.
public struct DeviceCatalog: Sendable {
  public let profiles: [String: DeviceProfile]
  /// The file each profile was read from, by profile name.
  public let profileFiles: [String: String]
  /// The layout variants, and the file each was read from, by variant name.
  public let variants: [String: LayoutVariant]
  public let variantFiles: [String: String]
  /// Names that user files took over from the catalog they were added to (see
  /// ``adding(devices:layouts:replacingExisting:)``), so a tool can say so.
  public let replaced: [String]

  private init(
    specifications: [String: (DeviceSpecification, String)], variants: [String: (LayoutVariant, String)], replaced: [String]
  ) throws {
    let rows = variants.mapValues(\.0)
    var profiles: [String: DeviceProfile] = [:]
    for (name, (specification, file)) in specifications {
      let problems = specification.problems(variants: rows)
      if !problems.isEmpty {
        // Re-read for the lines (only on failure, e.g. a replaced variant a built-in profile
        // cannot use).
        let json = try CheckedJSON.load(path: file)
        try json.throwIfAny(problems)
      }
      profiles[name] = try DeviceProfile(specification: specification, variants: rows)
    }
    self.profiles = profiles
    profileFiles = specifications.mapValues(\.1)
    self.variants = rows
    variantFiles = variants.mapValues(\.1)
    self.replaced = replaced.sorted()
  }

  /// Loads every `*.json` in `devices` and `layouts` (and nothing else).
  ///
  /// - Throws: ``InputFileError`` naming the file, line and field of the first problem; two
  ///   files defining the same profile or variant name are refused.
  public init(devices: URL, layouts: URL) throws {
    let empty = try DeviceCatalog(specifications: [:], variants: [:], replaced: [])
    self = try empty.adding(devices: devices, layouts: layouts)
  }

  /// The catalog shipped with the project (found through ``ProjectFiles``).
  public static func bundled() throws -> DeviceCatalog {
    guard let devices = ProjectFiles.directory("Corpora/devices"),
      let layouts = ProjectFiles.directory("Corpora/layouts")
    else { throw DeviceCatalogError.notFound }
    return try DeviceCatalog(devices: devices, layouts: layouts)
  }

  /// This catalog with a user's profiles and layout variants added.
  ///
  /// A user file whose name is already in the catalog would silently change what every result
  /// labelled with that name means, so it is refused unless `replacingExisting` is true (then
  /// the name is listed in ``replaced``). Profiles of this catalog are rebuilt, and checked
  /// again, with replaced variants.
  ///
  /// - Throws: ``InputFileError`` naming the user's file and line.
  public func adding(devices: URL?, layouts: URL?, replacingExisting: Bool = false) throws -> DeviceCatalog {
    var variantEntries: [String: (LayoutVariant, String)] = [:]
    for (name, variant) in variants { variantEntries[name] = (variant, variantFiles[name] ?? name) }
    var specEntries: [String: (DeviceSpecification, String)] = [:]
    for (name, profile) in profiles { specEntries[name] = (profile.specification, profileFiles[name] ?? name) }
    var replaced = self.replaced
    var added: [String: String] = [:]

    func claim(_ name: String, kind: String, file: String, existing: String?) throws {
      if let other = added[name] {
        throw InputFileError(
          path: file, line: Self.line(of: "name", in: file), kind: .malformed,
          reason: "\(kind) '\(name)' is also defined by \(other); each name must be defined once")
      }
      added[name] = file
      guard let existing else { return }
      guard replacingExisting else {
        throw InputFileError(
          path: file, line: Self.line(of: "name", in: file), kind: .malformed,
          reason: "\(kind) '\(name)' is already defined by \(existing) (built in); give yours another name, or replace the built-in one explicitly (keybench-devices --replace-builtin)")
      }
      replaced.append(name)
    }

    if let layouts {
      for file in try Self.jsonFiles(in: layouts) {
        let variant = try Self.loadVariant(path: file)
        try claim(variant.name, kind: "layout variant", file: file, existing: variantEntries[variant.name]?.1)
        variantEntries[variant.name] = (variant, file)
      }
    }
    added = [:]
    if let devices {
      for file in try Self.jsonFiles(in: devices) {
        let specification = try Self.loadSpecification(path: file)
        try claim(specification.name, kind: "device", file: file, existing: specEntries[specification.name]?.1)
        specEntries[specification.name] = (specification, file)
      }
    }
    return try DeviceCatalog(specifications: specEntries, variants: variantEntries, replaced: replaced)
  }

  /// Reads and checks one layout variant file (`Corpora/layouts/<variant>.json`).
  ///
  /// - Throws: ``InputFileError`` with the file, line and field.
  public static func loadVariant(path: String) throws -> LayoutVariant {
    let json = try CheckedJSON.load(path: path)
    try json.check(against: LayoutVariant.shape)
    let variant = try json.decode(LayoutVariant.self)
    try json.throwIfAny(variant.problems())
    return variant
  }

  /// Reads and checks the form of one device profile file (`Corpora/devices/<name>.json`); the
  /// ranges that depend on its layout variants are checked when the catalog is built.
  ///
  /// - Throws: ``InputFileError`` with the file, line and field.
  public static func loadSpecification(path: String) throws -> DeviceSpecification {
    let json = try CheckedJSON.load(path: path)
    try json.check(against: DeviceSpecification.shape)
    let specification = try json.decode(DeviceSpecification.self)
    // Layout-independent problems now, so a broken file is named even before the variants.
    try json.throwIfAny(specification.problems(variants: [:], resolvingVariants: false))
    return specification
  }

  /// Profile names, sorted.
  public var names: [String] { profiles.keys.sorted() }

  /// The files defining `profiles` — each profile's file, then the files of the layout variants
  /// they use — as provenance inputs (roles `device` and `layout`): runs on different devices,
  /// or on an edited device file, must never be compared as if they measured the same thing.
  ///
  /// - Throws: ``DeviceCatalogError`` for an unknown profile name, ``InputFileError`` when a
  ///   file cannot be read.
  public func provenanceInputs(profiles names: some Sequence<String>) throws -> [Provenance.Input] {
    var devices: [Provenance.Input] = []
    var layoutFiles = Set<String>()
    for name in Set(names).sorted() {
      let profile = try profile(named: name)
      if let file = profileFiles[name] { devices.append(try Provenance.Input(role: "device", path: file)) }
      layoutFiles.formUnion(profile.layoutVariants.compactMap { variantFiles[$0] })
    }
    return devices + (try layoutFiles.sorted().map { try Provenance.Input(role: "layout", path: $0) })
  }

  /// The profile called `name`.
  ///
  /// - Throws: ``DeviceCatalogError/unknownDevice`` listing the known names.
  public func profile(named name: String) throws -> DeviceProfile {
    guard let profile = profiles[name] else {
      throw DeviceCatalogError.unknownDevice(name: name, known: names)
    }
    return profile
  }

  private static func line(of field: String, in file: String) -> Int? {
    (try? CheckedJSON.load(path: file))?.line(of: field)
  }

  private static func jsonFiles(in directory: URL) throws -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw InputFileError(path: directory.path, kind: .unreadable, reason: "no such folder")
    }
    do {
      return try FileManager.default.contentsOfDirectory(
        at: directory, includingPropertiesForKeys: nil
      ).filter { $0.pathExtension == "json" }.map(\.path).sorted()
    } catch {
      throw InputFileError(path: directory.path, kind: .unreadable, reason: "cannot list folder")
    }
  }
}

/// Device lookups a user can fix.
public enum DeviceCatalogError: Error, CustomStringConvertible, Equatable {
  case notFound
  case unknownDevice(name: String, known: [String])
  case invalid(device: String, reason: String)

  public var description: String {
    switch self {
    case .notFound:
      return "cannot find Corpora/devices and Corpora/layouts; run from the KeyBench checkout or set KEYBENCH_HOME"
    case .unknownDevice(let name, let known):
      return "unknown device '\(name)'; known devices: \(known.joined(separator: ", "))"
    case .invalid(let device, let reason):
      return "device '\(device)': \(reason)"
    }
  }
}
