import Foundation
import KeyBenchTestSupport
import KeyBenchCore
import Testing

@testable import KeyBenchSuites

/// Every result a seed document publishes has a record in Reports/seeds/SEED.json, and every
/// record answers one: the list of published results is a checklist written from the documents
/// (`Reports/seeds/published/SEED.tsv`), kept apart from the records, so a result the suite
/// leaves out fails here instead of vanishing with its record.
@Suite struct SeedPublishedResultsTests {
  static let seeds = ["000", "001", "002", "003", "004"]
  static let folder = TestPaths.repository.appendingPathComponent("Reports/seeds")

  /// One line of a checklist: `id`, `section`, `quantity` (in KeyBench's words), `seed` (the
  /// document's number or words).
  struct Entry {
    var id: String
    var section: String
    var quantity: String
    var published: String
  }

  /// Reads `published/SEED.tsv`; a malformed line is reported with its file and line.
  static func checklist(_ seed: String) throws -> [Entry] {
    let path = folder.appendingPathComponent("published/\(seed).tsv").path
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.first == "id\tsection\tquantity\tseed" else { throw SuiteFile.Problem("\(path):1: header 'id section quantity seed' expected") }
    var entries: [Entry] = []
    for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 4, fields.allSatisfy({ !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
        throw SuiteFile.Problem("\(path):\(index + 1): four non-empty tab-separated fields expected")
      }
      guard fields[0].hasPrefix(seed + ".") else { throw SuiteFile.Problem("\(path):\(index + 1): id '\(fields[0])' is not \(seed).NN") }
      entries.append(Entry(id: fields[0], section: fields[1], quantity: fields[2], published: fields[3]))
    }
    return entries
  }

  @Test(arguments: seeds)
  func everyChecklistEntryHasARecordAndEveryRecordAnEntry(seed: String) throws {
    let entries = try Self.checklist(seed)
    let ids = entries.map(\.id)
    #expect(ids.count == Set(ids).count, "one line per published result")
    let page = try SeedPage.load(path: Self.folder.appendingPathComponent("\(seed).json").path)
    #expect(page.seed == seed)
    let claimed = page.records.map { $0.claim ?? "" }
    #expect(Set(ids).subtracting(claimed).sorted() == [], "checklist entries without a record")
    #expect(Set(claimed).subtracting(ids).sorted() == [], "records quoting no checklist entry")
    let quantities = page.records.map(\.quantity)
    #expect(quantities.count == Set(quantities).count, "one record per quantity")
  }

  @Test(arguments: seeds)
  func noRecordsStatusContradictsItsOwnRule(seed: String) throws {
    let page = try SeedPage.load(path: Self.folder.appendingPathComponent("\(seed).json").path)
    for record in page.records {
      #expect(record.status != nil && record.status == record.derivedStatus, "\(record.quantity): \(record.status ?? "") against \(record.derivedStatus ?? "none")")
      if record.status != "reproduced" { #expect(!(record.why ?? "").isEmpty, "\(record.quantity): why") }
      if record.status == "not-reproducible" { #expect(record.keybench == nil, "\(record.quantity): nothing measured") }
      if record.rule != nil { #expect(SeedPage.dataKinds.contains(record.data ?? ""), "\(record.quantity): same or other data") }
      if record.expression != nil { #expect(!(record.from ?? []).isEmpty, "\(record.quantity): the output it is read from") }
    }
  }

  @Test(arguments: seeds)
  func theCommittedPageIsTheOneItsJSONRenders(seed: String) throws {
    let page = try SeedPage.load(path: Self.folder.appendingPathComponent("\(seed).json").path)
    let markdown = try String(contentsOf: Self.folder.appendingPathComponent("\(page.page).md"), encoding: .utf8)
    #expect(markdown == page.markdown)
  }

  @Test func theSuiteQuotesEveryChecklistEntry() throws {
    // The suite that writes the pages names a checklist entry on each published row.
    let suite = try SuiteFile.load(path: TestPaths.repository.appendingPathComponent("Suites/seeds.json").path)
    var claims: [String: Set<String>] = [:]
    for page in suite.figurePages {
      let seed = try #require(page["seed"]?.string)
      for table in page["tables"]?.array ?? [] {
        for row in table["rows"]?.array ?? [] where FigurePages.isPublished(row) {
          let claim = row["claim"]?.string
          #expect(claim != nil, "seed \(seed): \"\(row["label"]?.string ?? "")\" quotes no checklist entry")
          if let claim { claims[seed, default: []].insert(claim) }
        }
      }
    }
    for seed in Self.seeds {
      #expect(claims[seed, default: []] == Set(try Self.checklist(seed).map(\.id)), "seed \(seed)")
    }
  }

  @Test func theReadmeCountsEachSeedsStatuses() throws {
    // Reports/seeds/README.md lists, per seed, checklist entries, records and records per status.
    let readme = try String(contentsOf: Self.folder.appendingPathComponent("README.md"), encoding: .utf8)
    for seed in Self.seeds {
      let page = try SeedPage.load(path: Self.folder.appendingPathComponent("\(seed).json").path)
      let counts = SeedPage.statuses.map { status in page.records.filter { $0.status == status }.count }
      let cells = [try Self.checklist(seed).count, page.records.count] + counts
      let line = "| [\(seed)](\(page.page).md) | " + cells.map(String.init).joined(separator: " | ") + " |"
      #expect(readme.contains(line), "README.md lacks: \(line)")
    }
  }
}
