import Foundation
import KeyBenchTestSupport
import Testing

/// Every script in `Scripts/` refuses an argument it does not know with its usage and exit 64,
/// before doing any work (a mistyped option must never start a long run or an installation).
@Suite struct ScriptUsageTests {
  static var scripts: [String] {
    let folder = TestPaths.repository.appendingPathComponent("Scripts").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().filter { !$0.hasPrefix(".") }
  }

  @Test func unknownArgumentsAreUsageErrors() throws {
    #expect(Self.scripts.count >= 10)
    for script in Self.scripts {
      let path = TestPaths.repository.appendingPathComponent("Scripts/\(script)").path
      let result = try Run.tool(path, ["--no-such-option"])
      #expect(result.status == 64, "\(script): exit \(result.status)")
      #expect((result.stderr + result.stdout).lowercased().contains("usage"), "\(script): \(result.stderr)")
    }
  }
}
