import Foundation

/// Turns a gesture's ``LayoutReference`` into a ``KeyboardLayout``, caching each distinct one.
///
/// How We Swipe corpora reference hundreds of canvas sizes; building each layout once keeps
/// statistics and decoding over 30k gestures cheap.
public final class LayoutResolver {
  private let catalog: DeviceCatalog
  private var cache: [LayoutReference: KeyboardLayout?] = [:]

  public init(catalog: DeviceCatalog) {
    self.catalog = catalog
  }

  /// The device profile a reference names, resized to its canvas when it gives one.
  ///
  /// - Throws: ``DeviceCatalogError`` for an unknown device or a non-positive canvas.
  public func profile(for reference: LayoutReference) throws -> DeviceProfile {
    let profile = try catalog.profile(named: reference.device)
    guard let width = reference.width, let height = reference.height else { return profile }
    return try profile.resized(width: width, height: height)
  }

  /// The layout, or nil when the device or variant is unknown or the canvas is invalid.
  public func layout(for reference: LayoutReference) -> KeyboardLayout? {
    if let cached = cache[reference] { return cached }
    let resolved = (try? profile(for: reference)).flatMap {
      $0.layout(variant: reference.variant ?? $0.layoutVariants[0])
    }
    cache[reference] = resolved
    return resolved
  }
}
