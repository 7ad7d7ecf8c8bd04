import Foundation
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchGeometry
import KeyBenchGesture
import KeyBenchLexicon
import KeyBenchPhotos
import KeyBenchSwipe
import KeyBenchTyping

/// Small, fixed, valid inputs the targets need besides the fuzzed one: a device catalog, a
/// lexicon, an error distribution, a letter scheme, a WordNet. Built once per process from
/// literals (never from the checkout or the shared corpora, so a fuzz run depends only on its
/// binary), through the same public readers the targets fuzz.
enum FuzzFixtures {
  static let layoutFiles: [(String, String)] = [
    (
      "qwerty-en.json",
      """
      {"name": "qwerty-en", "language": "en", "rows": [
        {"letters": "qwertyuiop", "offset": 0}, {"letters": "asdfghjkl", "offset": 0.5}, {"letters": "zxcvbnm", "offset": 1.5}]}
      """
    ),
    (
      "qwertz-de.json",
      """
      {"name": "qwertz-de", "language": "de", "rows": [
        {"letters": "qwertzuiopü", "offset": 0}, {"letters": "asdfghjklöä", "offset": 0}, {"letters": "yxcvbnm", "offset": 1.5}]}
      """
    ),
  ]

  static let deviceFiles: [(String, String)] = [
    (
      "iphone5.json",
      """
      {"name": "iphone5", "description": "fuzz fixture", "source": "Corpora/devices/iphone5.json", "estimated": false,
       "units": "pt", "millimetersPerUnit": 0.1558, "touchSamplingHz": 60, "keyboard": {"width": 320, "height": 216},
       "grid": {"keyWidth": 26, "keyHeight": 39, "keyGap": 6, "rowGap": 15, "sideMargin": 3, "topMargin": 12},
       "layouts": [{"variant": "qwerty-en"}, {"variant": "qwertz-de"}]}
      """
    ),
    (
      "hws.json",
      """
      {"name": "hws", "description": "fuzz fixture", "source": "Corpora/devices/hws.json", "estimated": true,
       "units": "css px", "millimetersPerUnit": 0.1588, "touchSamplingHz": 57, "keyboard": {"width": 360, "height": 197},
       "grid": {"keyWidth": 0.1, "keyHeight": 0.2702702702702703, "keyGap": 0, "rowGap": 0, "sideMargin": 0, "topMargin": 0,
                "relative": true},
       "layouts": [{"variant": "qwerty-en"}]}
      """
    ),
  ]

  /// Where the fixture files are written (once per process; read-only afterwards).
  static let folder: String = {
    let root = FuzzScratch.root + "/fixtures"
    _ = mkdir(root, 0o700)
    do {
      for (name, text) in layoutFiles { try write(text, to: root + "/layouts/" + name) }
      for (name, text) in deviceFiles { try write(text, to: root + "/devices/" + name) }
      for (name, text) in wordNetFiles { try write(text, to: root + "/wordnet/" + name) }
      try write(imageLabels, to: root + "/image_labels.tsv")
    } catch {
      fatalError("fuzz fixtures: cannot write \(root): \(error)")
    }
    return root
  }()

  static var layoutsFolder: String { folder + "/layouts" }

  static let catalog: DeviceCatalog = fixture("device catalog") {
    try DeviceCatalog(
      devices: URL(fileURLWithPath: folder + "/devices"), layouts: URL(fileURLWithPath: folder + "/layouts"))
  }

  static let iphone5: DeviceProfile = fixture("iphone5") { try catalog.profile(named: "iphone5") }

  static let qwerty: KeyboardLayout = fixture("qwerty layout") {
    guard let layout = iphone5.layout(variant: "qwerty-en") else { throw FixtureError("no qwerty-en") }
    return layout
  }

  static let words: [(String, UInt8)] = [
    ("the", 222), ("and", 216), ("to", 215), ("of", 214), ("a", 214), ("in", 212), ("is", 208), ("it", 207),
    ("you", 206), ("that", 206), ("he", 203), ("was", 203), ("for", 203), ("on", 202), ("are", 201), ("with", 200),
    ("as", 199), ("his", 198), ("they", 198), ("be", 197), ("at", 197), ("one", 196), ("have", 196), ("this", 196),
    ("from", 195), ("or", 194), ("had", 194), ("by", 193), ("hot", 180), ("word", 185), ("but", 193), ("what", 192),
    ("some", 190), ("we", 192), ("can", 191), ("out", 190), ("other", 188), ("were", 189), ("all", 191),
    ("there", 190), ("when", 189), ("up", 189), ("use", 185), ("your", 188), ("how", 188), ("said", 186),
    ("an", 188), ("each", 183), ("she", 187), ("which", 186), ("do", 188), ("their", 186), ("time", 186),
    ("if", 188), ("will", 187), ("way", 184), ("about", 187), ("many", 183), ("then", 185), ("them", 185),
    ("hello", 170), ("help", 178), ("hell", 150), ("jello", 110), ("world", 180), ("would", 186), ("receive", 160),
    ("because", 182), ("quick", 170), ("brown", 168), ("fox", 160), ("jumps", 140), ("over", 185), ("lazy", 150),
    ("dog", 172), ("keyboard", 150), ("key", 165), ("swipe", 120), ("test", 170), ("text", 168), ("für", 90),
    ("Don't", 180), ("I'm", 185), ("über", 100),
  ]

  static let lexicon = Lexicon(
    name: "fuzz", locale: "en_US", entries: words.map { Lexicon.Entry(word: $0.0, frequency: $0.1) })

  static let decoderLexicon = DecoderLexicon(lexicon: lexicon, layout: qwerty)

  static let correctionLexicon = CorrectionLexicon(lexicon: lexicon)

  /// An error distribution with channel counts, as `keybench-typos analyze` makes them.
  static let distribution: TypingErrorDistribution = {
    let pairs = [
      ("teh", "the"), ("recieve", "receive"), ("wrold", "world"), ("helo", "hello"), ("thsi", "this"),
      ("abd", "and"), ("ir", "it"), ("tje", "the"), ("becuase", "because"), ("woth", "with"), ("hace", "have"),
      ("fo", "of"), ("yoi", "you"), ("tgat", "that"), ("wass", "was"), ("fir", "for"), ("Teh", "The"),
    ].map { TypoPair(typed: $0.0, intended: $0.1, source: "fuzz fixture") }
    return TypingErrorAnalysis.analyze(pairs, layout: qwerty, source: "fuzz fixture")
  }()

  static let englishSchemeXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <letterScheme name="english" language="en" alphabet="abcdefghijklmnopqrstuvwxyz">
      <field direction="n"  middle="t" counterclockwise="f" clockwise="y"/>
      <field direction="ne" middle="o" counterclockwise="u" clockwise="p"/>
      <field direction="e"  middle="i" counterclockwise="k" clockwise="l"/>
      <field direction="se" middle="n" counterclockwise="j" clockwise="m"/>
      <field direction="s"  middle="h" counterclockwise="g" clockwise="b"/>
      <field direction="sw" middle="s" counterclockwise="c" clockwise="x" clockwise2="z"/>
      <field direction="w"  middle="a" counterclockwise="v" clockwise="d"/>
      <field direction="nw" middle="e" counterclockwise="w" clockwise="r" counterclockwise2="q"/>
    </letterScheme>
    """

  static let englishScheme: LetterScheme = fixture("english letter scheme") {
    try LetterSchemeXML.parse(Data(englishSchemeXML.utf8), path: "english.xml")
  }

  /// Running text for the typing, touch and gesture steps.
  static let text = """
    The quick brown fox jumps over the lazy dog. She said: "Don't use the keyboard for that!" \
    I'm testing how words are typed, swiped and corrected, über alles — 42 times.
    """

  /// The words every gesture step enters.
  static let gestureWords = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog"]

  /// A synthetic swipe of "hello" on the iPhone 5, the trace every decoder step decodes.
  static let helloTrace: [TimedPoint] = fixture("hello trace") {
    var random = SeededGenerator(seed: 7)
    let synthesizer = SwipeSynthesizer(config: SwipeSynthesisConfig(), layout: qwerty, profile: iphone5)
    guard let points = synthesizer.points(for: "hello", using: &random) else { throw FixtureError("no points") }
    return points
  }

  // MARK: WordNet

  static let wordNetData = """
      1 This is a tiny WordNet-format fixture written for KeyBench's fuzz targets.
      2 Its records follow wndb(5WN); the offsets are those of WordNet 3.0.
    00001740 03 n 01 entity 0 001 ~ 00001930 n 0000 | that which is perceived to have its own existence
    00001930 03 n 01 physical_entity 0 003 @ 00001740 n 0000 ~ 00015388 n 0000 ~ 00021939 n 0000 | an entity that has physical existence
    00015388 05 n 02 animal 0 beast 0 004 @ 00001930 n 0000 ~ 02084071 n 0000 ~ 02121620 n 0000 %p 02157557 n 0000 | a living organism
    00021939 06 n 01 artifact 0 003 @ 00001930 n 0000 ~ 02828884 n 0000 ~ 07697537 n 0000 | a man-made object
    01322604 05 n 01 puppy 0 001 @ 02084071 n 0000 | a young dog
    02084071 05 n 03 dog 0 domestic_dog 0 Canis_familiaris 0 003 @ 00015388 n 0000 ~ 01322604 n 0000 %p 02157557 n 0000 | a member of the genus Canis
    02121620 05 n 02 cat 0 true_cat 0 001 @ 00015388 n 0000 | feline mammal
    02157557 05 n 01 tail 0 002 #p 02084071 n 0000 #p 00015388 n 0000 | the posterior part of an animal
    02828884 06 n 01 bench 0 001 @ 00021939 n 0000 | a long seat for more than one person
    07697537 13 n 02 hot_dog 0 frank 0 001 @ 00021939 n 0000 | a frankfurter served on a bun

    """

  static let wordNetIndex = """
      1 This is a tiny WordNet-format fixture written for KeyBench's fuzz targets.
    animal n 1 3 @ ~ %p 1 1 00015388
    artifact n 1 2 @ ~ 1 1 00021939
    beast n 1 3 @ ~ %p 1 0 00015388
    bench n 1 1 @ 1 1 02828884
    canis_familiaris n 1 3 @ ~ %p 1 0 02084071
    cat n 1 1 @ 1 1 02121620
    dog n 1 3 @ ~ %p 1 1 02084071
    domestic_dog n 1 3 @ ~ %p 1 0 02084071
    entity n 1 1 ~ 1 1 00001740
    frank n 1 1 @ 1 0 07697537
    hot_dog n 1 1 @ 1 1 07697537
    physical_entity n 1 2 @ ~ 1 1 00001930
    puppy n 1 1 @ 1 0 01322604
    tail n 1 1 #p 1 1 02157557
    true_cat n 1 1 @ 1 0 02121620

    """

  static let wordNetExceptions = """
    cats cat
    dogs dog
    puppies puppy
    mice mouse

    """

  static var wordNetFiles: [(String, String)] {
    [("data.noun", wordNetData), ("index.noun", wordNetIndex), ("noun.exc", wordNetExceptions)]
  }

  static let wordNet: WordNet = fixture("WordNet") { try WordNet(directory: folder + "/wordnet") }

  static let categories = [
    CocoCorpus.Category(name: "dog", mappedSynset: "dog.n.01"),
    CocoCorpus.Category(name: "cat", mappedSynset: "true_cat.n.01"),
    CocoCorpus.Category(name: "bench", mappedSynset: "bench.n.01"),
    CocoCorpus.Category(name: "hot dog", mappedSynset: "hot_dog.n.01"),
    CocoCorpus.Category(name: "stop sign", mappedSynset: nil),
  ]

  /// Labelled images as `coco_val2017_dev_image_labels.tsv` lists them.
  static let imageLabels = """
    # image_id\twidth\theight\tn_captions\tlabels
    139\t640\t426\t5\tdog:1:0.25;bench:2:0.1
    285\t586\t640\t5\tcat:1:0.6
    632\t640\t483\t5\thot dog:3:0.05;dog:1:0.3;stop sign:1:0.02
    724\t375\t500\t5

    """

  static let images: [CocoCorpus.ImageLabels] = fixture("image labels") {
    try CocoCorpus.imageLabels(path: folder + "/image_labels.tsv")
  }

  static let photoLabels: [PhotoLabel] = ["dog", "cat", "bench", "hot_dog"].map { name in
    PhotoLabel(name: name, nameLemmas: [name], synset: wordNet.synset(named: "\(name).n.01"))
  }

  static let labelDatabase = LabelDatabase(labels: photoLabels, wordNet: wordNet)

  static let photos = [
    Photo(id: 1, labels: [PhotoLabelInstance(label: 0, area: 0.3)]),
    Photo(id: 2, labels: [PhotoLabelInstance(label: 1, area: 0.5), PhotoLabelInstance(label: 2, area: 0.01)]),
    Photo(id: 3, labels: [PhotoLabelInstance(label: 3, area: 0.2), PhotoLabelInstance(label: 2, area: 0.6)]),
    Photo(id: 4, labels: []),
  ]

  static let message = "My puppy sat on the benches next to two cats eating a hot dog"

  static let messageNouns: [MessageNoun] = NounExtractor(wordNet: wordNet).nouns(in: message)

  // MARK: Helpers

  /// Writes a fixture file into its folder below ``folder``, never making the scratch root
  /// again (a run ended meanwhile removed it, and must leave nothing behind).
  private static func write(_ text: String, to path: String) throws {
    _ = mkdir((path as NSString).deletingLastPathComponent, 0o700)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// A fixture the targets cannot run without: a failure is a bug in KeyBench or in these
  /// literals, never an input problem, so it stops the process with the reason.
  private static func fixture<T>(_ what: String, _ make: () throws -> T) -> T {
    do {
      return try make()
    } catch {
      fatalError("fuzz fixture \(what) does not load: \(error)")
    }
  }

  struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
