import Foundation
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchGeometry
public import KeyBenchTouch

/// The figures a touch run is judged by, computed from per-tap decisions only.
public struct TouchSummary: Sendable {
  /// Error rates of every resolver over a group of taps (one device, or all real taps).
  public struct Group: Sendable {
    public var name: String
    public var source: String
    public var taps: Int
    public var rows: [Row]
  }

  public struct Row: Sendable {
    public var resolver: TouchResolverKind
    public var errors: Int
    public var keyErrorRate: Double
    /// Static regions' error rate ÷ this resolver's (> 1: fewer errors than static).
    public var reductionVsStatic: Double
    /// Median and p90 over timed chunks of the mean nanoseconds per touch.
    public var nsPerTouch: Double
    public var nsPerTouchP90: Double

    /// The reduction as people read it, where a ratio cannot say it: `1.80×`, `all` (this
    /// resolver makes no error, static regions some), or `n/a` with the reason.
    public var reductionText: String {
      if reductionVsStatic.isFinite { return NumberFormatting.ratio(reductionVsStatic) }
      if reductionVsStatic == .infinity { return "all" }
      return keyErrorRate == 0 ? "n/a (static regions make no errors either)" : "n/a (static regions not run)"
    }
  }

  /// One letter's taps in the pooled simulated groups.
  public struct Letter: Sendable {
    public var letter: Character
    public var taps: Int
    /// Error rate per resolver, in run order.
    public var errorRates: [Double]
    /// The letter most often resolved instead, with its share of the letter's taps, per resolver.
    public var topConfusions: [(Character, Double)?]
  }

  /// Measured touch offsets of a real-tap set beside the Bi & Zhai prediction for its geometry.
  public struct Spread: Sendable {
    public var name: String
    public var measured: SpreadMeasurement
    public var predictedX: Double
    public var predictedY: Double
    public var keyWidth: Double
  }

  public var kinds: [TouchResolverKind]
  /// Per simulated device, then the pooled `simulated` and `hws` groups when present.
  public var groups: [Group] = []
  public var letters: [Letter] = []
  /// Per resolver: intended letter → resolved letter → taps, over the simulated taps (cells with
  /// taps only), for the confusion heat maps.
  public var confusion: [String: [String: [String: Int]]] = [:]
  public var spreads: [Spread] = []
  /// All real taps pooled, offsets in key widths (so canvases of every size add up).
  public var pooledSpread: Spread?
  /// The resolver with the lowest pooled simulated (else real) error rate.
  public var best: Row?

  public init(run: TouchBenchmark.Run) {
    kinds = run.kinds
    func group(_ name: String, source: String, indices: [Int]) -> Group {
      let taps = indices.reduce(0) { $0 + run.sets[$1].taps.count }
      var rows: [Row] = []
      for (k, kind) in run.kinds.enumerated() {
        var errors = 0
        var times: [Double] = []
        for s in indices {
          let outcome = run.outcomes[s][k]
          for (tap, resolved) in zip(run.sets[s].taps, outcome.resolved) where tap.intended != resolved { errors += 1 }
          times += outcome.nanosecondsPerTouch
        }
        let timing = Distribution(times)
        rows.append(Row(
          resolver: kind, errors: errors, keyErrorRate: taps == 0 ? .nan : Double(errors) / Double(taps),
          reductionVsStatic: .nan, nsPerTouch: timing.count == 0 ? .nan : timing.median,
          nsPerTouchP90: timing.count == 0 ? .nan : timing.quantile(0.9)))
      }
      if let baseline = rows.first(where: { $0.resolver == .static }) {
        for index in rows.indices {
          rows[index].reductionVsStatic = baseline.keyErrorRate / rows[index].keyErrorRate
        }
      }
      return Group(name: name, source: source, taps: taps, rows: rows)
    }
    let simulated = run.sets.indices.filter { run.sets[$0].source == "simulated" }
    let real = run.sets.indices.filter { run.sets[$0].source != "simulated" }
    groups = simulated.map { group(run.sets[$0].name, source: "simulated", indices: [$0]) }
    if simulated.count > 1 { groups.append(group("simulated", source: "simulated", indices: simulated)) }
    if !real.isEmpty { groups.append(group("hws", source: "hws", indices: real)) }
    let pooled = groups.last { $0.source == "simulated" } ?? groups.last
    best = pooled?.rows.min { $0.keyErrorRate < $1.keyErrorRate }

    // Per letter over the simulated taps (real taps only cover first and last letters).
    if let first = simulated.first {
      let alphabet = run.sets[first].keyboard.alphabet.letters
      var taps = [Int](repeating: 0, count: alphabet.count)
      var confusion = [[Int]](repeating: [Int](repeating: 0, count: alphabet.count * alphabet.count), count: run.kinds.count)
      for s in simulated where run.sets[s].keyboard.alphabet.letters == alphabet {
        for (index, tap) in run.sets[s].taps.enumerated() {
          taps[tap.intended] += 1
          for k in run.kinds.indices {
            confusion[k][tap.intended * alphabet.count + run.outcomes[s][k].resolved[index]] += 1
          }
        }
      }
      for (k, kind) in run.kinds.enumerated() {
        var matrix: [String: [String: Int]] = [:]
        for intended in alphabet.indices where taps[intended] > 0 {
          for resolved in alphabet.indices where confusion[k][intended * alphabet.count + resolved] > 0 {
            matrix[String(alphabet[intended]), default: [:]][String(alphabet[resolved])] = confusion[k][intended * alphabet.count + resolved]
          }
        }
        self.confusion[kind.rawValue] = matrix
      }
      letters = alphabet.indices.filter { taps[$0] > 0 }.map { letter in
        let n = Double(taps[letter])
        var rates: [Double] = []
        var tops: [(Character, Double)?] = []
        for k in run.kinds.indices {
          let row = Array(confusion[k][(letter * alphabet.count)..<((letter + 1) * alphabet.count)])
          rates.append(Double(row.enumerated().filter { $0.offset != letter }.reduce(0) { $0 + $1.element }) / n)
          let wrong = row.enumerated().filter { $0.offset != letter && $0.element > 0 }.max { $0.element < $1.element }
          tops.append(wrong.map { (alphabet[$0.offset], Double($0.element) / n) })
        }
        return Letter(letter: alphabet[letter], taps: taps[letter], errorRates: rates, topConfusions: tops)
      }.sorted { $0.letter < $1.letter }
    }

    spreads = real.map { s in
      let set = run.sets[s]
      let widths = set.keyboard.widths.sorted()
      return Spread(
        name: set.name, measured: set.measuredSpread, predictedX: set.spread.sigmaX, predictedY: set.spread.sigmaY,
        keyWidth: widths[widths.count / 2])
    }
    if !real.isEmpty {
      var offsets: [KeyBenchGeometry.Point] = []
      var predictedX = 0.0
      var predictedY = 0.0
      for (s, spread) in zip(real, spreads) {
        let keyboard = run.sets[s].keyboard
        for tap in run.sets[s].taps {
          let center = keyboard.centers[tap.intended]
          offsets.append(.init(x: (tap.point.x - center.x) / spread.keyWidth, y: (tap.point.y - center.y) / spread.keyWidth))
        }
        predictedX += spread.predictedX / spread.keyWidth * Double(spread.measured.count)
        predictedY += spread.predictedY / spread.keyWidth * Double(spread.measured.count)
      }
      let n = Double(max(offsets.count, 1))
      pooledSpread = Spread(
        name: "all canvases, in key widths", measured: SpreadMeasurement(offsets: offsets), predictedX: predictedX / n,
        predictedY: predictedY / n, keyWidth: 1)
    }
  }
}
