import Dispatch
import Foundation
public import KeyBenchCorpora
import KeyBenchResults
public import KeyBenchCore
public import KeyBenchGeometry
public import KeyBenchLexicon
public import KeyBenchSwipe

/// Runs a swipe decoder over a corpus: corpus → decoder → one ``SwipeItemResult`` per gesture.
///
/// The runner scores, not the decoder: it finds the target's rank itself, checks that the
/// candidates are unique and at most `top`, and times each decode. By default gestures are decoded
/// one after another so times are not disturbed by each other; `jobs` decodes several at once
/// (same results, in the same order) for accuracy runs that do not need comparable times.
public struct SwipeBenchmark {
  /// Which gestures take part.
  public struct Selection: Sendable {
    /// Keep gestures flagged rejected, landscape or non-alphabetic.
    public var includeFlagged = false
    /// Skip targets shorter than this many characters.
    public var minimumWordLength = 2
    /// Stop after this many gestures.
    public var limit: Int?
    /// Take this many gestures spread over as many users as possible (``SpreadSample``), with this seed.
    public var sample: (count: Int, seed: UInt64)?
    /// Keep only the gestures of users in this fold (the users a model was not trained on).
    public var userFold: UserFold?
    /// Leave out the gestures of users in this fold (to train on the rest).
    public var excludedUserFold: UserFold?
    public init() {}
  }

  public var lexicon: Lexicon
  public var catalog: DeviceCatalog
  public var config: DTWDecoderConfig
  public var top: Int
  public var addMissingTargets: Bool
  public var selection: Selection
  /// Decode against only this many of the lexicon's most frequent suggestible words (by
  /// frequency, then word), the selected targets among the rest kept at their own frequency
  /// when `addMissingTargets` is set (seed 000 Fig. 4.2 assumes the swiped word is in the
  /// dictionary); nil decodes against the whole lexicon.
  public var maxWords: Int?
  /// Where laid-out lexicons are kept between runs (``DecoderLexiconCache``), with the content
  /// SHA-256 of `lexicon`; nil lays every layout out afresh.
  public var layoutCache: (cache: DecoderLexiconCache, lexiconSHA256: String)?
  /// Where the corpus's outlines are kept between runs (``SwipeCorpus/OutlineCache``), nil to
  /// outline the corpus every time.
  public var outlineCache: SwipeCorpus.OutlineCache?

  /// Turns on the start-up caches the environment allows (``DecoderLexiconCache/fromEnvironment()``:
  /// laid-out lexicons of the lexicon whose content digest is `lexiconSHA256`, and the outlines of
  /// `corpus`) and returns the corpus's provenance input, whose digest names its outlines — so a
  /// command hashes its corpus and its lexicon once.
  public mutating func useStartupCaches(corpus: String, lexiconSHA256: String) throws -> Provenance.Input {
    let corpusInput = try Provenance.Input(role: "corpus", path: corpus)
    let cache = DecoderLexiconCache.fromEnvironment()
    layoutCache = cache.map { ($0, lexiconSHA256) }
    outlineCache = cache.map { SwipeCorpus.OutlineCache(folder: $0.outlineFolder, corpusSHA256: corpusInput.sha256) }
    return corpusInput
  }

  public init(
    lexicon: Lexicon, catalog: DeviceCatalog, config: DTWDecoderConfig, top: Int = 4,
    addMissingTargets: Bool = false, selection: Selection = .init(), maxWords: Int? = nil
  ) {
    self.lexicon = lexicon
    self.catalog = catalog
    self.config = config
    self.top = top
    self.addMissingTargets = addMissingTargets
    self.selection = selection
    self.maxWords = maxWords
  }

  /// What the run produced besides the per-gesture results.
  public struct Run: Sendable {
    public var results: [SwipeItemResult]
    public var lexiconSize: Int
    /// Targets added to the lexicon (with `addMissingTargets`).
    public var addedTargets: Int
    /// With `maxWords`: lexicon words kept beyond the most frequent ones because they are targets.
    public var keptTargets = 0
    /// Seconds spent laying out the lexicon per layout (the decoder's build step), or reading
    /// it from the layout cache.
    public var buildSeconds: Double
    /// Layouts read from the layout cache, and how many layouts there were.
    public var layoutsRead = 0
    public var layoutCount = 0
    public var decoderLabel: String
    /// Gestures decoded at once (`--jobs`): above 1 the per-gesture times overlap and are not
    /// comparable with a one-job run's (``timing``).
    public var jobs = 1

    /// How far the per-gesture times can be trusted, for the summary and the report.
    public var timing: String { SwipeBenchmark.timing(jobs: jobs) }
  }

  /// The selected gestures with the lexicon laid out on their layouts: everything a run needs
  /// that does not depend on the decoder configuration, so a sweep prepares it once.
  public struct Prepared: Sendable {
    /// The selected gestures, in corpus order.
    public let gestures: GestureSource
    /// For each selected gesture that carries its previous words: those words and the target,
    /// the sentence so far (what a context model must not have been trained on).
    public let sentences: [[String]]
    /// Per gesture: the laid-out lexicon it is decoded against and the scale to its canvas.
    let layouts: [(lexicon: DecoderLexicon, scale: (Double, Double))]
    public let lexiconSize: Int
    public let addedTargets: Int
    /// With ``SwipeBenchmark/maxWords``: lexicon words beyond the most frequent ones kept
    /// because they are targets.
    public let keptTargets: Int
    public let buildSeconds: Double
    /// Layouts read from the layout cache rather than laid out.
    public let layoutsRead: Int
    /// Gestures read, decoded and left out (per reason), for the run's provenance.
    public let items: Provenance.Items
    /// The device profiles whose layouts the gestures are decoded on (their files are inputs).
    public let devices: [String]
    let baseLexicon: Lexicon
    let addedEntries: [Lexicon.Entry]
    /// The lexicon decoded against (with added targets), what external decoders are handed;
    /// built on request, as only they need it whole.
    public var lexicon: Lexicon {
      addedEntries.isEmpty
        ? baseLexicon : Lexicon(name: baseLexicon.name, locale: baseLexicon.locale, entries: baseLexicon.entries + addedEntries)
    }
    /// The layout of each laid-out lexicon, by identity, so an external decoder is told which
    /// keyboard each gesture was drawn on.
    let layoutOf: [ObjectIdentifier: KeyboardLayout]
    /// LatinIME frequency of each selected target that is a suggestible word (added targets
    /// included), by match key (the highest of its spellings): whether a target is known, and its
    /// frequency band.
    let frequencyOf: [String: UInt8]

    /// Every layout the gestures use, each once, in first-use order.
    public var layoutsUsed: [KeyboardLayout] {
      var seen = Set<ObjectIdentifier>()
      return layouts.compactMap { seen.insert(ObjectIdentifier($0.lexicon)).inserted ? layoutOf[ObjectIdentifier($0.lexicon)] : nil }
    }
  }

  /// Builds the decoder for one laid-out lexicon and its layout.
  public typealias DecoderFactory = (DecoderLexicon, KeyboardLayout) throws -> any SwipeDecoder

  /// Selects the gestures, adds missing targets if asked, and lays the lexicon out once per
  /// layout; the gestures are held in memory.
  public func prepare(gestures: [SwipeGesture]) throws -> Prepared {
    let outline = gestures.map(GestureOutline.init)
    let (selected, items) = select(outline)
    return try prepare(outline, selected: selected, items: items, source: GestureSource(memory: selected.map { gestures[$0] }))
  }

  /// Like ``prepare(gestures:)``, but streams the corpus at `path`: a first pass reads only each
  /// gesture's outline (word, layout, flags, context; the points skipped), and every run reads
  /// the selected gestures' points, so memory does not grow with the corpus and a run of a few
  /// gestures does not parse every point of the corpus. Every gesture's layout is checked with
  /// `layouts` before any work; a selected gesture's points when it is read.
  public func prepare(corpus path: String, layouts: LayoutResolver) throws -> Prepared {
    let outline = try SwipeCorpus.outlines(path: path, layouts: layouts, cache: outlineCache).outlines.map(GestureOutline.init)
    let (selected, items) = select(outline)
    return try prepare(
      outline, selected: selected, items: items,
      source: GestureSource(path: path, positions: selected, ids: selected.map { outline[$0].id }))
  }

  private func prepare(_ outline: [GestureOutline], selected: [Int], items: Provenance.Items, source: GestureSource) throws -> Prepared {
    // The lowest frequency of the whole lexicon, so a missing target is added at the same
    // frequency whatever --max-words keeps.
    let lowest = self.lexicon.entries.lazy.filter(\.isSuggestible).map(\.frequency).min()
    let targets = SwipeDecoding.MatchKeySet(Set(selected.map { SwipeDecoding.matchKey(outline[$0].word) }))
    let (lexicon, keptWords) = decodedLexicon(targets: targets.keys)
    // Missing targets join the laid-out words without building a second lexicon (memory).
    // Only targets are ever looked up, so only their keys are kept (no key built per word).
    var frequencyOf: [String: UInt8] = [:]
    var suggestible = 0
    for entry in lexicon.entries where entry.isSuggestible {
      suggestible += 1
      guard targets.contains(keyOf: entry.word) else { continue }
      let key = SwipeDecoding.matchKey(entry.word)
      frequencyOf[key] = max(frequencyOf[key] ?? 0, entry.frequency)
    }
    var added: [Lexicon.Entry] = []
    if addMissingTargets {
      let missing = Set(selected.map { outline[$0].word }).filter { frequencyOf[SwipeDecoding.matchKey($0)] == nil }.sorted()
      for word in missing { frequencyOf[SwipeDecoding.matchKey(word)] = lowest ?? 1 }
      added = missing.map { Lexicon.Entry(word: $0, frequency: lowest ?? 1) }
    }
    var laidOut: [LayoutReference: DecoderLexicon] = [:]
    var layoutOf: [ObjectIdentifier: KeyboardLayout] = [:]
    var buildSeconds = 0.0
    var layoutsRead = 0
    var layouts: [(lexicon: DecoderLexicon, scale: (Double, Double))] = []
    layouts.reserveCapacity(selected.count)
    for position in selected {
      let (reference, scale) = try canonical(outline[position].layout)
      if laidOut[reference] == nil {
        let started = DispatchTime.now().uptimeNanoseconds
        guard let layout = LayoutResolver(catalog: catalog).layout(for: reference) else {
          throw DeviceCatalogError.invalid(device: reference.device, reason: "no layout for \(reference)")
        }
        let build = { DecoderLexicon(entries: added.isEmpty ? lexicon.entries : lexicon.entries + added, layout: layout) }
        let decoderLexicon: DecoderLexicon
        if let use = layoutCache {
          let identity = DecoderLexiconCache.Identity(
            lexiconSHA256: use.lexiconSHA256, maxWords: maxWords, keptWords: keptWords,
            added: added.map { (word: $0.word, frequency: $0.frequency) }, layout: layout)
          let found = use.cache.lexicon(identity, build: build)
          decoderLexicon = found.0
          if found.1 == .read { layoutsRead += 1 }
        } else {
          decoderLexicon = build()
        }
        laidOut[reference] = decoderLexicon
        layoutOf[ObjectIdentifier(decoderLexicon)] = layout
        buildSeconds += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
      }
      layouts.append((laidOut[reference]!, scale))
    }
    return Prepared(
      gestures: source,
      sentences: selected.compactMap { position in outline[position].context.map { $0 + [outline[position].word] } },
      layouts: layouts,
      lexiconSize: suggestible + added.count, addedTargets: added.count, keptTargets: keptWords.count,
      buildSeconds: buildSeconds, layoutsRead: layoutsRead, items: items, devices: Set(laidOut.keys.map(\.device)).sorted(), baseLexicon: lexicon, addedEntries: added, layoutOf: layoutOf,
      frequencyOf: frequencyOf)
  }

  /// The lexicon decoded against and the words it keeps beyond the `maxWords` most
  /// frequent because they are among `targets` (match keys): the whole lexicon without
  /// `maxWords`. Ties in frequency are broken by the word, so the cut is deterministic.
  func decodedLexicon(targets: Set<String>) -> (Lexicon, keptWords: [String]) {
    guard let maxWords else { return (lexicon, []) }
    let ranked = lexicon.entries.filter(\.isSuggestible).sorted {
      $0.frequency != $1.frequency ? $0.frequency > $1.frequency : $0.word < $1.word
    }
    var keep = Set(ranked.prefix(maxWords).map(\.word))
    var kept: [String] = []
    if addMissingTargets {
      for entry in ranked.dropFirst(maxWords) where targets.contains(SwipeDecoding.matchKey(entry.word)) {
        keep.insert(entry.word)
        kept.append(entry.word)
      }
    }
    return (Lexicon(name: lexicon.name, locale: lexicon.locale, entries: lexicon.entries.filter { keep.contains($0.word) }), kept)
  }

  /// Runs over `gestures`; `progress` is called with (done, total).
  public func run(gestures: [SwipeGesture], progress: (Int, Int) -> Void = { _, _ in }) throws -> Run {
    try run(prepare(gestures: gestures), progress: progress)
  }

  /// Decodes the prepared gestures with this benchmark's decoder configuration, or with the
  /// decoders `make` builds (an external plug-in) labelled `label`.
  ///
  /// - Parameter context: re-ranks each gesture's best `contextPool` candidates with the words
  ///   before it (gestures whose corpus gives them); both rankings are kept, so one run reports
  ///   accuracy with and without context on the same decodes.
  public func run(
    _ prepared: Prepared, decoder make: DecoderFactory? = nil, label: String? = nil,
    context: ContextFusion? = nil, contextPool: Int = 16, jobs: Int = 1,
    progress: (Int, Int) -> Void = { _, _ in }
  ) throws -> Run {
    guard (1...Self.maximumJobs).contains(jobs) else {
      throw CommandContractError("jobs must be in 1…\(Self.maximumJobs), got \(jobs)")
    }
    let config = config
    let make = make ?? { lexicon, _ in DTWDecoder(lexicon: lexicon, config: config) }
    var decoders: [ObjectIdentifier: any SwipeDecoder] = [:]
    /// The decoder of the gesture at `index`, built once per laid-out lexicon.
    func decoder(_ index: Int) throws -> any SwipeDecoder {
      let key = ObjectIdentifier(prepared.layouts[index].lexicon)
      let decoder = try decoders[key] ?? make(prepared.layouts[index].lexicon, prepared.layoutOf[key]!)
      decoders[key] = decoder
      return decoder
    }
    let item = ItemDecode(top: top, context: context, contextPool: contextPool, frequencyOf: prepared.frequencyOf)
    var results: [SwipeItemResult] = []
    results.reserveCapacity(prepared.gestures.count)
    if jobs == 1 {
      try prepared.gestures.forEach { index, gesture in
        results.append(try item.decode(gesture, with: decoder(index), scale: prepared.layouts[index].scale))
        progress(index + 1, prepared.gestures.count)
      }
    } else {
      results = try decodeConcurrently(prepared, jobs: jobs, item: item, decoder: decoder, progress: progress)
    }
    return Run(
      results: results, lexiconSize: prepared.lexiconSize, addedTargets: prepared.addedTargets, keptTargets: prepared.keptTargets,
      buildSeconds: prepared.buildSeconds, layoutsRead: prepared.layoutsRead, layoutCount: Set(prepared.layouts.map { ObjectIdentifier($0.lexicon) }).count,
      decoderLabel: label ?? DTWDecoder.describe(config), jobs: jobs)
  }

  /// The positions in `gestures` of those to decode, and what was left out and why.
  func select(_ gestures: [GestureOutline]) -> ([Int], Provenance.Items) {
    var items = Provenance.Items(unit: "gestures", read: gestures.count)
    var selected: [Int] = []
    var flagged: [String: Int] = [:]
    var short = 0
    var (otherUsers, excludedUsers) = (0, 0)
    // Fold membership once per user (a digest each), not once per gesture.
    var inFold: [String: (kept: Bool, excluded: Bool)] = [:]
    for (position, gesture) in gestures.enumerated() {
      let user = gesture.user ?? gesture.id
      let membership: (kept: Bool, excluded: Bool)
      if let known = inFold[user] {
        membership = known
      } else {
        membership = (
          kept: selection.userFold.map { $0.contains(user: user) } ?? true,
          excluded: selection.excludedUserFold.map { $0.contains(user: user) } ?? false
        )
        inFold[user] = membership
      }
      if !membership.kept {
        otherUsers += 1
      } else if membership.excluded {
        excludedUsers += 1
      } else if !selection.includeFlagged, let flag = gesture.flags.first {
        flagged[flag.rawValue, default: 0] += 1
      } else if gesture.word.count < selection.minimumWordLength {
        short += 1
      } else {
        selected.append(position)
      }
    }
    if let fold = selection.userFold { items.exclude(otherUsers, "users outside user fold \(fold)") }
    if let fold = selection.excludedUserFold { items.exclude(excludedUsers, "users of user fold \(fold)") }
    for (flag, count) in flagged.sorted(by: { $0.key < $1.key }) { items.exclude(count, "flagged \(flag)") }
    items.exclude(short, "target shorter than \(selection.minimumWordLength) letters")
    if let sample = selection.sample, selected.count > sample.count {
      let users = selected.map { gestures[$0].user ?? gestures[$0].id }
      let kept = SpreadSample.positions(groups: users, ids: selected.map { gestures[$0].id }, count: sample.count, seed: sample.seed)
      items.exclude(selected.count - kept.count, "outside --sample \(sample.count) (seed \(sample.seed))")
      selected = kept.map { selected[$0] }
    }
    if let limit = selection.limit, selected.count > limit {
      items.exclude(selected.count - limit, "beyond --limit \(limit)")
      selected = Array(selected.prefix(limit))
      let users = Set(selected.map { gestures[$0].user ?? gestures[$0].id }).count
      if let warning = RunStatistics.limitWarning(limit: limit, items: "gestures", groups: users, group: "user") { StandardError.print(warning) }
    }
    return (selected, items)
  }

  /// Layouts that only differ by canvas size (relative grids such as `hws`) are decoded on the
  /// profile's own canvas, the trace scaled to it, so one laid-out lexicon serves them all.
  func canonical(_ reference: LayoutReference) throws -> (LayoutReference, (Double, Double)) {
    let profile = try catalog.profile(named: reference.device)
    guard profile.specification.grid?.relative == true, let width = reference.width,
      let height = reference.height, width > 0, height > 0
    else { return (reference, (1, 1)) }
    return (
      LayoutReference(device: reference.device, variant: reference.variant),
      (profile.keyboardWidth / width, profile.keyboardHeight / height)
    )
  }

  /// The decoder contract: unique words, at most `top`, scores in order.
  static func checkContract(_ decoding: SwipeDecoding, top: Int, gesture: SwipeGesture) throws {
    let words = decoding.candidates.map(\.word)
    guard words.count <= top, Set(words).count == words.count,
      zip(decoding.candidates, decoding.candidates.dropFirst()).allSatisfy({ $0.score <= $1.score })
    else {
      throw CommandContractError("decoder broke its contract on \(gesture.id): \(words)")
    }
  }
}

/// A decoder returned duplicates, too many candidates or unsorted scores.
public struct CommandContractError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}

/// One gesture's outcome.
public struct SwipeItemResult: Sendable {
  public var id: String
  public var user: String?
  public var word: String
  public var device: String
  public var inLexicon: Bool
  /// The target's LatinIME frequency (0–255) in the lexicon decoded against, nil when absent.
  public var frequency: UInt8?
  /// 1-based rank of the target among the candidates, nil when absent.
  public var rank: Int?
  public var candidates: [String]
  public var stages: [SwipeDecoding.Stage]
  public var pointsIn: Int
  public var pointsUsed: Int
  public var timeLimitHit: Bool
  public var decodeMicroseconds: Double
  /// DTW columns the decoder computed (0 for decoders without DTW): its work, which unlike
  /// the time does not depend on the machine's load.
  public var dtwColumns: Int
  /// With sentence context: the candidates re-ranked by it, and the target's rank among them
  /// (nil without a context run). Gestures without known context keep the plain ranking.
  public var contextCandidates: [String]?
  public var contextRank: Int?
  /// Whether the corpus gave this gesture's previous words.
  public var hadContext = false
  /// What the participant was shown (`phrase` or `words`, from the corpus's `prompt` metadata;
  /// nil when the corpus does not say).
  public var prompt: String?

  mutating func setContextCandidates(_ words: [String], hadContext: Bool) {
    let target = SwipeDecoding.matchKey(word)
    contextCandidates = words
    contextRank = words.firstIndex { SwipeDecoding.matchKey($0) == target }.map { $0 + 1 }
    self.hadContext = hadContext
  }

  init(gesture: SwipeGesture, inLexicon: Bool, frequency: UInt8?, decoding: SwipeDecoding, decodeMicroseconds: Double) {
    id = gesture.id
    self.frequency = frequency
    user = gesture.user
    prompt = gesture.metadata?["prompt"]
    word = gesture.word
    device = gesture.layout.device
    self.inLexicon = inLexicon
    candidates = decoding.candidates.map(\.word)
    let target = SwipeDecoding.matchKey(gesture.word)
    rank = candidates.firstIndex { SwipeDecoding.matchKey($0) == target }.map { $0 + 1 }
    stages = decoding.diagnostics.stages
    // The gesture's own count, not the decoder's: a plug-in reports no diagnostics, and its row
    // must say the same as the built-in row of the same gesture.
    pointsIn = gesture.points.count
    pointsUsed = decoding.diagnostics.pointsUsed
    timeLimitHit = decoding.diagnostics.timeLimitHit
    dtwColumns = decoding.diagnostics.columnsComputed
    self.decodeMicroseconds = decodeMicroseconds
  }
}
