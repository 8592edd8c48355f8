import Foundation

/// A program the tests run (the built `scanbook`, `xmllint`) and what it printed.
struct ExternalProgram {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    /// The `scanbook` command built with the tests.
    static let scanbook = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("scanbook")

    /// Runs `program` on a thread of its own and waits for it. Waiting on Swift's cooperative pool
    /// (two threads here) would stall every test's server for as long as the program runs: a CI
    /// run once lost a login to a 30 s timeout, and the app torn down under it crashed the suite.
    static func run(_ program: URL, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil) async throws -> Run {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try runHere(program, arguments, environment: environment, input: input) })
            }
        }
    }

    private static func runHere(_ program: URL, _ arguments: [String], environment: [String: String]?, input: String?) throws -> Run {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
        try standardInput.fileHandleForWriting.close()
        // Errors are read beside the output, so a program that fills one pipe never waits on the other.
        let errorText = ReadLater(errors.fileHandleForReading)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: text, errors: errorText.text())
    }
}

/// A pipe read to its end on a thread of its own.
private final class ReadLater: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
