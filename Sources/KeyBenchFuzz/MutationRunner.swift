public import Foundation
import KeyBenchCore

/// A seeded, deterministic mutation fuzzer: the fallback when the toolchain has no libFuzzer,
/// and the CI smoke test's runner.
///
/// It runs every seed once, then mutants of the seeds and of earlier mutants the target
/// accepted (an accepted input got past the parser's checks, so its mutants reach deeper code —
/// a crude stand-in for coverage feedback). Mutations are libFuzzer's byte-level ones plus
/// tokens taken from the seeds and values known to break parsers (huge and non-finite numbers,
/// invalid UTF-8, XML and JSON fragments). The same seed always gives the same inputs.
public struct FuzzMutator {
  private var random: SeededGenerator
  private let seeds: [[UInt8]]
  private var pool: [[UInt8]]
  private let tokens: [[UInt8]]
  /// Longest input produced; mutants are cut to it (libFuzzer's `-max_len`).
  public let maxLength: Int

  /// The most accepted mutants kept as bases for further mutation.
  static let poolCapacity = 256

  /// A mutator over `seeds`; the same `seed` always yields the same sequence of inputs.
  public init(seeds: [Data], seed: UInt64, maxLength: Int) {
    random = SeededGenerator(seed: seed)
    let bases = seeds.isEmpty ? [[]] : seeds.map { [UInt8]($0) }
    self.seeds = bases
    pool = bases
    self.maxLength = max(1, maxLength)
    tokens = Self.tokens(from: bases) + Self.interesting
  }

  /// The next input to try.
  public mutating func next() -> Data {
    var bytes = pick() ?? []
    let stacked = random.next() % 8 == 0 ? 1 + Int(random.next() % 16) : 1 + Int(random.next() % 4)
    for _ in 0..<stacked { mutate(&bytes) }
    if bytes.count > maxLength { bytes.removeLast(bytes.count - maxLength) }
    return Data(bytes)
  }

  /// Keeps `input` (which the target accepted) as a base for later mutants.
  public mutating func keep(_ input: Data) {
    if pool.count < Self.poolCapacity {
      pool.append([UInt8](input))
    } else {
      pool[seeds.count + Int(random.next() % UInt64(Self.poolCapacity - seeds.count))] = [UInt8](input)
    }
  }

  private mutating func pick() -> [UInt8]? {
    random.next() % 4 == 0 ? seeds[index(seeds.count)] : pool[index(pool.count)]
  }

  private mutating func index(_ count: Int) -> Int { count <= 1 ? 0 : Int(random.next() % UInt64(count)) }

  private mutating func position(_ bytes: [UInt8]) -> Int { index(bytes.count + 1) }

  private mutating func mutate(_ bytes: inout [UInt8]) {
    if !apply(Int(random.next() % 16), to: &bytes) {
      // The mutation needs bytes or structure the input lacks: insert something instead.
      bytes.insert(contentsOf: tokens[index(tokens.count)], at: position(bytes))
    }
  }

  /// Applies mutation `kind`; false when it does not apply to `bytes`.
  private mutating func apply(_ kind: Int, to bytes: inout [UInt8]) -> Bool {
    switch kind {
    case 0:  // flip a bit
      guard !bytes.isEmpty else { return false }
      bytes[index(bytes.count)] ^= 1 << UInt8(random.next() % 8)
    case 1:  // random byte
      guard !bytes.isEmpty else { return false }
      bytes[index(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
    case 2:  // a byte parsers treat specially
      guard !bytes.isEmpty else { return false }
      bytes[index(bytes.count)] = Self.specialBytes[index(Self.specialBytes.count)]
    case 3:  // delete a range
      guard !bytes.isEmpty else { return false }
      let start = index(bytes.count)
      bytes.removeSubrange(start..<min(bytes.count, start + 1 + index(16)))
    case 4:  // insert random bytes
      let count = 1 + index(8)
      bytes.insert(contentsOf: (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: position(bytes))
    case 5:  // copy a chunk elsewhere
      guard !bytes.isEmpty else { return false }
      let chunk = self.chunk(bytes, upTo: 64)
      bytes.insert(contentsOf: chunk, at: position(bytes))
    case 6, 7:  // a token (from the seeds, or a value that breaks parsers)
      let token = tokens[index(tokens.count)]
      if !bytes.isEmpty && random.next() % 2 == 0 {
        let start = index(bytes.count)
        bytes.replaceSubrange(start..<min(bytes.count, start + token.count), with: token)
      } else {
        bytes.insert(contentsOf: token, at: position(bytes))
      }
    case 8:  // replace a number with another
      guard let range = numberRange(in: bytes) else { return false }
      bytes.replaceSubrange(range, with: Self.numbers[index(Self.numbers.count)])
    case 9:  // splice with another input
      let other = pool[index(pool.count)]
      bytes = Array(bytes.prefix(position(bytes))) + Array(other.suffix(from: index(other.count + 1)))
    case 10:  // truncate
      guard !bytes.isEmpty else { return false }
      bytes.removeLast(1 + index(bytes.count))
    case 11:  // repeat a chunk many times (long lines, deep nesting, quadratic work)
      guard !bytes.isEmpty else { return false }
      let chunk = self.chunk(bytes, upTo: 8)
      let times = 2 + index(min(256, max(2, (maxLength - bytes.count) / max(1, chunk.count))))
      bytes.insert(contentsOf: Array([[UInt8]](repeating: chunk, count: times).joined()), at: position(bytes))
    case 12:  // swap two bytes
      guard bytes.count > 1 else { return false }
      bytes.swapAt(index(bytes.count), index(bytes.count))
    case 13:  // duplicate a line
      guard let line = lineRange(in: bytes) else { return false }
      bytes.insert(contentsOf: bytes[line], at: line.lowerBound)
    case 14:  // delete a line
      guard let line = lineRange(in: bytes) else { return false }
      bytes.removeSubrange(line)
    default:  // invalid UTF-8
      bytes.insert(contentsOf: Self.invalidUTF8[index(Self.invalidUTF8.count)], at: position(bytes))
    }
    return true
  }

  private mutating func chunk(_ bytes: [UInt8], upTo length: Int) -> [UInt8] {
    let start = index(bytes.count)
    return Array(bytes[start..<min(bytes.count, start + 1 + index(length))])
  }

  /// The digits (with sign, point and exponent) around a random position, if it is in a number.
  private mutating func numberRange(in bytes: [UInt8]) -> Range<Int>? {
    guard !bytes.isEmpty else { return nil }
    func isNumeric(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
    }
    let start = index(bytes.count)
    guard let digit = bytes[start...].firstIndex(where: { $0 >= 0x30 && $0 <= 0x39 })
      ?? bytes[..<start].lastIndex(where: { $0 >= 0x30 && $0 <= 0x39 })
    else { return nil }
    var low = digit
    var high = digit + 1
    while low > 0 && isNumeric(bytes[low - 1]) { low -= 1 }
    while high < bytes.count && isNumeric(bytes[high]) { high += 1 }
    return low..<high
  }

  /// A whole line (with its newline) around a random position.
  private mutating func lineRange(in bytes: [UInt8]) -> Range<Int>? {
    guard !bytes.isEmpty else { return nil }
    let at = index(bytes.count)
    let low = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    let high = bytes[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
    return low < high ? low..<high : nil
  }

  /// Words, numbers and punctuation runs of the seeds, so mutants speak the format.
  static func tokens(from seeds: [[UInt8]]) -> [[UInt8]] {
    var seen = Set<[UInt8]>()
    for seed in seeds {
      var current: [UInt8] = []
      for byte in seed + [0x20] {
        let isWord = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
          || byte == UInt8(ascii: "_") || byte >= 0x80
        if isWord {
          current.append(byte)
        } else {
          if (1...32).contains(current.count) { seen.insert(current) }
          current = []
          if byte > 0x20 && byte < 0x7f { seen.insert([byte]) }
        }
      }
    }
    return seen.sorted { $0.lexicographicallyPrecedes($1) }.prefix(1024).map { $0 }
  }

  static let specialBytes: [UInt8] =
    [0x00, 0xff, 0x7f, 0x80, 0xc3, 0xe2, 0x0a, 0x0d, 0x09, 0x20] + Array(#"",=:;<>{}[]/\_$*#&.-+|~%@!?'"#.utf8)

  static let numbers: [[UInt8]] = [
    "0", "-0", "1", "-1", "2", "-2", "3", "7", "15", "16", "255", "256", "-129", "1000", "65535", "65536",
    "2147483647", "2147483648", "-2147483649", "4294967296", "9223372036854775807", "9223372036854775808",
    "-9223372036854775809", "18446744073709551616", "1000000000", "99999999999999999999999", "1e9", "1e15",
    "1e20", "1e300", "1e308", "1e309", "-1e308", "1e-320", "4.9e-324", "2.2250738585072014e-308", "0.0", "-0.0",
    "0.5", "1.5", "1e-9", "NaN", "nan", "inf", "-inf", "Infinity", "-Infinity", "+1", ".5", "5.", "1e", "0x10",
    "00000001", "1.7976931348623157e308", "-1.7976931348623157e308",
  ].map { Array($0.utf8) }

  static let invalidUTF8: [[UInt8]] = [
    [0xff], [0xfe], [0x80], [0xc3], [0xc0, 0xaf], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80],
    [0xf8, 0x88, 0x80, 0x80, 0x80], [0xef, 0xbb, 0xbf],
  ]

  static let interesting: [[UInt8]] =
    numbers
    + [
      "null", "true", "false", "[]", "{}", "\"\"", "[[[[[[[[[[[[[[[[", "{\"\":{\"\":{\"\":", "\\u0000", "\\ud800",
      "\\uDFFF", "\"\\", "<!--", "-->", "<?xml version=\"1.0\"?>", "<?pi x?>", "<!DOCTYPE a [<!ENTITY x \"xxxxxxxx\">]>",
      "&x;", "&amp;", "&#0;", "&#xFFFF;", "&#1114112;", "<![CDATA[", "]]>", "</", "/>", "<a>", "xmlns:a=\"b\"",
      "\t", "\r\n", "\r", "\n\n", "  ", "\0", "é", "e\u{301}", "ß", "ü", "Ü", "😀", "\u{202E}", "\u{FFFD}",
      "\u{2028}", "İ", "ǅ", "ﬁ",
    ].map { Array($0.utf8) }
    + invalidUTF8
}

/// What a mutation run did.
public struct FuzzRunResult: Sendable {
  /// The target's name.
  public var target: String
  /// Executions so far, seeds included.
  public var executions = 0
  /// Executions the target accepted without throwing.
  public var accepted = 0
  /// The longest single execution and its input (a hang in the making).
  public var slowest: Duration = .zero
  public var slowestInput = Data()
  /// Wall time since the run started.
  public var elapsed: Duration = .zero

  /// Executions per second of wall time.
  public var executionsPerSecond: Double {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return seconds > 0 ? Double(executions) / seconds : 0
  }
}

/// Runs a target over its seeds and then ``FuzzMutator`` mutants.
public enum MutationRunner {
  /// Runs `target` `runs` times: each seed once (in order), then mutants. `beforeEach` sees every
  /// input before it runs (the standalone runner keeps it for a crash report).
  public static func run(
    _ target: FuzzTarget, seeds: [Data], runs: Int, seed: UInt64 = 1, maxLength: Int = 8192,
    beforeEach: (Data) -> Void = { _ in }, afterEach: (FuzzRunResult) -> Void = { _ in }
  ) -> FuzzRunResult {
    var mutator = FuzzMutator(seeds: seeds, seed: stableHash(target.name) ^ seed, maxLength: maxLength)
    var result = FuzzRunResult(target: target.name)
    let clock = ContinuousClock()
    let began = clock.now
    for execution in 0..<max(0, runs) {
      let input = execution < seeds.count ? seeds[execution] : mutator.next()
      beforeEach(input)
      let start = clock.now
      let accepted = FuzzTargets.execute(target, input)
      let took = start.duration(to: clock.now)
      result.executions += 1
      if accepted {
        result.accepted += 1
        if execution >= seeds.count { mutator.keep(input) }
      }
      if took > result.slowest {
        result.slowest = took
        result.slowestInput = input
      }
      result.elapsed = began.duration(to: clock.now)
      afterEach(result)
    }
    return result
  }

  /// The regular files of `folders` (files given directly are taken as they are), sorted by
  /// path so a run is reproducible; missing folders give nothing.
  public static func inputs(in paths: [String]) -> [(path: String, data: Data)] {
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
      if isDirectory.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        files += names.filter { !$0.hasPrefix(".") }.map { (path as NSString).appendingPathComponent($0) }
      } else {
        files.append(path)
      }
    }
    return files.sorted().compactMap { path in
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
        let data = FileManager.default.contents(atPath: path)
      else { return nil }
      return (path, data)
    }
  }

  /// FNV-1a: a per-target seed that, unlike `Hasher`, is the same in every process.
  static func stableHash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
  }
}
