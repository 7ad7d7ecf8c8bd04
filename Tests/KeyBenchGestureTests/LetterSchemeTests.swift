import Foundation
import KeyBenchCore
import KeyBenchTestSupport
import Testing

@testable import KeyBenchGesture

/// Scheme files: the shipped schemes load, and broken ones fail with file, line and reason.
@Suite struct LetterSchemeTests {
  static func shipped(_ name: String) -> String {
    TestPaths.repository.appendingPathComponent("Corpora/gesture/\(name).xml").path
  }

  @Test(arguments: ["english", "alphabetical"]) func shippedSchemesPlaceEveryLetterOnce(name: String) throws {
    let scheme = try LetterSchemeXML.load(path: Self.shipped(name))
    #expect(scheme.name == name)
    var placements = Set<LetterScheme.Placement>()
    for letter in "abcdefghijklmnopqrstuvwxyz" {
      let placement = try #require(scheme.placement(of: letter))
      #expect(placements.insert(placement).inserted)
      #expect(scheme.letter(field: placement.field, steps: placement.steps) == letter)
    }
    // Eight middles, sixteen one-border letters, two two-border letters (seed 001).
    #expect(placements.filter { $0.steps == 0 }.count == 8)
    #expect(placements.filter { abs($0.steps) == 1 }.count == 16)
    #expect(placements.filter { abs($0.steps) == 2 }.count == 2)
  }

  @Test func englishSchemePutsFrequentLettersInTheMiddle() throws {
    let scheme = try LetterSchemeXML.load(path: Self.shipped("english"))
    for letter in "etaoinsh" { #expect(scheme.placement(of: letter)?.steps == 0, "\(letter)") }
    let frequencies: [Character: Int] = ["e": 12, "t": 9, "q": 1]
    let alphabetical = try LetterSchemeXML.load(path: Self.shipped("alphabetical"))
    #expect(scheme.crossingCost(frequencies: frequencies) == 2.0 / 22)
    #expect(alphabetical.crossingCost(frequencies: frequencies) == 0)
  }

  func failure(_ xml: String) throws -> InputFileError {
    do {
      _ = try LetterSchemeXML.parse(Data(xml.utf8), path: "s.xml")
    } catch let error as InputFileError {
      return error
    }
    throw TestSupportError("no error for \(xml)")
  }

  static let fields = """
    <field direction="n"  middle="t" counterclockwise="f" clockwise="y"/>
    <field direction="ne" middle="o" counterclockwise="u" clockwise="p"/>
    <field direction="e"  middle="i" counterclockwise="k" clockwise="l"/>
    <field direction="se" middle="n" counterclockwise="j" clockwise="m"/>
    <field direction="s"  middle="h" counterclockwise="g" clockwise="b"/>
    <field direction="sw" middle="s" counterclockwise="c" clockwise="x" clockwise2="z"/>
    <field direction="w"  middle="a" counterclockwise="v" clockwise="d"/>
    """

  @Test func brokenSchemesNameFileLineAndProblem() throws {
    let missing = try failure("<letterScheme>\n\(Self.fields)\n<field direction=\"nw\" middle=\"e\" clockwise=\"r\"/>\n</letterScheme>")
    #expect(missing.description == "s.xml: the scheme misses letters q, w")
    let repeated = try failure("<letterScheme>\n\(Self.fields)\n<field direction=\"nw\" middle=\"e\" counterclockwise=\"w\" clockwise=\"t\" counterclockwise2=\"q\"/>\n</letterScheme>")
    #expect(repeated.line == 9)
    #expect(repeated.reason.contains("letter 't' is repeated: middle of field n, line 2 and clockwise of field nw, line 9"))
    let noDirection = try failure("<letterScheme>\n\(Self.fields)\n</letterScheme>")
    #expect(noDirection.reason == "no field for direction nw")
    let twice = try failure("<letterScheme>\n\(Self.fields)\n<field direction=\"w\" middle=\"e\"/>\n</letterScheme>")
    #expect(twice.description == "s.xml:9: direction w already has a field (line 8)")
    let typo = try failure("<letterScheme>\n<field direction=\"n\" middle=\"t\" clockwize=\"y\"/>\n</letterScheme>")
    #expect(typo.line == 2 && typo.reason.contains("unknown attribute 'clockwize'"))
    let twoLetters = try failure("<letterScheme>\n<field direction=\"n\" middle=\"th\"/>\n</letterScheme>")
    #expect(twoLetters.reason == "middle of field n must be one letter, not 'th'")
    let element = try failure("<letterScheme>\n<row/>\n</letterScheme>")
    #expect(element.line == 2 && element.reason.contains("unexpected element <row>"))
    let malformed = try failure("<letterScheme>\n<field direction=\"n\" middle=\"t\">\n</letterScheme>")
    #expect(malformed.kind == .malformed && malformed.line != nil)
    #expect(malformed.reason.hasPrefix("malformed XML"))
    #expect(throws: InputFileError.self) { try LetterSchemeXML.load(path: "/nonexistent/scheme.xml") }
  }
}
