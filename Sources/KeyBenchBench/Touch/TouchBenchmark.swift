public import KeyBenchCore
import Foundation
public import KeyBenchTouch

/// Everything a touch run can tune: the resolvers, the simulated touch error and the letter model.
public struct TouchConfig: Sendable, Codable, Equatable {
  public struct Model: Sendable, Codable, Equatable {
    /// 1 unigram, 2 bigram (seed 004), 3 trigram (its future work).
    public var order = 2
    /// Pseudo-counts toward the next-shorter context (see ``LetterModel``).
    public var smoothing = 20.0
  }

  public var resolvers = TouchResolverConfig()
  public var simulation = TapSimulator.Config()
  public var model = Model()

  public init() {}
}

/// Runs every resolver over tap sets, recording each decision and how long resolution took.
public struct TouchBenchmark {
  /// Taps timed together; their mean is one sample of the per-touch time.
  public static let timingChunk = 1000

  public let kinds: [TouchResolverKind]
  public let config: TouchConfig
  /// The letter model for a keyboard's alphabet (layouts may order their keys differently).
  public let model: (LetterAlphabet) -> LetterModel

  public init(kinds: [TouchResolverKind], config: TouchConfig, model: @escaping (LetterAlphabet) -> LetterModel) {
    self.kinds = kinds
    self.config = config
    self.model = model
  }

  /// One resolver on one tap set.
  public struct Outcome: Sendable {
    public var resolver: TouchResolverKind
    /// Resolved key per tap, in the set's order.
    public var resolved: [Int]
    /// Mean nanoseconds per touch of each timed chunk.
    public var nanosecondsPerTouch: [Double]
  }

  /// A finished run: the tap sets and, per set, one outcome per resolver (in `kinds` order).
  public struct Run: Sendable {
    public var sets: [TapSet]
    public var outcomes: [[Outcome]]
    public var kinds: [TouchResolverKind]
    public var model: LetterModel?
  }

  public func run(sets: [TapSet]) -> Run {
    var outcomes: [[Outcome]] = []
    var lastModel: LetterModel?
    for set in sets {
      let letterModel = model(set.keyboard.alphabet)
      lastModel = letterModel
      outcomes.append(kinds.map { kind in
        let resolver = kind.make(keyboard: set.keyboard, model: letterModel, spread: set.spread, config: config.resolvers)
        return Self.measure(resolver, kind: kind, taps: set.taps)
      })
    }
    return Run(sets: sets, outcomes: outcomes, kinds: kinds, model: lastModel)
  }

  static func measure(_ resolver: some TouchResolver, kind: TouchResolverKind, taps: [Tap]) -> Outcome {
    var resolved = [Int](repeating: 0, count: taps.count)
    var times: [Double] = []
    let clock = ContinuousClock()
    var start = 0
    while start < taps.count {
      let end = min(start + timingChunk, taps.count)
      let began = clock.now
      for index in start..<end {
        resolved[index] = resolver.resolve(taps[index].point, after: taps[index].context)
      }
      let elapsed = began.duration(to: clock.now)
      let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
      times.append(nanoseconds / Double(end - start))
      start = end
    }
    return Outcome(resolver: kind, resolved: resolved, nanosecondsPerTouch: times)
  }
}

extension TouchConfig: ValidatedConfig {
  /// Ranges that keep resolution meaningful and bounded (a letter-model order above 3 has no
  /// table; a zero spread scale or cut-off divides by zero).
  public func validationErrors() -> [String] {
    var check = RangeCheck()
    check.number("resolvers.shiftMultiplier", resolvers.shiftMultiplier, in: 0...100)
    check.number("resolvers.minWidthRatio", resolvers.minWidthRatio, in: 0...1)
    check.positive("resolvers.sigmaScale", resolvers.sigmaScale, atMost: 100)
    check.positive("resolvers.cutoffSigmas", resolvers.cutoffSigmas, atMost: 20)
    check.number("simulation.offsetX", simulation.offsetX, in: -5...5)
    check.number("simulation.offsetY", simulation.offsetY, in: -5...5)
    check.number("simulation.spreadScale", simulation.spreadScale, in: 0...100)
    check.integer("model.order", model.order, in: 1...3)
    check.number("model.smoothing", model.smoothing, in: 0...1_000_000)
    return check.errors
  }
}
