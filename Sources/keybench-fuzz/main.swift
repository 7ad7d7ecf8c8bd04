import KeyBenchFuzz

print("keybench-fuzz: build it with Scripts/fuzz (libFuzzer); targets: \(FuzzTargets.all.map(\.name).joined(separator: ", "))")
