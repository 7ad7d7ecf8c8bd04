public import KeyBenchCore

/// One command-line option of a benchmark as data: its long name, what kind of value it takes,
/// the values it accepts, its default and its help. The executable declares its options from these
/// (help text, defaults and ranges), and `keybench-run describe` publishes them, so a suite, a
/// script or a reader learns what a benchmark accepts without parsing `--help`.
public struct OptionDescriptor: Sendable, Codable, Equatable {
  /// What an option's value is.
  public enum Kind: String, Sendable, Codable, CaseIterable {
    /// A whole number (counts, seeds).
    case integer
    /// Any finite number.
    case number
    /// A name or other free text (a lexicon, a device, `K/N`).
    case text
    /// A file or folder.
    case path
    /// One of ``OptionDescriptor/choices`` (or, with ``OptionDescriptor/commaSeparated``, several).
    case choice
    /// No value: present or not.
    case flag
    /// A JSON configuration file merged over ``OptionDescriptor/config``'s defaults.
    case config
  }

  /// The long name without its dashes (`top` for `--top`).
  public var name: String
  public var kind: Kind
  /// The one-line help `--help` prints.
  public var help: String
  /// The longer explanation `--help` prints below it, if any.
  public var discussion: String?
  /// The value used when the option is not given (nil: none, the option is optional or required).
  public var defaultValue: JSONValue?
  /// The values a number is accepted in (nil: any the kind allows).
  public var range: ValueRange?
  /// The accepted values of a ``Kind/choice`` option.
  public var choices: [String]?
  /// Whether a choice takes several values separated by commas (`seed000,shark2`).
  public var commaSeparated: Bool
  /// Whether the option may be given more than once.
  public var repeatable: Bool
  /// For a ``Kind/config`` option: its default object and where `--print-config` prints it.
  public var config: ConfigDefaults?

  enum CodingKeys: String, CodingKey {
    case name, kind, help, discussion, range, choices, repeatable, config
    case defaultValue = "default"
    case commaSeparated = "comma_separated"
  }

  public init(
    name: String, kind: Kind, help: String, discussion: String? = nil, defaultValue: JSONValue? = nil, range: ValueRange? = nil,
    choices: [String]? = nil, commaSeparated: Bool = false, repeatable: Bool = false, config: ConfigDefaults? = nil
  ) {
    self.name = name
    self.kind = kind
    self.help = help
    self.discussion = discussion
    self.defaultValue = defaultValue
    self.range = range
    self.choices = choices
    self.commaSeparated = commaSeparated
    self.repeatable = repeatable
    self.config = config
  }

  /// The accepted numbers of an option: `minimum` up to `maximum` (each bound left out when there
  /// is none; `maximum` itself excluded when ``maximumExcluded``).
  public struct ValueRange: Sendable, Codable, Equatable, CustomStringConvertible {
    public var minimum: Double?
    public var maximum: Double?
    public var maximumExcluded: Bool

    enum CodingKeys: String, CodingKey {
      case minimum, maximum
      case maximumExcluded = "maximum_excluded"
    }

    public init(minimum: Double?, maximum: Double?, maximumExcluded: Bool = false) {
      self.minimum = minimum
      self.maximum = maximum
      self.maximumExcluded = maximumExcluded
    }

    public init(_ range: ClosedRange<Int>) { self.init(minimum: Double(range.lowerBound), maximum: Double(range.upperBound)) }
    public init(_ range: ClosedRange<Double>) { self.init(minimum: range.lowerBound, maximum: range.upperBound) }
    public init(_ range: Range<Double>) { self.init(minimum: range.lowerBound, maximum: range.upperBound, maximumExcluded: true) }
    /// From `minimum` up, with no maximum.
    public init(atLeast minimum: Int) { self.init(minimum: Double(minimum), maximum: nil) }

    public func contains(_ value: Double) -> Bool {
      guard value.isFinite else { return false }
      if let minimum, value < minimum { return false }
      if let maximum, maximumExcluded ? value >= maximum : value > maximum { return false }
      return true
    }

    /// The bounds as integers, for integer options (an unbounded side is `Int`'s limit).
    public var integers: ClosedRange<Int> {
      (minimum.map { Int($0) } ?? Int.min)...(maximum.map { Int($0) } ?? Int.max)
    }

    /// `1…100`, `at least 1`, `[0, 1)`.
    public var description: String {
      func text(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value) }
      switch (minimum, maximum) {
      case (let low?, let high?): return maximumExcluded ? "[\(text(low)), \(text(high)))" : "\(text(low))…\(text(high))"
      case (let low?, nil): return "at least \(text(low))"
      case (nil, let high?): return maximumExcluded ? "below \(text(high))" : "at most \(text(high))"
      case (nil, nil): return "any"
      }
    }
  }

  /// A configuration option's defaults and where `keybench-run BENCH --print-config` prints them.
  public struct ConfigDefaults: Sendable, Codable, Equatable {
    /// The configuration in effect when the option is not given; a file gives the keys it changes.
    public var defaults: JSONValue
    /// The arguments to give before `--print-config` so that it prints this configuration.
    public var printArguments: [String]
    /// The key of this configuration in what `--print-config` prints (nil: the whole object).
    public var printedPart: String?

    enum CodingKeys: String, CodingKey {
      case defaults
      case printArguments = "print_arguments"
      case printedPart = "printed_part"
    }

    public init(defaults: JSONValue, printArguments: [String] = [], printedPart: String? = nil) {
      self.defaults = defaults
      self.printArguments = printArguments
      self.printedPart = printedPart
    }
  }
}

/// Short constructors, one per kind, so a benchmark's option list reads like its `--help`.
extension OptionDescriptor {
  public static func integer(
    _ name: String, default value: Int? = nil, range: ClosedRange<Int>? = nil, atLeast minimum: Int? = nil, help: String,
    discussion: String? = nil
  ) -> OptionDescriptor {
    OptionDescriptor(
      name: name, kind: .integer, help: help, discussion: discussion, defaultValue: value.map { JSONValue($0) },
      range: range.map { ValueRange($0) } ?? minimum.map { ValueRange(atLeast: $0) })
  }

  /// A random seed: any unsigned 64-bit integer.
  public static func seed(_ name: String, default value: UInt64, help: String) -> OptionDescriptor {
    OptionDescriptor(name: name, kind: .integer, help: help, defaultValue: JSONValue(value), range: ValueRange(minimum: 0, maximum: nil))
  }

  public static func number(
    _ name: String, default value: Double? = nil, range: ValueRange? = nil, help: String, discussion: String? = nil
  ) -> OptionDescriptor {
    OptionDescriptor(name: name, kind: .number, help: help, discussion: discussion, defaultValue: value.map { JSONValue($0) }, range: range)
  }

  public static func text(
    _ name: String, default value: String? = nil, repeatable: Bool = false, help: String, discussion: String? = nil
  ) -> OptionDescriptor {
    OptionDescriptor(name: name, kind: .text, help: help, discussion: discussion, defaultValue: value.map(JSONValue.string), repeatable: repeatable)
  }

  /// Repeatable texts with defaults (`--device iphone5` unless given).
  public static func texts(_ name: String, default values: [String], help: String) -> OptionDescriptor {
    OptionDescriptor(name: name, kind: .text, help: help, defaultValue: .array(values.map(JSONValue.string)), repeatable: true)
  }

  public static func path(
    _ name: String, default value: String? = nil, repeatable: Bool = false, help: String, discussion: String? = nil
  ) -> OptionDescriptor {
    OptionDescriptor(
      name: name, kind: .path, help: help, discussion: discussion,
      defaultValue: value.map(JSONValue.string) ?? (repeatable ? .array([]) : nil), repeatable: repeatable)
  }

  public static func choice(
    _ name: String, _ choices: [String], commaSeparated: Bool = false, default value: String? = nil, help: String, discussion: String? = nil
  ) -> OptionDescriptor {
    OptionDescriptor(
      name: name, kind: .choice, help: help, discussion: discussion, defaultValue: value.map(JSONValue.string), choices: choices,
      commaSeparated: commaSeparated)
  }

  /// One case of a fixed set (an enum whose raw values are what the command line takes).
  public static func choice<Choice: RawRepresentable & CaseIterable>(
    _ name: String, default value: Choice, help: String, discussion: String? = nil
  ) -> OptionDescriptor where Choice.RawValue == String {
    choice(name, Choice.allCases.map(\.rawValue), default: value.rawValue, help: help, discussion: discussion)
  }

  public static func flag(_ name: String, help: String, discussion: String? = nil) -> OptionDescriptor {
    OptionDescriptor(name: name, kind: .flag, help: help, discussion: discussion, defaultValue: false)
  }

  /// A configuration file over `defaults`, printed by `--print-config` after `printArguments`
  /// (under `printedPart` when it prints several configurations).
  public static func config(
    _ name: String, defaults: some Encodable, printArguments: [String] = [], printedPart: String? = nil, help: String
  ) -> OptionDescriptor {
    // A configuration type's own defaults always encode (finite numbers, string keys).
    let object = try! JSONValue(encoding: defaults)
    return OptionDescriptor(
      name: name, kind: .config, help: help, config: ConfigDefaults(defaults: object, printArguments: printArguments, printedPart: printedPart))
  }
}

/// Typed defaults and ranges for the executable's declarations, so a default or range is written
/// once, here; a wrong kind is a programming error caught by the first `--help`.
extension OptionDescriptor {
  public var integerDefault: Int {
    guard let value = defaultValue?.exactInteger?.int64 else { preconditionFailure("--\(name) has no integer default") }
    return Int(value)
  }

  public var seedDefault: UInt64 {
    guard let value = defaultValue?.exactInteger?.uint64 else { preconditionFailure("--\(name) has no seed default") }
    return value
  }

  public var numberDefault: Double {
    guard let value = defaultValue?.number else { preconditionFailure("--\(name) has no number default") }
    return value
  }

  public var textDefault: String {
    guard let value = defaultValue?.string else { preconditionFailure("--\(name) has no text default") }
    return value
  }

  /// The default of a fixed choice as its enum case.
  public func choiceDefault<Choice: RawRepresentable>(_ type: Choice.Type = Choice.self) -> Choice where Choice.RawValue == String {
    guard let value = defaultValue?.string.flatMap(Choice.init(rawValue:)) else { preconditionFailure("--\(name) has no \(Choice.self) default") }
    return value
  }

  public var textsDefault: [String] {
    guard let values = defaultValue?.array?.compactMap(\.string) else { preconditionFailure("--\(name) has no list default") }
    return values
  }

  /// The accepted integers (``ValueRange/integers``).
  public var integerRange: ClosedRange<Int> {
    guard let range else { preconditionFailure("--\(name) has no range") }
    return range.integers
  }

  /// Whether `value` is accepted by this option's range (any value when it has none).
  public func accepts(_ value: Double) -> Bool { range?.contains(value) ?? true }
}
