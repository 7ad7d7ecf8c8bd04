/// A classifier label a photo can carry: a COCO category or an ImageNet class.
public struct PhotoLabel: Sendable, Equatable {
  /// The label as the classifier names it (`dining table`, `golden retriever`).
  public var name: String
  /// Lemmas an exact label-name match accepts: the name with `_` between words and its noun base forms.
  public var nameLemmas: [String]
  /// The WordNet synset the label stands for (nil: only its name can match).
  public var synset: Int32?

  public init(name: String, nameLemmas: [String], synset: Int32?) {
    self.name = name
    self.nameLemmas = nameLemmas
    self.synset = synset
  }
}

/// One label on one photo, weighted by how much of the picture it covers.
public struct PhotoLabelInstance: Sendable, Equatable {
  /// Index into the label vocabulary.
  public var label: Int32
  /// Fraction of the image covered by the label's boxes (0…1).
  public var area: Double

  public init(label: Int32, area: Double) {
    self.label = label
    self.area = area
  }
}

/// A photo of a library: an image id and its labels, largest area first.
public struct Photo: Sendable, Equatable {
  public var id: Int
  public var labels: [PhotoLabelInstance]
  public init(id: Int, labels: [PhotoLabelInstance]) {
    self.id = id
    self.labels = labels
  }
}

/// The labels a track's photos use and the photos themselves.
public struct PhotoCollection: Sendable {
  public var labels: [PhotoLabel]
  /// All photos by image id order.
  public var photos: [Photo]

  public init(labels: [PhotoLabel], photos: [Photo]) {
    self.labels = labels
    self.photos = photos
  }

  /// The lemmas an exact match accepts for a label named `name`.
  static func nameLemmas(of name: String, wordNet: WordNet) -> [String] {
    let joined = name.lowercased().split(separator: " ").joined(separator: "_")
    var lemmas = [joined]
    for form in wordNet.baseForms(of: joined) where !lemmas.contains(form) { lemmas.append(form) }
    return lemmas
  }
}
