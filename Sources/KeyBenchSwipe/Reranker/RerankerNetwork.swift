import Foundation
import KeyBenchCore

/// A re-ranker's numbers: standardisation, linear weights and the optional hidden layer.
///
/// One scoring function for a model file and for the folds of its training.
public struct RerankerScorer: Sendable, Equatable {
  public var mean: [Double]
  public var scale: [Double]
  public var weights: [Double]
  public var network: RerankerNetwork?

  public init(mean: [Double], scale: [Double], weights: [Double], network: RerankerNetwork?) {
    (self.mean, self.scale, self.weights, self.network) = (mean, scale, weights, network)
  }

  /// The score of a candidate with raw features `row`, lower is better (the decoders' convention).
  public func score(_ row: [Double]) -> Double {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: weights.count) { z in
      var logit = 0.0
      for j in weights.indices {
        z[j] = (row[j] - mean[j]) / scale[j]
        logit += weights[j] * z[j]
      }
      if let network { logit += network.contribution(UnsafeBufferPointer(z)) }
      return -logit
    }
  }
}

/// The re-ranker's score: a linear part plus a small hidden layer,
/// logit(z) = w · z + Σₕ vₕ tanh(Wₕ · z + bₕ), z the standardised features.
///
/// The linear part is the conditional-logit fit (``ConditionalLogit``), readable weight by weight;
/// the hidden layer learns what a sum cannot, such as "a far first key matters less on a short,
/// hurried trace". The context features (the last ones) feed only the linear part, so sentence
/// context after the model stays a linear term (``RerankerModel/contextFusionWeights``).
public struct RerankerNetwork: Codable, Sendable, Equatable {
  /// Hidden units × features, row-major; the context features' columns are always 0.
  public var hidden: [Double]
  public var bias: [Double]
  public var output: [Double]

  public init(hidden: [Double], bias: [Double], output: [Double]) {
    (self.hidden, self.bias, self.output) = (hidden, bias, output)
  }

  public var units: Int { bias.count }

  /// The hidden layer's contribution to the logit of standardised features `z`.
  @inline(__always)
  func contribution(_ z: UnsafeBufferPointer<Double>) -> Double {
    let d = z.count
    var total = 0.0
    hidden.withUnsafeBufferPointer { weights in
      for h in 0..<bias.count {
        var pre = bias[h]
        for j in 0..<d { pre += weights[h * d + j] * z[j] }
        total += output[h] * tanh(pre)
      }
    }
    return total
  }

  /// Options of ``train(_:linear:units:epochs:l2:seed:)``.
  public struct Training: Sendable {
    public var units = 16
    public var epochs = 30
    public var l2 = 1e-4
    public var learningRate = 0.005
    public var batch = 256
    public var seed: UInt64 = 1
    public init() {}
  }

  /// Trains the hidden layer and refines `linear` on `groups` (standardised rows, target known)
  /// by mini-batch Adam on the softmax loss over each group; batches are drawn in an order
  /// shuffled by `options.seed`, so the same data gives the same weights.
  public static func train(
    _ groups: [ConditionalLogit.Group], linear: [Double], options: Training
  ) -> (linear: [Double], network: RerankerNetwork) {
    let d = linear.count
    let units = options.units
    var generator = SeededGenerator(seed: options.seed)
    // Parameters, one flat vector: linear (d), hidden (units × d), bias (units), output (units).
    let (hiddenAt, biasAt, outputAt) = (d, d + units * d, d + units * d + units)
    var theta = Array(repeating: 0.0, count: outputAt + units)
    for j in 0..<d { theta[j] = linear[j] }
    let spread = 1 / Double(d).squareRoot()
    // The context features (the last ones) stay out of the hidden layer.
    let inputs = d - RerankFeature.contextFeatures
    for i in 0..<(units * d) where i % d < inputs { theta[hiddenAt + i] = spread * generator.nextGaussian() }
    // Small output weights: training starts at the linear fit and moves away only as it helps.
    for h in 0..<units { theta[outputAt + h] = 0.01 * generator.nextGaussian() }
    var (m, v) = (Array(repeating: 0.0, count: theta.count), Array(repeating: 0.0, count: theta.count))
    let (beta1, beta2) = (0.9, 0.999)
    var step = 0
    var order = Array(groups.indices)
    var gradient = Array(repeating: 0.0, count: theta.count)
    var activation = Array(repeating: 0.0, count: units)
    for _ in 0..<options.epochs {
      order.shuffle(using: &generator)
      for start in stride(from: 0, to: order.count, by: options.batch) {
        for i in gradient.indices { gradient[i] = 0 }
        let batch = order[start..<min(start + options.batch, order.count)]
        for g in batch {
          let rows = groups[g].rows
          var logits = [Double](repeating: 0, count: rows.count)
          var activations = [[Double]](repeating: [], count: rows.count)
          for (r, z) in rows.enumerated() {
            var logit = 0.0
            for j in 0..<d { logit += theta[j] * z[j] }
            for h in 0..<units {
              var pre = theta[biasAt + h]
              for j in 0..<d { pre += theta[hiddenAt + h * d + j] * z[j] }
              activation[h] = tanh(pre)
              logit += theta[outputAt + h] * activation[h]
            }
            logits[r] = logit
            activations[r] = activation
          }
          let top = logits.max()!
          let exps = logits.map { exp($0 - top) }
          let sum = exps.reduce(0, +)
          for (r, z) in rows.enumerated() {
            // d loss / d logit: softmax minus the target's indicator.
            let delta = exps[r] / sum - (r == groups[g].target ? 1 : 0)
            guard delta != 0 else { continue }
            for j in 0..<d { gradient[j] += delta * z[j] }
            for h in 0..<units {
              let a = activations[r][h]
              gradient[outputAt + h] += delta * a
              let back = delta * theta[outputAt + h] * (1 - a * a)
              gradient[biasAt + h] += back
              for j in 0..<inputs { gradient[hiddenAt + h * d + j] += back * z[j] }
            }
          }
        }
        step += 1
        let scale = 1 / Double(batch.count)
        let correction1 = 1 - pow(beta1, Double(step))
        let correction2 = 1 - pow(beta2, Double(step))
        for i in theta.indices {
          let g = gradient[i] * scale + options.l2 * theta[i]
          m[i] = beta1 * m[i] + (1 - beta1) * g
          v[i] = beta2 * v[i] + (1 - beta2) * g * g
          theta[i] -= options.learningRate * (m[i] / correction1) / ((v[i] / correction2).squareRoot() + 1e-8)
        }
      }
    }
    return (
      Array(theta[0..<d]),
      RerankerNetwork(
        hidden: Array(theta[hiddenAt..<biasAt]), bias: Array(theta[biasAt..<outputAt]), output: Array(theta[outputAt...]))
    )
  }
}
