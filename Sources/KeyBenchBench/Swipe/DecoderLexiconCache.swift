public import Foundation
import KeyBenchCore
public import KeyBenchGeometry
public import KeyBenchSwipe

/// Laid-out lexicons kept on disk, one file per lexicon content, word set, layout and build, so a
/// run reads its lexicon's layout back (tens of milliseconds) instead of laying out 160,000 words
/// again (about half a second each time, most of a short run's start-up).
///
/// A file is named by the SHA-256 of everything the layout depends on (``key(_:)``): the
/// lexicon's content digest, the words added or kept for the run, every key of the layout, the
/// storage format and the executable's own digest — a rebuilt binary never trusts a file an
/// older one wrote, so a change to how words are laid out cannot leave a wrong result behind.
/// The file carries its key and the SHA-256 of its bytes; one that fails either check (cut short,
/// damaged, written by another build under the same name) is laid out again and replaced through
/// a temporary file and a rename, so readers never see half a file.
///
/// Where: ``StartupCacheFolder`` (`KEYBENCH_LAYOUT_CACHE`, which also moves or turns off the
/// corpus outlines kept in its `corpus-outlines` folder and the digests in `file-digests`). Not
/// beside a database given by path: a suite keeps its database in a sealed store entry, which a
/// file added later would invalidate. The newest ``keptFiles`` files are kept; deleting the
/// folder is always safe.
public struct DecoderLexiconCache: Sendable {
  public let folder: URL

  public init(folder: URL) { self.folder = folder }

  /// The cache the environment asks for (``StartupCacheFolder``): nil when turned off, when no
  /// project folder is found, or when the running executable cannot be hashed (then no key could
  /// say which code laid out a file).
  public static func fromEnvironment() -> DecoderLexiconCache? {
    guard BuildInfo.executableSHA256 != "unknown" else { return nil }
    return StartupCacheFolder.fromEnvironment().map(DecoderLexiconCache.init(folder:))
  }

  /// Where corpus outlines are kept (``SwipeCorpus/OutlineCache``): a folder inside this one, so
  /// `KEYBENCH_LAYOUT_CACHE` moves or turns off both of a swipe run's start-up caches.
  public var outlineFolder: URL { folder.appendingPathComponent("corpus-outlines") }

  /// What a lexicon laid out on one layout depends on.
  public struct Identity: Sendable {
    /// ``Lexicon/provenance`` content SHA-256 of the lexicon before any words were dropped or added.
    public var lexiconSHA256: String
    /// `--max-words`, and the words kept beyond it because they are targets.
    public var maxWords: Int?
    public var keptWords: [String]
    /// Words added to the lexicon (`--add-missing-targets`) with their frequencies.
    public var added: [(word: String, frequency: UInt8)]
    public var layout: KeyboardLayout
  }

  /// How a lexicon was obtained, for the run's report.
  public enum Outcome: Equatable, Sendable {
    case read
    /// Laid out, with why no file was used ("none stored", or what was wrong with the stored one).
    case laidOut(String)
  }

  /// The hex SHA-256 naming the file of `identity`.
  public static func key(_ identity: Identity) -> String {
    var digest = ContentDigest()
    func field(_ name: String, _ value: String) { digest.update("\(name)=\(value.utf8.count):\(value)\n") }
    field("format", DecoderLexicon.storageFormat)
    field("executable", BuildInfo.executableSHA256)
    field("lexicon", identity.lexiconSHA256)
    field("max_words", identity.maxWords.map(String.init) ?? "all")
    for word in identity.keptWords.sorted() { field("kept", word) }
    for entry in identity.added.sorted(by: { $0.word < $1.word }) { field("added", "\(entry.frequency) \(entry.word)") }
    let layout = identity.layout
    field("layout", "\(layout.name) \(layout.width.bitPattern) \(layout.height.bitPattern)")
    for key in layout.keys {
      field(
        "key",
        "\(key.label) \(key.kind.rawValue) \(key.center.x.bitPattern) \(key.center.y.bitPattern) \(key.width.bitPattern) "
          + "\(key.height.bitPattern) \(key.row)")
    }
    return digest.finalize()
  }

  /// The file of `key`.
  public func path(key: String) -> URL { folder.appendingPathComponent("\(key).bin") }

  /// The lexicon of `identity`: read from its file when that is sound, else `build()` and stored.
  /// A file that cannot be written (a read-only folder, a full disk) costs only the saving.
  public func lexicon(_ identity: Identity, build: () -> DecoderLexicon) -> (DecoderLexicon, Outcome) {
    let key = Self.key(identity)
    let file = path(key: key)
    let problem: String
    do {
      return (try read(file, key: key, layout: identity.layout), .read)
    } catch {
      problem = error.description
    }
    let lexicon = build()
    try? write(lexicon, key: key, to: file)
    return (lexicon, .laidOut(problem))
  }

  func write(_ lexicon: DecoderLexicon, key: String, to file: URL) throws {
    try VerifiedCacheFile.write(lexicon.encoded(), key: key, to: file, keeping: Self.keptFiles)
  }

  /// Files kept: every rebuilt executable writes new ones (about 11 MB per layout of a 160,000-word
  /// lexicon), so the oldest beyond these are removed.
  static let keptFiles = 12

  func read(_ file: URL, key: String, layout: KeyboardLayout) throws(VerifiedCacheFile.Problem) -> DecoderLexicon {
    let payload = try VerifiedCacheFile.read(file, key: key)
    do {
      return try DecoderLexicon(encoded: payload, layout: layout)
    } catch {
      throw VerifiedCacheFile.Problem("\(file.path): \(error)")
    }
  }
}
