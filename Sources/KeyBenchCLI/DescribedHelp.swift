public import ArgumentParser
public import KeyBenchResults

extension ArgumentHelp {
  /// An option's help as its benchmark describes it (``OptionDescriptor``), so `--help` and
  /// `keybench-run describe` say the same.
  public init(_ option: OptionDescriptor, valueName: String? = nil) {
    self.init(option.help, discussion: option.discussion ?? "", valueName: valueName)
  }
}
