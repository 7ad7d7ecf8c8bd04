import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchTestSupport
import Testing

@testable import KeyBenchGesture

/// Scheme files the XML parser must never see (it traps on invalid UTF-8) or must not act on,
/// and the bounds on a gesture benchmark's work per word.
@Suite struct LetterSchemeHardeningTests {
  let dir = try! TemporaryDirectory()
  static let english = TestPaths.repository.appendingPathComponent("Corpora/gesture/english.xml").path

  func failure(bytes: [UInt8]) throws -> InputFileError {
    let path = try dir.write("scheme.xml", bytes: bytes)
    do {
      _ = try LetterSchemeXML.load(path: path)
    } catch let error as InputFileError {
      #expect(error.path == path)
      return error
    }
    throw TestSupportError("no error for \(bytes)")
  }

  func failure(_ text: String) throws -> InputFileError { try failure(bytes: Array(text.utf8)) }

  /// Five-byte files with invalid UTF-8 in a comment, an element name and a processing
  /// instruction trapped FoundationXML (exit 132); now they are refused before it parses.
  @Test(arguments: [
    [0x3C, 0x21, 0x2D, 0x2D, 0xFF] as [UInt8],  // <!--\xFF
    [0x3C, 0x61, 0xFF, 0x2F, 0x3E],  // <a\xFF/>
    [0x3C, 0x3F, 0xC3, 0x3F, 0x3E],  // <?\xC3?>  (a cut-off two-byte sequence)
  ])
  func invalidUTF8IsRefusedBeforeTheParser(bytes: [UInt8]) throws {
    let error = try failure(bytes: bytes)
    #expect(error.kind == .invalidUTF8)
    #expect(error.line == 1)
  }

  @Test func invalidUTF8IsLocatedByLine() throws {
    var bytes = Array(try String(contentsOfFile: Self.english, encoding: .utf8).utf8)
    // The comment's fourth line (line 5 of the file) gets a byte that is never UTF-8.
    let line5 = bytes.indices.filter { bytes[$0] == 0x0A }[3] + 1
    bytes.insert(0xFE, at: line5 + 4)
    let error = try failure(bytes: bytes)
    #expect(error.description.hasSuffix("scheme.xml:5: invalid UTF-8 (byte \(line5 + 5) of the file)"))
  }

  @Test func declarationsTheParserMustNotActOnAreRefused() throws {
    let laughs = """
      <?xml version="1.0"?>
      <!DOCTYPE letterScheme [
        <!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
      ]>
      <letterScheme name="&c;"/>
      """
    let doctype = try failure(laughs)
    #expect(doctype.line == 2 && doctype.reason == "a scheme file has no DOCTYPE or entity declarations")
    let scheme = try String(contentsOfFile: Self.english, encoding: .utf8)
    let latin1 = try failure(scheme.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\""))
    #expect(latin1.line == 1 && latin1.reason == "the XML declaration names encoding 'iso-8859-1'; scheme files are UTF-8")
    let big = try failure(scheme + "<!--" + String(repeating: "x", count: LetterSchemeXML.maximumBytes) + "-->")
    #expect(big.reason.contains("at most \(LetterSchemeXML.maximumBytes)"))
  }

  /// Every attribute and value is checked, with the line.
  @Test func everyAttributeAndValueIsChecked() throws {
    let scheme = try String(contentsOfFile: Self.english, encoding: .utf8)
    func variant(_ from: String, _ to: String) throws -> InputFileError {
      #expect(scheme.contains(from))
      return try failure(scheme.replacingOccurrences(of: from, with: to))
    }
    let root = try variant("language=\"en\"", "lang=\"en\"")
    #expect(root.line == 11 && root.reason == "unknown attribute 'lang' on <letterScheme> (known: alphabet, language, name)")
    let upper = try variant("alphabet=\"abcdefghijklmnopqrstuvwxyz\"", "alphabet=\"abcdefghijklmnopqrstuvwxyZ\"")
    #expect(upper.line == 11 && upper.reason.hasPrefix("the alphabet must list lowercase letters"))
    let digits = try variant("alphabet=\"abcdefghijklmnopqrstuvwxyz\"", "alphabet=\"abcdefghijklmnopqrstuvwxyz0\"")
    #expect(digits.reason.hasPrefix("the alphabet must list lowercase letters"))
    let long = try variant(
      "alphabet=\"abcdefghijklmnopqrstuvwxyz\"", "alphabet=\"abcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîï\"")
    #expect(long.reason == "the alphabet has 42 letters; eight fields hold at most 40")
    let name = try variant("name=\"english\"", "name=\"\"")
    #expect(name.reason == "the name attribute must be 1–64 printable characters")
    let language = try variant("language=\"en\"", "language=\"e n\"")
    #expect(language.reason.hasPrefix("the language attribute must be a language code"))
    let direction = try variant("direction=\"se\"", "direction=\"sse\"")
    #expect(direction.line == 15 && direction.reason == "unknown direction 'sse' (use n, ne, e, se, s, sw, w, nw)")
    let letter = try variant("middle=\"h\"", "middle=\"7\"")
    #expect(letter.line == 16 && letter.reason == "letter '7' (middle of field s) is not in the alphabet")
    let text = try variant("clockwise=\"b\"/>", "clockwise=\"b\">b</field>")
    #expect(text.line == 16 && text.reason.hasPrefix("text 'b' outside an attribute"))
    let cdata = try variant("clockwise=\"b\"/>", "clockwise=\"b\"><![CDATA[b]]></field>")
    #expect(cdata.line == 16 && (cdata.reason.hasPrefix("a CDATA section") || cdata.reason.hasPrefix("text 'b'")))
    let nested = try variant("clockwise=\"b\"/>", "clockwise=\"b\"><field direction=\"n\"/></field>")
    #expect(nested.line == 16 && nested.reason == "element <field> inside a <field> (a field holds only attributes)")
  }

  /// Mutations of the shipped scheme (flipped bytes, inserted characters, cuts) either load or
  /// fail with an `InputFileError`: no trap, whatever the bytes.
  @Test func mutatedSchemesNeverTrap() throws {
    let original = Array(try Data(contentsOf: URL(fileURLWithPath: Self.english)))
    var random = SeededGenerator(seed: 19)
    let inserts: [[UInt8]] = [[0xFF], [0xC3], [0xE2, 0x82], [0x00], [0x3C], [0x26], Array("é".utf8), Array("<?x ?>".utf8), Array("]]>".utf8)]
    var loaded = 0
    var refused = 0
    for round in 0..<400 {
      var bytes = original
      for _ in 0..<(1 + round % 4) {
        let position = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 3 {
        case 0: bytes[position] = UInt8(truncatingIfNeeded: random.next())
        case 1: bytes.insert(contentsOf: inserts[Int(random.next() % UInt64(inserts.count))], at: position)
        default: bytes.removeSubrange(position..<min(bytes.count, position + Int(random.next() % 8) + 1))
        }
      }
      do {
        _ = try LetterSchemeXML.parse(Data(bytes), path: "mutant.xml")
        loaded += 1
      } catch is InputFileError {
        refused += 1
      }
    }
    // Both outcomes occur, and every mutant ended in one of them.
    #expect(loaded + refused == 400 && loaded > 0 && refused > 0)
  }

  static func simulator(_ config: StrokeSimulator.Config = StrokeSimulator.Config()) throws -> (StrokeSimulator, GestureDecoder) {
    let profile = try DeviceCatalog.shipped().profile(named: "iphone5")
    let scheme = try LetterSchemeXML.load(path: english)
    let geometry = GestureGeometry(profile: profile)
    return (
      StrokeSimulator(scheme: scheme, geometry: geometry, spread: profile.touchSpread, samplingHz: profile.touchSamplingHz, config: config),
      GestureDecoder(scheme: scheme, geometry: geometry)
    )
  }

  /// Work per word is bounded: words above the documented maximum get no stroke (a runner skips
  /// and counts them), so a text that is one long run of letters cannot make the benchmark's
  /// quadratic scoring run for hours.
  @Test func wordsLongerThanTheMaximumGetNoStroke() throws {
    var noiseless = StrokeSimulator.Config()
    noiseless.noiseScale = 0
    let (simulator, decoder) = try Self.simulator(noiseless)
    #expect(StrokeSimulator.maximumWordLength == 100)
    let longest = String(repeating: "the", count: 33) + "a"
    #expect(longest.count == 100)
    var random = SeededGenerator(seed: 1)
    let stroke = try #require(simulator.stroke(for: longest, using: &random))
    #expect(decoder.decode(stroke) == longest)
    #expect(simulator.aimPoints(for: longest + "a") == nil)
    #expect(StrokeSimulator.isTooLong(longest + "a") && !StrokeSimulator.isTooLong(longest))
    let clock = ContinuousClock()
    let start = clock.now
    #expect(simulator.stroke(for: String(repeating: "e", count: 5_000_000), using: &random) == nil)
    #expect(clock.now - start < .seconds(2))
  }

  /// Extreme stroke settings cannot make a stroke unboundedly long or trap.
  @Test func samplesPerMovementAreCapped() throws {
    var crawl = StrokeSimulator.Config()
    crawl.speedMillimetersPerSecond = 1e-9
    let (slow, _) = try Self.simulator(crawl)
    var random = SeededGenerator(seed: 2)
    let stroke = try #require(slow.stroke(for: "qz", using: &random))
    let movements = try #require(slow.aimPoints(for: "qz")).count - 1
    #expect(stroke.points.count == 1 + movements * StrokeSimulator.maximumSamplesPerSegment)
    var stopped = StrokeSimulator.Config()
    stopped.speedMillimetersPerSecond = 0
    stopped.noiseScale = .infinity
    let (broken, decoder) = try Self.simulator(stopped)
    let wild = try #require(broken.stroke(for: "the", using: &random))
    #expect(wild.points.count <= 1 + 9 * StrokeSimulator.maximumSamplesPerSegment)
    _ = decoder.decode(wild)  // non-finite points decode to something, without trapping
  }
}
