import Foundation
import KeyBenchCore
import KeyBenchGeometry
public import KeyBenchKeyboard
import KeyBenchResults

/// Asks one keyboard about every typed word of every sentence, in kebbie's order (next word
/// once the sentence has begun, completion of the begun word, correction of the typed word,
/// the swipe), with the committed words before it, and turns each answer into a results row.
public struct KeyboardScorer {
  /// kebbie's F-β: β = 0.9 weighs precision a little above recall.
  public static let beta = 0.9
  public let top: Int

  public init(top: Int) { self.top = top }

  /// The extra results.csv columns, after the shared ones.
  public static let columns = [
    "task", "kind", "answered", "sentence", "typed", "typos", "words", "literal_errors", "errors", "chars",
    "literal_char_errors", "char_errors", "tp1", "tpfp1", "tp3", "tpfp3", "f1_num", "f1_den", "f3_num", "f3_den",
  ]

  /// One keyboard's rows (fields in ``ResultRow/columns`` + ``columns`` order) and call times by task.
  public struct Scored: Sendable {
    public var keyboard: String
    public var tasks: Set<KeyboardTask>
    public var rows: [[String]]
    /// Microseconds per answered call, by task.
    public var times: [KeyboardTask: [Double]]
    /// Resident memory (MiB) of the process once this keyboard had answered everything, and the
    /// peak so far: keyboards run one after the other, so growth between them is each one's cost.
    public var residentMiB: Double? = ProcessMemory.residentBytes().map { Double($0) / 1_048_576 }
    public var peakMiB: Double? = ProcessMemory.peakResidentBytes().map { Double($0) / 1_048_576 }
  }

  /// One results.csv row: the shared fields, then ``columns``. Correction rows carry kebbie's
  /// counts (a positive is a word typed with an error; a hit is the first — top-3: any of the
  /// first three — candidate equal to the intended word) as per-row numerators and
  /// denominators, so precision, recall and F-β are ratios the bootstrap can resample.
  public static func row(
    keyboard: String, item: String, group: String, task: KeyboardTask, target: String, answer: [String], answered: Bool, time: Double?,
    sentence: Int, typed: String, word: TypedWord
  ) -> [String] {
    let rank = answer.firstIndex(of: target).map { $0 + 1 }
    var extra = [task.rawValue, task.rawValue, answered ? "1" : "0", String(sentence), typed, String(word.typos)]
    if task == .correct {
      let typo = word.typos > 0
      let hit1 = rank == 1, hit3 = rank.map { $0 <= 3 } ?? false
      let committed = answer.first ?? word.typed
      let b2 = beta * beta
      func f(_ hit: Bool) -> (Double, Double) {
        let tp = typo && hit ? 1.0 : 0, fn = typo && !hit ? 1.0 : 0, fp = !typo && !hit ? 1.0 : 0
        return ((1 + b2) * tp, (1 + b2) * tp + b2 * fn + fp)
      }
      let (f1n, f1d) = f(hit1), (f3n, f3d) = f(hit3)
      extra[1] = typo ? "correct-typo" : "correct-clean"
      extra += [
        String(word.words), word.typed == word.intended ? "0" : String(word.words), committed == word.intended ? "0" : String(word.words),
        String(word.intended.count),
        String(EditDistance.levenshtein(Array(word.typed), Array(word.intended))),
        String(EditDistance.levenshtein(Array(committed), Array(word.intended))),
        typo && hit1 ? "1" : "0", (typo && hit1) || (!typo && !hit1) ? "1" : "0",
        typo && hit3 ? "1" : "0", (typo && hit3) || (!typo && !hit3) ? "1" : "0",
        CSV.number(f1n), CSV.number(f1d), CSV.number(f3n), CSV.number(f3d),
      ]
    } else {
      extra += Array(repeating: "", count: columns.count - extra.count)
    }
    return ResultRow(algorithm: keyboard, item: item, group: group, target: target, rank: rank, candidates: answer, timeMicroseconds: time).fields + extra
  }

  public func score(_ keyboard: any Keyboard, sentences: [TypedSentence]) throws -> Scored {
    var rows: [[String]] = []
    var times: [KeyboardTask: [Double]] = [:]
    let clock = ContinuousClock()
    var lastTypist: Int?
    let aware = keyboard as? any ItemAware
    for sentence in sentences {
      if sentence.typist != lastTypist {
        keyboard.reset()
        lastTypist = sentence.typist
      }
      let group = String(format: "typist %03d", sentence.typist + 1)
      var previous: [String] = []
      for (w, word) in sentence.words.enumerated() {
        let intendedWords = word.intended.split(separator: " ").map(String.init)
        func ask(_ task: KeyboardTask, target: String, typed: String, _ call: () throws -> [String]) throws -> (answer: [String], answered: Bool) {
          let item = "s\(sentence.index + 1)/w\(w + 1)/\(task.rawValue)"
          var answer: [String] = []
          var time: Double?
          let answered = keyboard.tasks.contains(task)
          if answered {
            aware?.begin(item: item)
            let began = clock.now
            answer = Array(try call().prefix(top))
            let elapsed = began.duration(to: clock.now)
            time = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
            times[task, default: []].append(time!)
          }
          let row = Self.row(
            keyboard: keyboard.name, item: item, group: group, task: task, target: target, answer: answer, answered: answered,
            time: time, sentence: sentence.index + 1, typed: typed, word: word)
          rows.append(row)
          return (answer, answered)
        }
        if !previous.isEmpty, let first = intendedWords.first {
          _ = try ask(.next, target: first, typed: "") { try keyboard.next(previous: previous, limit: top) }
        }
        if let length = word.completionLength {
          let prefix = String(word.typed.prefix(length))
          _ = try ask(.complete, target: word.intended, typed: prefix) {
            try keyboard.complete(prefix, taps: Array(word.taps.prefix(length)), previous: previous, limit: top)
          }
        }
        _ = try ask(.correct, target: word.intended, typed: word.typed) {
          try keyboard.correct(word.typed, taps: word.taps, previous: previous, limit: top)
        }
        if let trace = word.swipe {
          _ = try ask(.swipe, target: word.intended, typed: "") { try keyboard.swipe(trace, previous: previous, limit: top) }
        }
        for intended in intendedWords {
          keyboard.learn(intended, previous: previous, typed: word.words == 1 ? word.typed : "", taps: word.words == 1 ? word.taps : nil)
          previous.append(intended)
        }
      }
    }
    return Scored(keyboard: keyboard.name, tasks: keyboard.tasks, rows: rows, times: times)
  }
}
