extension DeviceCatalog {
  /// The layout named `device/variant` (e.g. `pixel6pro-gboard/qwerty-en`); `device` alone
  /// gives the variant matching `locale`'s language, else the device's default.
  ///
  /// - Throws: ``DeviceCatalogError`` for an unknown device or variant.
  public func layout(named name: String, locale: String = "en") throws -> KeyboardLayout {
    let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
    let profile = try profile(named: parts.first ?? name)
    guard parts.count == 2 else { return profile.layout(forLocale: locale) }
    guard let layout = profile.layout(variant: parts[1]) else {
      throw DeviceCatalogError.invalid(
        device: profile.name, reason: "no layout '\(parts[1])'; it has \(profile.layoutVariants.joined(separator: ", "))")
    }
    return layout
  }
}
