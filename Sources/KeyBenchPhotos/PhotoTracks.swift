import Foundation
import KeyBenchCore

/// Which labels the photos carry: the human COCO annotations, or what an ImageNet-1k
/// classifier (the MobileNet of seed 003) could output for them.
public enum PhotoTrack: String, Sendable, CaseIterable {
  case human, imagenet
}

/// An ImageNet-1k class with its WordNet synset.
public struct ImageNetClass: Sendable, Equatable {
  public var index: Int
  public var name: String
  public var synset: Int32
}

/// Builds the photo collections of both tracks from the COCO files and WordNet.
public struct PhotoTracks: Sendable {
  public let wordNet: WordNet
  public let resolutions: [CategorySynsets.Resolution]

  /// ImageNet coverage of the COCO categories: the classes at or below each category's synset.
  public private(set) var projection: [String: [ImageNetClass]] = [:]

  public init(wordNet: WordNet, categories: [CocoCorpus.Category]) {
    self.wordNet = wordNet
    let resolver = CategorySynsets(wordNet: wordNet)
    resolutions = categories.map(resolver.resolve)
  }

  /// Reads `imagenet1k_classes.tsv` (`#index wnid synset_names clean_name …`) and projects every
  /// category onto the classes at or below its synset.
  public mutating func project(imageNetClasses path: String) throws {
    var classes: [ImageNetClass] = []
    try LineReader(path: path).forEachLine { line, number in
      let text = String(decoding: line, as: UTF8.self)
      if text.isEmpty || text.hasPrefix("#") { return }
      let f = text.split(separator: "\t", omittingEmptySubsequences: false)
      guard f.count >= 4, let index = Int(f[0]), f[1].hasPrefix("n"), let offset = Int(f[1].dropFirst()) else {
        throw InputFileError(path: path, line: number, kind: .malformed, reason: "expected index, wnid (n########), synset names, clean name")
      }
      guard let synset = wordNet.synset(offset: offset) else {
        throw InputFileError(path: path, line: number, kind: .malformed, reason: "\(f[1]) is not a WordNet 3.0 noun synset")
      }
      classes.append(ImageNetClass(index: index, name: String(f[3]), synset: synset))
    }
    guard !classes.isEmpty else { throw InputFileError(path: path, kind: .empty, reason: "no ImageNet classes") }
    // Each class's ancestors once, then every category looks its synset up in them.
    let ancestors = classes.map { Set(wordNet.closure(of: $0.synset, upward: true, steps: Int.max).keys).union([$0.synset]) }
    for resolution in resolutions {
      projection[resolution.category] = resolution.synset.map { top in classes.indices.filter { ancestors[$0].contains(top) }.map { classes[$0] } } ?? []
    }
  }

  /// The photos of `images` labelled for `track`; unknown category names throw naming the file.
  public func collection(_ track: PhotoTrack, images: [CocoCorpus.ImageLabels], labelsPath: String) throws -> PhotoCollection {
    var labels: [PhotoLabel] = []
    var byName: [String: [Int32]] = [:]
    for resolution in resolutions {
      switch track {
      case .human:
        byName[resolution.category] = [Int32(labels.count)]
        labels.append(
          PhotoLabel(
            name: resolution.category, nameLemmas: PhotoCollection.nameLemmas(of: resolution.category, wordNet: wordNet),
            synset: resolution.synset))
      case .imagenet:
        var ids: [Int32] = []
        for imageNet in projection[resolution.category] ?? [] {
          if let existing = labels.firstIndex(where: { $0.synset == imageNet.synset }) {
            ids.append(Int32(existing))
          } else {
            ids.append(Int32(labels.count))
            labels.append(
              PhotoLabel(
                name: imageNet.name, nameLemmas: PhotoCollection.nameLemmas(of: imageNet.name, wordNet: wordNet),
                synset: imageNet.synset))
          }
        }
        byName[resolution.category] = ids
      }
    }
    var photos: [Photo] = []
    for image in images {
      var instances: [PhotoLabelInstance] = []
      for (name, area) in image.labels {
        guard let ids = byName[name] else {
          throw InputFileError(path: labelsPath, kind: .malformed, reason: "image \(image.imageID): unknown COCO category '\(name)'")
        }
        for id in ids where !instances.contains(where: { $0.label == id }) {
          instances.append(PhotoLabelInstance(label: id, area: area))
        }
      }
      photos.append(Photo(id: image.imageID, labels: instances))
    }
    return PhotoCollection(labels: labels, photos: photos)
  }
}
