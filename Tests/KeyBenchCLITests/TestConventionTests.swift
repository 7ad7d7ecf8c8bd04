import Foundation
import KeyBenchTestSupport
import Testing

/// Conventions of the test suite itself, checked over its sources.
@Suite struct TestConventionTests {
  /// A test that can be left out says why and how to enable it: a bare `.enabled(if:)` shows up
  /// as "skipped" with no reason, and a newcomer cannot tell a missing peer from a broken test.
  @Test func everyConditionalTestSaysWhyItMaySkip() throws {
    let tests = TestPaths.repository.appendingPathComponent("Tests")
    let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    #expect(files.count > 50)
    var bare: [String] = []
    var conditional = 0
    for file in files {
      let text = try String(contentsOfFile: tests.appendingPathComponent(file).path, encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(".enabled(if:") {
        // This file's own mention is in a string and a comment.
        guard !file.hasSuffix("TestConventionTests.swift") else { continue }
        conditional += 1
        if !line.contains(", \"") { bare.append("\(file):\(number + 1)") }
      }
    }
    #expect(conditional > 10)
    #expect(bare.isEmpty, "conditional tests without a reason: \(bare.joined(separator: ", "))")
  }
}
