import Foundation
import KeyBenchTestSupport
import KeyBenchCore
import Testing

@testable import KeyBenchSuites

/// Every quantitative result the seed documents publish has a record in Reports/seeds/SEED.json,
/// and the committed Markdown page is the one that file renders.
@Suite struct SeedPublishedResultsTests {
  /// The published results, by seed, read from the seed documents (the record's quantity as the
  /// suite labels it). Seed 001 publishes no number. A result added to a seed page without being
  /// listed here, or listed without a record, fails.
  static let published: [String: [String]] = [
    "000": [
      "mean top-1 of the three devices (English and German)",
      "mean top-4 of the three devices (English and German)",
      "top-4 minus top-1, mean of the devices",
      "swiped word among the four suggestions (abstract)",
      "swipes in the evaluation",
      "English swipes",
      "German swipes",
      "words in the whole English list",
      "words in the whole German list",
      "top-4, whole list",
      "top-4, 5,000 words minus whole list",
      "top-1, 5,000 most frequent words",
      "top-1, whole list",
      "decode time, 5,000 words, median",
      "decode time, 5,000 words, max",
      "median decode time, whole list ÷ 5,000 words",
      "start-point filter recall",
      "start-direction filter recall",
      "end-point filter recall",
      "length filter recall",
      "start-point filter: lexicon kept, largest",
      "start-point filter recall, synthetic swipes (mean of the devices)",
      "start-direction filter recall, synthetic swipes",
      "end-point filter recall, synthetic swipes",
      "length filter recall, synthetic swipes",
      "iPhone 6s synthetic top-1 without the length filter",
      "iPhone 6s synthetic top-4 without the length filter",
      "combined reduction, median",
      "combined reduction, median, synthetic swipes (mean of the devices)",
      "top-1 without input reduction",
      "top-1 with input reduction",
      "top-4 without input reduction",
      "top-4 with input reduction",
      "top-1 gained by input reduction",
      "2 threads over 1: whole decode time",
      "decode time, median (iPhone 6s synthetic)",
      "decode time, max (iPhone 6s synthetic)",
      "top-1 lost to the 1 s limit (iPhone 6s synthetic)",
      "top-4 lost to the 1 s limit (iPhone 6s synthetic)",
      "cost of the example (Table 2.2)",
      "cost after adding the point (2, 2) (Table 2.3)",
    ],
    "001": [
    ],
    "002": [
      "keystrokes typed wrongly, running text",
      "delete errors (omitted letters), share of errors",
      "near ÷ edit errors",
      "CSR with adaptation, whole text",
      "CSR without adaptation, whole text",
      "CSR with adaptation: short texts save least",
      "CSR with adaptation: spread across texts shrinks with length",
      "CSR without adaptation: flat over the lengths",
      "letters carrying an error in the benchmark texts",
      "corrected-words ratio (top-4), adaptation on",
      "ratio with adaptation, longest minus shortest texts",
      "ratio without adaptation, longest minus shortest texts",
      "spread across texts shrinks with length (adaptation on)",
      "spread across texts shrinks with length (adaptation off)",
    ],
    "003": [
      "photo prediction accuracy (user study of 3 users, 20 predictions)",
      "DeepBoard, time to insert a photo, median",
      "DeepBoard, time to insert a photo, mean",
      "DeepBoard, time to insert a photo, min",
      "DeepBoard, time to insert a photo, max",
      "DeepBoard, time to insert a photo, standard deviation",
      "default keyboard, time to insert a photo, median",
      "default keyboard, time to insert a photo, mean",
      "default keyboard, time to insert a photo, min",
      "default keyboard, time to insert a photo, max",
      "default keyboard, time to insert a photo, standard deviation",
      "memory used, share of the keyboard-extension limit (about 30 MB)",
      "indexing every photo on the device (minutes)",
    ],
    "004": [
      "P(h | t)",
      "P(o | t)",
      "P(i | t)",
      "P(e | t)",
      "P(u | q)",
      "P(t | s)",
      "P(h | s)",
      "P(e | s)",
      "P(i | s)",
      "P(e | h)",
      "P(i | h)",
      "P(a | h)",
      "P(o | h)",
      "P(a | w)",
      "P(i | w)",
      "P(h | w)",
      "P(o | w)",
      "P(g | n)",
      "P(d | n)",
      "P(e | n)",
      "P(t | n)",
      "word-initial share of t (after a space)",
      "word-initial share of a (after a space)",
      "word-initial share of s (after a space)",
      "word-initial share of i (after a space)",
      "share of e among all letters",
      "share of t among all letters",
      "share of a among all letters",
      "share of letter pairs covered by the 100 most frequent",
      "P(e | th)",
      "resolving a touch with dynamic boundaries (ns)",
      "everything added per keystroke (ns)",
      "weights lookup after a letter (ns)",
      "Gaussian model, extra time per touch (ns)",
      "dynamic boundaries (the seed's model), reduction of errors against static regions",
    ],
  ]

  static let folder = TestPaths.repository.appendingPathComponent("Reports/seeds")

  @Test(arguments: ["000", "001", "002", "003", "004"])
  func everyPublishedResultHasASoundRecord(seed: String) throws {
    let page = try SeedPage.load(path: Self.folder.appendingPathComponent("\(seed).json").path)
    #expect(page.seed == seed)
    let expected = Self.published[seed] ?? []
    let recorded = page.records.map(\.quantity)
    #expect(Set(expected).subtracting(recorded).sorted() == [], "published results without a record")
    #expect(Set(recorded).subtracting(expected).sorted() == [], "records of no listed published result")
    #expect(recorded.count == Set(recorded).count, "one record per result")
    for record in page.records {
      #expect(SeedPage.statuses.contains(record.status ?? ""), "\(record.quantity)")
      if record.status != "reproduced" { #expect(!(record.why ?? "").isEmpty, "\(record.quantity): why") }
      if record.status == "not-reproducible" { #expect(record.keybench == nil, "\(record.quantity): nothing measured") }
      if record.expression != nil { #expect(!(record.from ?? []).isEmpty, "\(record.quantity): the output it is read from") }
    }
  }

  @Test(arguments: ["000", "001", "002", "003", "004"])
  func theCommittedPageIsTheOneItsJSONRenders(seed: String) throws {
    let page = try SeedPage.load(path: Self.folder.appendingPathComponent("\(seed).json").path)
    let markdown = try String(contentsOf: Self.folder.appendingPathComponent("\(page.page).md"), encoding: .utf8)
    #expect(markdown == page.markdown)
  }

  @Test func theSuiteLabelsEveryListedResult() throws {
    // The suite that writes the pages names each listed result once as a published row.
    let suite = try SuiteFile.load(path: TestPaths.repository.appendingPathComponent("Suites/seeds.json").path)
    var labels: [String: [String]] = [:]
    for page in suite.figurePages {
      let seed = try #require(page["seed"]?.string)
      for table in page["tables"]?.array ?? [] {
        for row in table["rows"]?.array ?? [] where FigurePages.isPublished(row) {
          labels[seed, default: []].append(row["label"]?.string ?? "")
        }
      }
    }
    for seed in ["000", "001", "002", "003", "004"] {
      #expect((labels[seed] ?? []).sorted() == (Self.published[seed] ?? []).sorted(), "seed \(seed)")
    }
  }
}
