import Foundation
import KeyBenchCore
public import KeyBenchGeometry
public import KeyBenchKeyboard
public import KeyBenchLanguageModel
public import KeyBenchLexicon
import KeyBenchStore
import KeyBenchSwipe
import KeyBenchTyping

/// Loads what KeyBench's built-in keyboards are made of — lexicon, text model, device, the
/// letter-based corrector's error model, the swipe re-ranker — once, and builds keyboards for
/// the device's layout or another harness's.
public struct KeyboardLoader {
  public let lexicon: Lexicon
  public let counts: NGramCounts?
  public let fingerprint: TrainingFingerprint?
  public let profile: DeviceProfile
  public let catalog: DeviceCatalog
  public let correctorErrorsPath: String
  public let rerankerPath: String

  public init(lexicon name: String, database path: String, ngrams: String?, device: String) throws {
    let database = try LexiconDatabase(path: path, create: false)
    lexicon = try database.loadLexicon(named: name)
    if let ngrams {
      let stored = try database.loadTextModel(named: ngrams)
      counts = stored.counts
      fingerprint = stored.fingerprint
    } else {
      counts = nil
      fingerprint = nil
    }
    catalog = try DeviceCatalog.bundled()
    profile = try catalog.profile(named: device)
    correctorErrorsPath = try Self.shipped("Corpora/typos", "keyboard-en.json")
    rerankerPath = try Self.shipped("Corpora/models", "swipe-reranker.json")
  }

  /// The device's layout for the lexicon's language.
  public var layout: KeyboardLayout { profile.layout(forLocale: String(lexicon.locale.prefix(2))) }

  /// The parts for `layout` (nil: the device's); a foreign layout gets the device's touch spread
  /// scaled by the ratio of its key pitch to the device's.
  public func parts(layout given: KeyboardLayout?) throws -> KeyboardParts {
    let own = layout
    let chosen = given ?? own
    var spread = profile.touchSpread
    if given != nil, own.horizontalPitch > 0, own.verticalPitch > 0, chosen.horizontalPitch > 0, chosen.verticalPitch > 0 {
      spread = TouchSpread(
        sigmaX: spread.sigmaX * chosen.horizontalPitch / own.horizontalPitch, sigmaY: spread.sigmaY * chosen.verticalPitch / own.verticalPitch)
    }
    return KeyboardParts(
      lexicon: lexicon, layout: chosen, spread: spread, counts: counts, errors: try TypingErrorDistribution.read(path: correctorErrorsPath),
      reranker: try RerankerModel.load(path: rerankerPath))
  }

  /// Built-in keyboard `name` for `layout` (nil: the device's).
  public func keyboard(_ name: String, layout: KeyboardLayout?, decoder: TapDecoder.Config = TapDecoder.Config()) throws -> any Keyboard {
    if KeyboardCatalog.needsTextModel(name), counts == nil {
      throw KeyboardError("keyboard '\(name)' needs a text model: give --ngrams NAME (stored by keybench-ingest --text FILE… --name NAME)")
    }
    return try KeyboardCatalog.make(name, parts: try parts(layout: layout), decoder: decoder)
  }

  static func shipped(_ folder: String, _ file: String) throws -> String {
    guard let directory = ProjectFiles.directory(folder) else { throw CommandFailure("cannot find \(folder)/\(file) of the checkout") }
    return directory.appendingPathComponent(file).path
  }
}
