import Foundation
public import KeyBenchCore
public import KeyBenchGeometry
public import KeyBenchLexicon

/// Generates a synthetic swipe corpus: the whole `keybench-swipes generate` job.
public struct SwipeGeneration {
  /// Where the words come from.
  public enum Words {
    /// `count` words drawn by frequency from a lexicon.
    case drawn(Lexicon, count: Int)
    /// The listed words, in order.
    case listed([String])
    /// One swipe per unflagged gesture of a reference corpus: same word, layout, canvas and
    /// context.
    case like([SwipeGesture])
    /// `count` swipes of the words of sentences drawn at random from running text, in order, each
    /// with the words before it as its context (for benchmarks of sentence context).
    case sentences([[String]], count: Int)
  }

  public var config: SwipeSynthesisConfig
  public var catalog: DeviceCatalog
  public var seed: UInt64

  public init(config: SwipeSynthesisConfig, catalog: DeviceCatalog, seed: UInt64) {
    self.config = config
    self.catalog = catalog
    self.seed = seed
  }

  /// Writes the corpus to `output`; words that cannot be swiped (a letter without a key, a
  /// flagged reference gesture) are skipped and counted per reason in `items`.
  ///
  /// - Parameter layout: the device (and optional canvas/variant) for `.drawn` and `.listed`.
  public func run(
    words: Words, layout: LayoutReference, output: String, provenance: [String: String]
  ) throws -> (written: Int, items: Provenance.Items) {
    var random = SeededGenerator(seed: seed)
    let resolver = LayoutResolver(catalog: catalog)
    let encodedConfig = try JSONEncoder.sorted.encode(config)
    var header = provenance
    header["seed"] = String(seed)
    header["config"] = String(decoding: encodedConfig, as: UTF8.self)
    header["model"] = "minimum-jerk superposition v1"
    let writer = try SwipeCorpus.Writer(
      path: output, header: .init(createdBy: "keybench-swipes generate", provenance: header))
    var items = Provenance.Items(unit: "words", read: 0)
    var synthesizers: [LayoutReference: SwipeSynthesizer] = [:]
    func synthesizer(for reference: LayoutReference) throws -> SwipeSynthesizer {
      if let known = synthesizers[reference] { return known }
      let profile = try resolver.profile(for: reference)
      guard let keyboard = resolver.layout(for: reference) else {
        throw DeviceCatalogError.invalid(device: reference.device, reason: "no layout '\(reference.variant ?? "default")'")
      }
      let made = SwipeSynthesizer(config: config, layout: keyboard, profile: profile)
      synthesizers[reference] = made
      return made
    }
    func emit(
      _ word: String, on reference: LayoutReference, context: [String]? = nil, user: String? = nil, metadata: [String: String]? = nil
    ) throws {
      items.read += 1
      guard word.count <= SwipeSynthesizer.maximumWordLength else {
        items.exclude(1, "word longer than \(SwipeSynthesizer.maximumWordLength) characters")
        return
      }
      guard let points = try synthesizer(for: reference).points(for: word, using: &random) else {
        items.exclude(1, "a letter has no key on the layout")
        return
      }
      try writer.append(
        SwipeGesture(
          id: "synthetic/\(reference.device)/\(writer.count + 1)", word: word, source: "synthetic", user: user,
          layout: reference, points: points, metadata: metadata, context: context))
    }
    switch words {
    case .drawn(let lexicon, let count):
      let keyboard = try synthesizer(for: layout).layout
      let sampler = WordSampler(lexicon: lexicon) { keyboard.path(for: $0) != nil }
      guard !sampler.isEmpty else {
        throw InputFileError(path: lexicon.name, kind: .empty, reason: "the lexicon has no word to swipe")
      }
      for _ in 0..<count { try emit(sampler.draw(using: &random), on: layout) }
    case .listed(let list):
      for word in list { try emit(word, on: layout) }
    case .like(let reference):
      for gesture in reference {
        if let flag = gesture.flags.first {
          items.read += 1
          items.exclude(1, "reference gesture flagged \(flag.rawValue)")
        } else {
          // The reference's user and prompt kind too, so a run can select the same users
          // (`--user-fold`) and split by prompt on both corpora.
          let prompt = gesture.metadata?["prompt"].map { ["prompt": $0] }
          try emit(gesture.word, on: gesture.layout, context: gesture.context, user: gesture.user, metadata: prompt)
        }
      }
    case .sentences(let sentences, let count):
      let usable = sentences.filter { !$0.isEmpty && $0.count <= SwipeGesture.Limits.maximumContextWords }
      guard !usable.isEmpty else {
        throw InputFileError(path: provenance["sentences"] ?? "the text", kind: .empty, reason: "the text has no sentence to swipe")
      }
      var attempts = 0
      // Stops after `count` words tried (a word without a key is skipped and counted).
      while attempts < count {
        let sentence = usable[Int(random.next() % UInt64(usable.count))]
        for (position, word) in sentence.enumerated() where attempts < count {
          attempts += 1
          try emit(word, on: layout, context: Array(sentence[..<position]))
        }
      }
    }
    // A corpus of no gesture would make every later benchmark refuse it far from the cause;
    // refuse here, leaving any earlier file of that name as it was.
    guard writer.count > 0 else {
      let source = provenance["words"] ?? provenance["sentences"] ?? provenance["like"] ?? provenance["lexicon"] ?? "the input"
      throw InputFileError(
        path: source, kind: .empty,
        reason: "no word could be swiped on \(layout.device) (" + (items.skipLines.isEmpty ? "none given" : items.skipLines.joined(separator: "; ")) + ")")
    }
    try writer.finish()
    return (writer.count, items)
  }
}

extension JSONEncoder {
  /// Sorted keys: the same value always encodes to the same bytes.
  static var sorted: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }
}
