public import KeyBenchCore
public import KeyBenchGeometry

/// Request lines are built by hand rather than through an encoder: they are written once per item
/// on the hot path, and the pipe overhead is part of what the benchmark reports.
public enum PluginJSON {
  /// `text` as a JSON string literal.
  public static func string(_ text: String) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// A JSON array of strings.
  public static func strings(_ texts: some Sequence<String>) -> String {
    "[" + texts.map(string).joined(separator: ",") + "]"
  }

  /// A finite number with enough digits to round-trip.
  public static func number(_ value: Double) -> String {
    value.isFinite ? "\(value)" : "null"
  }

  /// A keyboard layout as the handshake carries it: every key's label, kind, centre and size in
  /// layout units (y down), with the key pitch, so a plug-in sees exactly the keyboard KeyBench's
  /// own algorithms see.
  public static func layout(_ layout: KeyboardLayout) -> JSONValue {
    [
      "name": .string(layout.name), "width": .number(layout.width), "height": .number(layout.height),
      "horizontal_pitch": .number(layout.horizontalPitch), "vertical_pitch": .number(layout.verticalPitch),
      "keys": .array(layout.keys.map { key in
        [
          "label": .string(key.label), "kind": .string(key.kind.rawValue), "x": .number(key.center.x), "y": .number(key.center.y),
          "width": .number(key.width), "height": .number(key.height), "row": JSONValue(key.row),
        ]
      }),
    ]
  }
}
