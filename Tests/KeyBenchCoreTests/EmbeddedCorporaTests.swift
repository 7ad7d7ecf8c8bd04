import Foundation
import KeyBenchEmbeddedData
import KeyBenchTestSupport
import Testing

@testable import KeyBenchCore

/// The compiled-in copies of Corpora files must equal the files: a stale copy would make a copied
/// binary measure with other devices or error models than the checkout.
@Suite struct EmbeddedCorporaTests {
  @Test func theEmbeddedFilesEqualTheCheckoutsFiles() throws {
    let folders = ["Corpora/devices", "Corpora/layouts", "Corpora/gesture", "Corpora/typos"]
    var onDisk: [String: Data] = [:]
    for folder in folders {
      let url = TestPaths.repository.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path)
      where !name.hasPrefix(".") && (name.hasSuffix(".json") || name.hasSuffix(".xml")) {
        onDisk["\(folder)/\(name)"] = try Data(contentsOf: url.appendingPathComponent(name))
      }
    }
    let embedded = Dictionary(uniqueKeysWithValues: EmbeddedCorpora.files.map { ($0.path, Data(base64Encoded: $0.base64)) })
    #expect(Set(embedded.keys) == Set(onDisk.keys), "run Scripts/embed-corpora")
    for (path, data) in onDisk { #expect(embedded[path] == data, "\(path) differs from its embedded copy: run Scripts/embed-corpora") }
  }

  @Test func theFallbackFolderHoldsTheFiles() throws {
    let folder = try #require(ProjectFiles.embeddedDirectory("Corpora/devices"))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("iphone5.json").path))
    #expect(ProjectFiles.embeddedDirectory("Corpora/fixtures") == nil)
  }
}
