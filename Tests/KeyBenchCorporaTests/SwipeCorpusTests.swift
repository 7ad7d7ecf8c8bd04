import Foundation
@testable import KeyBenchCorpora
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchTestSupport
import Testing

@Suite struct SwipeCorpusTests {
  let gesture = SwipeGesture(
    id: "x/1", word: "über", source: "test", user: "u1",
    layout: LayoutReference(device: "hws", width: 360, height: 197),
    points: [TimedPoint(x: 1.5, y: 2, t: 0), TimedPoint(x: 3, y: 4.25, t: 16)],
    flags: [.nonAlphabetic, .landscape, .landscape], metadata: ["hand": "Left"])

  @Test func writesAndReadsBack() throws {
    let dir = try TemporaryDirectory()
    let path = dir.path("c.jsonl")
    let writer = try SwipeCorpus.Writer(path: path, header: .init(createdBy: "test", provenance: ["k": "v"]))
    try writer.append(gesture)
    try writer.finish()
    let (header, gestures) = try SwipeCorpus.readAll(path: path)
    #expect(header.provenance == ["k": "v"])
    #expect(header.version == SwipeCorpus.version)
    #expect(gestures == [gesture])
    #expect(gestures[0].flags == [.landscape, .nonAlphabetic])
    let line = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")[1]
    #expect(line.contains(#""points":[[1.5,2,0],[3,4.25,16]]"#))
  }

  /// Outlines skip the points unparsed whatever the key order or the strings around them, and
  /// read what the whole records say; positions read only the gestures asked for.
  @Test func outlinesAndPositionsReadWhatWholeRecordsSay() throws {
    let dir = try TemporaryDirectory()
    let header = #"{"createdBy":"test","format":"keybench-swipes","provenance":{},"version":1}"#
    let lines = [
      #"{"id":"a","layout":{"device":"hws","height":197,"width":360},"points":[[1,2,0],[3,4,16]],"source":"t","word":"one","flags":[]}"#,
      // Key order of another writer; strings holding brackets, quotes and the word "points".
      #"{"points" : [[5,6,0]], "word":"two","id":"b \"points\": [","flags":["landscape"],"source":"t","layout":{"device":"hws","width":360,"height":197},"metadata":{"note":"]}{,\"points\""},"context":["x","y"]}"#,
      #"{"id":"c","word":"three","source":"t","user":"u","flags":[],"layout":{"device":"hws","width":360,"height":197},"points":[[7,8,0],[9,9,5]]}"#,
    ]
    let path = try dir.write("c.jsonl", text: ([header] + lines).joined(separator: "\n") + "\n")
    var outlines: [SwipeCorpus.Outline] = []
    try SwipeCorpus.readOutlines(path: path, layouts: nil) { outlines.append($0) }
    let (_, whole) = try SwipeCorpus.readAll(path: path)
    #expect(outlines.map(\.id) == whole.map(\.id) && outlines.map(\.word) == whole.map(\.word))
    #expect(outlines.map(\.flags) == whole.map(\.flags) && outlines.map(\.context) == whole.map(\.context))
    #expect(outlines.map(\.user) == whole.map(\.user) && outlines.map(\.layout) == whole.map(\.layout))
    var read: [(Int, String)] = []
    try SwipeCorpus.read(path: path, positions: [0, 2]) { read.append(($0, $1.id)) }
    #expect(read.map(\.0) == [0, 2] && read.map(\.1) == ["a", "c"])
    // A line the skip cannot follow is decoded whole (and its error is the whole record's).
    for bad in [#"["not an object"]"#, #"{"id":"d","points":[[1,2,0]"#, #"{"id":"e" "word":"x"}"#] {
      #expect(bad.utf8.withContiguousStorageIfAvailable { SwipeCorpus.pointsSkipped($0) } == .some(nil), "\(bad)")
    }
    let broken = try dir.write("b.jsonl", text: header + "\n" + #"{"id":"d","word":"x","points":[[1,2,0]"# + "\n")
    let error = try #require(throws: InputFileError.self) { try SwipeCorpus.readOutlines(path: broken, layouts: nil) { _ in } }
    #expect(error.description.contains("b.jsonl:2"), "\(error)")
  }

  @Test func anUnfinishedWriterLeavesTheEarlierFileIntact() throws {
    let dir = try TemporaryDirectory()
    let path = dir.path("c.jsonl")
    try "earlier output\n".write(toFile: path, atomically: false, encoding: .utf8)
    do {
      let writer = try SwipeCorpus.Writer(path: path, header: .init(createdBy: "test"))
      try writer.append(gesture)
      // No finish(): the run failed.
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier output\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["c.jsonl"])
  }

  @Test func rejectsOtherFilesNewerVersionsAndBadRecordsWithTheirLine() throws {
    let dir = try TemporaryDirectory()
    let notCorpus = try dir.write("a.jsonl", text: #"{"hello": 1}"# + "\n")
    #expect { try SwipeCorpus.readAll(path: notCorpus) } throws: {
      ($0 as? InputFileError)?.description.hasPrefix("\(notCorpus):1: not a KeyBench swipe corpus") == true
    }
    let newer = try dir.write(
      "b.jsonl", text: #"{"format":"keybench-swipes","version":9,"createdBy":"x","provenance":{}}"# + "\n")
    #expect { try SwipeCorpus.readAll(path: newer) } throws: {
      ($0 as? InputFileError)?.reason == "format version 9 is newer than this KeyBench reads (1)"
    }
    let header = #"{"format":"keybench-swipes","version":1,"createdBy":"x","provenance":{}}"#
    let record = #"{"id":"a","word":"w","source":"s","layout":{"device":"hws"},"points":[[1,2]],"flags":[]}"#
    let bad = try dir.write("c.jsonl", text: header + "\n\n" + record + "\n")
    #expect { try SwipeCorpus.readAll(path: bad) } throws: { error in
      guard let error = error as? InputFileError else { return false }
      return error.line == 3 && error.reason.hasPrefix("gesture 'a': bad gesture record: wrong type at 'points.[0].[2]'")
    }
    let unknownFlag = try dir.write("d.jsonl", text: header + "\n" + record.replacingOccurrences(of: "[[1,2]]", with: "[[1,2,3]]").replacingOccurrences(of: #""flags":[]"#, with: #""flags":["wobbly"]"#) + "\n")
    #expect { try SwipeCorpus.readAll(path: unknownFlag) } throws: { ($0 as? InputFileError)?.line == 2 }
  }

  static let header = #"{"format":"keybench-swipes","version":1,"createdBy":"x","provenance":{}}"#

  /// A one-gesture corpus whose record has `layout` and `points` as given (JSON text).
  private func corpus(_ dir: TemporaryDirectory, layout: String = #"{"device":"hws","width":360,"height":197}"#, points: String = "[[1,2,0],[3,4,16]]", id: String = "hws/u/7") throws -> String {
    try dir.write(
      "c.jsonl",
      text: Self.header + "\n" + #"{"id":"\#(id)","word":"hi","source":"s","layout":\#(layout),"points":\#(points),"flags":[]}"# + "\n")
  }

  @Test(arguments: [
    (#"{"device":"hws","width":0,"height":197}"#, "[[1,2,0]]", "the canvas width 0.0 is not a positive size of at most 100000"),
    (#"{"device":"hws","width":360,"height":-5}"#, "[[1,2,0]]", "the canvas height -5.0 is not a positive size"),
    (#"{"device":"hws","width":1e300,"height":197}"#, "[[1,2,0]]", "the canvas width 1e+300 is not a positive size"),
    (#"{"device":"hws","width":360}"#, "[[1,2,0]]", "the layout gives a canvas width but no height"),
    (#"{"device":""}"#, "[[1,2,0]]", "the layout names no device"),
    (#"{"device":"hws"}"#, "[]", "it has no points"),
    (#"{"device":"hws"}"#, "[[1,2,0],[3,4,-16]]", "point 2: the time -16.0 ms is negative"),
    (#"{"device":"hws"}"#, "[[1,2,0],[3,4,4e6]]", "point 2: the time 4000000.0 ms is beyond 3600000 ms"),
    (#"{"device":"hws"}"#, "[[1,2e300,0]]", "point 1: y = 2e+300 is beyond ±1000000"),
  ])
  func valuesOutOfRangeAreRefusedWithFileLineAndGesture(layout: String, points: String, reason: String) throws {
    let dir = try TemporaryDirectory()
    let path = try corpus(dir, layout: layout, points: points)
    #expect { try SwipeCorpus.readAll(path: path) } throws: { error in
      (error as? InputFileError)?.description.hasPrefix("\(path):2: gesture 'hws/u/7': \(reason)") == true
    }
  }

  @Test func numbersJSONCannotHoldAreRefusedWithTheGestureId() throws {
    let dir = try TemporaryDirectory()
    for points in ["[[1e400,2,0]]", "[[NaN,2,0]]", "[[1,2,Infinity]]"] {
      let path = try corpus(dir, points: points)
      #expect { try SwipeCorpus.readAll(path: path) } throws: { error in
        guard let error = error as? InputFileError else { return false }
        return error.line == 2 && (error.reason.hasPrefix("gesture 'hws/u/7': ") || error.reason.contains("invalid JSON"))
      }
    }
    // Too many points is refused, however well-formed.
    let many = "[" + Array(repeating: "[1,2,3]", count: SwipeGesture.Limits.maximumPoints + 1).joined(separator: ",") + "]"
    let path = try corpus(dir, points: many)
    #expect { try SwipeCorpus.readAll(path: path) } throws: {
      ($0 as? InputFileError)?.reason == "gesture 'hws/u/7': it has 100001 points; at most 100000 are accepted"
    }
  }

  @Test func invalidUTF8IsRefusedBeforeParsingWithItsLine() throws {
    let dir = try TemporaryDirectory()
    let record = Array(#"{"id":"a","word":"h"#.utf8) + [0xC3, 0x28] + Array(#"","source":"s","layout":{"device":"hws"},"points":[[1,2,0]],"flags":[]}"#.utf8)
    let path = try dir.write("u.jsonl", bytes: Array((Self.header + "\n").utf8) + record + [0x0A])
    #expect { try SwipeCorpus.readAll(path: path) } throws: {
      ($0 as? InputFileError)?.kind == .invalidUTF8 && ($0 as? InputFileError)?.line == 2
    }
  }

  @Test func aHugeBadHeaderIsQuotedInAShortExcerpt() throws {
    let dir = try TemporaryDirectory()
    for (name, line) in [
      ("long", #"{"format":""# + String(repeating: "x", count: 10_000_000) + #""}"#),
      ("json", #"{"format":"other","pad":""# + String(repeating: "y", count: 500_000) + #""}"#),
      ("text", String(repeating: "z", count: 100_000)),
    ] {
      let path = try dir.write("\(name).jsonl", text: line + "\n")
      #expect { try SwipeCorpus.readAll(path: path) } throws: { error in
        let text = "\(error)"
        return text.hasPrefix("\(path):1: not a KeyBench swipe corpus") && text.count < path.count + 400
      }
    }
  }

  @Test func layoutsAreCheckedWithAResolverAndNamedWithTheGesture() throws {
    let dir = try TemporaryDirectory()
    let resolver = LayoutResolver(catalog: try DeviceCatalog.shipped())
    let good = try corpus(dir)
    #expect(try SwipeCorpus.readAll(path: good, layouts: resolver).gestures.count == 1)
    for (layout, reason) in [
      (#"{"device":"nokia3310"}"#, "layout nokia3310: unknown device 'nokia3310'"),
      (#"{"device":"iphone5","variant":"dvorak"}"#, "layout iphone5/dvorak: device 'iphone5' has no layout 'dvorak'"),
      (#"{"device":"hws","width":3,"height":2}"#, "layout hws 3×2: device 'hws': canvas 3x2"),
    ] {
      let path = try corpus(dir, layout: layout)
      // Without a resolver the record itself is fine; with one, its layout is checked.
      #expect(try SwipeCorpus.readAll(path: path).gestures.count == 1)
      #expect { try SwipeCorpus.readAll(path: path, layouts: resolver) } throws: { error in
        (error as? InputFileError)?.description.hasPrefix("\(path):2: gesture 'hws/u/7': \(reason)") == true
      }
    }
    #expect("\(LayoutReference(device: "hws", width: 360, height: 197.5))" == "hws 360×197.5")
    #expect("\(LayoutReference(device: "iphone5", variant: "qwertz-de"))" == "iphone5/qwertz-de")
  }

  @Test func theWriterRefusesValuesItsReaderWouldAndNamesTheOutput() throws {
    let dir = try TemporaryDirectory()
    let path = dir.path("w.jsonl")
    for points in [[TimedPoint(x: .nan, y: 1, t: 0)], [TimedPoint(x: 1, y: .infinity, t: 0)], [TimedPoint(x: 1, y: 1, t: -1)], []] {
      let writer = try SwipeCorpus.Writer(path: path, header: .init(createdBy: "test"))
      var bad = gesture
      bad.points = points
      #expect { try writer.append(bad) } throws: { error in
        guard let error = error as? SwipeCorpus.InvalidGesture else { return false }
        return error.path == path && error.id == "x/1" && "\(error)".hasPrefix("\(path): cannot write gesture 'x/1': ")
      }
      #expect(writer.count == 0)
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    // An output that cannot be created is one sentence naming it, not a Foundation dump.
    let blocked = try dir.write("file", text: "x") + "/c.jsonl"
    #expect { try SwipeCorpus.Writer(path: blocked, header: .init(createdBy: "test")) } throws: { error in
      let text = "\(error)"
      return (error as? InputFileError)?.path == blocked && !text.contains("NSCocoaErrorDomain") && !text.contains("Error Domain")
    }
  }
}
