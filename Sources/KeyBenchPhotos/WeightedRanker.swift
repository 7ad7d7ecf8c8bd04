public import KeyBenchCore
import Foundation

/// KeyBench's best ranker: every WordNet link counts, weighted instead of merely present.
///
/// A message noun's weight for a label is the best over its lemmas, senses and links of
/// `senseDecay^(rank−1)` (WordNet's sense order follows tagged frequency) ×
/// the relation's weight × `depthDecay^depth`. A photo scores, summed over the nouns, the
/// best of its labels' noun weight × specificity^`specificityPower` × area^`areaPower`, where
/// specificity is the label's inverse document frequency in the library being searched (a
/// label on every photo says little about which photo is meant) and area the fraction of the
/// image its boxes cover (a small object is rarely what a message is about). The sum is then
/// scaled by the share of the photo's labelled area the message explains, to the power
/// `coveragePower`: a photo dominated by things the message never mentions is a worse match.
public struct WeightedRanker: PhotoRanker {
  /// The weights; defaults are the ones chosen on the first half of the dev images (README).
  public struct Config: Sendable, Codable, Equatable {
    public var senseDecay = 0.7
    public var nameWeight = 1.0
    public var synonymWeight = 1.0
    public var hypernymWeight = 1.0
    public var hyponymWeight = 1.0
    public var relatedWeight = 0.2
    public var partWeight = 0.35
    public var depthDecay = 0.7
    public var specificityPower = 1.5
    public var areaPower = 0.15
    public var coveragePower = 0.5
    /// Smallest area fraction the area weight uses (boxes of a few pixels still count a little).
    public var minimumArea = 0.001
    public init() {}
  }

  public let config: Config
  public let database: LabelDatabase
  public let wordNet: WordNet

  public init(database: LabelDatabase, wordNet: WordNet, config: Config = Config()) {
    self.database = database
    self.wordNet = wordNet
    self.config = config
  }

  public var name: String { "best" }

  public var setup: String {
    let c = config
    return "all links weighted: sense decay \(c.senseDecay), name \(c.nameWeight), synonym \(c.synonymWeight), hypernym \(c.hypernymWeight), hyponym \(c.hyponymWeight), related \(c.relatedWeight), part/member \(c.partWeight), depth decay \(c.depthDecay); label specificity (library IDF)^\(c.specificityPower), box area^\(c.areaPower), explained area share^\(c.coveragePower)"
  }

  /// Each label `noun` links to with its best link weight.
  func weights(_ noun: MessageNoun) -> [Int32: Double] {
    var best: [Int32: Double] = [:]
    func offer(_ label: Int32, _ weight: Double) {
      if weight > best[label] ?? 0 { best[label] = weight }
    }
    for lemma in noun.lemmas {
      for label in database.labels(named: lemma) { offer(label, config.nameWeight) }
      for sense in wordNet.senses(of: lemma) {
        let senseWeight = pow(config.senseDecay, Double(sense.rank - 1))
        for link in database.links(of: sense.synset) {
          let relation: Double
          switch link.relation {
          case .synonym: relation = config.synonymWeight
          case .hypernym: relation = config.hypernymWeight
          case .hyponym: relation = config.hyponymWeight
          case .related: relation = config.relatedWeight
          case .part: relation = config.partWeight
          }
          offer(link.label, senseWeight * relation * pow(config.depthDecay, Double(link.depth)))
        }
      }
    }
    return best
  }

  public func scores(nouns: [MessageNoun], library: [Photo]) -> [Double] {
    let perNoun = nouns.map(weights).filter { !$0.isEmpty }
    guard !perNoun.isEmpty else { return Array(repeating: 0, count: library.count) }
    var frequency: [Int32: Int] = [:]
    for photo in library { for instance in photo.labels { frequency[instance.label, default: 0] += 1 } }
    let n = Double(library.count)
    return library.map { photo in
      var score = 0.0
      var explained = 0.0
      var total = 0.0
      for instance in photo.labels {
        total += instance.area
        if perNoun.contains(where: { $0[instance.label] != nil }) { explained += instance.area }
      }
      for weights in perNoun {
        var best = 0.0
        for instance in photo.labels {
          guard let w = weights[instance.label] else { continue }
          let specificity = log(1 + n / Double(frequency[instance.label] ?? 1))
          let value = w * pow(specificity, config.specificityPower) * pow(max(instance.area, config.minimumArea), config.areaPower)
          best = max(best, value)
        }
        score += best
      }
      if config.coveragePower != 0, total > 0, score > 0 { score *= pow(explained / total, config.coveragePower) }
      return score
    }
  }
}

extension WeightedRanker.Config: ValidatedConfig {
  /// Weights and decays within ranges that keep scores finite and ordered as documented.
  public func validationErrors() -> [String] {
    var check = RangeCheck()
    check.number("senseDecay", senseDecay, in: 0...1)
    check.number("depthDecay", depthDecay, in: 0...1)
    for (name, value) in [
      ("nameWeight", nameWeight), ("synonymWeight", synonymWeight), ("hypernymWeight", hypernymWeight),
      ("hyponymWeight", hyponymWeight), ("relatedWeight", relatedWeight), ("partWeight", partWeight),
    ] {
      check.number(name, value, in: 0...100)
    }
    for (name, value) in [("specificityPower", specificityPower), ("areaPower", areaPower), ("coveragePower", coveragePower)] {
      check.number(name, value, in: 0...10)
    }
    check.number("minimumArea", minimumArea, in: 0...1)
    return check.errors
  }
}
