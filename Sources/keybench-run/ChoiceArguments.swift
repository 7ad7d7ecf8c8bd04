public import ArgumentParser
public import KeyBenchBench
public import KeyBenchPhotos
public import KeyBenchPlugins

// Options with a fixed set of values parse straight into their enums, so an unknown value is a
// usage error naming the choices, and --help lists them.
extension PredictionRunner.Described.OnOff: ExpressibleByArgument {}
extension PhotoRunner.Images: ExpressibleByArgument {}
extension LibraryDraw.Distractors: ExpressibleByArgument {}
extension PhotoTrack: ExpressibleByArgument {}
extension NoiseModelKind: ExpressibleByArgument {}
extension PluginProcess.ErrorPolicy: ExpressibleByArgument {}
