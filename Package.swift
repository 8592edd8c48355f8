// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Scanbook",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "scanbook", targets: ["scanbook"]),
        .executable(name: "scanbook-bench", targets: ["scanbook-bench"]),
        .library(name: "ScanbookClient", targets: ["ScanbookClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.0"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/vapor/leaf.git", from: "4.5.0"),
        .package(url: "https://github.com/vapor/leaf-kit.git", from: "1.14.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.0"..<"5.0.0"),
        // Already in the graph through Vapor; named for the SMTP client (mail relay, STARTTLS).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.27.0"),
        // The client library: generated from the API document at build time, URLSession underneath
        // so the same code builds for Linux, iOS and macOS.
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
    ],
    targets: [
        // Pure domain logic: no Vapor, no native code. Most tests live here.
        // Data files compiled into the code: Core has no Foundation to find a bundle.
        .target(
            name: "ScanbookCore",
            resources: ["total-model.txt", "receipt-words-en.txt", "receipt-words-de.txt", "receipt-words-fr.txt", "receipt-words-it.txt", "receipt-words-ms.txt"]
                .map { .embedInCode("Resources/" + $0) }
        ),

        // Seeded fuzzing of every Core parser: the CI test runs ~10,000 inputs, `make bench` a million.
        .target(name: "ScanbookFuzzing", dependencies: ["ScanbookCore"]),

        // Native image work. CVision is a C++ shim over OpenCV with a C-only header; Debian's split
        // OpenCV packages ship no pkg-config file, hence the explicit include path and libraries.
        // JPEG and PNG go through libjpeg and libpng, not OpenCV's imgcodecs (cvision_codec.cpp says why).
        .target(
            name: "CVision",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
            linkerSettings: [
                .linkedLibrary("opencv_core"),
                .linkedLibrary("opencv_imgproc"),
                .linkedLibrary("opencv_features2d"),
                .linkedLibrary("opencv_calib3d"),
                .linkedLibrary("jpeg"),
                .linkedLibrary("png16"),
            ]
        ),
        // ZXing-C++ behind a C header: it reads the dense QR-bill codes zbar misses.
        .target(name: "CBarcode", linkerSettings: [.linkedLibrary("ZXing")]),
        // ONNX Runtime's C API through dlopen (the library comes from its PyPI wheel: `make models`).
        .target(name: "CONNX", linkerSettings: [.linkedLibrary("dl")]),
        // Libraries only some commands need, opened on first use into a table of their functions
        // (CDynamicTable): Tesseract's C API, zbar, and librsvg with cairo.
        .target(name: "CDynamicTable", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CTesseract", dependencies: ["CDynamicTable"]),
        .target(name: "CZBar", dependencies: ["CDynamicTable"]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // XML documents checked against an XML Schema (libxml2), for the XML services.
        .target(name: "ScanbookXML", dependencies: ["CLibXML2"]),
        .target(name: "CRsvg", dependencies: ["CDynamicTable"]),
        // SVG drawings to PDF and PNG (librsvg, cairo): the QR-bill's payment part.
        .target(name: "ScanbookRendering", dependencies: ["CRsvg"]),
        // Swift faces of the native code: Swift types and errors only, no C type leaks past them.
        .target(name: "ScanbookVision", dependencies: ["CVision", "ScanbookCore"]),
        .target(
            name: "ScanbookOCR",
            dependencies: ["CTesseract", "CZBar", "CBarcode", "CONNX", "ScanbookVision", "ScanbookCore"],
            // The digit models ship with the code; their training scripts are in Tools/digits.
            resources: [.copy("Models/meter-digits.json"), .copy("Models/meter-digits-second.json"), .copy("Models/handwritten-digits.json")]
        ),

        // The Vapor application: one folder per module plus the platform (accounts, blobs, web shell).
        .target(
            name: "ScanbookServer",
            dependencies: [
                "ScanbookCore",
                "ScanbookVision",
                "ScanbookOCR",
                "ScanbookXML",
                "ScanbookRendering",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Leaf", package: "leaf"),
                .product(name: "LeafKit", package: "leaf-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            resources: [.copy("Resources")]
        ),

        // A Swift client of the JSON API for native apps and scripts, generated from a copy of the
        // served document (a test keeps the copy true; `make client-document` rewrites it).
        .target(
            name: "ScanbookClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),

        // The command-line tool: serve, migrate, user administration, offline recognition.
        .executableTarget(
            name: "scanbook",
            dependencies: [
                "ScanbookServer",
                "ScanbookCore",
                "ScanbookVision",
                "ScanbookOCR",
                "ScanbookRendering",
                "ScanbookClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // `make bench`: end-to-end figures of a real server on loopback (release build).
        .executableTarget(
            name: "scanbook-bench",
            dependencies: [
                "ScanbookServer", "ScanbookCore", "ScanbookVision", "ScanbookOCR", "ScanbookFuzzing", "ScanbookRendering",
                .product(name: "Vapor", package: "vapor"), .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/scanbook-bench"
        ),

        // Receipts/Fixtures: OCR readings of generated receipts for the extractor's golden test.
        .testTarget(name: "ScanbookCoreTests", dependencies: ["ScanbookCore", "ScanbookFuzzing"], exclude: ["Receipts/Fixtures"]),
        .testTarget(
            name: "ScanbookVisionTests",
            dependencies: ["ScanbookVision", "ScanbookOCR", "ScanbookCore", "CDynamicTable"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ScanbookServerTests",
            dependencies: [
                "ScanbookServer",
                "ScanbookXML",
                "ScanbookClient",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            exclude: ["Fixtures", "ThrowawayModule/Resources"]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
