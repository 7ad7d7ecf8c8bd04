import Foundation
import KeyBenchCore
import Testing

@Suite struct JSONConfigTests {
  struct Inner: Codable, Equatable {
    var a = 0.75
    var enabled = true
  }

  struct Outer: Codable, Equatable {
    var inner = Inner()
    var threads = 1
    var rate: Double?
  }

  @Test func mergesOnlyWhatTheFileNames() throws {
    let merged = try JSONConfig.merged(Outer(), with: Data(#"{"inner": {"a": 0.5}}"#.utf8))
    #expect(merged == Outer(inner: Inner(a: 0.5, enabled: true), threads: 1, rate: nil))
    let optional = try JSONConfig.merged(Outer(), with: Data(#"{"rate": 57}"#.utf8))
    #expect(optional.rate == 57)
  }

  @Test func rejectsUnknownKeysByTheirPathAndWrongTypes() {
    #expect(throws: JSONConfig.Problem(#"unknown keys: inner.b (did you mean "inner.a"?), thread (did you mean "threads"?)"#)) {
      try JSONConfig.merged(Outer(), with: Data(#"{"inner": {"b": 1}, "thread": 2}"#.utf8))
    }
    #expect(throws: JSONConfig.Problem("wrong type or value at 'inner.enabled' (compare with --print-config: e.g. a fraction where a whole number belongs)")) {
      try JSONConfig.merged(Outer(), with: Data(#"{"inner": {"enabled": "yes"}}"#.utf8))
    }
    // A fraction for a whole number fails without a coding path on Linux; the field is still named.
    #expect(throws: JSONConfig.Problem("wrong type or value at 'threads' (compare with --print-config: e.g. a fraction where a whole number belongs)")) {
      try JSONConfig.merged(Outer(), with: Data(#"{"threads": 2.5}"#.utf8))
    }
    #expect(throws: JSONConfig.Problem("not a JSON object")) {
      try JSONConfig.merged(Outer(), with: Data("[1]".utf8))
    }
  }

  @Test func setsOneValueByDottedName() throws {
    let set = try JSONConfig.setting("inner.a", to: 0.9, in: Outer())
    #expect(set.inner.a == 0.9)
    #expect(throws: JSONConfig.Problem(#"unknown keys: inner.z (did you mean "inner.a"?)"#)) {
      try JSONConfig.setting("inner.z", to: 1, in: Outer())
    }
  }
}
