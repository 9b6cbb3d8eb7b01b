// swift-tools-version:6.0
// MotionKernel — the numerics core behind physics-based and keyframe motion.
import PackageDescription

let package = Package(
    name: "MotionKernel",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "MotionKernel", targets: ["MotionKernel"]),
        .library(name: "MotionPresets", targets: ["MotionPresets"]),
        .executable(name: "motionkernel", targets: ["motionkernel"]),
        .executable(name: "motionkernel-bench", targets: ["MotionKernelBenchmarks"]),
        .library(name: "MotionKernelC", type: .dynamic, targets: ["MotionKernelC"]),
    ],
    targets: [
        // MARK: public API
        .target(
            name: "MotionKernel",
            dependencies: [.target(name: "CBLAS", condition: .when(platforms: [.linux])), "CMotionKernelSIMD"]
        ),
        .target(name: "MotionPresets", dependencies: ["MotionKernel"]),

        // MARK: implementation
        .systemLibrary(
            name: "CBLAS",
            pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]
        ),
        // The C kernels, built per vector ISA level and dispatched at run time, and the streaming
        // (non-temporal) stores behind MotionKernel's outputs (Sources/CMotionKernelSIMD).
        .target(name: "CMotionKernelSIMD"),
        // The eval protocol (docs/eval-protocol.md): requests, ops, JSON, typed fields and the one
        // mapping of spring parameter sets, shared by the CLI and the C ABI; and what the CLI shares
        // with the benchmarks: the batch output formats and writer (docs/batch.md), the argument
        // parser and terminal output.
        .target(name: "MotionKernelEval", dependencies: ["MotionKernel", "MotionPresets"]),
        .target(name: "MotionKernelCLI", dependencies: ["MotionKernel", "MotionPresets", "MotionKernelEval"]),
        .executableTarget(name: "motionkernel", dependencies: ["MotionKernelCLI"]),
        // The C ABI (include/motionkernel.h) behind the Python package in python/: the core and
        // the eval protocol (and the presets it samples), none of the command line.
        .target(name: "MotionKernelC", dependencies: ["MotionKernel", "MotionPresets", "MotionKernelEval"]),

        // MARK: tests
        .testTarget(name: "MotionKernelTests", dependencies: ["MotionKernel"]),
        .testTarget(name: "MotionKernelCLITests", dependencies: ["MotionKernelCLI", "MotionKernelEval", "MotionKernel"]),
        .testTarget(name: "MotionPresetsTests", dependencies: ["MotionPresets"]),
        .testTarget(name: "MotionKernelCTests", dependencies: ["MotionKernelC", "MotionKernel", "MotionKernelEval"]),

        // MARK: examples
        // The README's Swift example, byte for byte (Tests/MotionKernelTests/ReadmeExampleTests.swift).
        .executableTarget(name: "ReadmeExample", dependencies: ["MotionKernel"], path: "Examples/ReadmeExample"),

        // MARK: benchmarks
        // The core and MotionKernelEval only, none of the command line: MotionKernelEval holds the
        // batch output writer that OutputBench times (Output/) and the argument parser, terminal
        // output and bench usage that BenchCommand shares with the CLI (Support/).
        .executableTarget(
            name: "MotionKernelBenchmarks",
            dependencies: ["MotionKernel", "MotionKernelEval"],
            path: "Benchmarks/MotionKernelBenchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
