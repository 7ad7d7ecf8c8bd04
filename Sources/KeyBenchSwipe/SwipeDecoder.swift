public import KeyBenchGeometry
import KeyBenchCore

/// A swipe decoding algorithm: from a trace of touch points to ranked candidate words.
///
/// Decoders are plug-ins: the benchmark runner only sees this protocol, so a researcher adds an
/// algorithm without touching the runner. A decoder is built for one lexicon on one layout
/// (its build step is timed apart from decoding); `decode` must be safe to call repeatedly.
public protocol SwipeDecoder: Sendable {
  /// A label naming the algorithm and its parameters, for reports.
  var label: String { get }

  /// Ranks words for the trace `points` (layout units, y down; t in ms), best first, at most `top`.
  ///
  /// - Parameter probe: a word whose fate through the decoder's stages should be reported in
  ///   the diagnostics (the benchmark passes the target), or nil.
  /// - Throws: when the decoder cannot answer (an external plug-in that crashed or hung): the
  ///   benchmark stops rather than score an undecoded gesture.
  func decode(_ points: [TimedPoint], top: Int, probe: String?) throws -> SwipeDecoding
}

/// The result of one decode: candidates and what happened on the way.
public struct SwipeDecoding: Sendable {
  /// What makes two words the same answer to a swipe: the word lower-cased, without the
  /// characters a swipe does not draw (`Don't` ≙ `dont`, `Simon` ≙ `simon`). Umlauts and other
  /// accented letters stay significant (`für` ≠ `fur`: they are different keys on a German
  /// keyboard, and counting one for the other would inflate accuracy). Candidates are
  /// de-duplicated by it and benchmarks match targets with it.
  public static func matchKey(_ word: String) -> String {
    var ascii = [UInt8]()
    ascii.reserveCapacity(word.utf8.count)
    guard forEachASCIIKeyByte(of: word, { ascii.append($0) }) else { return String(word.lowercased().filter(\.isLetter)) }
    return String(decoding: ascii, as: UTF8.self)
  }

  /// The bytes of `word`'s match key when the word is ASCII (nearly every English one), read
  /// byte by byte: the same key as the general definition without a Unicode property lookup per
  /// character (a fifth of a short run's start-up went to keying the 160,000-word lexicon).
  /// False, part way, at the first byte beyond ASCII: that word needs the general definition.
  @inline(__always)
  static func forEachASCIIKeyByte(of word: String, _ body: (UInt8) -> Void) -> Bool {
    for byte in word.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"): body(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): body(byte + 32)
      case 0x80...: return false
      default: continue
      }
    }
    return true
  }

  /// A set of match keys that tells, for most words without building their key, that the
  /// word's key is not in it: a run looks up the keys of its few targets among 160,000 words.
  public struct MatchKeySet: Sendable {
    public let keys: Set<String>
    private let digests: Set<UInt64>

    public init(_ keys: Set<String>) {
      self.keys = keys
      digests = Set(keys.map { MatchKeySet.digest(Array($0.utf8)) })
    }

    /// Whether `word`'s ``SwipeDecoding/matchKey(_:)`` is in the set.
    public func contains(keyOf word: String) -> Bool {
      // An ASCII word's key is digested instead of stored: a miss needs no string.
      var digest = Self.offset
      guard SwipeDecoding.forEachASCIIKeyByte(of: word, { digest = (digest ^ UInt64($0)) &* Self.prime }) else {
        return keys.contains(SwipeDecoding.matchKey(word))
      }
      return digests.contains(digest) && keys.contains(SwipeDecoding.matchKey(word))
    }

    // 64-bit FNV-1a.
    static let offset: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3
    static func digest(_ bytes: [UInt8]) -> UInt64 {
      bytes.reduce(offset) { ($0 ^ UInt64($1)) &* prime }
    }
  }

  public var candidates: [Candidate]
  public var diagnostics: Diagnostics
  /// Per candidate, what the seed-000 decoder knew of it (empty for other decoders): a
  /// re-ranker weighs the channels from it without decoding again.
  var evidence: [Evidence] = []

  /// One candidate's key sequence in the laid-out lexicon, its summed cost (DTW plus the
  /// channels beside it) and its word's log-probability.
  struct Evidence: Sendable {
    var sequence: Int
    var cost: Double
    var logProbability: Double
  }

  public init(candidates: [Candidate], diagnostics: Diagnostics) {
    self.candidates = candidates
    self.diagnostics = diagnostics
  }

  /// A ranked word; lower scores are better.
  public struct Candidate: Sendable, Equatable {
    public var word: String
    public var score: Double
    public init(word: String, score: Double) {
      self.word = word
      self.score = score
    }
  }

  /// Counters the benchmark aggregates.
  public struct Diagnostics: Sendable {
    /// Per pruning stage, in order: its name, the words left after it, and whether the probe
    /// word was still among them (nil without a probe or when the probe is not in the lexicon).
    public var stages: [Stage] = []
    /// Input points before and after point reduction.
    public var pointsIn = 0
    public var pointsUsed = 0
    /// Distinct key sequences scored with DTW.
    public var sequencesScored = 0
    /// DTW columns computed (with the prefix cache, fewer than the sequences' total).
    public var columnsComputed = 0
    /// Key sequences that passed the filters but were abandoned by DTW pruning.
    public var sequencesPruned = 0
    /// Whether the per-swipe time limit stopped scoring early.
    public var timeLimitHit = false
    public init() {}
  }

  public struct Stage: Sendable, Equatable {
    public var name: String
    public var kept: Int
    public var probeKept: Bool?
    /// Whether the stage is a filter (a geometric test each word passes or fails, as the seed's
    /// four) rather than a ranking cut such as the first pass: the lexicon reduction factor the
    /// seed reports is measured after the filters.
    public var isFilter: Bool
    public init(name: String, kept: Int, probeKept: Bool?, isFilter: Bool = true) {
      self.name = name
      self.kept = kept
      self.probeKept = probeKept
      self.isFilter = isFilter
    }
  }
}
