public import KeyBenchGeometry
public import KeyBenchCore

/// Real touches with known targets, taken from recorded swipes: the first point of an accepted
/// gesture lands on the word's first letter and the last point on its last letter.
///
/// The first touch is typed at a word start; the last after the word's other letters, which is
/// the context a tap-typist would have. Only unflagged gestures (accepted, portrait, a–z
/// labels) whose letters all have keys are used; each canvas size gets its own set, since How We
/// Swipe scales the keyboard to every screen.
public enum SwipeEndpointTaps {
  /// Tap sets per canvas, largest first.
  public static func collect(gestures: [SwipeGesture], layouts: LayoutResolver) -> [TapSet] {
    var items = Provenance.Items(unit: "taps", read: 0)
    return collect(gestures: gestures, layouts: layouts, items: &items)
  }

  /// The same, counting two possible taps per gesture into `items` and each one not taken, by reason.
  public static func collect(gestures: [SwipeGesture], layouts: LayoutResolver, items: inout Provenance.Items) -> [TapSet] {
    var sets: [LayoutReference: TapSet] = [:]
    items.read += 2 * gestures.count
    for gesture in gestures {
      guard gesture.flags.isEmpty else {
        items.exclude(2, "endpoints of flagged swipes")
        continue
      }
      guard let first = gesture.points.first, let last = gesture.points.last else {
        items.exclude(2, "endpoints of swipes without points")
        continue
      }
      let reference = gesture.layout
      if sets[reference] == nil {
        guard let layout = layouts.layout(for: reference), let profile = try? layouts.profile(for: reference)
        else {
          items.exclude(2, "endpoints of swipes on an unknown layout")
          continue
        }
        let size = "\(Int(layout.width))x\(Int(layout.height))"
        sets[reference] = TapSet(
          name: "\(reference.device) \(size)", source: "hws", keyboard: TouchKeyboard(layout: layout),
          spread: profile.touchSpread, taps: [])
      }
      let alphabet = sets[reference]!.keyboard.alphabet
      let letters = alphabet.symbols(of: gesture.word)
      guard !letters.isEmpty, letters.allSatisfy({ $0 < alphabet.letters.count }) else {
        items.exclude(2, "endpoints of swipes whose word has letters off the layout")
        continue
      }
      var context = LetterContext.start(alphabet)
      // A user's taps share a hand and a habit; a gesture without a user is its own group.
      let group = gesture.user ?? gesture.id
      sets[reference]!.taps.append(
        Tap(id: gesture.id + "/first", intended: letters[0], context: context, point: Point(x: first.x, y: first.y), group: group))
      guard letters.count > 1 else {
        items.exclude(1, "last point of a one-letter swipe")
        continue
      }
      for letter in letters.dropLast() { context = context.after(letter, in: alphabet) }
      sets[reference]!.taps.append(
        Tap(id: gesture.id + "/last", intended: letters.last!, context: context, point: Point(x: last.x, y: last.y), group: group))
    }
    return sets.values.sorted { ($0.taps.count, $1.name) > ($1.taps.count, $0.name) }
  }
}
