import Foundation
import KeyBenchCore
import KeyBenchSwipe
import Testing

/// Every number of the SHARK2 configuration is range-checked and unknown keys are named.
@Suite struct Shark2ConfigTests {
  private func problem(_ json: String) -> String? {
    do {
      _ = try JSONConfig.merged(Shark2Config(), with: Data(json.utf8), path: "shark2.json")
      return nil
    } catch let error as InputFileError {
      return error.reason
    } catch {
      return "\(error)"
    }
  }

  @Test func defaultsAreValid() {
    #expect(Shark2Config().validationErrors().isEmpty)
    #expect(problem("{}") == nil)
  }

  @Test func outOfRangeValuesAreNamedWithTheirRange() {
    #expect(problem(#"{"samples": 1}"#) == "samples must be an integer in 2…1024, got 1")
    #expect(problem(#"{"shape": {"sigma": 0}}"#)?.contains("shape.sigma must be a finite number in 0.001…10, got 0") == true)
    #expect(problem(#"{"location": {"sigma": -1}}"#)?.contains("location.sigma") == true)
    #expect(problem(#"{"location": {"endWeight": 1000}}"#)?.contains("location.endWeight") == true)
    #expect(problem(#"{"pruning": {"startRadius": -2}}"#)?.contains("pruning.startRadius") == true)
    #expect(problem(#"{"pruning": {"endRadius": 0}}"#)?.contains("pruning.endRadius") == true)
    #expect(problem(#"{"pruning": {"length": {"a": 2, "b": 1}}}"#)?.contains("pruning.length.b (1.0) must not be below pruning.length.a (2.0)") == true)
    #expect(problem(#"{"priorWeight": -0.5}"#)?.contains("priorWeight") == true)
    #expect(problem(#"{"touchOffset": {"y": 9}}"#)?.contains("touchOffset.y") == true)
    // Several problems are reported together.
    let both = problem(#"{"samples": 0, "priorWeight": 1e9}"#)
    #expect(both?.contains("samples") == true && both?.contains("priorWeight") == true)
  }

  @Test func unknownKeysAreRejectedByName() {
    #expect(problem(#"{"shape": {"sigmaa": 0.1}}"#) == #"unknown keys: shape.sigmaa (did you mean "shape.sigma"?)"#)
    #expect(problem(#"{"samples": "many"}"#)?.hasPrefix("wrong type or value at 'samples'") == true)
  }
}
