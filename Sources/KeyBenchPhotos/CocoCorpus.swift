import Foundation
import KeyBenchCore

/// One caption of the COCO captions file: a message whose target is its image.
public struct Caption: Sendable, Equatable {
  public var id: Int
  public var imageID: Int
  public var text: String
}

/// Reads the shared COCO files (`../shared/corpora/photos`, README there): captions, per-image
/// labels and the category → WordNet mapping.
public enum CocoCorpus {
  private struct CaptionsFile: Decodable {
    struct Annotation: Decodable {
      var id: Int
      var image_id: Int
      var caption: String
    }
    var annotations: [Annotation]
  }

  /// The captions of a COCO captions JSON file, by caption id. The file is the upstream corpus
  /// (tens of MB, checked against its manifest digest), not one a user writes, so `JSONDecoder`
  /// reads it rather than the strict, line-tracking ``CheckedJSON``.
  public static func captions(path: String) throws -> [Caption] {
    let data = try InputFile.data(path)
    try UTF8Text.check(data, path: path)
    do {
      let file = try JSONDecoder().decode(CaptionsFile.self, from: data)
      guard !file.annotations.isEmpty else { throw InputFileError(path: path, kind: .empty, reason: "no caption annotations") }
      return file.annotations.map { Caption(id: $0.id, imageID: $0.image_id, text: $0.caption) }.sorted { $0.id < $1.id }
    } catch let error as DecodingError {
      throw InputFileError(path: path, kind: .malformed, reason: "not a COCO captions file (\(describe(error)))")
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context): return "missing '\(key.stringValue)' at \(path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return "\(context.debugDescription) at \(path(context))"
    @unknown default: return "undecodable"
    }
  }

  private static func path(_ context: DecodingError.Context) -> String {
    let p = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    return p.isEmpty ? "top level" : p
  }

  /// A labelled image from `coco_val2017_dev_image_labels.tsv`: category names with box area fractions.
  public struct ImageLabels: Sendable, Equatable {
    public var imageID: Int
    public var labels: [(name: String, area: Double)]
    public static func == (a: Self, b: Self) -> Bool {
      a.imageID == b.imageID && a.labels.map(\.name) == b.labels.map(\.name) && a.labels.map(\.area) == b.labels.map(\.area)
    }
  }

  /// Reads `image_id width height n_captions labels` rows, labels as `name:instances:area` joined by `;`.
  public static func imageLabels(path: String) throws -> [ImageLabels] {
    var images: [ImageLabels] = []
    try LineReader(path: path).forEachLine { line, number in
      let text = String(decoding: line, as: UTF8.self)
      if text.isEmpty || text.hasPrefix("#") { return }
      let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 5 || fields.count == 4, let id = Int(fields[0]) else {
        throw InputFileError(path: path, line: number, kind: .malformed, reason: "expected image_id, width, height, n_captions, labels separated by tabs")
      }
      var labels: [(String, Double)] = []
      if fields.count == 5 {
        for item in fields[4].split(separator: ";") {
          let parts = item.split(separator: ":", omittingEmptySubsequences: false)
          guard parts.count >= 3, Int(parts[parts.count - 2]) != nil, let area = Double(parts[parts.count - 1]), area.isFinite, area >= 0 else {
            throw InputFileError(path: path, line: number, kind: .malformed, reason: "label '\(item)' is not name:instances:area")
          }
          labels.append((parts[0..<(parts.count - 2)].joined(separator: ":"), area))
        }
      }
      images.append(ImageLabels(imageID: id, labels: labels))
    }
    guard !images.isEmpty else { throw InputFileError(path: path, kind: .empty, reason: "no labelled images") }
    return images.sorted { $0.imageID < $1.imageID }
  }

  /// A COCO category and the WordNet synset name the LVIS mapping gives it (nil: none).
  public struct Category: Sendable, Equatable {
    public var name: String
    public var mappedSynset: String?

    public init(name: String, mappedSynset: String?) {
      self.name = name
      self.mappedSynset = mappedSynset
    }
  }

  /// Reads `coco_categories.tsv` (`#yolo_index coco_category_id name lvis_synset …`).
  public static func categories(path: String) throws -> [Category] {
    var categories: [Category] = []
    try LineReader(path: path).forEachLine { line, number in
      let text = String(decoding: line, as: UTF8.self)
      if text.isEmpty || text.hasPrefix("#") { return }
      let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 4, !fields[2].isEmpty else {
        throw InputFileError(path: path, line: number, kind: .malformed, reason: "expected yolo_index, coco_category_id, name, lvis_synset")
      }
      categories.append(Category(name: String(fields[2]), mappedSynset: fields[3].isEmpty ? nil : String(fields[3])))
    }
    guard !categories.isEmpty else { throw InputFileError(path: path, kind: .empty, reason: "no categories") }
    return categories
  }
}
